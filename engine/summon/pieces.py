"""Piece sides, rotation and the jigsaw fit/connection tests of the summon game (seed 004).

Sides are indexed clockwise from the top: 0 up, 1 right, 2 down, 3 left. A side is a tab, a blank or
flat; tabs and blanks are neutral (a shape every piece shares) or of one of five attributes.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from ..errors import RuleError
from ..rng import Rng

Attr = Literal["neutral", "white", "blue", "green", "red", "black"]
ATTRS: tuple[str, ...] = ("neutral", "white", "blue", "green", "red", "black")
Kind = Literal["tab", "blank", "flat"]

UP, RIGHT, DOWN, LEFT = 0, 1, 2, 3
DIRS: tuple[int, ...] = (UP, RIGHT, DOWN, LEFT)
DIR_NAMES = ("up", "right", "down", "left")
# (dx, dy) with y growing downwards, so "up" is y - 1.
STEP: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))


class SidesError(RuleError):
    """Sides written wrongly (not four codes, an unknown letter)."""

    code = "bad_sides"


def opposite(d: int) -> int:
    return (d + 2) % 4


class Side(BaseModel):
    """One side of a piece: a small frozen value object."""

    model_config = ConfigDict(frozen=True)
    kind: Kind
    attr: Attr = "neutral"

    def code(self) -> str:
        """Two-letter-free short code: a tab is the attribute letter in capitals, a blank in lower case,
        flat is '.'. Letters: N neutral, W white, U blue, G green, R red, B black."""
        if self.kind == "flat":
            return "."
        letter = ATTR_LETTER[self.attr]
        return letter if self.kind == "tab" else letter.lower()


ATTR_LETTER = {"neutral": "N", "white": "W", "blue": "U", "green": "G", "red": "R", "black": "B"}
FLAT = Side(kind="flat")

Sides = tuple[Side, Side, Side, Side]


def tab(attr: str = "neutral") -> Side:
    return Side(kind="tab", attr=attr)  # type: ignore[arg-type]


def blank(attr: str = "neutral") -> Side:
    return Side(kind="blank", attr=attr)  # type: ignore[arg-type]


def parse_sides(text: str) -> Sides:
    """Sides from four codes, e.g. "R.nu" (up: red tab, right: flat, down: neutral blank, left: blue blank)."""
    letters = {v: k for k, v in ATTR_LETTER.items()}
    out = []
    if len(text) != 4:
        raise SidesError(f"a piece has four sides, got {text!r}")
    for ch in text:
        if ch == ".":
            out.append(FLAT)
        elif ch.upper() in letters:
            out.append(Side(kind="tab" if ch.isupper() else "blank", attr=letters[ch.upper()]))  # type: ignore[arg-type]
        else:
            raise SidesError(f"unknown side code {ch!r} in {text!r}")
    return tuple(out)  # type: ignore[return-value]


def sides_code(sides: Sides) -> str:
    return "".join(s.code() for s in sides)


def rotate(sides: Sides, quarter_turns: int) -> Sides:
    """Turn a piece clockwise by quarter turns: after one turn the old left side is on top."""
    r = quarter_turns % 4
    return tuple(sides[(i - r) % 4] for i in range(4))  # type: ignore[return-value]


def accepts(tab_side: Side, blank_side: Side) -> bool:
    """Whether a tab fits into a blank: an attribute tab only into a blank of its attribute; the
    neutral tab into any blank (an attribute blank also accepts the neutral tab)."""
    return (
        tab_side.kind == "tab"
        and blank_side.kind == "blank"
        and (tab_side.attr == "neutral" or tab_side.attr == blank_side.attr)
    )


def connected(a: Side, b: Side) -> bool:
    """Whether two facing sides form a connection (one's tab sits in the other's blank)."""
    return accepts(a, b) or accepts(b, a)


def fits(a: Side, b: Side) -> bool:
    """Whether two facing sides may stand side by side. A tab pushes into the neighbour's cell, so it
    needs a blank that accepts it; blanks and flats may face each other freely (blank against blank
    is allowed, but is no connection)."""
    if a.kind == "tab" or b.kind == "tab":
        return connected(a, b)
    return True


def deal_sides(tabs: list[str], blanks: list[str], flats: int, rng: Rng) -> Sides:
    """Deal a piece's sides to random positions (the seed: where the tabs and blanks sit changes at random)."""
    sides = [tab(a) for a in tabs] + [blank(a) for a in blanks] + [FLAT] * flats
    if len(sides) != 4:
        raise SidesError("a piece has exactly four sides")
    rng.shuffle(sides)
    return tuple(sides)  # type: ignore[return-value]


class EdgeCount(BaseModel):
    """How many tabs (or blanks) of one attribute a piece has."""

    model_config = ConfigDict(frozen=True)
    attr: Attr
    count: int


class SidesInfo(BaseModel):
    """A piece's sides as data a front-end can word ("tab: green ×2, neutral; blank: green"): the
    tabs and blanks counted per attribute (most first, neutral after the attributes on a tie), the
    flats, each side by direction (up, right, down, left) and the short code kept for scripts."""

    model_config = ConfigDict(frozen=True)
    code: str
    up: Side
    right: Side
    down: Side
    left: Side
    tabs: tuple[EdgeCount, ...]
    blanks: tuple[EdgeCount, ...]
    flats: int


def _counted(sides: Sides, kind: str) -> tuple[EdgeCount, ...]:
    counts: dict[str, int] = {}
    for s in sides:
        if s.kind == kind:
            counts[s.attr] = counts.get(s.attr, 0) + 1
    order = sorted(counts, key=lambda a: (-counts[a], a == "neutral", ATTRS.index(a)))
    return tuple(EdgeCount(attr=a, count=counts[a]) for a in order)  # type: ignore[arg-type]


def describe_sides(sides: Sides | str) -> SidesInfo:
    """The typed description of a piece's sides, from its sides or their code ("gGGN")."""
    s = parse_sides(sides) if isinstance(sides, str) else sides
    return SidesInfo(code=sides_code(s), up=s[0], right=s[1], down=s[2], left=s[3], tabs=_counted(s, "tab"),
                     blanks=_counted(s, "blank"), flats=sum(1 for x in s if x.kind == "flat"))
