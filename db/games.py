"""Game records: one row per game, its saved state and a version that every change bumps.

Every change is one transaction guarded by the version the caller read, so two writers can never
both win: the second gets StaleGame and changes nothing.
"""
from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime

from .store import Store

RUNNING, FINISHED, BROKEN = "running", "finished", "broken"


class StaleGame(Exception):
    """The game changed (or ended) since the caller read it."""


class AlreadyRunning(Exception):
    """A player already has a running game of this kind in this server (the store allows one)."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"game {game_id} is already running")
        self.game_id = game_id


def _free_slots(db: Store, game_id: int) -> None:
    db.execute("delete from running_slots where game_id = ?", [game_id])


@dataclass(frozen=True)
class GameRecord:
    id: int
    kind: str
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    board_message_id: int | None
    players: tuple[int, ...]
    state: str
    version: int
    status: str
    deadline: datetime | None
    broken_reason: str | None
    created_at: str
    updated_at: str

    @property
    def running(self) -> bool:
        return self.status == RUNNING

    @classmethod
    def from_row(cls, row: dict) -> GameRecord:
        return cls(
            id=row["id"], kind=row["kind"], guild_id=row["guild_id"], channel_id=row["channel_id"],
            thread_id=row["thread_id"], board_message_id=row["board_message_id"],
            players=tuple(json.loads(row["players"])), state=row["state"], version=row["version"],
            status=row["status"],
            deadline=datetime.fromisoformat(row["deadline"]) if row["deadline"] else None,
            broken_reason=row["broken_reason"], created_at=row["created_at"],
            updated_at=row["updated_at"],
        )


def _record(db: Store, row: dict) -> GameRecord:
    """The row as a record; a row that does not parse is marked broken (that game alone), not raised."""
    try:
        return GameRecord.from_row(row)
    except (ValueError, TypeError, KeyError) as exc:
        reason = f"unreadable game row: {type(exc).__name__}: {exc}"[:300]
        if row.get("status") != BROKEN:
            with db.atomic():
                db.execute("update games set status = ?, broken_reason = ?, deadline = null, "
                           "version = version + 1 where id = ?", [BROKEN, reason, row["id"]])
                _free_slots(db, row["id"])
        return GameRecord(id=row["id"], kind=str(row.get("kind")), guild_id=None, channel_id=None,
                          thread_id=None, board_message_id=None, players=(), state=str(row.get("state")),
                          version=int(row.get("version") or 0) + 1, status=BROKEN, deadline=None,
                          broken_reason=reason, created_at=str(row.get("created_at")),
                          updated_at=str(row.get("updated_at")))


def _records(db: Store, rows: Iterable[dict]) -> list[GameRecord]:
    """The rows that parse; the others are marked broken and left out, so one bad row blocks nothing."""
    return [r for r in (_record(db, row) for row in list(rows)) if r.status != BROKEN]


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def create_game(db: Store, *, kind: str, guild_id: int | None, channel_id: int | None,
                players: Iterable[int], state: str, now: datetime,
                deadline: datetime | None = None) -> GameRecord:
    players = tuple(players)
    with db.atomic():
        for player in players:
            taken = db.execute("select game_id from running_slots where user_id = ? and kind = ? and guild_id = ?",
                               [player, kind, guild_id or 0]).fetchone()
            if taken is not None:
                raise AlreadyRunning(taken[0])
        game_id = db.insert("games", {
            "kind": kind, "guild_id": guild_id, "channel_id": channel_id, "thread_id": None,
            "board_message_id": None, "players": json.dumps(players), "state": state, "version": 1,
            "status": RUNNING, "deadline": _iso(deadline), "broken_reason": None,
            "created_at": now.isoformat(), "updated_at": now.isoformat(),
        })
        for player in players:
            db.execute("insert into game_players (game_id, user_id) values (?, ?)", [game_id, player])
            # A slot another process took since the check above (PostgreSQL lets both check at once):
            # this start loses, and its transaction is rolled back whole.
            took = db.execute("insert into running_slots (user_id, kind, guild_id, game_id) values (?, ?, ?, ?) "
                              "on conflict (user_id, kind, guild_id) do nothing",
                              [player, kind, guild_id or 0, game_id]).rowcount
            if took != 1:
                taken = db.execute("select game_id from running_slots where user_id = ? and kind = ? and guild_id = ?",
                                   [player, kind, guild_id or 0]).fetchone()
                raise AlreadyRunning(taken[0] if taken else 0)
    return _still_there(db, game_id)


def get_game(db: Store, game_id: int) -> GameRecord | None:
    rows = db.rows("select * from games where id = ?", [game_id])
    return _record(db, rows[0]) if rows else None


def _still_there(db: Store, game_id: int) -> GameRecord:
    """The game just written; deleted meanwhile (its thread went away), it is as stale as can be."""
    game = get_game(db, game_id)
    if game is None:
        raise StaleGame(f"game {game_id} no longer exists")
    return game


def running_game_in_thread(db: Store, thread_id: int) -> GameRecord | None:
    rows = db.rows("select * from games where thread_id = ? and status = ? order by id desc", [thread_id, RUNNING])
    return next(iter(_records(db, rows)), None)


def running_games_of(db: Store, user_id: int, guild_id: int | None = None,
                     kind: str | None = None) -> list[GameRecord]:
    # From the player's own rows (a subquery on game_players' user index), not from every running game:
    # without statistics SQLite would walk the status index, and a store's running games grow with it.
    sql = ("select games.* from games where games.id in (select game_id from game_players where user_id = ?) "
           "and games.status = ?")
    params: list = [user_id, RUNNING]
    if guild_id is not None:
        sql += " and games.guild_id = ?"
        params.append(guild_id)
    if kind is not None:
        sql += " and games.kind = ?"
        params.append(kind)
    return _records(db, db.rows(sql + " order by games.id", params))


def held_games_of(db: Store, user_id: int, guild_id: int | None = None) -> list[GameRecord]:
    """Every game holding one of the player's running slots: the running ones, and any whose status the
    bot does not know (still blocking a new start until it is ended)."""
    sql = ("select games.* from games where id in (select game_id from running_slots where user_id = ?"
           + (" and guild_id = ?" if guild_id is not None else "") + ") or id in (select games.id from games "
           "join game_players on game_players.game_id = games.id where game_players.user_id = ? and status = ?"
           + (" and games.guild_id = ?" if guild_id is not None else "") + ") order by id")
    params: list = [user_id, *([guild_id or 0] if guild_id is not None else []), user_id, RUNNING,
                    *([guild_id] if guild_id is not None else [])]
    return _records(db, db.rows(sql, params))


def games_with_deadlines(db: Store) -> list[GameRecord]:
    """The running games with a deadline (re-armed at start-up), read from the partial index that holds
    just those, so start-up stays flat however many games the store holds. SQLite, without statistics,
    prefers the status index (every running game) and must be told; PostgreSQL's planner has them."""
    hint = " indexed by idx_games_timed" if db.dialect == "sqlite" else ""
    return _records(db, db.rows(f"select * from games{hint} where status = '{RUNNING}' and deadline is not null "
                                "order by deadline"))



