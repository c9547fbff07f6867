"""The one level curve: a level is 1 plus every 300 XP, for the profile and for every game.

Games decide how much XP a win is worth; none keeps a curve of its own, so a level reads the same on
the profile card, in a game's board and in the engine's own rules (tactics scales its duo by it).
"""
from __future__ import annotations

XP_PER_LEVEL = 300


def level_for(xp: int, cap: int | None = None) -> int:
    """The level `xp` reaches (at most `cap`, where a game's content stops growing)."""
    level = 1 + max(0, xp) // XP_PER_LEVEL
    return level if cap is None else min(cap, level)


def level_bounds(level: int) -> tuple[int, int]:
    """The XP at which `level` starts and the next one begins."""
    return XP_PER_LEVEL * (level - 1), XP_PER_LEVEL * level


def xp_for_level(level: int) -> int:
    """The least XP that reaches `level`."""
    return XP_PER_LEVEL * (max(1, level) - 1)
