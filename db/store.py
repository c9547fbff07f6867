"""The store: a SQLite file (the default) or a PostgreSQL database (DATABASE_URL), one interface.

The db modules speak plain SQL with `?` placeholders through `execute`, `rows`, `insert`, `upsert`
and `atomic`; the PostgreSQL store translates the placeholders, so no module knows which store it has.
Both apply the same numbered migrations, in order, at start: SQLite keeps the version reached in
`PRAGMA user_version`, PostgreSQL in a `schema_version` table.

SQLite write transactions open with `BEGIN IMMEDIATE`: a deferred BEGIN that reads before it writes
gets SQLITE_BUSY at once when another process holds the write lock, and no busy timeout helps it; an
immediate one waits its turn. PostgreSQL runs at READ COMMITTED: a versioned update that waited for
another writer re-reads the row and matches nothing, so the second writer still gets StaleGame.
The connection is shared with the bot's one store worker thread.
"""
from __future__ import annotations

import contextlib
import os
import re
import sqlite3
import time
from collections.abc import Callable, Generator, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeAlias

import sqlite_utils

from .saved_forms import tactics_in_todays_form, tactics_result_filled

BUSY_TIMEOUT_MS = 1500  # short: the worker retries a few times, and the player is answered meanwhile
START_ATTEMPTS = 6       # opening a store: each waits the busy timeout, then a growing pause
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
MIGRATION_LOCK = 0x6761_6D65  # PostgreSQL advisory lock held while a process migrates ("game")

try:  # the PostgreSQL driver is the optional extra `postgres`
    import psycopg
except ImportError:  # pragma: no cover - only without the extra
    psycopg = None  # type: ignore[assignment]

STORE_ERRORS: tuple[type[BaseException], ...] = (sqlite3.Error,) + ((psycopg.Error,) if psycopg else ())


def is_busy(exc: BaseException) -> bool:
    """A failure worth a short retry: another writer holds a lock, or the server connection dropped."""
    if isinstance(exc, sqlite3.Error):
        text = str(exc).lower()
        return "locked" in text or "busy" in text
    if psycopg is not None and isinstance(exc, psycopg.Error):
        return isinstance(exc, psycopg.OperationalError)  # lock timeout, deadlock, serialization, lost link
    return False


class _SQL:
    """What every store offers the db modules, in SQL both engines read."""

    execute: Callable[..., Any]  # (sql, params) -> a DB-API cursor; each store has its own

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict]:
        cursor = self.execute(sql, params)
        columns = [column[0] for column in cursor.description]
        return [dict(zip(columns, row)) for row in cursor.fetchall()]

    def insert(self, table: str, row: dict) -> int:
        """Insert one row of a table keyed by `id`; returns the id it was given."""
        columns = ", ".join(row)
        marks = ", ".join("?" for _ in row)
        cursor = self.execute(f"insert into {table} ({columns}) values ({marks}) returning id",
                              list(row.values()))
        return cursor.fetchall()[0][0]  # read to the end: a SQLite statement left open keeps its lock

    def upsert(self, table: str, row: dict, pk: Sequence[str]) -> None:
        """Insert the row, or update the given columns of the row with the same key."""
        columns = ", ".join(row)
        marks = ", ".join("?" for _ in row)
        updates = ", ".join(f"{name} = excluded.{name}" for name in row if name not in pk)
        action = f"do update set {updates}" if updates else "do nothing"
        self.execute(f"insert into {table} ({columns}) values ({marks}) on conflict ({', '.join(pk)}) {action}",
                     list(row.values()))


