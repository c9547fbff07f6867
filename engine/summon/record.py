"""Builds the typed events (events.py) of what a placement, a spell, a battle phase or the game's end
did, from the board before the placement and the engine's own results, so game.py only says when."""
from __future__ import annotations

from typing import Literal

from .board import Grid, Outcome
from .catalog import Card, card
from .events import (
    BattleBegan,
    BoardSlid,
    Cell,
    Event,
    GameEnded,
    Neighbour,
    PiecePlaced,
    PieceRef,
    SpellFizzled,
    Summoned,
    UnitDowned,
    UnitHealed,
    UnitHit,
)
from .pieces import DIR_NAMES, DIRS, STEP, Sides, accepts, connected, describe_sides, opposite
from .state import BattleEvent, BattleReplay, BoardPiece, SummonState
from .where import slide_direction


def piece_ref(uid: int, cid: str, x: int, y: int, ox: int, oy: int) -> PieceRef:
    c = card(cid)
    return PieceRef(piece=uid, card=cid, name=c.name, attr=c.attr, kind=c.kind,
                    cell=Cell(col=x - ox, row=y - oy, x=x, y=y))


def _neighbours(grid: Grid, x: int, y: int, sides: Sides, ox: int, oy: int,
                gone: frozenset[int]) -> tuple[Neighbour, ...]:
    out = []
    for d in DIRS:
        n = grid.get((x + STEP[d][0], y + STEP[d][1]))
        if n is None or n.uid in gone:
            continue
        mine, theirs = sides[d], n.sides[opposite(d)]
        joined = connected(mine, theirs)
        tab_of: Literal["placed", "neighbour"] | None = (
            None if not joined else ("placed" if accepts(mine, theirs) else "neighbour"))
        attr = None if tab_of is None else (mine.attr if tab_of == "placed" else theirs.attr)
        out.append(Neighbour(direction=DIR_NAMES[d], piece=piece_ref(n.uid, n.card, n.x, n.y, ox, oy),  # type: ignore[arg-type]
                             joined=joined, tab_of=tab_of, attr=attr))
    return tuple(out)


def placement_events(st: SummonState, player: int, placed: BoardPiece, rotation: int, grid: Grid,
                     ox: int, oy: int, out: Outcome) -> tuple[list[Event], list[Summoned]]:
    """The placed piece (and whom it touches) and the slide with what fell; then each summon in line
    order with its rank. `grid`, `ox`, `oy` are the board as the placer saw it before placing."""
    gone = frozenset(b.uid for b in out.falls)
    near = _neighbours(grid, placed.x, placed.y, placed.sides, ox, oy, gone)
    anchor = next((n for n in near if n.joined), near[0] if near else None)
    events: list[Event] = [PiecePlaced(
        side=player, piece=piece_ref(placed.uid, placed.card, placed.x, placed.y, ox, oy), rotation=rotation,
        sides=describe_sides(placed.sides), neighbours=near, anchor=anchor)]
    if out.slide != (0, 0):
        dx, dy = out.slide
        events.append(_slid(player, dx, dy, out, ox, oy))
    summons: list[Summoned] = []
    line = len(st.players[player].line)
    where = {(placed.x + STEP[d][0], placed.y + STEP[d][1]): DIR_NAMES[d] for d in DIRS}
    board = {b.uid: b for b in grid.values()}
    board[placed.uid] = placed
    for i, uid in enumerate(out.summons):
        b = board[uid]
        unit = card(b.card).kind == "unit"
        line += unit
        summons.append(Summoned(
            side=player, piece=piece_ref(b.uid, b.card, b.x, b.y, ox, oy), order=i + 1, of=len(out.summons),
            placed=uid == placed.uid, direction=None if uid == placed.uid else where[(b.x, b.y)],  # type: ignore[arg-type]
            rank=line if unit else None))
    return events, summons


def _slid(player: int, dx: int, dy: int, out: Outcome, ox: int, oy: int) -> Event:
    return BoardSlid(side=player, dx=dx, dy=dy, direction=slide_direction(dx, dy),
                     falls=tuple(piece_ref(b.uid, b.card, b.x, b.y, ox, oy) for b in out.falls),
                     fell_summoned=tuple(b.summoned for b in out.falls))


def life_events(battle: list[BattleEvent] | tuple[BattleEvent, ...],
                sources: dict[str, str] | None = None) -> list[Event]:
    """A replay's (or a spell's) changes of life as hits, heals and downed units, in order.
    `sources` maps a spell's name to its card id (a spell has no acting unit)."""
    out: list[Event] = []
    for e in battle:
        src = e.actor.card if e.actor is not None else (sources or {}).get(e.source)
        max_ticks = card(e.target.card).max_ticks
        if e.kind == "heal" or (e.kind == "spell" and e.after > e.before):
            out.append(UnitHealed(turn=e.turn, action=e.action, healer=e.actor, source=e.source, source_card=src,
                                  target=e.target, amount=e.amount, ticks_left=e.after, max_ticks=max_ticks))
            continue
        out.append(UnitHit(turn=e.turn, action=e.action, how=e.kind, attacker=e.actor, source=e.source,  # type: ignore[arg-type]
                           source_card=src, target=e.target, damage=e.amount, ticks_left=e.after,
                           max_ticks=max_ticks, downed=e.destroyed))
        if e.destroyed:
            out.append(UnitDowned(turn=e.turn, unit=e.target, by=e.actor, how=e.kind))  # type: ignore[arg-type]
    return out


def spell_events(side: int, uid: int, spell: Card, effects: list[BattleEvent]) -> list[Event]:
    """A spell's hits and heals; a damage spell with no enemy to hit fizzles."""
    if not effects and spell.effect is not None and spell.effect.startswith("damage"):
        return [SpellFizzled(side=side, piece=uid, card=spell.id)]
    return life_events(effects, {spell.name: spell.id})


def battle_events(rep: BattleReplay) -> list[Event]:
    began = BattleBegan(phase=rep.phase, turns=rep.turns, turn_player=rep.turn_player,
                        fight=bool(rep.start[0]) and bool(rep.start[1]),
                        units=(len(rep.start[0]), len(rep.start[1])))
    return [began, *life_events(rep.events)]


def ended(st: SummonState) -> GameEnded:
    """The game's end as a typed result (call once `st.phase` is "over")."""
    assert st.ending is not None
    winner = None if st.result == "draw" else (0 if st.result == "p1" else 1)
    return GameEnded(winner=winner, loser=None if winner is None else 1 - winner, reason=st.ending)
