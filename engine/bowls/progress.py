"""A player's bowls record and the rules of what a finished move earns: wins, bests, dailies, XP.

The bot stores this record as it is; every rule of what counts lives here, beside the game.
"""
from __future__ import annotations

from datetime import date

from pydantic import BaseModel, model_validator

from .content import game_key, ids_of_keys, keys_of_old_ids
from .game import BowlsGame, eligible
from .themes import Progress, unlocked_themes

WIN_XP = 20          # first win of a puzzle
DAILY_XP = 15        # a counted daily played to its end
ENDLESS_XP_CAP = 30  # endless: a point of XP per 50 points, up to this


class PlayerRecord(BaseModel):
    """What the store keeps of one player's bowls: the achievement record, puzzles won, preferences.

    Puzzles won are kept by content (`won_keys`), so a reworked or renumbered set keeps their meaning;
    `won` is the current ids of those puzzles, derived on load. A record saved before `won_keys` existed
    lists ids of the old set: they are converted by content, and puzzles no longer in the set drop out.
    """
    record: Progress = Progress()
    won: list[int] = []          # current puzzle ids of won_keys (derived; kept for readers)
    won_keys: list[str] = []     # content keys of the puzzles won: what counts
    theme: str = "Simple"
    forecast: bool = False

    @model_validator(mode="before")
    @classmethod
    def _old_ids_to_keys(cls, data):
        if isinstance(data, dict) and "won_keys" not in data and data.get("won"):
            data = {**data, "won_keys": keys_of_old_ids(list(data["won"]))}
        return data

    @model_validator(mode="after")
    def _ids_from_keys(self) -> PlayerRecord:
        self.won = ids_of_keys(self.won_keys)
        return self

    def themes(self) -> list[str]:
        return unlocked_themes(self.record)


class Earned(BaseModel):
    """What one move earned: the new record, XP, and the daily score to file (None: no daily result)."""
    player: PlayerRecord
    xp: int = 0
    daily_day: date | None = None
    daily_score: int | None = None


def record_move(player: PlayerRecord, before: BowlsGame, after: BowlsGame, combo: int = 0) -> Earned:
    """The record after a move from `before` to `after` (a sow, or an End); `combo` made by it.

    Practice never counts, except that a puzzle win always does; a combo in an overflowing move is no
    record (the caller passes 0 for it).
    """
    rec = player.record.model_copy()
    keys = list(player.won_keys)
    xp = 0
    counted = not after.practice or after.mode == "puzzle"
    if counted and combo > rec.best_combo:
        rec.best_combo = combo
    key = game_key(after)
    if after.outcome == "won" and key is not None and key not in keys:
        keys.append(key)
        # never lower: a theme earned with puzzles that later left the set stays earned
        rec.puzzles_won = max(rec.puzzles_won, len(ids_of_keys(keys)))
        xp += WIN_XP
    daily_day = daily_score = None
    if after.over and not before.over and eligible(after):
        if after.mode == "endless":
            rec.best_endless = max(rec.best_endless, after.score)
            xp += min(ENDLESS_XP_CAP, after.score // 50)
        elif after.mode == "daily":
            rec.best_daily = max(rec.best_daily, after.score)
            if after.outcome in ("completed", "overflow", "no_moves"):
                rec.dailies_finished += 1
            xp += DAILY_XP
            daily_day, daily_score = after.day, after.score
    new = player.model_copy(update={"record": rec, "won_keys": keys, "won": ids_of_keys(keys)})
    return Earned(player=new, xp=xp, daily_day=daily_day, daily_score=daily_score)
