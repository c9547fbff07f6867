"""Tactics progress: the XP a finished fight earns and the duo's level that XP buys (rules file: Progress).

The level is the player's own tactics level, kept in their tactics progress and passed to `new_fight`;
it is separate from the profile's overall level. The curve is tuned so that a player who has won every
earlier campaign fight once stands at the level the next fight recommends: the XP to reach level L is
the XP of winning, once each, every campaign fight before the first one that recommends level L. Other
fights (losses, draws, replays, dailies) add a little on top, so a player stands near, never far below.
"""
from __future__ import annotations

from functools import lru_cache

from .content import EncounterDef, campaign, encounter

XP_PER_FIGHT = 5             # any finished fight, won, lost or drawn
XP_FIRST_WIN = 40            # the first win of an encounter, plus XP_PER_ENCOUNTER_LEVEL for each of its levels
XP_PER_ENCOUNTER_LEVEL = 10
XP_REPEAT_WIN = 5            # winning an encounter already won: a little, so replays never race ahead
MAX_LEVEL = 10


def xp_for(result: str | None, enc: EncounterDef, first_win: bool) -> int:
    """XP one duo earns from one finished fight of `enc` (first_win: the player had never won it)."""
    xp = XP_PER_FIGHT
    if result == "won":
        xp += XP_FIRST_WIN + XP_PER_ENCOUNTER_LEVEL * enc.level if first_win else XP_REPEAT_WIN
    return xp


@lru_cache(maxsize=1)
def level_thresholds() -> tuple[int, ...]:
    """XP needed for levels 1..MAX_LEVEL, from the campaign (see the module docstring)."""
    fights = campaign()
    wins = [xp_for("won", e, True) for e in fights]
    out = [0]
    for level in range(2, MAX_LEVEL + 1):
        first = next((k for k, e in enumerate(fights) if e.level >= level), None)
        # Past the campaign's last recommended level, each level costs as much as its last first win.
        out.append(sum(wins[:first]) if first is not None else out[-1] + wins[-1])
    return tuple(out)


def level_for_xp(xp: int) -> int:
    """The duo's level for a player's stored tactics XP: 1 at 0 XP, up to MAX_LEVEL."""
    return max(level for level, need in enumerate(level_thresholds(), 1) if max(0, xp) >= need)


def expected_level(encounter_id: str) -> int:
    """The level a player reaches this fight at having won every earlier campaign fight once (a
    daily encounter: the level it recommends). Autoplay and the benchmark play at this level."""
    enc = encounter(encounter_id)
    fights = campaign()
    ids = [e.id for e in fights]
    if enc.id not in ids:
        return enc.level
    return level_for_xp(sum(xp_for("won", e, True) for e in fights[:ids.index(enc.id)]))
