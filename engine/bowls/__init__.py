"""Bowls (seed 002): a sowing chain puzzle on 12 bowls — puzzles, endless and daily, as a pure engine.

    game = new_puzzle(12) | new_endless(seed) | new_daily(utc_date)
    legal_bowls(game)                  -> [1..12] that can be sown now ([] when over or paused)
    game, report = sow(game, bowl)     -> new state + MoveReport; IllegalMoveError(.reason) if not legal
    describe(report), render_text(game), goal_text(game)
    undo(game), pause(game), resume(game), end_attempt(game), eligible(game)
    forecast(game, bowl)               -> MoveReport of the player phase only (when game.forecast is on)

Every call returns a new state and never changes its input. The bot stores `game.model_dump_json()`
and reloads with `BowlsGame.model_validate_json(text)`; `game.version` rises with every change.
"""
from .core import CAPACITY, COLORS, LETTERS, N_BOWLS
from .game import (
                   DAILY_MOVES,
                   ENGINE,
                   eligible,
                   end_attempt,
                   forecast,
                   legal_bowls,
                   new_daily,
                   new_endless,
                   new_puzzle,
                   pause,
                   resume,
                   set_forecast,
                   set_theme,
                   sow,
                   undo,
)
from .models import (
                   COLOR_NAMES,
                   BowlsError,
                   BowlsGame,
                   Goal,
                   IllegalMoveError,
                   InvalidPositionError,
                   MatchEvent,
                   Modifier,
                   MoveReport,
                   PhaseReport,
                   Puzzle,
                   RefillReport,
)
from .puzzles import UnknownPuzzleError, all_puzzles, get_puzzle
from .text import describe, goal_text, render_text
from .themes import ACHIEVEMENTS, THEME_NAMES, THEMES, Progress, Theme, achievements, get_theme, unlocked_themes

__all__ = [
    "CAPACITY", "COLORS", "LETTERS", "N_BOWLS", "DAILY_MOVES", "ENGINE",
    "BowlsGame", "Goal", "Puzzle", "Modifier", "MoveReport", "PhaseReport", "RefillReport", "MatchEvent",
    "BowlsError", "IllegalMoveError", "InvalidPositionError", "UnknownPuzzleError", "COLOR_NAMES",
    "new_puzzle", "new_endless", "new_daily", "sow", "undo", "legal_bowls", "forecast", "pause", "resume",
    "end_attempt", "eligible", "set_theme", "set_forecast", "all_puzzles", "get_puzzle",
    "describe", "render_text", "goal_text",
    "THEMES", "THEME_NAMES", "Theme", "Progress", "ACHIEVEMENTS", "achievements", "unlocked_themes", "get_theme",
]
