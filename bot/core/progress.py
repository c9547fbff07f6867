"""One idiom for a player's progress in one game: a pydantic model, loaded from and saved to the store.

The model (its rules of XP, bests and unlocks) belongs to the game's engine; the kind only stores it.
"""
from __future__ import annotations

from datetime import datetime
from typing import TypeVar

import sqlite_utils
from pydantic import BaseModel

from db import players

M = TypeVar("M", bound=BaseModel)


def load_progress(db: sqlite_utils.Database, user_id: int, key: str, model: type[M]) -> M:
    """The player's stored progress in game `key`, or a fresh record when there is none yet."""
    return model.model_validate(players.get_progress(db, user_id, key) or {})


def save_progress(db: sqlite_utils.Database, user_id: int, key: str, progress: BaseModel, now: datetime) -> None:
    players.save_progress(db, user_id, key, progress.model_dump(mode="json"), now)
