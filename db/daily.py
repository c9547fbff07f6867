"""Daily posts (one per server and UTC day, so a restart neither repeats nor skips) and daily results."""
from __future__ import annotations

from datetime import date, datetime, timedelta

from .store import Store

CLAIM_LAPSES = timedelta(minutes=5)  # a claim whose post never arrived (the process died) may be taken again


def was_posted(db: Store, guild_id: int, day: date) -> bool:
    return bool(db.rows("select 1 from daily_posts where guild_id = ? and day = ? and message_id is not null",
                        [guild_id, day.isoformat()]))


def claim_post(db: Store, guild_id: int, day: date, channel_id: int, now: datetime) -> bool:
    """Take the right to post the server's daily for `day`; False when it is posted or being posted.

    Claimed in the store before sending, so two processes on one store never both post it.
    """
    key = [guild_id, day.isoformat()]
    with db.atomic():
        if db.execute("insert into daily_posts (guild_id, day, channel_id, message_id, posted_at) "
                      "values (?, ?, ?, null, ?) on conflict (guild_id, day) do nothing",
                      [*key, channel_id, now.isoformat()]).rowcount == 1:
            return True
        rows = db.rows("select message_id, posted_at from daily_posts where guild_id = ? and day = ?", key)
        if not rows:
            return False  # given back by its claimer this very moment: the next try takes it
        row = rows[0]
        fresh = row["posted_at"] and datetime.fromisoformat(row["posted_at"]) > now - CLAIM_LAPSES
        if row["message_id"] is not None or fresh:
            return False
        # A lapsed claim is taken over only if nobody took it since it was read (compare and set).
        same = "posted_at = ?" if row["posted_at"] is not None else "posted_at is null"
        taken = db.execute(f"update daily_posts set channel_id = ?, posted_at = ? where guild_id = ? and day = ? "
                           f"and message_id is null and {same}",
                           [channel_id, now.isoformat(), *key, *([row["posted_at"]] if row["posted_at"] else [])])
        return taken.rowcount == 1


def release_post(db: Store, guild_id: int, day: date) -> None:
    """Give a claim back after the send failed, so the next try may post."""
    with db.atomic():
        db.execute("delete from daily_posts where guild_id = ? and day = ? and message_id is null",
                   [guild_id, day.isoformat()])


def record_post(db: Store, guild_id: int, day: date, channel_id: int, message_id: int,
                now: datetime) -> None:
    with db.atomic():
        db.upsert("daily_posts", {"guild_id": guild_id, "day": day.isoformat(), "channel_id": channel_id,
                                  "message_id": message_id, "posted_at": now.isoformat()}, pk=("guild_id", "day"))


def record_result(db: Store, user_id: int, kind: str, day: date, score: int,
                  practice: bool, now: datetime) -> bool:
    """Keep the best counted score of the day; a practice attempt never counts. True if it is a new best."""
    if practice:
        return False
    key = [user_id, kind, day.isoformat()]
    rows = db.rows("select score from daily_results where user_id = ? and kind = ? and day = ?", key)
    if rows and rows[0]["score"] >= score:
        return False
    with db.atomic():  # only a better score replaces the stored one, whoever wrote in between
        written = db.execute("insert into daily_results (user_id, kind, day, score, practice, finished_at) "
                             "values (?, ?, ?, ?, 0, ?) on conflict (user_id, kind, day) do update set "
                             "score = excluded.score, practice = 0, finished_at = excluded.finished_at "
                             "where excluded.score > daily_results.score",
                             [*key, score, now.isoformat()]).rowcount
    return written == 1


def best_result(db: Store, user_id: int, kind: str, day: date) -> int | None:
    rows = db.rows("select score from daily_results where user_id = ? and kind = ? and day = ?",
                   [user_id, kind, day.isoformat()])
    return rows[0]["score"] if rows else None
