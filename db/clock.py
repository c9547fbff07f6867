"""When each bot process was last seen running (its heartbeat), so that a restart knows how long it was
away and gives the games' clocks that time back."""
from __future__ import annotations

from datetime import datetime

from .store import Store


def record_seen(db: Store, process: str, now: datetime) -> None:
    """The process `process` is running at `now`."""
    with db.atomic():
        db.upsert("bot_clock", {"process": process, "seen_at": now.isoformat()}, pk=("process",))


def last_seen(db: Store, process: str) -> datetime | None:
    """When `process` last recorded it was running (None: never)."""
    rows = db.rows("select seen_at from bot_clock where process = ?", [process])
    return datetime.fromisoformat(rows[0]["seen_at"]) if rows else None
