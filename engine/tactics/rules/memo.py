"""What a board's fights remember between working copies: area shapes and path maps, keyed by the
terrain (and heights) they were found on, as the terrain never changes in a fight."""
from __future__ import annotations

from collections.abc import Hashable
from typing import Any


def board_table(store: dict[Any, dict], key: Hashable, keep: int) -> dict:
    """The table remembered for one board under `key` in `store`, new when there is none; a store
    already holding `keep` boards forgets them all first (a process plays a few fights at a time)."""
    table = store.get(key)
    if table is None:
        if len(store) >= keep:
            store.clear()
        table = store[key] = {}
    return table


_AREAS: dict[tuple[str, ...], dict] = {}
_AREAS_KEEP = 32   # boards whose area shapes are remembered (a process plays a few fights at a time)


def areas_for(terrain: list[str]) -> dict:
    return board_table(_AREAS, tuple(terrain), _AREAS_KEEP)


_REACH: dict[tuple[tuple[str, ...], tuple[str, ...]], dict] = {}
_REACH_BOARDS, _REACH_KEEP = 16, 64   # path maps remembered: boards, and maps per board (a plan asks ~20)


def reach_for(terrain: list[str], levels: list[str]) -> dict:
    table = board_table(_REACH, (tuple(terrain), tuple(levels)), _REACH_BOARDS)
    if len(table) >= _REACH_KEEP:
        table.clear()
    return table

