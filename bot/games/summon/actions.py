"""Summon's actions: each step and private view as a typed value, with its short wire form beside it.

A cell travels as `x<col>y<row>` (columns and rows of the active 3×3 are 0–2; -1 and 3 are the cells
just outside it, where a piece slides the board). Every field is checked here, when a component's id
or a slash argument is read, so a forged cell or rotation is refused before any rule runs.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar, Self

from bot.core.actions import Action, ActionError, name_from_wire, name_to_wire
from bot.core.former import FormerWire
from bot.words import N_, words

ROTATIONS = (0, 1, 2, 3)  # quarter turns clockwise
_CODE = re.compile(r"x(-?[0-9])y(-?[0-9])")
_NAME = re.compile(r"(?:(right|left) of |(above|below) )?([abc])([1-3])")
CELL_HELP = N_("name a cell A1–C3 (columns A–C, rows 1–3 from the top), or one just outside the board such as "
               "'right of C2' (placing there slides the board)")


@dataclass(frozen=True)
class Cell:
    """A cell of a player's board, relative to its active 3×3: inside it, or one step beside it."""
    col: int
    row: int

    def __post_init__(self) -> None:
        inside_ring = -1 <= self.col <= 3 and -1 <= self.row <= 3
        if not inside_ring or (self.col in (-1, 3) and self.row in (-1, 3)):
            raise ActionError(words("That cell is not on the board nor just beside it: {help}.", help=words(CELL_HELP)))

    def code(self) -> str:
        return f"x{self.col}y{self.row}"

    @classmethod
    def from_code(cls, text: str) -> Cell:
        m = _CODE.fullmatch(text)
        if m is None:
            raise ActionError(words("That cell does not read ({text}): {help}.", text=repr(text[:20]),
                                    help=words(CELL_HELP)))
        return cls(int(m[1]), int(m[2]))

    @classmethod
    def parse(cls, text: str) -> Cell:
        """A cell as a player types it (B2, right of C2, above A1) or as autocomplete fills it (x3y1)."""
        t = " ".join(text.strip().lower().split())
        if _CODE.fullmatch(t):
            return cls.from_code(t)
        m = _NAME.fullmatch(t)
        if m is None:
            raise ActionError(words("Cell {text}: {help}.", text=repr(text.strip()[:40]), help=words(CELL_HELP)))
        col, row, where = "abc".index(m[3]), int(m[4]) - 1, m[1] or m[2]
        beside = {"right": (3, row, col == 2), "left": (-1, row, col == 0),
                  "above": (col, -1, row == 0), "below": (col, 3, row == 2)}
        if where is None:
            return cls(col, row)
        c, r, at_edge = beside[where]
        if not at_edge:
            raise ActionError(words("Cell {text}: only an edge cell has a cell {where} it off the board; {help}.",
                                    text=repr(text.strip()[:40]), where=words(where), help=words(CELL_HELP)))
        return cls(c, r)


def _rotation(text: str) -> int:
    if not re.fullmatch(r"-?[0-9]{1,9}", text) or int(text) not in ROTATIONS:
        raise ActionError(words("rotation must be 0–3 quarter turns clockwise, not {turns}.", turns=text[:12]))
    return int(text)


def _piece(text: str) -> int:
    if not re.fullmatch(r"[0-9]{1,6}", text):
        raise ActionError(words("That piece does not read ({text}).", text=repr(text[:20])))
    return int(text)


@dataclass(frozen=True)
class _Placing(Action):
    """A piece of the hand, turned, on a cell: the fields of a placement and of its preview."""
    piece: int
    rotation: int
    cell: Cell

    def __post_init__(self) -> None:
        if self.rotation not in ROTATIONS:
            raise ActionError(words("rotation must be 0–3 quarter turns clockwise, not {turns}.", turns=self.rotation))

    def encode(self) -> str:
        return f"{self.verb}:{self.piece}:{self.rotation}:{self.cell.code()}"

    @classmethod
    def decode(cls, arg: str) -> Self:
        parts = arg.split(":")
        if len(parts) != 3:
            raise ActionError(f"{cls.verb} needs a piece, a rotation and a cell (got {arg[:30]!r}).")
        return cls(_piece(parts[0]), _rotation(parts[1]), Cell.from_code(parts[2]))

    @classmethod
    def examples(cls) -> list[_Placing]:
        return [cls(7, 3, Cell(3, 1)), cls(0, 0, Cell(-1, 2)), cls(12, 2, Cell(1, -1))]


