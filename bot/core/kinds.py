"""The contract between the session core and one game: load, show, act, time out.

A game kind is thin glue over its engine. It never touches Discord; it may read and write player
progress through the context it is handed.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, Callable, ClassVar

import sqlite_utils

from db.games import GameRecord

from .reply import Reply


class GameError(ValueError):
    """A step the game refuses; the message says which step and why, for the one who sent it."""


@dataclass(frozen=True)
class Context:
    """What a game kind may use while handling one action: the store, the clock, who acts, where."""
    db: sqlite_utils.Database
    now: datetime
    user_id: int | None
    game: GameRecord
    timer_seconds: int


@dataclass(frozen=True)
class Outcome:
    """A change the kind made: the new state, what to announce, and whether the game is over."""
    state: Any
    said: str = ""
    finished: bool = False
    on_saved: Callable[[], None] | None = None  # progress earned, written in the game's own save


class GameKind(ABC):
    key: ClassVar[str]
    title: ClassVar[str]
    blurb: ClassVar[str]  # one line for /help: what it is and how to start it

    @abstractmethod
    def load(self, text: str) -> Any:
        """The state saved as `text`; raises if it no longer loads (the game is then marked broken)."""

    def dump(self, state: Any) -> str:
        return state.model_dump_json()

    @abstractmethod
    def board(self, state: Any, game: GameRecord) -> Reply:
        """The board message: picture, text and components for the state."""

    @abstractmethod
    def act(self, state: Any, action: str, value: str | None, ctx: Context) -> Outcome:
        """Apply one action; raise GameError (changing nothing) when it is not allowed."""

    def timeout(self, state: Any, ctx: Context) -> Outcome | None:
        """The phase deadline passed; None means the kind has no timed phases."""
        return None

    def deadline_seconds(self, state: Any, ctx: Context) -> int | None:
        """Seconds the next phase may last, or None for no timer. Called after every change."""
        return None

    def is_over(self, state: Any) -> bool:
        return False

    def replaceable(self, state: Any) -> bool:
        """Whether starting a new game may close this running one (nothing left in it to lose)."""
        return False

    def thread_name(self, state: Any, player_name: str) -> str:
        return f"{self.title} · {player_name}"

    def profile_lines(self, progress: dict) -> list[str]:
        """What /profile shows of this game, from the player's stored progress."""
        return []

    def daily(self, day: date) -> str | None:
        """One line about today's daily for the channel post, or None when the game has no daily."""
        return None

    def prepare_daily(self, day: date) -> None:
        """Generate the day's content ahead of time (run in a worker thread at start and at midnight)."""

    def new_daily(self, day: date, user_id: int, db: sqlite_utils.Database) -> Any:
        """A fresh state for today's daily (a press on the daily post starts it)."""
        raise GameError(f"{self.title} has no daily.")