def _update(db: Store, game_id: int, expected_version: int, now: datetime,
            fields: dict, also: Callable[[], None] | None = None) -> GameRecord:
    assignments = ", ".join(f"{name} = ?" for name in fields)
    alone = also is None and fields.get("status", RUNNING) == RUNNING
    # One statement alone is a transaction of its own on either store: no BEGIN and COMMIT round trips.
    with contextlib.nullcontext() if alone else db.atomic():
        rows = db.rows(  # the row as written comes back with the write: no second read
            f"update games set {assignments}, version = version + 1, updated_at = ? "
            "where id = ? and version = ? returning *",
            [*fields.values(), now.isoformat(), game_id, expected_version],
        )
        if len(rows) != 1:
            raise StaleGame(f"game {game_id} is no longer at version {expected_version}")
        if fields.get("status", RUNNING) != RUNNING:
            _free_slots(db, game_id)
        if also is not None:
            also()  # the progress this change earned, committed with it
    return _record(db, rows[0])


_UNSET = object()


def _leave(db: Store, game_id: int, users: list[int], then: Callable[[], None] | None) -> Callable[[], None]:
    """The part of a save that takes players out of a game (inside its transaction)."""
    def leave() -> None:
        for user in users:
            db.execute("delete from game_players where game_id = ? and user_id = ?", [game_id, user])
            db.execute("delete from running_slots where game_id = ? and user_id = ?", [game_id, user])
        if then is not None:
            then()
    return leave