class SQLiteStore(sqlite_utils.Database, _SQL):
    """sqlite-utils' Database whose outermost transactions take the write lock when they begin."""

    dialect = "sqlite"

    @contextlib.contextmanager
    def atomic(self) -> Generator[SQLiteStore, None, None]:
        if self.conn.in_transaction:
            with super().atomic():  # a savepoint inside the open transaction
                yield self
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

    @contextlib.contextmanager
    def migrating(self) -> Generator[None, None, None]:
        """Nothing to take: each migration's BEGIN IMMEDIATE makes this process the one writer."""
        yield

    def schema_version(self) -> int:
        return self.execute("PRAGMA user_version").fetchone()[0]

    def close(self) -> None:
        """Refresh the planner's statistics where they went stale (SQLite's advice), move the WAL's pages
        into the file, then close: a copy of the .db file alone then holds every game."""
        with contextlib.suppress(sqlite3.Error):
            self.conn.execute("PRAGMA optimize")
        with contextlib.suppress(sqlite3.Error):  # another process still reading: its close will do it
            self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self.conn.close()

    def set_schema_version(self, number: int) -> None:
        self.execute(f"PRAGMA user_version = {int(number)}")



_PG_TYPES = {int: "bigint", str: "text", float: "double precision"}
_PLACEHOLDER = re.compile(r"'[^']*'|\?|%")


def _pg_sql(sql: str) -> str:
    """`?` placeholders as psycopg's `%s`; every literal % doubled, a ? inside quotes left alone."""
    def swap(match: re.Match[str]) -> str:
        text = match.group(0)
        return "%s" if text == "?" else text.replace("%", "%%")
    return _PLACEHOLDER.sub(swap, sql)


def _pg_literal(value: Any) -> str:
    if isinstance(value, str):
        return "'" + value.replace("'", "''") + "'"
    return str(int(value) if isinstance(value, bool) else value)


class PostgresStore(_SQL):
    """A PostgreSQL database through psycopg 3, answering like the SQLite store."""

    dialect = "postgresql"

    def __init__(self, url: str) -> None:
        if psycopg is None:
            raise RuntimeError("DATABASE_URL names PostgreSQL, but psycopg is not installed: "
                               "pip install -e '.[postgres]'")
        self.url = url
        self._depth = 0
        self.conn = self._connect()

    def _connect(self) -> Any:
        conn = psycopg.connect(self.url, autocommit=True)
        conn.execute(f"set lock_timeout = {BUSY_TIMEOUT_MS}")
        return conn

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        if self._depth == 0 and (self.conn.closed or self.conn.broken):
            self.conn = self._connect()  # the server went away and came back: a new link
        return self.conn.execute(_pg_sql(sql), list(params))

    @contextlib.contextmanager
    def atomic(self) -> Generator[PostgresStore, None, None]:
        if self._depth == 0 and (self.conn.closed or self.conn.broken):
            self.conn = self._connect()
        self._depth += 1
        try:
            with self.conn.transaction():  # nested ones are savepoints
                yield self
        finally:
            self._depth -= 1

    def add_table(self, name: str, columns: dict[str, type], *, pk: str | tuple[str, ...],
                     not_null: Iterable[str] = (), defaults: dict[str, Any] | None = None,
                     foreign_keys: Iterable[tuple[str, str, str]] = ()) -> None:
        keys = (pk,) if isinstance(pk, str) else tuple(pk)
        not_null, defaults = set(not_null), defaults or {}
        references = {column: (table, other) for column, table, other in foreign_keys}
        lines = []
        for column, kind in columns.items():
            if keys == (column,) and kind is int:
                lines.append(f"{column} bigint generated by default as identity primary key")
                continue
            line = f"{column} {_PG_TYPES[kind]}"
            if column in not_null:
                line += " not null"
            if column in defaults:
                line += f" default {_pg_literal(defaults[column])}"
            if column in references:
                line += f" references {references[column][0]} ({references[column][1]})"
            lines.append(line)
        if len(keys) > 1 or columns.get(keys[0]) is not int:
            lines.append(f"primary key ({', '.join(keys)})")
        self.execute(f"create table {name} ({', '.join(lines)})")

    def add_index(self, table: str, columns: list[str]) -> None:
        self.execute(f"create index idx_{table}_{'_'.join(columns)} on {table} ({', '.join(columns)})")

    @contextlib.contextmanager
    def migrating(self) -> Generator[None, None, None]:
        """One process migrates at a time; the others wait, then find the work done. The lock is the
        session's, taken before any transaction: one begun earlier could read a stale catalog."""
        self.execute("select pg_advisory_lock(?)", [MIGRATION_LOCK])
        try:
            yield
        finally:
            self.execute("select pg_advisory_unlock(?)", [MIGRATION_LOCK])

    def schema_version(self) -> int:
        if self.execute("select to_regclass('schema_version')").fetchone()[0] is None:
            return 0
        row = self.execute("select max(version) from schema_version").fetchone()
        return row[0] or 0

    def set_schema_version(self, number: int) -> None:
        self.execute("create table if not exists schema_version (version integer not null)")
        self.execute("delete from schema_version")
        self.execute("insert into schema_version (version) values (?)", [number])

    def table_names(self) -> list[str]:
        return [row[0] for row in self.execute(
            "select table_name from information_schema.tables where table_schema = current_schema() "
            "order by table_name").fetchall()]

    def close(self) -> None:
        self.conn.close()


