"""Bowls themes: seven looks unlocked in a fixed order by achievements in any mode; rules never change.

The seed fixes the order (Simple, Garden, Sand, Ocean, Runes, Neon, Space) and that achievements in
any mode unlock them; which achievements, is this project's choice: the n-th achievement earned, in
whatever order, unlocks the (n+1)-th theme. Simple is open from the start.
"""
from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel, ConfigDict

from .models import BowlsError


class Theme(BaseModel):
    """How a theme looks. Stone colours and symbols are shared by all themes (see render)."""
    model_config = ConfigDict(frozen=True)

    name: str
    stones: str            # what the stones are called in this theme
    background: tuple[int, int, int]
    bowl: tuple[int, int, int]
    rim: tuple[int, int, int]
    text: tuple[int, int, int]
    accent: tuple[int, int, int]
    unlock: str            # what unlocks it, in words


class Progress(BaseModel):
    """The player's record the bot keeps in the store; enough to tell which achievements are earned."""
    puzzles_won: int = 0
    best_endless: int = 0          # eligible (non-practice) results only
    best_daily: int = 0
    dailies_finished: int = 0      # eligible dailies played to the end (20 moves or overflow)
    best_combo: int = 0            # largest combo in any mode


# (name, description, earned?) — any mode counts, in any order.
ACHIEVEMENTS: tuple[tuple[str, str, Callable[[Progress], bool]], ...] = (
    ("First win", "win any puzzle", lambda p: p.puzzles_won >= 1),
    ("Chain maker", "make a combo of 3 bowls in any mode", lambda p: p.best_combo >= 3),
    ("Daily player", "finish a Daily challenge", lambda p: p.dailies_finished >= 1),
    ("Endless 500", "score 500 in one Endless attempt", lambda p: p.best_endless >= 500),
    ("Puzzler", "win 25 puzzles", lambda p: p.puzzles_won >= 25),
    ("Daily 400", "score 400 in a Daily challenge", lambda p: p.best_daily >= 400),
)

_UNLOCK = ["available from the start"] + [f"your {n} achievement" for n in
                                            ("first", "second", "third", "fourth", "fifth", "sixth")]

THEMES: tuple[Theme, ...] = (
    Theme(name="Simple", stones="stones", background=(238, 240, 244), bowl=(205, 210, 220), rim=(120, 128, 145),
          text=(30, 34, 44), accent=(60, 110, 200), unlock=_UNLOCK[0]),
    Theme(name="Garden", stones="seeds", background=(226, 238, 216), bowl=(160, 120, 82), rim=(96, 68, 42),
          text=(34, 52, 28), accent=(62, 130, 60), unlock=_UNLOCK[1]),
    Theme(name="Sand", stones="pebbles", background=(244, 228, 196), bowl=(214, 184, 138), rim=(150, 112, 68),
          text=(72, 50, 28), accent=(190, 110, 40), unlock=_UNLOCK[2]),
    Theme(name="Ocean", stones="shells", background=(208, 230, 242), bowl=(120, 170, 200), rim=(40, 90, 130),
          text=(14, 44, 72), accent=(20, 120, 170), unlock=_UNLOCK[3]),
    Theme(name="Runes", stones="rune stones", background=(60, 58, 70), bowl=(110, 104, 120), rim=(170, 160, 120),
          text=(232, 226, 204), accent=(210, 180, 90), unlock=_UNLOCK[4]),
    Theme(name="Neon", stones="orbs", background=(18, 14, 34), bowl=(44, 36, 78), rim=(0, 230, 230),
          text=(240, 240, 255), accent=(255, 60, 200), unlock=_UNLOCK[5]),
    Theme(name="Space", stones="planets", background=(10, 14, 30), bowl=(40, 48, 76), rim=(150, 160, 200),
          text=(220, 226, 255), accent=(255, 200, 80), unlock=_UNLOCK[6]),
)
THEME_NAMES: tuple[str, ...] = tuple(t.name for t in THEMES)


def get_theme(name: str) -> Theme:
    for t in THEMES:
        if t.name == name:
            return t
    raise BowlsError(f"unknown theme {name!r}; themes: {', '.join(THEME_NAMES)}", "unknown_theme")


def achievements(progress: Progress) -> list[str]:
    """Names of the achievements earned, in table order."""
    return [name for name, _desc, earned in ACHIEVEMENTS if earned(progress)]


def unlocked_themes(progress: Progress) -> list[str]:
    """Theme names open to this player: Simple, then one more (in the fixed order) per achievement."""
    return list(THEME_NAMES[: 1 + len(achievements(progress))])