def save_game(db: Store, game: GameRecord, *, now: datetime, state: str | None = None,
              status: str | None = None, deadline: datetime | None | object = _UNSET,
              thread_id: int | None = None, board_message_id: int | None = None,
              also: Callable[[], None] | None = None, leaving: Iterable[int] = ()) -> GameRecord:
    """Write the given fields in one transaction that bumps the version; StaleGame if it moved on.

    `also` runs inside that transaction once the version check has passed: progress a move earned
    is written with the move, never without it. `leaving` are players who are no longer in the game
    (a friend who declined): they stop being its players and their running slot is freed with it.
    """
    fields: dict = {}
    gone = [user for user in leaving if user in game.players]
    if gone:
        fields["players"] = json.dumps([user for user in game.players if user not in gone])
        also = _leave(db, game.id, gone, also)
    if state is not None:
        fields["state"] = state
    if status is not None:
        fields["status"] = status
    if deadline is not _UNSET:
        fields["deadline"] = _iso(deadline)  # type: ignore[arg-type]
    if thread_id is not None:
        fields["thread_id"] = thread_id
    if board_message_id is not None:
        fields["board_message_id"] = board_message_id
    return _update(db, game.id, game.version, now, fields, also)


def set_location(db: Store, game_id: int, *, thread_id: int | None = None,
                 board_message_id: int | None = None) -> GameRecord:
    """Where the game is shown. Not a change to the game, so the version stays: live buttons keep working."""
    fields = {name: value for name, value in
              (("thread_id", thread_id), ("board_message_id", board_message_id)) if value is not None}
    if fields:
        assignments = ", ".join(f"{name} = ?" for name in fields)
        with db.atomic():
            db.execute(f"update games set {assignments} where id = ?", [*fields.values(), game_id])
    return _still_there(db, game_id)


def resume_clock(db: Store, game: GameRecord, *, state: str, deadline: datetime) -> GameRecord | None:
    """A game's clock moved on by the time the bot was away: its deadline and the state's own clock.
    Not a change to the game, so the version stays (its live buttons keep working); None when the game
    moved on since `game` was read."""
    with db.atomic():
        rows = db.rows("update games set state = ?, deadline = ? where id = ? and version = ? and status = ? "
                       "returning *", [state, _iso(deadline), game.id, game.version, RUNNING])
    return _record(db, rows[0]) if rows else None


def delete_game(db: Store, game_id: int) -> None:
    """Remove a game that never reached its player (no thread could be opened for it)."""
    with db.atomic():
        _free_slots(db, game_id)
        db.execute("delete from game_players where game_id = ?", [game_id])
        db.execute("delete from games where id = ?", [game_id])


def mark_broken(db: Store, game_id: int, reason: str, now: datetime) -> None:
    """Take a game whose saved state no longer loads out of play, keeping the state for inspection."""
    with db.atomic():
        db.execute("update games set status = ?, broken_reason = ?, deadline = null, "
                   "version = version + 1, updated_at = ? where id = ?",
                   [BROKEN, reason, now.isoformat(), game_id])
        _free_slots(db, game_id)


def running_games_in_guild(db: Store, guild_id: int) -> list[GameRecord]:
    """Every running game of one server, oldest first (local play reopens them at start)."""
    return _records(db, db.rows("select * from games where guild_id = ? and status = ? order by id",
                                [guild_id, RUNNING]))


def finished_games_of(db: Store, user_id: int, guild_id: int, limit: int) -> list[GameRecord]:
    """A player's finished games in one server, the last to end first (local play's /open offers them)."""
    return _records(db, db.rows(
        "select games.* from games where games.id in (select game_id from game_players where user_id = ?) "
        "and games.guild_id = ? and games.status = ? "
        "order by games.updated_at desc, games.id desc limit ?", [user_id, guild_id, FINISHED, limit]))
