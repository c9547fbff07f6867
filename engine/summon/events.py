"""What an action caused, as typed values a front-end words and draws: placements, what they joined,
summons in line order, slides and what fell off, passes, battle hits, heals and downed units, and the
game's end with its reason. The engine never words them; `log` stays beside them for scripts.

Cells in the events of one placement count from the window the placer saw before placing (the board
they chose from): `col`/`row` 0–2 inside it, −1 or 3 one step beside it. After a slide the new window
is the old one moved by (dx, dy), so a cell there is (col − dx, row − dy).
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from .pieces import Attr, SidesInfo

Direction = Literal["up", "right", "down", "left"]
Ending = Literal["wiped_out", "no_army", "both_wiped", "surrender", "safety_stop"]
PassReason = Literal["pass", "timeout", "no_placement", "out_of_pieces"]
HitKind = Literal["attack", "ranged", "thorns", "stalemate", "spell"]


class UnitRef(BaseModel):
    """Which unit: its side (0 p1, 1 p2), piece uid and card."""

    model_config = ConfigDict(frozen=True)
    side: int
    uid: int
    card: str


class Cell(BaseModel):
    """A cell of a side's summoning board: `col`/`row` from the top-left of the window the placer saw
    (see the module's note), `x`/`y` absolute (they never change while the piece stays)."""

    model_config = ConfigDict(frozen=True)
    col: int
    row: int
    x: int
    y: int


class PieceRef(BaseModel):
    """A piece on a board: its uid, card id, name, attribute and kind, and where it stands."""

    model_config = ConfigDict(frozen=True)
    piece: int
    card: str
    name: str
    attr: Attr
    kind: Literal["unit", "spell"]
    cell: Cell


class Neighbour(BaseModel):
    """A piece the placed piece touches: in which direction from the placed piece, whether they joined
    (one's tab in the other's blank) and whose tab it was; blank beside blank or flat touches, no join."""

    model_config = ConfigDict(frozen=True)
    direction: Direction
    piece: PieceRef
    joined: bool
    tab_of: Literal["placed", "neighbour"] | None = None
    attr: Attr | None = None  # the joined tab's attribute


class FirstPlayer(BaseModel):
    model_config = ConfigDict(frozen=True)
    type: Literal["first_player"] = "first_player"
    side: int


class SummonPhaseBegan(BaseModel):
    model_config = ConfigDict(frozen=True)
    type: Literal["summon_phase"] = "summon_phase"
    phase: int
    first: int  # who places first in it


class PiecePlaced(BaseModel):
    """A piece went onto `side`'s board, turned `rotation` quarter turns, at `piece.cell`. `anchor` is
    the neighbour to name it by ("above your top-left piece"): the first joined one, else the first it
    touches (up, right, down, left); None for a board's first piece."""

    model_config = ConfigDict(frozen=True)
    type: Literal["placed"] = "placed"
    side: int
    piece: PieceRef
    rotation: int
    sides: SidesInfo
    neighbours: tuple[Neighbour, ...]
    anchor: Neighbour | None


class BoardSlid(BaseModel):
    """A placement beside the window slid it one step (`direction`); `falls` left the board for good
    (back to neither hand nor deck; their units, if summoned, stay on the battlefield)."""

    model_config = ConfigDict(frozen=True)
    type: Literal["slid"] = "slid"
    side: int
    dx: int
    dy: int
    direction: Direction
    falls: tuple[PieceRef, ...]
    fell_summoned: tuple[bool, ...]  # per fallen piece: had it been summoned


class Summoned(BaseModel):
    """A piece was summoned: `order` 1.. of `of` in this placement (the placed piece first, then its
    joined neighbours up → right → down → left). A unit joins the back of the line at `rank` (1 front);
    a spell has no rank and acts at once (its hits follow as UnitHit / UnitHealed events)."""

    model_config = ConfigDict(frozen=True)
    type: Literal["summoned"] = "summoned"
    side: int
    piece: PieceRef
    order: int
    of: int
    placed: bool  # the placed piece itself, or a neighbour it completed
    direction: Direction | None  # for a neighbour: where it stands from the placed piece
    rank: int | None


class SpellFizzled(BaseModel):
    """A damage spell found no enemy unit to hit."""

    model_config = ConfigDict(frozen=True)
    type: Literal["fizzled"] = "fizzled"
    side: int
    piece: int
    card: str
    why: Literal["no_target"] = "no_target"


class Passed(BaseModel):
    """A turn passed: by choice, by the 30-second limit, or automatically (no piece could be placed, or
    deck and hand are empty). The hand went back into the deck, shuffled, and a new hand was drawn."""

    model_config = ConfigDict(frozen=True)
    type: Literal["passed"] = "passed"
    side: int
    why: PassReason


class Surrendered(BaseModel):
    model_config = ConfigDict(frozen=True)
    type: Literal["surrendered"] = "surrendered"
    side: int


class BattleBegan(BaseModel):
    """Battle phase `phase` of `turns` battle turns, `turn_player` acting first in a rank. `fight` is
    False when it is decided before a blow (a side without units) or skipped (neither has one)."""

    model_config = ConfigDict(frozen=True)
    type: Literal["battle"] = "battle"
    phase: int
    turns: int
    turn_player: int
    fight: bool
    units: tuple[int, int]  # units on each side's line at its start


class UnitHit(BaseModel):
    """A unit took damage: who dealt it (None for the stalemate rule and spells; `source` names the
    card or rule), how, how much, and the ticks left (4 ticks to a heart)."""

    model_config = ConfigDict(frozen=True)
    type: Literal["hit"] = "hit"
    turn: int  # battle turn, 0 for a spell cast in the summon phase
    action: int
    how: HitKind
    attacker: UnitRef | None
    source: str
    source_card: str | None  # the spell's or attacker's card id; None for the stalemate rule
    target: UnitRef
    damage: int
    ticks_left: int
    max_ticks: int
    downed: bool

    @property
    def hearts_left(self) -> float:
        return self.ticks_left / 4


class UnitHealed(BaseModel):
    model_config = ConfigDict(frozen=True)
    type: Literal["healed"] = "healed"
    turn: int
    action: int
    healer: UnitRef | None  # None for a spell
    source: str
    source_card: str | None
    target: UnitRef
    amount: int
    ticks_left: int
    max_ticks: int


class UnitDowned(BaseModel):
    """A unit's last heart emptied: it left the battlefield (the next one steps up)."""

    model_config = ConfigDict(frozen=True)
    type: Literal["downed"] = "downed"
    turn: int
    unit: UnitRef
    by: UnitRef | None
    how: HitKind


class GameEnded(BaseModel):
    """The game is over: `winner` side (None for a draw) and the typed reason: `wiped_out` (the loser's
    last unit lost its hearts), `no_army` (no unit at a battle against a side with one), `both_wiped`
    (draw), `surrender`, `safety_stop` (30 battle phases without a decision: draw)."""

    model_config = ConfigDict(frozen=True)
    type: Literal["ended"] = "ended"
    winner: int | None
    loser: int | None
    reason: Ending


Event = Annotated[
    FirstPlayer | SummonPhaseBegan | PiecePlaced | BoardSlid | Summoned | SpellFizzled | Passed | Surrendered
    | BattleBegan | UnitHit | UnitHealed | UnitDowned | GameEnded,
    Field(discriminator="type"),
]
