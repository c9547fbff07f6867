"""The tactics companion's decisions: one row each, for `/tactics companion`, the eval and the daily budget."""
from __future__ import annotations

import json
from datetime import UTC, datetime, time

from .store import Store

TABLE = "companion_decisions"


def record(db: Store, decision: dict, *, fight: str | int | None, guild_id: int | None,
           fighter: str, now: datetime) -> int:
    """Store one decision (a CompanionDecision dumped to a dict); returns its row id."""
    row = {
        "fight": None if fight is None else str(fight), "guild_id": guild_id, "round": decision["round"],
        "fighter": fighter, "model": decision.get("model"), "latency_s": decision["latency_s"],
        "tokens_in": decision["tokens_in"], "tokens_out": decision["tokens_out"], "calls": decision["calls"],
        "decision": decision["decision"], "number": decision.get("number"), "code": decision["code"],
        "reason": decision["reason"], "say": decision.get("say", ""),
        "offered": json.dumps(decision.get("offered", [])), "steps": json.dumps(decision.get("steps", [])),
        "created_at": now.astimezone(UTC).isoformat(),
    }
    with db.atomic():
        return db.insert(TABLE, row)


def _decoded(row: dict) -> dict:
    return {**row, "offered": json.loads(row["offered"] or "[]"), "steps": json.loads(row["steps"] or "[]")}


def last_decision(db: Store, fight: str | int) -> dict | None:
    """The newest decision stored for a fight (its offered turns and steps decoded), or None."""
    rows = db.rows(f"select * from {TABLE} where fight = ? order by id desc limit 1", [str(fight)])
    return _decoded(rows[0]) if rows else None


def decisions(db: Store, fight: str | int) -> list[dict]:
    """Every decision of a fight, oldest first."""
    return [_decoded(r) for r in db.rows(f"select * from {TABLE} where fight = ? order by id", [str(fight)])]


def _day_start(now: datetime) -> str:
    day = now.astimezone(UTC).date()
    return datetime.combine(day, time(0), tzinfo=UTC).isoformat()


def calls_today(db: Store, guild_id: int, now: datetime) -> int:
    """Requests sent to the model server for this guild since 00:00 UTC."""
    row = db.execute(f"select coalesce(sum(calls), 0) from {TABLE} where guild_id = ? and created_at >= ?",
                     [guild_id, _day_start(now)]).fetchone()
    return int(row[0])


def budget_noticed_today(db: Store, guild_id: int, now: datetime) -> bool:
    """Whether a decision past the day's budget was already stored for this guild today (said once)."""
    row = db.execute(f"select count(*) from {TABLE} where guild_id = ? and created_at >= ? and code = 'budget'",
                     [guild_id, _day_start(now)]).fetchone()
    return row[0] > 0
