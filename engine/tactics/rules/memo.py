"""What a board's fights remember between working copies: area shapes and path maps, keyed by the
terrain (and heights) they were found on, as the terrain never changes in a fight."""
from __future__ import annotations

_AREAS: dict[tuple[str, ...], dict] = {}
_AREAS_KEEP = 32   # boards whose area shapes are remembered (a process plays a few fights at a time)


def areas_for(terrain: list[str]) -> dict:
    key = tuple(terrain)
    table = _AREAS.get(key)
    if table is None:
        if len(_AREAS) >= _AREAS_KEEP:
            _AREAS.clear()
        table = _AREAS[key] = {}
    return table


_REACH: dict[tuple[tuple[str, ...], tuple[str, ...]], dict] = {}
_REACH_BOARDS, _REACH_KEEP = 16, 64   # path maps remembered: boards, and maps per board (a plan asks ~20)


def reach_for(terrain: list[str], levels: list[str]) -> dict:
    key = (tuple(terrain), tuple(levels))
    table = _REACH.get(key)
    if table is None:
        if len(_REACH) >= _REACH_BOARDS:
            _REACH.clear()
        table = _REACH[key] = {}
    elif len(table) >= _REACH_KEEP:
        table.clear()
    return table