Store: TypeAlias = SQLiteStore | PostgresStore


def _add_table(db: Store | sqlite_utils.Database, name: str, columns: dict[str, type], **spec: Any) -> None:
    """A table in either store (on SQLite, sqlite-utils' own `create`, so its schema is as it always was)."""
    if isinstance(db, PostgresStore):
        db.add_table(name, columns, **spec)
        return
    db.table(name).create(columns, pk=spec["pk"], not_null=set(spec.get("not_null", ())),
                    defaults=spec.get("defaults") or {}, foreign_keys=list(spec.get("foreign_keys", ())))


def _add_index(db: Store | sqlite_utils.Database, table: str, columns: list[str]) -> None:
    if isinstance(db, PostgresStore):
        db.add_index(table, columns)
    else:
        db.table(table).create_index(columns)

Migration = Callable[[Store], None]


def _m1_initial(db: Store) -> None:
    _add_table(
        db, "games",
        {
            "id": int, "kind": str, "guild_id": int, "channel_id": int, "thread_id": int,
            "board_message_id": int, "players": str, "state": str, "version": int, "status": str,
            "deadline": str, "broken_reason": str, "created_at": str, "updated_at": str,
        },
        pk="id", not_null={"kind", "state", "version", "status", "players"},
        defaults={"version": 0, "status": "running"},
    )
    _add_index(db, "games", ["status"])
    _add_index(db, "games", ["thread_id"])
    _add_table(db, "game_players", {"game_id": int, "user_id": int}, pk=("game_id", "user_id"),
                    foreign_keys=[("game_id", "games", "id")])
    _add_index(db, "game_players", ["user_id"])
    _add_table(db, "players", {"user_id": int, "xp": int, "xp_day": str, "xp_today": int, "created_at": str},
                    pk="user_id", defaults={"xp": 0, "xp_today": 0})
    _add_table(db, "progress", {"user_id": int, "kind": str, "data": str, "updated_at": str},
                    pk=("user_id", "kind"))
    _add_table(db, "guild_settings", {"guild_id": int, "daily_channel_id": int, "timer_seconds": int,
                                       "companion_mode": str}, pk="guild_id")
    _add_table(db, "daily_posts", {"guild_id": int, "day": str, "channel_id": int, "message_id": int,
                                    "posted_at": str}, pk=("guild_id", "day"))
    _add_table(db, "daily_results", {"user_id": int, "kind": str, "day": str, "score": int,
                                      "practice": int, "finished_at": str}, pk=("user_id", "kind", "day"))


def _m2_running_slots(db: Store) -> None:
    """One running game per player, kind and server, guaranteed by the store itself (a double click,
    a double-submitted command or a second process cannot make two)."""
    _add_table(db, "running_slots", {"user_id": int, "kind": str, "guild_id": int, "game_id": int},
                    pk=("user_id", "kind", "guild_id"))
    _add_index(db, "running_slots", ["game_id"])
    db.execute("insert into running_slots (user_id, kind, guild_id, game_id) "
               "select game_players.user_id, games.kind, coalesce(games.guild_id, 0), games.id "
               "from games join game_players on game_players.game_id = games.id "
               "where games.status = 'running' order by games.id desc "
               "on conflict (user_id, kind, guild_id) do nothing")


