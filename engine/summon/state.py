"""The summon game's state, actions and errors: pydantic v2 models that round-trip through JSON."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..errors import RuleError
from .events import Ending, Event, UnitRef
from .pieces import Side, Sides, sides_code

HAND_SIZE = 3
TURNS_PER_SUMMON_PHASE = 3  # each player places (or passes) 3 times per summon phase
TURN_SECONDS = 30  # the seed's summon-turn time limit; the engine has no clock: a front-end sends Timeout
FIRST_BATTLE_TURNS = 3  # battle phase k lasts FIRST_BATTLE_TURNS + k - 1 battle turns
MAX_BATTLE_PHASES = 30  # safety stop for endless positions: then a draw (running out of turns never loses)
DECK_MIN, DECK_MAX = 30, 60
PlayerName = Literal["p1", "p2"]
PLAYER_NAMES: tuple[PlayerName, PlayerName] = ("p1", "p2")


class IllegalActionError(RuleError):
    """An action that is not legal in this state: `.code` is a stable word, the message says why."""

    @property
    def reason(self) -> str:
        """The code under its earlier name (callers written before `RuleError` read `.reason`)."""
        return self.code


class HandPiece(BaseModel):
    """A drawn piece: its sides were dealt at random when it was drawn."""

    model_config = ConfigDict(frozen=True)
    uid: int
    card: str
    sides: Sides

    @property
    def code(self) -> str:
        return sides_code(self.sides)


class BoardPiece(BaseModel):
    """A piece on a summoning board at absolute cell (x, y), its sides as placed (rotation applied)."""

    model_config = ConfigDict(frozen=True)
    uid: int
    card: str
    x: int
    y: int
    sides: Sides
    summoned: bool = False


class Unit(BaseModel):
    """A summoned unit on the battlefield; life in ticks (4 ticks to a heart)."""

    uid: int
    card: str
    ticks: int
    max_ticks: int


class BattleEvent(BaseModel):
    """One change of a unit's life, for a replay: who acted on whom, how much, the ticks before and
    after. Events of one unit's action share `action` (a piercing blow and the thorns it meets)."""

    model_config = ConfigDict(frozen=True)
    turn: int  # battle turn (1-based); 0 for a spell cast in the summon phase
    action: int  # sequence number of the action within its battle phase (or spell cast)
    kind: Literal["attack", "ranged", "heal", "thorns", "stalemate", "spell"]
    actor: UnitRef | None  # who deals or heals it (thorns: the thorned unit, which may just have fallen);
    # None for the stalemate rule and spells
    source: str  # the acting card's name, or the rule
    target: UnitRef
    amount: int  # ticks taken (attack, ranged, thorns, stalemate, damage spell) or healed
    before: int
    after: int
    destroyed: bool = False


class BattleReplay(BaseModel):
    """One battle phase as a replay: both lines at its start (front first), every event in order,
    both lines at its end, and the game's result if it ended there."""

    model_config = ConfigDict(frozen=True)
    phase: int
    turns: int  # battle turns this phase may last
    turn_player: int
    start: tuple[tuple[Unit, ...], tuple[Unit, ...]]
    events: tuple[BattleEvent, ...]
    end: tuple[tuple[Unit, ...], tuple[Unit, ...]]
    result: Literal["p1", "p2", "draw"] | None = None


class PlayerState(BaseModel):
    deck: list[int] = Field(default_factory=list)  # uids, top of the deck is the end of the list
    hand: list[HandPiece] = Field(default_factory=list)
    board: list[BoardPiece] = Field(default_factory=list)
    ox: int = 0  # top-left cell of the active 3×3 window
    oy: int = 0
    removed: list[int] = Field(default_factory=list)  # pieces that fell off the board
    line: list[Unit] = Field(default_factory=list)  # battle line, front first
    fallen: list[int] = Field(default_factory=list)  # units destroyed in battle (their pieces may stay on the board)
    ever_had_unit: bool = False
    passes: int = 0


