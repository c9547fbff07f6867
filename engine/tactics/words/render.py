"""A compact text view of a fight for people and language models: board, fighters, telegraphs, goal."""
from __future__ import annotations

from ..model.board import COLS, COMPASS_WORDS, TERRAIN_NAME, H, W
from ..model.content import kit
from ..model.state import FightState
from ..rules.figures import SUPER_LEVEL, enrage_bonus
from ..rules.pushes_ahead import PushAhead, pushes_ahead
from .log_text import log_of

GOAL_TEXT = {
    "rout": "rout: down every stray, or break the pack (under 30% HP, they run)",
    "hold": "hold: stay standing to the end of round {hold_round}",
    "break_out": "break out: every standing duo member on a glowing exit (E) at the end of the duo phase",
}
# The key names only what the grid shows, in this order.
KEY_TERRAIN = {".": "ground", "=": "path", "~": "shallows", "w": "water", "W": "deep", "#": "rock", "o": "barrel",
               "E": "exit"}
KEY_MARKS = {"digit": "high ground level", "!": "telegraphed", "*": "moss"}


PHASE_NAMES = {"duo": "duo phase", "strays": "strays' phase"}  # as the text view and the board's headline name them


def render_text(state: FightState, viewer: str | None = None, recent: int = 6, brief: bool = False) -> str:
    """The board with fighters (H hero, C companion, a-e strays) and telegraphed tiles (!), then
    the fighters, telegraphs and the last `recent` lines of the strays' last phase (worded from its
    events). `viewer` is the side it is shown to: "hero", "companion" or "duo" see the duo's hidden
    reactions; "strays" or None (a spectator) do not.
    `brief`: for a reader told elsewhere the phase, the duo's roles and level and when telegraphs fire
    (the companion's prompt), so those go unsaid, and so does Spirit until supers unlock."""
    s = state
    duo_level = next((f.level for f in s.fighters if f.side == "duo"), 1)
    told = "" if brief else f" | {PHASE_NAMES[s.phase]} | duo level {duo_level}"
    lines = [f"{s.encounter_name} | round {s.round}/10{told} | goal "
             + GOAL_TEXT[s.goal].format(hold_round=s.hold_round, exit_round=s.exit_round)]
    if s.result:
        lines.append(f"RESULT: {s.result}")
    if s.round >= 5:
        lines.append(f"strays enraged: +{enrage_bonus(s.round)} damage")
    if s.goal == "break_out":
        lines.append("exits are OPEN" if s.exits_open else f"exits closed until round {s.exit_round}")
    # Targeted telegraphs follow their fighter, so mark where that fighter stands now.
    danger = {t for tg in s.telegraphs if not tg.target for t in tg.tiles}
    danger |= {s.get(tg.target).pos for tg in s.telegraphs if tg.target and s.get(tg.target).standing}
    moss = {m.tile for m in s.surfaces}
    occupant = {f.pos: f.letter for f in s.fighters if f.standing}
    lines.append("   " + "  ".join(COLS))
    shown: set[str] = set()
    for y in range(H):
        cells = []
        for x in range(W):
            name = f"{COLS[x]}{y + 1}"
            ch = occupant.get(name, s.board.terrain[y][x])
            level = s.board.levels[y][x]
            mark = "!" if name in danger else "*" if name in moss else (level if level != "0" else " ")
            shown.update((ch, "digit" if mark.isdigit() else mark))
            cells.append(ch + mark)
        lines.append((f"{y + 1:>2} " + " ".join(cells)).rstrip())
    marks = [f"{mark} = {name}" if mark == "digit" else f"{mark} {name}" for mark, name in KEY_MARKS.items()
             if mark in shown]
    lines.append("key: " + "  ".join(f"{ch} {name}" for ch, name in KEY_TERRAIN.items() if ch in shown)
                 + ("; " + ", ".join(marks) if marks else ""))
    lines.append("fighters:")
    for f in s.fighters:
        if f.fled:
            lines.append(f" {f.letter} {_who(f, brief)} fled")
            continue
        if f.down:
            lines.append(f" {f.letter} {_who(f, brief)} DOWN")
            continue
        bits = [f"{f.letter} {_who(f, brief)} at {f.pos}", f"HP {f.hp}/{f.max_hp}"]
        if f.shield:
            bits.append(f"shield {f.shield}")
        if f.side == "duo" and not (brief and f.level < SUPER_LEVEL):
            bits.append(f"Spirit {f.spirit}")
        if f.statuses:
            bits.append("/".join(st.name for st in f.statuses))
        if f.side == "duo" and s.phase == "duo":
            if f.done:
                bits.append("done")
            else:
                left = [f"move {max(0, f.move - f.moved)}"]
                left.append("action" if not f.action_used else "no action")
                left.append("bonus" if not f.bonus_used else "no bonus")
                bits.append("budget: " + ", ".join(left))
            if f.held and viewer in ("hero", "companion", "duo"):
                bits.append(f"holds {f.held.replace('_', ' ')}")
        lines.append(" " + ", ".join(bits))
    if s.telegraphs:
        lines.append("telegraphs:" if brief else "telegraphs (fire at the start of the strays' next phase):")
    for tg in s.telegraphs:
        st = s.get(tg.stray)
        skill = kit(st.name)[tg.skill]
        dmg = skill.damage + enrage_bonus(s.round + 1)
        if tg.target:
            t = s.get(tg.target)
            lines.append(f" {st.letter} {st.name}: {skill.name} at {_who(t, brief)} for ~{dmg}, follows its target"
                         + (" (rooted: fizzles if out of reach)" if st.has("rooted") else ""))
        else:
            if not tg.tiles:   # locked where its area finds no tile it can reach (a dash against rock)
                lines.append(f" {st.letter} {st.name}: {skill.name} ({tg.shape}) on no tile: it can hit no one")
                continue
            lines.append(f" {st.letter} {st.name}: {skill.name} ({tg.shape}) on {','.join(tg.tiles)} for ~{dmg}"
                         + _push_words(s, skill.push, pushes_ahead(s, tg)))
    said = log_of(s.last_phase, s) if recent > 0 else []
    if said:
        lines.append("recent:")
        lines.extend(" " + line for line in said[-recent:])
    return "\n".join(lines)


