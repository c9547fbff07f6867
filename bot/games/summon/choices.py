"""Autocomplete for `/summon place`: the asker's own hand only, and something listed on an empty input
(every piece; every rotation with legal cells; every legal cell, of every piece when none is chosen)."""
from __future__ import annotations

import engine.summon as sm
from bot.words import words

from .actions import Cell
from .session import SummonGame
from .text import cell_name, named, piece_name, placement_effect, plural
from .text import rotation as turned

LIMIT = 25


def _options_of(state: SummonGame | None, user_id: int) -> list[sm.HandOption]:
    if state is None or state.game is None or state.stage != "play" or state.game.phase == "over":
        return []
    me = state.seat_of(user_id)
    return [] if me is None else sm.hand_options(state.game, me)


def _chosen(options: list[sm.HandOption], piece: str | None) -> list[sm.HandOption]:
    """The piece named so far, or every piece when none (or an unknown one) is named."""
    found = [o for o in options if piece is not None and str(o.piece) == str(piece).strip()]
    return found or options


def hand_choices(state: SummonGame | None, user_id: int, current: str) -> list[tuple[str, str]]:
    want = current.strip().lower()
    out = []
    for o in _options_of(state, user_id):
        count = sum(len(r.placements) for r in o.rotations)
        label = words("{piece} · {placements}", piece=named(o.card), placements=plural(count, "legal placement"))
        if not want or want in o.name.lower() or want in piece_name(o.card).lower() or want == str(o.piece):
            out.append((label[:100], str(o.piece)))
    return out[:LIMIT]


def rotation_choices(state: SummonGame | None, user_id: int, piece: str | None) -> list[tuple[str, int]]:
    options = _chosen(_options_of(state, user_id), piece)
    seen: dict[int, int] = {}
    for o in options:
        for r in o.rotations:
            seen[r.rotation] = seen.get(r.rotation, 0) + len(r.placements)
    return [(f"{r}: {turned(r)} · {plural(n, 'legal cell')}", r) for r, n in sorted(seen.items())]


def cell_choices(state: SummonGame | None, user_id: int, piece: str | None, rotation: int | None,
                 current: str) -> list[tuple[str, str]]:
    want = current.strip().lower()
    found: dict[str, str] = {}
    several = len(_chosen(_options_of(state, user_id), piece)) > 1
    for o in _chosen(_options_of(state, user_id), piece):
        for r in o.rotations:
            if rotation is not None and r.rotation != rotation:
                continue
            for pl in r.placements:
                code = Cell(pl.col, pl.row).code()
                who = f"{piece_name(o.card)} {turned(r.rotation)}: " if several or rotation is None else ""
                effect = placement_effect(pl.summon_cards, pl.fall_cards, pl.slide)
                label = f"{cell_name(pl.col, pl.row)} — {who}{effect}"
                if (not want or want in label.lower()) and code not in found:
                    found[code] = label[:100]
    return [(label, code) for code, label in found.items()][:LIMIT]


__all__ = ["cell_choices", "hand_choices", "rotation_choices"]