def _m3_companion_decisions(db: Store) -> None:
    """Every decision of the tactics companion's pilot: read by /tactics companion and the eval."""
    _add_table(
        db, "companion_decisions",
        {
            "id": int, "fight": str, "guild_id": int, "round": int, "fighter": str, "model": str,
            "latency_s": float, "tokens_in": int, "tokens_out": int, "calls": int, "decision": str,
            "number": int, "code": str, "reason": str, "say": str, "offered": str, "steps": str,
            "created_at": str,
        },
        pk="id", not_null={"decision", "code", "created_at"},
        defaults={"tokens_in": 0, "tokens_out": 0, "calls": 0},
    )
    _add_index(db, "companion_decisions", ["fight", "id"])
    _add_index(db, "companion_decisions", ["guild_id", "created_at"])


def _m4_deadline_index(db: Store) -> None:
    """Re-arming reads the running games with a deadline: a partial index holding just those keeps
    start-up flat however many games the store holds (the same SQL on SQLite and PostgreSQL)."""
    db.execute("create index if not exists idx_games_timed on games (deadline) "
               "where status = 'running' and deadline is not null")


def _m5_companion_replay(db: Store) -> None:
    """What replays a companion's choice (the prompt's hash, the raw answer or the server's error body,
    the fight's seq), and the daily call counter each model call reserves before it is sent, seeded from
    the calls already stored for each server and day."""
    for column, kind in (("prompt_hash", "text"), ("answer", "text"), ("error_body", "text"), ("seq", "integer")):
        db.execute(f"alter table companion_decisions add column {column} {kind}")
    _add_table(db, "companion_calls", {"guild_id": int, "day": str, "calls": int}, pk=("guild_id", "day"),
               not_null={"calls"}, defaults={"calls": 0})
    db.execute("insert into companion_calls (guild_id, day, calls) "
               "select guild_id, substr(created_at, 1, 10), sum(calls) from companion_decisions "
               "where guild_id is not null group by guild_id, substr(created_at, 1, 10)")


def _m6_companion_call(db: Store) -> None:
    """The player's word to the companion (`/tactics tell`) that a decision was given, kept with it."""
    db.execute("alter table companion_decisions add column player_call text")


def _m7_companion_forecasts(db: Store) -> None:
    """How many of a decision's offered turns carried a forecast (null for decisions stored before)."""
    db.execute("alter table companion_decisions add column forecasts integer")


def _m8_server_language(db: Store) -> None:
    """The server's language: a host's /settings language, and a Community server's own, as Discord sent it."""
    db.execute("alter table guild_settings add column language text")
    db.execute("alter table guild_settings add column discord_language text")


def _m9_bot_clock(db: Store) -> None:
    """Each bot process's last heartbeat: a restart gives the running games' clocks the time it was away."""
    _add_table(db, "bot_clock", {"process": str, "seen_at": str}, pk="process", not_null={"seen_at"})


def _tactics_upgraded(db: Store, form: Callable[[str], str | None]) -> None:
    for game_id, state in list(db.execute("select id, state from games where kind = 'tactics'").fetchall()):
        upgraded = form(state)
        if upgraded is not None:
            db.execute("update games set state = ? where id = ?", [upgraded, game_id])


def _m10_saved_fight_results(db: Store) -> None:
    """Tactics fights that ended before their typed result was kept get it, read once from their log."""
    _tactics_upgraded(db, tactics_result_filled)


def _m11_fights_without_words(db: Store) -> None:
    """Saved tactics fights keep only their events: the English log lines go (the result read from them first)."""
    _tactics_upgraded(db, tactics_in_todays_form)


MIGRATIONS: list[Migration] = [_m1_initial, _m2_running_slots, _m3_companion_decisions, _m4_deadline_index,
                               _m5_companion_replay, _m6_companion_call, _m7_companion_forecasts,
                               _m8_server_language, _m9_bot_clock, _m10_saved_fight_results,
                               _m11_fights_without_words]


