"""Daily posts (one per server and UTC day, so a restart neither repeats nor skips) and daily results."""
from __future__ import annotations

from datetime import date, datetime, timedelta

import sqlite_utils

CLAIM_LAPSES = timedelta(minutes=5)  # a claim whose post never arrived (the process died) may be taken again


def was_posted(db: sqlite_utils.Database, guild_id: int, day: date) -> bool:
    return bool(list(db["daily_posts"].rows_where("guild_id = ? and day = ? and message_id is not null",
                                                  [guild_id, day.isoformat()])))


def claim_post(db: sqlite_utils.Database, guild_id: int, day: date, channel_id: int, now: datetime) -> bool:
    """Take the right to post the server's daily for `day`; False when it is posted or being posted.

    Claimed in the store before sending, so two processes on one store never both post it.
    """
    with db.atomic():
        rows = list(db["daily_posts"].rows_where("guild_id = ? and day = ?", [guild_id, day.isoformat()]))
        if rows:
            row = rows[0]
            fresh = row["posted_at"] and datetime.fromisoformat(row["posted_at"]) > now - CLAIM_LAPSES
            if row["message_id"] is not None or fresh:
                return False
        db["daily_posts"].upsert({"guild_id": guild_id, "day": day.isoformat(), "channel_id": channel_id,
                                  "message_id": None, "posted_at": now.isoformat()}, pk=("guild_id", "day"))
    return True


def release_post(db: sqlite_utils.Database, guild_id: int, day: date) -> None:
    """Give a claim back after the send failed, so the next try may post."""
    with db.atomic():
        db.execute("delete from daily_posts where guild_id = ? and day = ? and message_id is null",
                   [guild_id, day.isoformat()])


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