BLOCKER_WORDS = {"edge": "the edge", "rock": "rock", "barrel": "a barrel"}


def _push_words(s: FightState, push: int, ahead: list[PushAhead]) -> str:
    """A telegraph's push, and where it takes each duo member standing in it now."""
    if not push:
        return ""
    words = f", {'pulling' if push < 0 else 'pushing'} {abs(push)} {'in' if push < 0 else 'away'}"
    for p in ahead:
        went = f"; {s.get(p.who).name} {COMPASS_WORDS[p.heading]}" + (f" to {p.to}" if p.to != p.frm else "")
        if p.how == "splat":
            blocker = BLOCKER_WORDS.get(p.blocker or "edge") or s.get(p.blocker or "").name
            went += f", splat on {blocker} (+{p.damage})"
        elif p.how == "deep_water":
            went += f", swept by deep water (+{p.damage}, soaked, prone)"
        elif p.how in ("water", "shallows"):
            went += f", {'into the shallows' if p.how == 'shallows' else 'at the water' + chr(39) + 's edge'} " \
                    "(soaked, prone)"
        elif p.how == "held":
            went += " but held in place"
        words += went
    return words


def _who(f, brief: bool = False) -> str:
    """A fighter as the view names it: the duo by name and role (by name alone when told elsewhere), a stray
    by name (its letter is beside it)."""
    return f"{f.name} ({f.id})" if f.side == "duo" and not brief else f.name


def describe_tile(state: FightState, name: str) -> str:
    from ..model.board import parse_tile
    p = parse_tile(name)
    if p is None:
        return f"{name} is not a tile"
    x, y = p
    return f"{name}: {TERRAIN_NAME[state.board.terrain[y][x]]}, level {state.board.levels[y][x]}"