@dataclass(frozen=True)
class Place(_Placing):
    """Place a hand piece: the step every placement ends in (select, button, slash, the AI)."""
    verb = "place"


@dataclass(frozen=True)
class PreviewPlacement(_Placing):
    """What one placement would do, shown first (its Place button beside it)."""
    verb = "preview_place"


@dataclass(frozen=True)
class PlaceNamed(Action):
    """A placement typed into `/summon place` with the piece by its name; the kind finds it in the hand."""
    verb = "place_named"
    rotation: int
    cell: Cell
    name: str

    def encode(self) -> str:
        return f"{self.verb}:{self.rotation}:{self.cell.code()}:{name_to_wire(self.name)}"

    @classmethod
    def decode(cls, arg: str) -> Self:
        parts = arg.split(":", 2)
        if len(parts) != 3:
            raise ActionError(f"{cls.verb} needs a rotation, a cell and a name (got {arg[:30]!r}).")
        return cls(_rotation(parts[0]), Cell.from_code(parts[1]), name_from_wire(parts[2]))

    @classmethod
    def examples(cls) -> list[PlaceNamed]:
        return [cls(1, Cell(0, 0), "Stone Wall")]


def slash_place(piece: str, rotation: int, cell: str) -> Place | PlaceNamed:
    """`/summon place piece: rotation: cell:` as an action; ActionError (with the reason) when it does not read."""
    where = Cell.parse(cell)
    turned = _rotation(str(rotation))
    text = piece.strip()
    if re.fullmatch(r"[0-9]{1,6}", text):
        return Place(int(text), turned, where)
    if not re.fullmatch(r"[A-Za-z0-9 \-]{1,40}", text):
        raise ActionError(words("Place: {piece} is not in your hand — pick a piece from the list.",
                                piece=repr(text[:40])))
    return PlaceNamed(turned, where, text)


@dataclass(frozen=True)
class Pass(Action):
    """Pass: the hand goes back into the deck, a new one is drawn, the turn ends."""
    verb = "pass"


@dataclass(frozen=True)
class Surrender(Action):
    """The confirmed surrender. It is checked against the game as it is now, never refused as stale:
    giving up means the same whatever happened on the table since the question was asked."""
    verb = "surrender"
    fresh_checked: ClassVar[bool] = True


@dataclass(frozen=True)
class AskSurrender(Action):
    """The private "Surrender this game?" question (changes nothing)."""
    verb = "ask_surrender"
    fresh_checked: ClassVar[bool] = True


@dataclass(frozen=True)
class Accept(Action):
    verb = "accept"


@dataclass(frozen=True)
class Decline(Action):
    verb = "decline"


@dataclass(frozen=True)
class ShowHand(Action):
    """The owner's hand with its placements (`piece`: only that piece's; `preview`: choosing previews
    rather than places). The table's button is the bare `hand`."""
    verb = "hand"
    piece: int | None = None
    preview: bool = False

    def encode(self) -> str:
        if self.piece is None and not self.preview:
            return self.verb
        return super().encode()

    @classmethod
    def decode(cls, arg: str) -> Self:
        return cls() if arg == "" else super().decode(arg)

    @classmethod
    def examples(cls) -> list[ShowHand]:
        return [cls(), cls(7), cls(None, True), cls(12, True)]


ACTIONS: tuple[type[Action], ...] = (Place, PreviewPlacement, PlaceNamed, Pass, Surrender, AskSurrender, Accept,
                                     Decline, ShowHand)

# The verbs boards carried before; the old hand's select of a piece's cell (`hx:<piece>:<rotation>`, the
# cell chosen apart) reads as that placement's preview, its other selects (`hr`, `hc`) are retired.
FORMER = FormerWire(renamed={"hx": PreviewPlacement, "sq": AskSurrender, "hp": ShowHand},
                    selects={"hx": PreviewPlacement})

__all__ = ["ACTIONS", "FORMER", "Accept", "AskSurrender", "Cell", "Decline", "Pass", "Place", "PlaceNamed",
           "PreviewPlacement", "ShowHand", "Surrender", "slash_place"]
