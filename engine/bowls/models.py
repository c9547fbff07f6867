"""The bowls value objects: goals, puzzles, the saved game state, move reports and the typed errors."""
from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationInfo, model_validator

from ..errors import RuleError
from .core import COLORS, LETTERS, N_BOWLS

Mode = Literal["puzzle", "endless", "daily"]
GoalKind = Literal["clear_color", "collect", "score", "combo", "max_stones", "clear_board"]
Outcome = Literal["won", "overflow", "out_of_moves", "no_moves", "completed", "ended"]
ModifierKind = Literal["frozen", "reverse", "volcano"]
COLOR_NAMES = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "P": "purple", "W": "wild", "X": "blocker"}


class BowlsError(RuleError):
    """Base of every bowls error; the message says what is wrong in words a player can read."""

    code = "bowls"


class InvalidPositionError(BowlsError):
    """A board or puzzle that cannot be parsed: wrong number of bowls, unknown letters, bad flags."""

    code = "bad_position"


# IllegalMoveError's older `reason` words and the stable codes they map to.
MOVE_CODES = {"over": "game_over", "paused": "paused", "range": "no_such_bowl", "empty": "empty_bowl",
              "frozen": "frozen_bowl", "nothing": "nothing_to_undo"}


class IllegalMoveError(BowlsError):
    """A move that is not legal here. `reason` (over, paused, range, empty, frozen, nothing) predates
    `code` (game_over, paused, no_such_bowl, empty_bowl, frozen_bowl, nothing_to_undo); both stay."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message, MOVE_CODES.get(reason, reason))
        self.reason = reason


def check_bowls(bowls: list[str]) -> list[str]:
    if len(bowls) != N_BOWLS:
        raise InvalidPositionError(f"a board has {N_BOWLS} bowls, got {len(bowls)}", "bowl_count")
    for n, s in enumerate(bowls, 1):
        if not isinstance(s, str):
            raise InvalidPositionError(f"bowl {n} must be a string of letters {LETTERS}", "bad_bowl")
        bad = sorted(set(s) - set(LETTERS))
        if bad:
            raise InvalidPositionError(f"bowl {n} has unknown letter(s) {''.join(bad)!r}; use {LETTERS}",
                                       "unknown_letter")
    return bowls


def check_flag_list(name: str, bowls: list[int]) -> list[int]:
    for n in bowls:
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= N_BOWLS:
            raise InvalidPositionError(f"{name} bowls are numbers 1–{N_BOWLS}, got {n!r}", "bad_flag")
    return sorted(set(bowls))


def _check_flags(bowls: list[int], info: ValidationInfo) -> list[int]:
    return check_flag_list(info.field_name or "flag", bowls)


# A board and its flags as a puzzle and a saved game both hold them, checked the same way in each: a saved
# game naming bowl 0 or 13, or an unknown letter, cannot be played.
Bowls = Annotated[list[str], AfterValidator(check_bowls)]
BowlFlags = Annotated[list[int], AfterValidator(_check_flags)]


class Goal(BaseModel):
    """A puzzle goal. `color` for clear_color/collect; `count` for collect/combo/max_stones; `points` for score."""
    model_config = ConfigDict(frozen=True)

    kind: GoalKind
    color: str | None = None
    count: int | None = None
    points: int | None = None

    @model_validator(mode="after")
    def _fields_fit_kind(self) -> Goal:
        need = {"clear_color": ("color",), "collect": ("color", "count"), "score": ("points",),
                "combo": ("count",), "max_stones": ("count",), "clear_board": ()}[self.kind]
        for f in ("color", "count", "points"):
            if (getattr(self, f) is not None) != (f in need):
                raise InvalidPositionError(f"a {self.kind} goal {'needs' if f in need else 'takes no'} {f}",
                                           "bad_goal")
        if self.color is not None and self.color not in COLORS:
            raise InvalidPositionError(f"goal colour must be one of {COLORS}, got {self.color!r}", "bad_goal")
        return self

    def as_cli(self) -> dict:
        return self.model_dump(exclude_none=True)


class Puzzle(BaseModel):
    """One of the 100 puzzles: a start, its flags (bowl numbers 1–12), a goal and a move limit."""
    model_config = ConfigDict(frozen=True)

    id: int
    bowls: Bowls
    frozen: BowlFlags = []
    reverse: BowlFlags = []
    volcano: BowlFlags = []
    goal: Goal
    moves: int = Field(ge=1)
    feature: str = "basics"       # what this puzzle introduces or practises
    difficulty: float = 0.0       # −log10(chance that uniformly random play wins within the limit)
    shortest: int = 0             # length of the solver's shortest solution
    intro: str | None = None   # one line on the modifier this puzzle is the first to use

    def as_cli(self) -> dict:
        return {"id": self.id, "bowls": list(self.bowls), "frozen": list(self.frozen),
                "reverse": list(self.reverse), "volcano": list(self.volcano),
                "goal": self.goal.as_cli(), "moves": self.moves}


class Modifier(BaseModel):
    """A temporary bowl flag from an endless event, in force for `moves_left` more player moves."""
    model_config = ConfigDict(frozen=True)

    bowl: int = Field(ge=1, le=N_BOWLS)
    kind: ModifierKind
    moves_left: int = Field(ge=1)


class Snapshot(BaseModel):
    """Everything an accepted move changes, kept so undo restores it exactly (the RNG state included)."""
    model_config = ConfigDict(frozen=True)

    bowls: list[str]
    modifiers: list[Modifier]
    score: int
    moves_used: int
    collected: dict[str, int]
    last_combo: int
    rng_state: int
    over: bool
    won: bool
    outcome: Outcome | None


class BowlsGame(BaseModel):
    """A whole bowls attempt in any mode. Store `model_dump_json()`, reload with `model_validate_json`.

    Frozen: every engine call returns a new game (`model_copy(update=...)`), never changes this one.
    """
    model_config = ConfigDict(frozen=True)

    version: int = 0                   # rises with every accepted change: reject stale button presses
    mode: Mode
    puzzle_id: int | None = None
    day: dt.date | None = None      # the UTC date of a daily attempt, kept across midnight
    seed: int = 0
    bowls: Bowls
    frozen: BowlFlags = []             # permanent flags (puzzles), bowl numbers 1–12
    reverse: BowlFlags = []
    volcano: BowlFlags = []
    modifiers: list[Modifier] = []     # temporary flags (endless events)
    score: int = 0
    moves_used: int = 0
    move_limit: int | None = None   # puzzle limit, 20 for daily, None for endless
    goal: Goal | None = None
    collected: dict[str, int] = Field(default_factory=lambda: {c: 0 for c in COLORS})
    last_combo: int = 0
    history: list[Snapshot] = []
    practice: bool = False
    paused: bool = False
    over: bool = False
    won: bool = False
    outcome: Outcome | None = None
    rng_state: int = 0
    theme: str = "Simple"
    forecast: bool = False

    @property
    def moves_left(self) -> int | None:
        return None if self.move_limit is None else self.move_limit - self.moves_used

    @property
    def stones(self) -> int:
        return sum(len(s) for s in self.bowls)

    def goal_counts(self) -> tuple[int, int | None]:
        """How far along the goal is, as its line counts it: (stones, None) for the kinds that count
        stones (a colour's left, on the board, left), (so far, needed) for collect, score and combo."""
        g = self.goal
        if g is not None and g.kind == "clear_color":
            return sum(s.count(g.color or "") for s in self.bowls), None
        if g is None or g.kind in ("max_stones", "clear_board"):
            return self.stones, None
        need = g.points if g.kind == "score" else g.count
        assert need is not None  # Goal's validator requires the fields each kind reads
        if g.kind == "combo":
            return self.last_combo, need
        return min(self.score if g.kind == "score" else self.collected.get(g.color or "", 0), need), need

    def flags(self, kind: str) -> list[int]:
        """The bowls (1–12) that have a flag now: permanent ones plus live modifiers."""
        base = set(getattr(self, kind))
        base.update(m.bowl for m in self.modifiers if m.kind == kind)
        return sorted(base)


class MatchEvent(BaseModel):
    """One bowl matching in one pass: the colours it cleared and how many stones (wilds counted)."""
    model_config = ConfigDict(frozen=True)

    bowl: int
    pass_no: int
    colors: list[str]
    stones: int
    wilds: int


class PhaseReport(BaseModel):
    """What the effects of one delivery did (the player's sowing or a refill)."""
    model_config = ConfigDict(frozen=True)

    matches: list[MatchEvent] = []
    blockers_removed: list[tuple[int, int]] = []   # (bowl, how many)
    eruptions: list[int] = []                      # volcano bowls, in the order they erupted
    removed: dict[str, int] = {}                   # letter → stones removed by matches
    combo: int = 0
    points: int = 0
    perfect: bool = False
    overflow: bool = False
    overflow_bowls: list[int] = []


class RefillReport(BaseModel):
    model_config = ConfigDict(frozen=True)

    stones: list[tuple[int, str]]                  # (bowl, letter) in the order they entered
    event: str | None = None                    # wild, blocker, frozen, reverse, volcano
    event_bowl: int | None = None
    phase: PhaseReport


class MoveReport(BaseModel):
    """What one move did (or, from `forecast`, would do before the refill)."""
    model_config = ConfigDict(frozen=True)

    bowl: int
    clockwise: bool
    player: PhaseReport
    refill: RefillReport | None = None
    score: int                                     # the score after the move
    goal_reached: bool = False
    over: bool = False
    outcome: Outcome | None = None
    forecast: bool = False


__all__ = [
    "BowlsError", "InvalidPositionError", "IllegalMoveError", "Goal", "Puzzle", "Modifier",
    "Snapshot", "BowlsGame", "MatchEvent", "PhaseReport", "RefillReport", "MoveReport", "COLOR_NAMES",
]