class StoreError(Exception):
    """A store the bot cannot start on, in one line that names it and says what to do; nothing was written."""


def migrate(db: Store, name: str = "the store") -> int:
    """Apply every migration newer than the stored version; returns the version reached.

    The version is read again inside each migration's write transaction: processes starting together
    on a new store apply each migration once, the others find it done. A store from a newer release
    (a rollback) is refused, never written into.
    """
    stored = db.schema_version()
    if stored > len(MIGRATIONS):
        raise StoreError(f"{name} was written by a newer Game Hall (schema {stored}; this release knows up to "
                         f"{len(MIGRATIONS)}): run that release again, or set DATABASE_PATH to another file.")
    if stored == len(MIGRATIONS):
        return len(MIGRATIONS)
    with db.migrating():
        for number, migration in enumerate(MIGRATIONS, start=1):
            if number <= db.schema_version():
                continue
            with db.atomic():
                if number <= db.schema_version():
                    continue  # another process applied it while this one waited for the write lock
                migration(db)
                db.set_schema_version(number)
    return len(MIGRATIONS)


def open_store(target: str | Path) -> Store:
    """The store `target` names, fully migrated: a postgresql:// URL, or a SQLite file's path (created
    with its folder if new, in WAL mode)."""
    if isinstance(target, str) and target.startswith(POSTGRES_SCHEMES):
        db: Store = PostgresStore(target)
        migrate(db)
        return db
    path = Path(target)
    try:
        return _open_sqlite(path)
    except sqlite3.DatabaseError as exc:
        text = str(exc).lower()
        if "not a database" in text or "malformed" in text:
            raise StoreError(f"DATABASE_PATH={path} is not a Game Hall store (not an SQLite database): set "
                             "DATABASE_PATH to the store's own file or to a new one.") from None
        if "readonly" in text or "read-only" in text or "unable to open" in text:
            raise StoreError(_read_only(path)) from None
        raise


def _read_only(path: Path) -> str:
    return (f"DATABASE_PATH={path} cannot be written (a read-only file or folder): make it and its folder "
            "writable by the bot's user, or set DATABASE_PATH to a file it can write.")


def _open_sqlite(path: Path) -> SQLiteStore:
    """The SQLite file at `path`, made if new, in WAL mode and migrated; a StoreError when it cannot be."""
    if str(path) != ":memory:":
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"DATABASE_PATH={path}: its folder cannot be made ({exc.strerror or exc}): set "
                             "DATABASE_PATH to a path in a folder the bot's user can write.") from None
        if (path.exists() and not os.access(path, os.W_OK)) or not os.access(path.parent, os.W_OK):
            raise StoreError(_read_only(path))  # checked first: a read-only store would start, then fail each step
    conn = sqlite3.connect(str(path), check_same_thread=False, timeout=BUSY_TIMEOUT_MS / 1000,
                           isolation_level=None)
    try:
        return _prepared(SQLiteStore(conn), path)
    except BaseException:
        conn.close()  # refused: the file is left as it was, with no connection held on it
        raise


def _prepared(db: SQLiteStore, path: Path) -> SQLiteStore:
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA synchronous = NORMAL")
    # Start-up may wait longer than a press: processes starting together on a new file queue for the
    # write lock to switch it to WAL and migrate it (bounded: about 15 s in all, then the error stands).
    for attempt in range(START_ATTEMPTS):
        try:
            if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                db.enable_wal()
            migrate(db, f"DATABASE_PATH={path}")
            break
        except sqlite3.OperationalError as exc:
            if not is_busy(exc) or attempt + 1 == START_ATTEMPTS:
                raise
            time.sleep(0.25 * (attempt + 1))
    # Statistics, so the planner finds a player's games by player, not by scanning every running game:
    # gathered once here for a store that has none, kept fresh by `PRAGMA optimize` when it closes.
    if not db.execute("select 1 from sqlite_master where name = 'sqlite_stat1'").fetchone():
        with contextlib.suppress(sqlite3.OperationalError):  # another process is writing: its stats will do
            db.execute("ANALYZE")
    return db
