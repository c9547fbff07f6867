"""Players and their per-game progress (a JSON document per player and game kind)."""
from __future__ import annotations

import json
from datetime import datetime

import sqlite_utils

def get_xp(db: sqlite_utils.Database, user_id: int) -> int:
    rows = list(db["players"].rows_where("user_id = ?", [user_id]))
    return rows[0]["xp"] if rows else 0


def add_xp(db: sqlite_utils.Database, user_id: int, amount: int, now: datetime) -> int:
    """Add XP to the player's total (game rules decide the amount and any daily cap); returns the total."""
    with db.atomic():
        db.execute("insert into players (user_id, xp, xp_today, created_at) values (?, 0, 0, ?) "
                   "on conflict(user_id) do nothing", [user_id, now.isoformat()])
        db.execute("update players set xp = xp + ? where user_id = ?", [amount, user_id])
    return get_xp(db, user_id)


def get_progress(db: sqlite_utils.Database, user_id: int, kind: str) -> dict:
    rows = list(db["progress"].rows_where("user_id = ? and kind = ?", [user_id, kind]))
    return json.loads(rows[0]["data"]) if rows else {}


def save_progress(db: sqlite_utils.Database, user_id: int, kind: str, data: dict, now: datetime) -> None:
    with db.atomic():
        db["progress"].upsert({"user_id": user_id, "kind": kind, "data": json.dumps(data),
                               "updated_at": now.isoformat()}, pk=("user_id", "kind"))


def all_progress(db: sqlite_utils.Database, user_id: int) -> dict[str, dict]:
    return {row["kind"]: json.loads(row["data"])
            for row in db["progress"].rows_where("user_id = ?", [user_id], order_by="kind")}
