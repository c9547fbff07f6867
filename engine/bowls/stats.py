"""The puzzle curve: for each puzzle, how many move sequences win within its limit and the exact chance
that a player choosing uniformly among the legal bowls each move wins.

Counting is exact, not sampled: the solver's `count`, the walk the difficulty measure reads too. Seven-move
puzzles take seconds each, so the shipped figures are committed in `puzzle_stats.json` (written by
`generate.py`) and a test re-derives a sample of them.
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from pydantic import BaseModel, TypeAdapter

from .models import Puzzle
from .puzzles import all_puzzles
from .solver import count, difficulty_of, solve


class PuzzleStats(BaseModel):
    """One row of the curve."""
    id: int
    goal: dict
    moves: int              # the move limit
    shortest: int           # moves in the shortest win
    solutions: int          # winning move sequences within the limit (each stops at its first win)
    win_chance: float       # exact chance that uniformly random legal play wins
    difficulty: float       # −log10(win_chance)


def measure(p: Puzzle) -> PuzzleStats:
    """The row for one puzzle, computed from scratch (seconds for a seven-move puzzle)."""
    line = solve(p)
    solutions, chance = count(p)
    return PuzzleStats(id=p.id, goal=p.goal.as_cli(), moves=p.moves, shortest=len(line) if line else 0,
                       solutions=solutions, win_chance=chance, difficulty=difficulty_of(chance))


_ADAPTER = TypeAdapter(list[PuzzleStats])


@lru_cache(maxsize=1)
def shipped_stats() -> tuple[PuzzleStats, ...]:
    """The committed curve, one row per puzzle, in puzzle order."""
    text = resources.files(__package__).joinpath("puzzle_stats.json").read_text(encoding="utf-8")
    rows = tuple(_ADAPTER.validate_python(json.loads(text)))
    if [r.id for r in rows] != [p.id for p in all_puzzles()]:
        raise ValueError("puzzle_stats.json does not match puzzles.json")
    return rows


def curve() -> list[dict]:
    """The curve as the CLI prints it."""
    return [r.model_dump() for r in shipped_stats()]
