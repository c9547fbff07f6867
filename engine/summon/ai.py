"""The built-in opponent: scores every legal placement by what it summons (value, line position,
the enemy's line), what it leaves nearly complete and what it drops off the board. Deterministic:
the same state always gives the same action. Also the random placer it is measured against."""
from __future__ import annotations

from ..rng import Rng
from .board import grid_of
from .catalog import Card, card
from .game import legal_placements
from .pieces import DIRS, STEP, parse_sides
from .state import Pass, Place, Placement, SummonState, Unit

PASS_BELOW = -4.0  # pass (swap the hand) when every placement scores below this


def unit_value(c: Card) -> float:
    v = c.max_ticks + 3.0 * c.attack + 3.0 * c.heal + 3.0 * c.armor + 2.0 * c.thorns
    return v + 3.0 * c.pierce + 2.0 * c.ranged + 1.0 * c.magic


def piece_value(c: Card) -> float:
    return unit_value(c) if c.kind == "unit" else 2.0 * c.amount + 4.0


def _spell_value(c: Card, own: list[Unit], enemy: list[Unit]) -> float:
    if c.effect == "damage_front":
        targets = enemy[:1]
    elif c.effect == "damage_back":
        targets = enemy[-1:]
    elif c.effect == "damage_all":
        targets = enemy
    else:
        targets = []
    v = 0.0
    for t in targets:
        dealt = min(t.ticks, c.amount)
        v += 1.5 * dealt + (8.0 if dealt >= t.ticks else 0.0)
    if c.effect == "heal_front":
        v += min(c.amount, own[0].max_ticks - own[0].ticks) if own else 0.0
    elif c.effect == "heal_all":
        v += sum(min(c.amount, u.max_ticks - u.ticks) for u in own)
    return v


def score(state: SummonState, pl: Placement, grid: dict | None = None) -> float:
    """How good a placement looks for the player to move (higher is better)."""
    me = state.to_move
    p, enemy = state.players[me], state.players[1 - me]
    enemy_attrs = [card(u.card).attr for u in enemy.line]
    s = 0.0
    rank = len(p.line)
    for cid in pl.summon_cards:
        c = card(cid)
        if c.kind == "spell":
            s += _spell_value(c, p.line, enemy.line)
            continue
        s += unit_value(c)
        if rank == 0:
            s += 0.5 * c.max_ticks + (2.0 * c.attack if not c.ranged else -2.0)
        elif c.acts_from_back:
            s += 3.0
        if c.strong_vs:
            s += c.strong_bonus * enemy_attrs.count(c.strong_vs)
        rank += 1
    if grid is None:
        grid = grid_of(p)
    for uid in pl.falls:
        b = next(b for b in p.board if b.uid == uid)
        s -= 1.0 if b.summoned else 0.5 * piece_value(card(b.card))
    if pl.piece not in pl.summons:
        sides = parse_sides(pl.sides)
        x, y = p.ox + pl.col, p.oy + pl.row
        gone = set(pl.falls)
        open_tabs = 0
        for d in DIRS:
            if sides[d].kind == "tab":
                n = grid.get((x + STEP[d][0], y + STEP[d][1]))
                if n is None or n.uid in gone:
                    open_tabs += 1
        near = {1: 0.35, 2: 0.15}.get(open_tabs, 0.05)
        s += near * piece_value(card(pl.card)) - 0.5
    return s


def ai_action(state: SummonState) -> Place | Pass:
    """The AI's choice for the player to move: the best-scoring placement (first one on a tie), or a
    pass when nothing is worth placing."""
    options = legal_placements(state)
    if not options:
        return Pass(player=state.to_move, version=state.version)
    grid = grid_of(state.players[state.to_move])
    best, best_score = options[0], score(state, options[0], grid)
    for pl in options[1:]:
        v = score(state, pl, grid)
        if v > best_score:
            best, best_score = pl, v
    if best_score < PASS_BELOW:
        return Pass(player=state.to_move, version=state.version)
    return best.to_action()


def random_action(state: SummonState, rng: Rng) -> Place | Pass:
    """The random placer: a uniformly random legal placement."""
    options = legal_placements(state)
    if not options:
        return Pass(player=state.to_move, version=state.version)
    return rng.choice(options).to_action()
