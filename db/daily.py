"""Daily posts (one per server and UTC day, so a restart neither repeats nor skips) and daily results."""
from __future__ import annotations

from datetime import date, datetime

import sqlite_utils


def was_posted(db: sqlite_utils.Database, guild_id: int, day: date) -> bool:
    return bool(list(db["daily_posts"].rows_where("guild_id = ? and day = ?", [guild_id, day.isoformat()])))


def record_post(db: sqlite_utils.Database, guild_id: int, day: date, channel_id: int, message_id: int,
                now: datetime) -> None:
    with db.atomic():
        db["daily_posts"].upsert({"guild_id": guild_id, "day": day.isoformat(), "channel_id": channel_id,
                                  "message_id": message_id, "posted_at": now.isoformat()},
                                 pk=("guild_id", "day"))


def record_result(db: sqlite_utils.Database, user_id: int, kind: str, day: date, score: int,
                  practice: bool, now: datetime) -> bool:
    """Keep the best counted score of the day; a practice attempt never counts. True if it is a new best."""
    if practice:
        return False
    key = [user_id, kind, day.isoformat()]
    rows = list(db["daily_results"].rows_where("user_id = ? and kind = ? and day = ?", key))
    if rows and rows[0]["score"] >= score:
        return False
    with db.atomic():
        db["daily_results"].upsert({"user_id": user_id, "kind": kind, "day": day.isoformat(),
                                    "score": score, "practice": 0, "finished_at": now.isoformat()},
                                   pk=("user_id", "kind", "day"))
    return True


def best_result(db: sqlite_utils.Database, user_id: int, kind: str, day: date) -> int | None:
    rows = list(db["daily_results"].rows_where("user_id = ? and kind = ? and day = ?",
                                               [user_id, kind, day.isoformat()]))
    return rows[0]["score"] if rows else None
