"""Tactics progress: the XP a finished fight earns, and the duo's level on the one level curve.

The level is the player's own tactics level: their stored tactics XP read on the one curve every game
uses (`engine.levels`: 1 plus every 300 XP), capped at the campaign's top level, and passed to
`new_fight`. A first win is worth what lifts a player to the level the next campaign fight recommends
(never less than a small floor, so every first win pays); a player who has won every earlier fight once
therefore stands at each fight's recommended level. Losses, replays and dailies add a little on top, so
a player stands near it, never below.
"""
from __future__ import annotations

from functools import lru_cache

from ..levels import XP_PER_LEVEL, level_for, xp_for_level
from .content import EncounterDef, campaign, encounter

XP_PER_FIGHT = 5             # any finished fight, won, lost or drawn
XP_FIRST_WIN_FLOOR = 50      # a first win that lifts no level still pays this
XP_REPEAT_WIN = 5            # winning an encounter already won: a little, so replays never race ahead
MAX_LEVEL = 10


@lru_cache(maxsize=1)
def _first_win_xp() -> dict[str, int]:
    """Each campaign fight's first-win XP: the climb from its recommended level to the next fight's."""
    fights = campaign()
    out: dict[str, int] = {}
    for here, after in zip(fights, [*fights[1:], None]):
        climb = XP_PER_LEVEL if after is None else xp_for_level(after.level) - xp_for_level(here.level)
        out[here.id] = max(XP_FIRST_WIN_FLOOR, climb)
    return out


def xp_for(result: str | None, enc: EncounterDef, first_win: bool) -> int:
    """XP one duo earns from one finished fight of `enc` (first_win: the player had never won it)."""
    xp = XP_PER_FIGHT
    if result == "won":
        # A daily (or any fight outside the campaign) pays like a first win at its level.
        xp += _first_win_xp().get(enc.id, XP_PER_LEVEL // 2) if first_win else XP_REPEAT_WIN
    return xp


def level_thresholds() -> tuple[int, ...]:
    """XP needed for levels 1..MAX_LEVEL: the one curve's."""
    return tuple(xp_for_level(level) for level in range(1, MAX_LEVEL + 1))


def level_for_xp(xp: int) -> int:
    """The duo's level for a player's stored tactics XP: 1 at 0 XP, up to MAX_LEVEL."""
    return level_for(xp, cap=MAX_LEVEL)


def expected_level(encounter_id: str) -> int:
    """The level a player reaches this fight at having won every earlier campaign fight once (a
    daily encounter: the level it recommends). Autoplay and the benchmark play at this level."""
    enc = encounter(encounter_id)
    fights = campaign()
    ids = [e.id for e in fights]
    if enc.id not in ids:
        return enc.level
    return level_for_xp(sum(xp_for("won", e, True) for e in fights[:ids.index(enc.id)]))
