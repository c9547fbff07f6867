"""Players and their per-game progress (a JSON document per player and game kind)."""
from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

from .store import Store

log = logging.getLogger(__name__)

def get_xp(db: Store, user_id: int) -> int:
    rows = db.rows("select xp from players where user_id = ?", [user_id])
    return rows[0]["xp"] if rows else 0


def add_xp(db: Store, user_id: int, amount: int, now: datetime) -> int:
    """Add XP to the player's total (game rules decide the amount and any daily cap); returns the total."""
    with db.atomic():
        db.execute("insert into players (user_id, xp, xp_today, created_at) values (?, 0, 0, ?) "
                   "on conflict(user_id) do nothing", [user_id, now.isoformat()])
        db.execute("update players set xp = xp + ? where user_id = ?", [amount, user_id])
    return get_xp(db, user_id)


def get_progress(db: Store, user_id: int, kind: str) -> dict:
    """The stored document, or {} for none; an unreadable one is set aside (kept) and {} returned."""
    rows = db.rows("select data from progress where user_id = ? and kind = ?", [user_id, kind])
    if not rows:
        return {}
    try:
        data = json.loads(rows[0]["data"])
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        return data
    except ValueError as exc:
        set_aside_progress(db, user_id, kind, f"unreadable: {exc}")
        return {}


def set_aside_progress(db: Store, user_id: int, kind: str, reason: str) -> None:
    """Move a progress record that no longer reads out of the way (kept under another name, for a host
    to inspect), so this player's games and profile work again from a fresh record."""
    log.warning("progress of player %s in %s set aside: %s", user_id, kind, reason[:200])
    with db.atomic():
        db.execute("update progress set kind = ? where user_id = ? and kind = ?",
                   [f"{kind}#broken#{datetime.now(UTC).isoformat()}", user_id, kind])


def save_progress(db: Store, user_id: int, kind: str, data: dict, now: datetime) -> None:
    with db.atomic():
        db.upsert("progress", {"user_id": user_id, "kind": kind, "data": json.dumps(data),
                               "updated_at": now.isoformat()}, pk=("user_id", "kind"))


def all_progress(db: Store, user_id: int) -> dict[str, dict]:
    """Every game's readable progress of the player (records set aside are left out)."""
    kinds = [row["kind"] for row in db.rows("select kind from progress where user_id = ? order by kind", [user_id])
             if "#broken#" not in row["kind"]]
    return {kind: get_progress(db, user_id, kind) for kind in kinds}
