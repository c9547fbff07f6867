"""What one viewer may see of a game (rules decision 13, hands are private): both boards, both battle
lines, deck and hand counts, and only the viewer's own hand. Never the deck order or the generator's
state, which would tell what is drawn next."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from .battle import battle_phase_turns
from .events import Event
from .state import BattleEvent, BattleReplay, BoardPiece, Ending, HandPiece, SummonState, Unit


class SeatView(BaseModel):
    model_config = ConfigDict(frozen=True)
    board: tuple[BoardPiece, ...]
    ox: int
    oy: int
    line: tuple[Unit, ...]  # front first
    deck_count: int
    hand_count: int
    hand: tuple[HandPiece, ...] | None  # only the viewer's own; None for the other seat
    removed_count: int  # pieces that fell off the board
    fallen: tuple[int, ...] = ()  # units destroyed in battle: a summoned piece on the board whose unit is gone
    passes: int


class TableView(BaseModel):
    """A game as `viewer` (0, 1, or None for a spectator) may see it."""

    model_config = ConfigDict(frozen=True)
    viewer: int | None
    version: int
    phase: Literal["summon", "over"]
    summon_phase: int
    to_move: int
    first: int
    turns_left: tuple[int, int]
    battle_phases: int
    next_battle_turns: int
    result: Literal["p1", "p2", "draw"] | None
    reason: str | None
    ending: Ending | None
    seats: tuple[SeatView, SeatView]
    log: tuple[str, ...]  # what the last action caused; names no piece in a hand
    spells: tuple[BattleEvent, ...]
    battles: tuple[BattleReplay, ...]
    events: tuple[Event, ...] = ()  # the last action's typed events; they name no piece in a hand


def view_for(state: SummonState, viewer: int | None) -> TableView:
    seats = tuple(
        SeatView(board=tuple(p.board), ox=p.ox, oy=p.oy, line=tuple(p.line), deck_count=len(p.deck),
                 hand_count=len(p.hand), hand=tuple(p.hand) if viewer == i else None,
                 removed_count=len(p.removed), fallen=tuple(p.fallen), passes=p.passes)
        for i, p in enumerate(state.players)
    )
    return TableView(
        viewer=viewer, version=state.version, phase=state.phase, summon_phase=state.summon_phase,
        to_move=state.to_move, first=state.first, turns_left=(state.turns_left[0], state.turns_left[1]),
        battle_phases=state.battle_phases, next_battle_turns=battle_phase_turns(state.battle_phases + 1),
        result=state.result, reason=state.reason, ending=state.ending, seats=seats,  # type: ignore[arg-type]
        log=tuple(state.log), spells=tuple(state.spells), battles=tuple(state.battles),
        events=tuple(state.events),
    )
