"""Board words for cells and slides, so a front-end can say where a piece went ("above your top-left
piece") and what a slide did ("slides up: the bottom row falls off"). Cells count from the top-left
of a side's 3×3 window (0–2); −1 or 3 is one step beside it. Anything else is refused as off the board.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from .events import Direction
from .pieces import DIR_NAMES
from .state import IllegalActionError

ROWS = ("top", "middle", "bottom")
COLS = ("left", "centre", "right")
CELL_NAMES = (("top-left", "top", "top-right"), ("left", "centre", "right"),
              ("bottom-left", "bottom", "bottom-right"))
BESIDE = {"up": "above", "right": "right of", "down": "below", "left": "left of"}
# the placed piece seen from a neighbour in `direction`: a neighbour below it means it went above
RELATION = {"up": "below", "right": "left of", "down": "above", "left": "right of"}
Relation = Literal["above", "right of", "below", "left of"]


def check_cell(col: int, row: int) -> None:
    """Refuse a cell that is neither in the window nor one step beside it (corners beyond are neither)."""
    if not (-1 <= col <= 3 and -1 <= row <= 3) or (col in (-1, 3) and row in (-1, 3)):
        raise IllegalActionError(
            f"off the board: cell ({col}, {row}) is neither on the 3×3 board nor one step beside it",
            code="off_board",
        )


class CellPlace(BaseModel):
    """Where a cell is on a side's board: the window cell it is (or stands beside) and, for a cell just
    outside the window, on which side of it."""

    model_config = ConfigDict(frozen=True)
    inside: str  # "top-left" … "centre" … "bottom-right"
    beyond: Direction | None = None

    @property
    def words(self) -> str:
        """"top-left", or "above the top-left" for the cell just outside it."""
        return self.inside if self.beyond is None else f"{BESIDE[self.beyond]} the {self.inside}"


def cell_place(col: int, row: int) -> CellPlace:
    """The board words for a cell; off-board cells are refused (IllegalActionError `off_board`)."""
    check_cell(col, row)
    beyond: Direction | None = None
    if col == -1 or col == 3:
        beyond = "left" if col == -1 else "right"
    elif row == -1 or row == 3:
        beyond = "up" if row == -1 else "down"
    c, r = min(max(col, 0), 2), min(max(row, 0), 2)
    return CellPlace(inside=CELL_NAMES[r][c], beyond=beyond)


def slide_direction(dx: int, dy: int) -> Direction:
    """The way a window slid, as a word; (0, 0) or a diagonal is no slide and is refused."""
    steps = {(0, -1): 0, (1, 0): 1, (0, 1): 2, (-1, 0): 3}
    if (dx, dy) not in steps:
        raise IllegalActionError(f"not a slide: ({dx}, {dy}) is not one step up, right, down or left",
                                 code="bad_slide")
    return DIR_NAMES[steps[(dx, dy)]]  # type: ignore[return-value]


def falling_edge(dx: int, dy: int) -> str:
    """The window's edge a slide drops: sliding up drops the bottom row, right the left column."""
    return {"up": "bottom row", "down": "top row", "left": "right column", "right": "left column"}[
        slide_direction(dx, dy)]


def relation(direction: Direction) -> Relation:
    """The placed piece as seen from its neighbour in `direction` ("down" means it went above it)."""
    return RELATION[direction]  # type: ignore[return-value]
