"""Puzzles by content: a stable key per puzzle (its position, goal and move limit), so that a player's
solved puzzles keep their meaning when the set is renumbered or reworked.

`old_puzzle_keys.json` holds the keys of the set shipped before the rework (ids 1–100 then); a saved
record that still lists those old ids is converted by content, and puzzles that no longer exist drop out.
"""
from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from importlib import resources

from .models import BowlsGame, Goal, Puzzle
from .puzzles import all_puzzles


def _key(bowls: list[str], frozen: list[int], reverse: list[int], volcano: list[int], goal: Goal,
         moves: int) -> str:
    body = {"bowls": list(bowls), "frozen": sorted(frozen), "reverse": sorted(reverse),
            "volcano": sorted(volcano), "goal": goal.as_cli(), "moves": moves}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def content_key(p: Puzzle) -> str:
    """16 hex digits of a SHA-256 over the puzzle's position, flags, goal and move limit (not its id,
    feature, intro or statistics, which may change without changing the puzzle)."""
    return _key(p.bowls, p.frozen, p.reverse, p.volcano, p.goal, p.moves)


def game_key(game: BowlsGame) -> str | None:
    """The content key of the puzzle a puzzle attempt started from (its first snapshot holds the start),
    so an attempt begun before the set changed is still credited to the puzzle it really was."""
    if game.mode != "puzzle" or game.goal is None or game.move_limit is None:
        return None
    start = game.history[0].bowls if game.history else game.bowls
    return _key(start, game.frozen, game.reverse, game.volcano, game.goal, game.move_limit)


@lru_cache(maxsize=1)
def _current() -> tuple[dict[int, str], dict[str, int]]:
    keys = {p.id: content_key(p) for p in all_puzzles()}
    return keys, {k: i for i, k in keys.items()}


@lru_cache(maxsize=1)
def old_keys() -> dict[int, str]:
    """The old set's id → content key (the set shipped before the rework of issue 15)."""
    text = resources.files(__package__).joinpath("old_puzzle_keys.json").read_text(encoding="utf-8")
    return {int(k): v for k, v in json.loads(text).items()}


def key_of(puzzle_id: int) -> str | None:
    """The content key of the current puzzle with this id (None: no such puzzle)."""
    return _current()[0].get(puzzle_id)


def id_of(key: str) -> int | None:
    """The current id of the puzzle with this content (None: it is not in the set any more)."""
    return _current()[1].get(key)


def keys_of_old_ids(old_won: list[int]) -> list[str]:
    """An old record's won ids as content keys, in order, unknown ids dropped."""
    old = old_keys()
    return list(dict.fromkeys(old[i] for i in old_won if i in old))


def ids_of_keys(keys: list[str]) -> list[int]:
    """Current ids of these content keys, in order; puzzles no longer in the set drop out."""
    return [i for i in (id_of(k) for k in keys) if i is not None]


def convert_old_won(old_won: list[int]) -> list[int]:
    """An old `won` list (ids of the old set) as ids of the current set, matched by content."""
    return ids_of_keys(keys_of_old_ids(old_won))
