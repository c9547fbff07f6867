"""A compact text view of a summon game for one viewer: both boards, the viewer's hand, both battle
lines. For screen readers beside a front-end's pictures, golden files and debugging."""
from __future__ import annotations

from .battle import battle_phase_turns
from .board import grid_of
from .catalog import card, edge_text
from .pieces import sides_code
from .state import PLAYER_NAMES, PlayerState, SummonState, Unit

_FRACTION = {0: "", 1: "¼", 2: "½", 3: "¾"}


def hearts(ticks: int) -> str:
    """Life as hearts: 7 ticks -> "1¾♥"."""
    whole, part = divmod(ticks, 4)
    return f"{whole if whole or not part else ''}{_FRACTION[part]}♥" if ticks else "0♥"


def _unit(u: Unit) -> str:
    return f"{card(u.card).name} {hearts(u.ticks)}"


def board_lines(p: PlayerState) -> list[str]:
    """The active 3×3: each cell shows its up side, left side, card id, right side and down side
    (tab = capital attribute letter, blank = small letter, flat = '.'); '*' marks a summoned piece."""
    grid = grid_of(p)
    out: list[str] = []
    for r in range(3):
        rows = ["", "", ""]
        for c in range(3):
            b = grid.get((p.ox + c, p.oy + r))
            if b is None:
                cell = ["       ", "   ·   ", "       "]
            else:
                code = sides_code(b.sides)
                mark = "*" if b.summoned else " "
                cell = [f"   {code[0]}   ", f" {code[3]}{b.card}{code[1]} ", f"   {code[2]}  {mark}"]
            for i in range(3):
                rows[i] += cell[i]
        out.extend(x.rstrip() for x in rows)
    return out


def render_text(state: SummonState, viewer: int | None) -> str:
    """Both boards, `viewer`'s hand (the other hand only as a count), both battle lines (front first)."""
    lines = []
    if state.phase == "over":
        lines.append(f"SUMMON · game over: {state.result} ({state.reason})")
    else:
        lines.append(
            f"SUMMON · summon phase {state.summon_phase} · {PLAYER_NAMES[state.to_move]} to place · "
            f"turns left p1 {state.turns_left[0]} p2 {state.turns_left[1]} · next battle "
            f"{battle_phase_turns(state.battle_phases + 1)} turns"
        )
    for i, p in enumerate(state.players):
        me = " (you)" if viewer == i else ""
        lines.append(f"{PLAYER_NAMES[i]}{me} · deck {len(p.deck)} · off board {len(p.removed)}")
        lines.extend("  " + x for x in board_lines(p))
        if viewer == i:
            hand = "  ".join(f"#{h.uid} {h.card} {card(h.card).name} [{sides_code(h.sides)}]" for h in p.hand)
            lines.append(f"  hand: {hand or '(empty)'}")
        else:
            lines.append(f"  hand: {len(p.hand)} pieces")
        lines.append("  line: " + (" > ".join(_unit(u) for u in p.line) or "(no units)"))
    return "\n".join(lines)


def describe(card_id: str) -> str:
    """A piece's details in one line (the seed's long press): kind, edges, life, attack, abilities."""
    c = card(card_id)
    text = f"{c.name} ({c.id}) — {c.attr} {c.kind}; edges: {edge_text(c)}"
    if c.kind == "unit":
        attack = "cannot attack" if c.cannot_attack else f"attack {c.attack}"
        text += f"; {c.hearts}♥ ({c.max_ticks} ticks), {attack}"
        extra = ", ".join(x for x in c.ability_text().split(", ") if x != "cannot attack")
        return text + (f"; {extra}" if extra else "")
    return text + f"; when summoned: {c.ability_text()}"
