"""The saved fight: board, fighters, telegraphs, surfaces, the RNG state and the result (pydantic, JSON)."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from .board import Board
from .content import Goal
from .events import Event, FightEnded
from .moments import Moment, RoundMark
from .steps import UnknownNameError

Side = Literal["duo", "strays"]
Phase = Literal["strays", "duo"]


def phase_index(round_: int, phase: Phase) -> int:
    """Phases in order: strays of round 1 = 2, duo of round 1 = 3, strays of round 2 = 4, ..."""
    return round_ * 2 + (1 if phase == "duo" else 0)


class StatusState(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Literal["soaked", "prone", "rooted"]
    by: str          # fighter id that set it up (for cash-ins)
    round: int       # round it was applied
    expires: int     # phase index of the afflicted fighter's next own phase, when it wears off


class SurfaceState(BaseModel):
    model_config = ConfigDict(extra="forbid")
    tile: str
    kind: Literal["moss"]
    by: str
    round: int


class FighterState(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str                      # "hero", "companion", "s1".."s5"
    name: str                    # the fighter in the content table
    side: Side
    letter: str                  # one character on the text board
    pos: str
    hp: int
    max_hp: int
    move: int
    level: int = 1
    shield: int = 0
    down: bool = False
    fled: bool = False
    statuses: list[StatusState] = []
    # Spirit is kept on running totals (rules file): dealt, taken, cash-ins, spent.
    spirit: int = 0
    dealt: int = 0
    taken: int = 0
    cashins: int = 0
    spent: int = 0
    # Budget of the current own phase.
    moved: int = 0
    action_used: bool = False
    bonus_used: bool = False
    held: Literal["opportunity_attack", "flowing_guard"] | None = None
    reaction_round: int = 0      # the round its reaction last fired (once a round)
    done: bool = False

    @property
    def standing(self) -> bool:
        return not self.down and not self.fled

    def has(self, status: str) -> bool:
        return any(s.name == status for s in self.statuses)

    def status(self, status: str) -> StatusState | None:
        for s in self.statuses:
            if s.name == status:
                return s
        return None


class Telegraph(BaseModel):
    """A stray's locked attack, public to everyone. Area telegraphs keep the aim point so that a push
    turns the heading with the stray; targeted ones name the fighter they follow."""

    model_config = ConfigDict(extra="forbid")
    stray: str
    skill: str
    shape: str
    target: str | None = None
    aim: str | None = None
    offset: tuple[int, int] | None = None   # burst centre relative to the stray
    heading: tuple[int, int] | None = None
    tiles: list[str] = []
    pushed: bool = False   # its stray was pushed since it locked (an area turns; a follower may lose reach)
    caught: list[str] = []  # the duo members an area covered when it locked (to say who stepped out)


class FightState(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: int = 1
    seq: int = 0                 # grows with every applied turn; a stale caller can be turned away
    encounter: str
    encounter_name: str
    goal: Goal
    hold_round: int | None = None
    exit_round: int | None = None
    round: int = 1
    phase: Phase = "strays"
    result: Literal["won", "lost", "draw"] | None = None
    board: Board
    fighters: list[FighterState]
    telegraphs: list[Telegraph] = []
    surfaces: list[SurfaceState] = []
    start_hp: dict[str, int]
    rng: int
    outcome: FightEnded | None = None   # the result's typed reason (None while the fight goes on)
    last_phase: list[Event] = []        # what the latest strays' phase did, in order (events.py)
    history: list[RoundMark] = []       # each round's HP and downs, for the recap (recap.py)
    moments: list[Moment] = []          # big hits, downs, dodged telegraphs, as they happened

    def get(self, fid: str) -> FighterState:
        for f in self.fighters:
            if f.id == fid:
                return f
        raise UnknownNameError(f"no fighter {fid!r} in this fight", "no_such_fighter")

    def side(self, side: Side) -> list[FighterState]:
        return [f for f in self.fighters if f.side == side]

    def standing(self, side: Side | None = None) -> list[FighterState]:
        return [f for f in self.fighters if f.standing and (side is None or f.side == side)]

    @property
    def exits_open(self) -> bool:
        return self.goal == "break_out" and self.exit_round is not None and self.round >= self.exit_round
