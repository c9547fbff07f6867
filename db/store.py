"""Opening the SQLite store: WAL mode and the numbered migrations, applied in order at start.

Write transactions open with `BEGIN IMMEDIATE`: a deferred BEGIN that reads before it writes gets
SQLITE_BUSY at once when another process holds the write lock, and no busy timeout helps it; an
immediate one waits its turn. The connection is shared with the bot's one store worker thread.
"""
from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Generator
from pathlib import Path
from typing import Callable

import sqlite_utils

BUSY_TIMEOUT_MS = 1500  # short: the worker retries a few times, and the player is answered meanwhile


class Store(sqlite_utils.Database):
    """sqlite-utils' Database whose outermost transactions take the write lock when they begin."""

    @contextlib.contextmanager
    def atomic(self) -> Generator[sqlite_utils.Database, None, None]:
        if self.conn.in_transaction:
            with super().atomic() as db:  # a savepoint inside the open transaction
                yield db
            return
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self
        except BaseException:
            self.rollback()
            raise
        else:
            try:
                self.conn.execute("COMMIT")
            except BaseException:
                self.rollback()
                raise

    def schema_version(self) -> int:
        return self.execute("PRAGMA user_version").fetchone()[0]

    def close(self) -> None:
        self.conn.close()

Migration = Callable[[sqlite_utils.Database], None]


def _m1_initial(db: sqlite_utils.Database) -> None:
    db["games"].create(
        {
            "id": int, "kind": str, "guild_id": int, "channel_id": int, "thread_id": int,
            "board_message_id": int, "players": str, "state": str, "version": int, "status": str,
            "deadline": str, "broken_reason": str, "created_at": str, "updated_at": str,
        },
        pk="id", not_null={"kind", "state", "version", "status", "players"},
        defaults={"version": 0, "status": "running"},
    )
    db["games"].create_index(["status"])
    db["games"].create_index(["thread_id"])
    db["game_players"].create({"game_id": int, "user_id": int}, pk=("game_id", "user_id"),
                              foreign_keys=[("game_id", "games", "id")])
    db["game_players"].create_index(["user_id"])
    db["players"].create({"user_id": int, "xp": int, "xp_day": str, "xp_today": int,
                          "created_at": str}, pk="user_id", defaults={"xp": 0, "xp_today": 0})
    db["progress"].create({"user_id": int, "kind": str, "data": str, "updated_at": str},
                          pk=("user_id", "kind"))
    db["guild_settings"].create({"guild_id": int, "daily_channel_id": int, "timer_seconds": int,
                                 "companion_mode": str}, pk="guild_id")
    db["daily_posts"].create({"guild_id": int, "day": str, "channel_id": int, "message_id": int,
                              "posted_at": str}, pk=("guild_id", "day"))
    db["daily_results"].create({"user_id": int, "kind": str, "day": str, "score": int,
                                "practice": int, "finished_at": str}, pk=("user_id", "kind", "day"))


def _m2_running_slots(db: sqlite_utils.Database) -> None:
    """One running game per player, kind and server, guaranteed by the store itself (a double click,
    a double-submitted command or a second process cannot make two)."""
    db["running_slots"].create({"user_id": int, "kind": str, "guild_id": int, "game_id": int},
                               pk=("user_id", "kind", "guild_id"))
    db["running_slots"].create_index(["game_id"])
    db.execute("insert or ignore into running_slots (user_id, kind, guild_id, game_id) "
               "select game_players.user_id, games.kind, coalesce(games.guild_id, 0), games.id "
               "from games join game_players on game_players.game_id = games.id "
               "where games.status = 'running' order by games.id desc")


def _m3_companion_decisions(db: sqlite_utils.Database) -> None:
    """Every decision of the tactics companion's pilot (issue 11): read by /tactics companion and the eval."""
    db["companion_decisions"].create(
        {
            "id": int, "fight": str, "guild_id": int, "round": int, "fighter": str, "model": str,
            "latency_s": float, "tokens_in": int, "tokens_out": int, "calls": int, "decision": str,
            "number": int, "code": str, "reason": str, "say": str, "offered": str, "steps": str,
            "created_at": str,
        },
        pk="id", not_null={"decision", "code", "created_at"},
        defaults={"tokens_in": 0, "tokens_out": 0, "calls": 0},
    )
    db["companion_decisions"].create_index(["fight", "id"])
    db["companion_decisions"].create_index(["guild_id", "created_at"])


MIGRATIONS: list[Migration] = [_m1_initial, _m2_running_slots, _m3_companion_decisions]


def migrate(db: sqlite_utils.Database) -> int:
    """Apply every migration newer than the stored user_version; returns the version reached.

    The version is read again inside each migration's write transaction: processes starting together
    on a new store apply each migration once, the others find it done.
    """
    for number, migration in enumerate(MIGRATIONS, start=1):
        if number <= db.schema_version():
            continue
        with db.atomic():
            if number <= db.schema_version():
                continue  # another process applied it while this one waited for the write lock
            migration(db)
            db.execute(f"PRAGMA user_version = {number}")
    return len(MIGRATIONS)


def open_store(path: str | Path) -> Store:
    """The database at `path` (created with its folder if new), in WAL mode and fully migrated."""
    path = Path(path)
    if str(path) != ":memory:":
        path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(str(path), check_same_thread=False, timeout=BUSY_TIMEOUT_MS / 1000,
                           isolation_level=None)
    db = Store(conn)
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        db.enable_wal()
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA synchronous = NORMAL")
    migrate(db)
    return db
