"""The tactics companion's decisions: one row each, for `/tactics companion`, the eval and replays; and
the daily count of model calls each server has reserved."""
from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

from .store import Store

TABLE = "companion_decisions"
CALLS = "companion_calls"
TEXT_LIMIT = 4000  # a raw answer or error body is kept to this many characters

log = logging.getLogger(__name__)


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
        "prompt_hash": decision.get("prompt_hash"), "answer": _cut(decision.get("answer")),
        "error_body": _cut(decision.get("error_body")), "seq": decision.get("seq"),
        "player_call": _cut(decision.get("call")),
        "forecasts": decision.get("forecasts"),
        "created_at": now.astimezone(UTC).isoformat(),
    }
    with db.atomic():
        return db.insert(TABLE, row)


def _cut(text: str | None) -> str | None:
    return None if text is None else str(text)[:TEXT_LIMIT]


def _decoded(row: dict) -> dict:
    """A stored row with its lists decoded; a ValueError (or TypeError) when the row cannot be read."""
    decoded = {**row, "offered": json.loads(row["offered"] or "[]"), "steps": json.loads(row["steps"] or "[]")}
    if not isinstance(decoded["offered"], list) or not isinstance(decoded["steps"], list):
        raise ValueError("offered and steps must be lists")
    for name in ("round", "tokens_in", "tokens_out"):
        int(decoded[name] or 0)
    float(decoded["latency_s"] or 0.0)
    return decoded


def readable(rows: list[dict]) -> tuple[list[dict], int]:
    """The rows that can be read, decoded, and how many could not (each logged once here)."""
    found, skipped = [], 0
    for row in rows:
        try:
            found.append(_decoded(row))
        except (TypeError, ValueError) as e:
            skipped += 1
            log.warning("companion decision %s cannot be read: %s", row.get("id"), e)
    return found, skipped


def last_readable(db: Store, fight: str | int) -> tuple[dict | None, int]:
    """The newest decision of a fight that can be read, and how many newer ones could not."""
    skipped = 0
    for row in db.rows(f"select * from {TABLE} where fight = ? order by id desc", [str(fight)]):
        found, bad = readable([row])
        if found:
            return found[0], skipped
        skipped += bad
    return None, skipped


def last_decision(db: Store, fight: str | int) -> dict | None:
    """The newest readable decision stored for a fight (its offered turns and steps decoded), or None."""
    return last_readable(db, fight)[0]


def decisions(db: Store, fight: str | int) -> list[dict]:
    """Every readable decision of a fight, oldest first."""
    return readable(db.rows(f"select * from {TABLE} where fight = ? order by id", [str(fight)]))[0]


def _day(now: datetime) -> str:
    return now.astimezone(UTC).date().isoformat()


def calls_today(db: Store, guild_id: int, now: datetime) -> int:
    """Model calls reserved for this guild since 00:00 UTC."""
    row = db.execute(f"select calls from {CALLS} where guild_id = ? and day = ?", [guild_id, _day(now)]).fetchone()
    return int(row[0]) if row else 0


def reserve_call(db: Store, guild_id: int, now: datetime, limit: int) -> bool:
    """Count one model call for this guild today, unless `limit` are already counted: True when it may
    be sent. One statement decides, so two fights asking for the last call cannot both get it."""
    day = _day(now)
    with db.atomic():
        db.execute(f"insert into {CALLS} (guild_id, day, calls) values (?, ?, 0) "
                   "on conflict (guild_id, day) do nothing", [guild_id, day])
        taken = db.execute(f"update {CALLS} set calls = calls + 1 where guild_id = ? and day = ? and calls < ? "
                           "returning calls", [guild_id, day, limit]).fetchall()
    return bool(taken)


def budget_noticed_today(db: Store, guild_id: int, now: datetime) -> bool:
    """Whether a decision past the day's budget was already stored for this guild today (said once)."""
    start = datetime.combine(now.astimezone(UTC).date(), datetime.min.time(), tzinfo=UTC).isoformat()
    row = db.execute(f"select count(*) from {TABLE} where guild_id = ? and created_at >= ? and code = 'budget'",
                     [guild_id, start]).fetchone()
    return row[0] > 0
