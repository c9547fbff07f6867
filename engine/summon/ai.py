"""The built-in opponent: scores every legal placement by what it summons (value, line position,
the enemy's line), what it leaves nearly complete, what it drops off the board and whether it brings
a first unit in time for the battle. Two levels: normal (the best placement) and gentle (a
newcomer's: the second-best part of the time). Deterministic: the same state and level always give
the same action. Also the random placer it is measured against."""
from __future__ import annotations

from typing import Literal

from ..errors import RuleError
from ..rng import Rng, seed_from
from .board import Grid, candidate_cells, grid_of, in_window, misfit, outcome
from .catalog import Card, card
from .game import legal_placements
from .pieces import DIRS, STEP, parse_sides, rotate
from .state import BoardPiece, Pass, Place, Placement, PlayerState, SummonState, Unit

PASS_BELOW = -4.0  # pass (swap the hand) when every placement scores below this
# With no unit on its line a side loses at the coming battle to any side that has one (rules decision
# 12): on its last placement before the battle a first unit outweighs anything else.
LAST_CHANCE_BONUS = 40.0
FOLLOW_UP_BONUS = 12.0  # no unit can come now: a placement after which the rest of the hand can summon one
Level = Literal["normal", "gentle"]
LEVELS: tuple[Level, ...] = ("normal", "gentle")
# The gentle AI (a newcomer's first games) plays its second-best placement this often, drawn from the
# game's seed and version, so the same state always gives the same choice.
GENTLE_SECOND_BEST = (1, 2)


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
    if not p.line and state.turns_left[me] == 1 and _summons_unit(pl):
        s += LAST_CHANCE_BONUS
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


def _after(p: PlayerState, grid: Grid, pl: Placement) -> tuple[Grid, int, int]:
    """The board right after a placement: slid, fallen pieces gone, summoned pieces marked."""
    sides = parse_sides(pl.sides)
    hp = next(h for h in p.hand if h.uid == pl.piece)
    x, y = p.ox + pl.col, p.oy + pl.row
    ox, oy = p.ox + pl.slide[0], p.oy + pl.slide[1]
    after = {k: b for k, b in grid.items() if in_window(b.x, b.y, ox, oy)}
    for k, b in after.items():
        if b.uid in pl.summons:
            after[k] = b.model_copy(update={"summoned": True})
    after[(x, y)] = BoardPiece(uid=hp.uid, card=hp.card, x=x, y=y, sides=sides, summoned=hp.uid in pl.summons)
    return after, ox, oy


def unit_follows(p: PlayerState, grid: Grid, pl: Placement) -> bool:
    """Whether, after `pl`, another piece of the hand could be placed so that a unit is summoned."""
    after, ox, oy = _after(p, grid, pl)
    cells = candidate_cells(after, ox, oy)
    for hp in p.hand:
        if hp.uid == pl.piece:
            continue
        for r in range(4):
            sides = rotate(hp.sides, r)
            for (x, y) in cells:
                if misfit(after, x, y, sides) is None:
                    out = outcome(after, ox, oy, hp.uid, hp.card, x, y, sides)
                    if any(card(c).kind == "unit" for c in out.summon_cards):
                        return True
    return False


def ranked(state: SummonState) -> list[tuple[float, Placement]]:
    """Every legal placement with its score, best first (the earlier one first on a tie). With no unit
    yet and none to be had now, a placement after which the rest of the hand can summon one gains
    FOLLOW_UP_BONUS; that look-ahead is worked out only where it can change the best or the second-best
    score (the gentle AI's choices); below those the order is by score without it."""
    me = state.to_move
    p = state.players[me]
    grid = grid_of(p)
    scored = sorted(((score(state, pl, grid), i, pl) for i, pl in enumerate(legal_placements(state))),
                    key=lambda t: (-t[0], t[1]))
    if not p.line and state.turns_left[me] >= 2 and not any(_summons_unit(pl) for _, _, pl in scored):
        done: list[tuple[float, int, Placement]] = []
        levels: set[float] = set()
        rest: list[tuple[float, int, Placement]] = []
        for k, (v, i, pl) in enumerate(scored):
            if len(levels) >= 2 and v + FOLLOW_UP_BONUS < sorted(levels)[-2]:
                rest = scored[k:]  # even with the bonus these stay below the second-best score
                break
            total = v + (FOLLOW_UP_BONUS if unit_follows(p, grid, pl) else 0.0)
            done.append((total, i, pl))
            levels.add(total)
        scored = sorted(done, key=lambda t: (-t[0], t[1])) + rest
    return [(v, pl) for v, _, pl in scored]


def _summons_unit(pl: Placement) -> bool:
    return any(card(c).kind == "unit" for c in pl.summon_cards)


def second_best(state: SummonState, options: list[tuple[float, Placement]]) -> Placement | None:
    """The gentle AI's other choice: the best placement scoring below the best one, but never one that
    gives up the side's first unit (without it the game would end at the coming battle)."""
    best_score, best = options[0]
    lower = next((pl for v, pl in options[1:] if v < best_score), None)
    if lower is None or (not state.players[state.to_move].line and _summons_unit(best) and not _summons_unit(lower)):
        return None
    return lower


def ai_action(state: SummonState, level: Level = "normal") -> Place | Pass:
    """The AI's choice for the player to move: the best-scoring placement (first one on a tie), or a
    pass when nothing is worth placing. `level="gentle"` plays the second-best placement part of the
    time (GENTLE_SECOND_BEST), seeded by the game, so it stays deterministic."""
    if level not in LEVELS:
        raise RuleError(f"unknown AI level {level!r}: choose {' or '.join(LEVELS)}", code="bad_level")
    options = ranked(state)
    if not options or options[0][0] < PASS_BELOW:
        return Pass(player=state.to_move, version=state.version)
    if level == "gentle" and Rng(seed_from("summon-gentle-ai", state.seed, state.version)).chance(*GENTLE_SECOND_BEST):
        other = second_best(state, options)
        if other is not None:
            return other.to_action()
    return options[0][1].to_action()


def random_action(state: SummonState, rng: Rng) -> Place | Pass:
    """The random placer: a uniformly random legal placement."""
    options = legal_placements(state)
    if not options:
        return Pass(player=state.to_move, version=state.version)
    return rng.choice(options).to_action()
