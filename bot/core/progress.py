"""One idiom for a player's progress in one game: a pydantic model, loaded from and saved to the store.

The model (its rules of XP, bests and unlocks) belongs to the game's engine; the kind only stores it.
"""
from __future__ import annotations

from datetime import datetime
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from db import players
from db.store import Store

M = TypeVar("M", bound=BaseModel)


def load_progress(db: Store, user_id: int, key: str, model: type[M]) -> M:
    """The player's stored progress in game `key`, or a fresh record when there is none yet.

    A record that no longer fits the model is set aside (kept for inspection) rather than raised:
    one bad row must not stop a player from winning, starting games or seeing their profile.
    """
    data = players.get_progress(db, user_id, key)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        players.set_aside_progress(db, user_id, key, f"does not fit {model.__name__}: {exc.errors()[0]['msg']}")
        return model()


def save_progress(db: Store, user_id: int, key: str, progress: BaseModel, now: datetime) -> None:
    players.save_progress(db, user_id, key, progress.model_dump(mode="json"), now)
