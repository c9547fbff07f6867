"""The 100 bowls puzzles, shipped as `puzzles.json` in this package and validated on load."""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from pydantic import TypeAdapter

from .models import BowlsError, Puzzle

_ADAPTER = TypeAdapter(list[Puzzle])


class UnknownPuzzleError(BowlsError, LookupError):
    """No puzzle with that number."""

    code = "unknown_puzzle"


@lru_cache(maxsize=1)
def all_puzzles() -> tuple[Puzzle, ...]:
    text = resources.files(__package__).joinpath("puzzles.json").read_text(encoding="utf-8")
    puzzles = tuple(_ADAPTER.validate_python(json.loads(text)))
    if [p.id for p in puzzles] != list(range(1, len(puzzles) + 1)):
        raise BowlsError("puzzles.json must hold puzzles 1..n in order", "bad_puzzles")
    return puzzles


def get_puzzle(number: int) -> Puzzle:
    puzzles = all_puzzles()
    if not isinstance(number, int) or not 1 <= number <= len(puzzles):
        raise UnknownPuzzleError(f"there are puzzles 1–{len(puzzles)}, not {number!r}")
    return puzzles[number - 1]
