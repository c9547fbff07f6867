"""A bowls attempt as saved: the engine's game plus the bowl the player has selected; and the player's
bowls record (progress, bests, themes, forecast)."""
from __future__ import annotations

from pydantic import BaseModel

import engine.bowls as bowls
from bot.core.progress import load_progress
from db.store import Store
from engine.bowls.progress import PlayerRecord

KEY = "bowls"


class BowlsSession(BaseModel):
    """What the bot saves: the engine's attempt plus the bowl the player has selected."""
    game: bowls.BowlsGame
    selected: int | None = None


def load_record(db: Store, user_id: int) -> PlayerRecord:
    return load_progress(db, user_id, KEY, PlayerRecord)


def new_session(game: bowls.BowlsGame, progress: PlayerRecord) -> BowlsSession:
    """A fresh attempt in the player's theme and forecast preference."""
    theme = progress.theme if progress.theme in progress.themes() else "Simple"
    return BowlsSession(game=bowls.set_forecast(bowls.set_theme(game, theme), progress.forecast))