class SummonState(BaseModel):
    """A whole game. `rng` is the seeded generator's state; `version` grows with every applied action."""

    version: int = 0
    seed: int
    rng: int
    cards: list[str]  # card id of every piece uid; player 0 owns uids [0, split), player 1 the rest
    split: int
    players: list[PlayerState]
    first: int  # who places first in every summon phase (chosen at random)
    to_move: int
    phase: Literal["summon", "over"] = "summon"
    summon_phase: int = 1
    turns_left: list[int] = Field(default_factory=lambda: [TURNS_PER_SUMMON_PHASE] * 2)
    summon_turns: int = 0
    battle_phases: int = 0
    result: Literal["p1", "p2", "draw"] | None = None
    reason: str | None = None
    ending: Ending | None = None  # how the game ended, as a word (None while it goes on)
    log: list[str] = Field(default_factory=list)  # what the last action caused, in order
    spells: list[BattleEvent] = Field(default_factory=list)  # spell effects the last action caused
    battles: list[BattleReplay] = Field(default_factory=list)  # battle phases the last action ran
    events: list[Event] = Field(default_factory=list)  # what the last action caused, typed (events.py)

    def owner(self, uid: int) -> int:
        return 0 if uid < self.split else 1

    def uids_of(self, player: int) -> range:
        return range(0, self.split) if player == 0 else range(self.split, len(self.cards))


class Place(BaseModel):
    """Place hand piece `piece` turned `rotation` quarter turns clockwise on cell (col, row) of the
    active window; col/row -1 or 3 is just outside it and slides the window that way."""

    model_config = ConfigDict(frozen=True)
    type: Literal["place"] = "place"
    player: int
    piece: int
    rotation: int = 0
    col: int
    row: int
    version: int | None = None  # the state version the player saw; a different one is stale


class Pass(BaseModel):
    """Swap the hand (back into the deck, shuffle, draw 3) and skip the turn."""

    model_config = ConfigDict(frozen=True)
    type: Literal["pass"] = "pass"
    player: int
    version: int | None = None


class Timeout(BaseModel):
    """The 30-second summon-turn limit ran out: the automatic pass."""

    model_config = ConfigDict(frozen=True)
    type: Literal["timeout"] = "timeout"
    player: int
    version: int | None = None


class Surrender(BaseModel):
    """Declare defeat; either player may surrender at any time."""

    model_config = ConfigDict(frozen=True)
    type: Literal["surrender"] = "surrender"
    player: int
    version: int | None = None


Action = Annotated[Place | Pass | Timeout | Surrender, Field(discriminator="type")]


class _Placed(BaseModel):
    """What a placement and its preview both say: the piece as placed, where, and what it summons (in
    line order) and what falls off after the slide."""

    model_config = ConfigDict(frozen=True)
    player: int
    piece: int
    card: str
    rotation: int
    col: int
    row: int
    sides: str  # the sides as placed, e.g. "N.nr"
    slide: tuple[int, int]
    summons: tuple[int, ...]
    summon_cards: tuple[str, ...]
    falls: tuple[int, ...]
    fall_cards: tuple[str, ...]


class Placement(_Placed):
    """One legal placement with its preview: what it summons (in line order) and what falls off."""

    version: int  # the state version it was generated for
    # for a hand view: what this placement does for summoning (board.py decides them)
    summons_now: bool = False  # it summons something at once
    sets_up: bool = False  # it leaves a piece it touched (itself, or a neighbour whose tab it took) one tab short
    pushes_off: bool = False  # it slides the board and pieces fall off
    waits_for: int = 0  # tabs of the placed piece still facing an empty cell (0 when it is summoned)

    def to_action(self) -> Place:
        return Place(player=self.player, piece=self.piece, rotation=self.rotation, col=self.col, row=self.row,
                     version=self.version)


class Preview(_Placed):
    """A placement played on a copy with the real rules: what it summons (in line order, spells'
    effects included), what falls off after a slide, and the board and both lines right after it."""

    spells: tuple[BattleEvent, ...]
    board: tuple[BoardPiece, ...]  # the placer's board after it, absolute cells
    ox: int  # the placer's window after it
    oy: int
    lines: tuple[tuple[Unit, ...], tuple[Unit, ...]]  # both battle lines after it, front first
    events: tuple[Event, ...] = ()  # what it would cause, typed: placed, slid, summoned, spells' hits


def side_tuple(sides: list[Side] | Sides) -> Sides:
    return tuple(sides)  # type: ignore[return-value]
