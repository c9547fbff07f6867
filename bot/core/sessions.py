"""Game sessions: start, act under a per-game lock, time out, and the refusals a player can read.

The store is the only source of truth: every action reloads the game, checks who and which version
is acting, applies the kind's rules and saves in one versioned write. Nothing lives only in memory,
so a restart loses nothing.

Store access and engine work run on one worker thread (`call`), never on the event loop; a store
that is locked, read-only, full or unreadable raises `StoreUnavailable` after a short, bounded retry,
and the transaction it was in changed nothing. Boards are drawn on a small pool of their own once the
change is saved (`drawn`), so a slow picture never holds the store worker or the game's lock.
The pure heavy work inside a board (its picture, the tactics planner's turns) runs in worker processes
(`processes`), shared by every bot of the process and held by these sessions while they run.
The store worker has an urgent lane (`lanes.Lanes`): deadline work (a pilot's preparation and answer,
a phase's time-out: `urgent`, `act(urgent=True)`) is taken before the ordinary presses queued ahead.
"""
from __future__ import annotations

import asyncio
import contextvars
import dataclasses
import functools
import logging
import time
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from typing import Any, TypeVar

from bot.words import current, read_in, reading, words
from db import games as game_store
from db.games import GameRecord, StaleGame
from db.guilds import get_settings
from db.store import STORE_ERRORS, Store, is_busy

from . import processes
from .actions import Action, RetiredAction
from .errors import AlreadyDone
from .kinds import Context, GameError, GameKind, Outcome, Seat
from .lanes import Lanes
from .languages import server_language
from .reply import Reply
from .results import (
    DONE_TEXT,
    NOT_PLAYER_TEXT,
    NOT_RUNNING_TEXT,
    NOT_YOUR_TURN_TEXT,
    PLAYER,
    STALE_TEXT,
    STORE_DOWN_TEXT,
    UNKNOWN_STATUS_TEXT,
    ActResult,
    Status,
    StoreUnavailable,
    broken_text,
)

log = logging.getLogger(__name__)

T = TypeVar("T")
STORE_RETRIES = 3          # attempts of one store call while the database is busy
STORE_RETRY_PAUSE = 0.05   # seconds between them (on the worker thread, never the loop)
BOT_PACKAGE = __name__.partition(".")[0] + "."
DRAWERS = 2                # threads drawing boards (Pillow releases the GIL while it encodes)


class Sessions:
    """The rules of sessions, shared by every front-end."""

    def __init__(self, db: Store, kinds: dict[str, GameKind[Any]],
                 clock: Callable[[], datetime], *, workers: int | None = None) -> None:
        """`workers`: the worker processes for pictures and plans (None: the default; 0: in-thread)."""
        self.db = db
        self.kinds = kinds
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        self._worker = Lanes(1, "store")
        self._drawers = ThreadPoolExecutor(max_workers=DRAWERS, thread_name_prefix="draw")
        # a new worker process starts with the bot's games' modules imported (their pictures and plans)
        games = tuple(m for m in (type(k).__module__ for k in kinds.values()) if m.startswith(BOT_PACKAGE))
        self.processes = processes.configure(workers, preload=games)
        self.processes.hold()

    async def call(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run `fn` (store access, engine work) on the store worker, off the event loop, in turn."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._worker, _here(self._guarded, fn, *args, **kwargs))

    async def urgent(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """`call` for deadline work: taken before the ordinary jobs already queued (never interrupting one)."""
        loop = asyncio.get_running_loop()
        with self._worker.urgently():
            job = loop.run_in_executor(self._worker, _here(self._guarded, fn, *args, **kwargs))
        return await job

    @staticmethod
    def _guarded(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        for attempt in range(STORE_RETRIES):
            try:
                return fn(*args, **kwargs)
            except STORE_ERRORS as exc:  # SQLite's or PostgreSQL's: the bot answers both alike
                if is_busy(exc) and attempt + 1 < STORE_RETRIES:
                    time.sleep(STORE_RETRY_PAUSE * (attempt + 1))
                    continue
                raise StoreUnavailable(f"{type(exc).__name__}: {exc}") from exc
        raise AssertionError("unreachable")

    async def draw(self, fn: Callable[..., T], *args: Any) -> T:
        """Run `fn` (a board's picture) on the drawing pool, off the event loop and the store worker."""
        return await asyncio.get_running_loop().run_in_executor(self._drawers, _here(fn, *args))

    async def drawn(self, result: ActResult) -> ActResult:
        """`result` with its board drawn, or its private view looked at (on the drawing pool; the change
        is already saved: a deadline was met by the save, so a pilot's board waits its turn like any other)."""
        if result.look is not None:
            return await self.draw(result.look)
        if result.draw is None:
            return result
        return dataclasses.replace(result, board=await self.draw(result.draw), draw=None)

    def close(self) -> None:
        self._worker.shutdown(wait=False, cancel_futures=True)
        self._drawers.shutdown(wait=False, cancel_futures=True)
        self.processes.let_go()

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    def kind(self, key: str) -> GameKind[Any]:
        return self.kinds[key]

    def context(self, game: GameRecord, actor: Seat | None) -> Context:
        timer = get_settings(self.db, game.guild_id).timer_seconds if game.guild_id else None
        user_id = actor if isinstance(actor, int) else None
        return Context(self.db, self.clock(), user_id, game, timer, seat=actor)

    def _deadline(self, kind: GameKind, state: Any, ctx: Context) -> datetime | None:
        seconds = kind.deadline_seconds(state, ctx)
        return ctx.now + timedelta(seconds=seconds) if seconds is not None else None

    # --- starting -----------------------------------------------------------------------------

    def start(self, key: str, *, guild_id: int | None, channel_id: int | None, players: list[int],
              state: Any) -> GameRecord:
        kind = self.kinds[key]
        now = self.clock()
        game = game_store.create_game(self.db, kind=key, guild_id=guild_id, channel_id=channel_id,
                                      players=players, state=kind.dump(state), now=now)
        deadline = self._deadline(kind, state, self.context(game, players[0] if players else None))
        if deadline is not None:
            game = game_store.save_game(self.db, game, now=now, deadline=deadline)
        return game

    def blocking_game(self, key: str, user_id: int, guild_id: int | None, *,
                      close_replaceable: bool = True) -> tuple[GameRecord | None, list[GameRecord]]:
        """A running game of this kind that stops the player starting another, and the games closed.

        Replaceable ones (nothing left in them to lose) are closed on the way, unless told not to.
        """
        kind = self.kinds[key]
        closed: list[GameRecord] = []
        for game in game_store.running_games_of(self.db, user_id, guild_id=guild_id, kind=key):
            state = self.load(game)
            if state is None:
                continue
            if close_replaceable and kind.replaceable(state):
                closed.append(self.end(game))
                continue
            return game, closed
        return None, closed

    def get(self, game_id: int) -> GameRecord | None:
        return game_store.get_game(self.db, game_id)

    def discard(self, game: GameRecord) -> None:
        """Remove a game that never reached its player (its thread could not be made)."""
        game_store.delete_game(self.db, game.id)

    def attach(self, game: GameRecord, *, thread_id: int | None = None,
               board_message_id: int | None = None) -> GameRecord:
        """Remember where the game lives; the version is not bumped by a board move alone."""
        return game_store.set_location(self.db, game.id, thread_id=thread_id,
                                       board_message_id=board_message_id)

    def running_in_thread(self, thread_id: int) -> GameRecord | None:
        return game_store.running_game_in_thread(self.db, thread_id)

    # --- showing ------------------------------------------------------------------------------

    def load(self, game: GameRecord) -> Any:
        """The game's state, or None after marking it broken when the saved state no longer loads."""
        try:
            return self.kinds[game.kind].load(game.state)
        except Exception as exc:  # a broken save must never crash the bot
            reason = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"[:300]
            log.warning("game %s: saved state does not load (%s)", game.id, reason)
            game_store.mark_broken(self.db, game.id, reason, self.clock())
            return None

    def board(self, game: GameRecord) -> Reply | None:
        state = self.load(game)
        return None if state is None else self.kinds[game.kind].board(state, game)

    # --- acting -------------------------------------------------------------------------------

    async def act(self, game_id: int, actor: Seat, action: Action, version: int | None = None,
                  guild_id: int | None = None, *, urgent: bool = False) -> ActResult:
        """One typed action by a player (`actor` is a user id) or by a pilot (`actor` is its seat's name).

        `version` is the board's version when pressed from a component, or when a pilot decided;
        `guild_id` the server the press came from (a game answers only in its own server); `urgent`
        for deadline work (a pilot's answer), which goes ahead of the presses queued.
        """
        return await self._run(game_id, actor, lambda kind: kind.checked(action), version, guild_id, urgent)

    async def press(self, game_id: int, actor: int, wire: str | None, version: int,
                    guild_id: int | None = None) -> ActResult:
        """A member's press of a component on a board of `version`: its wire form is decoded with the
        game's kind before any rule runs (a forged or malformed one is refused with the reason; one that
        names no step of today's, or None from a retired control, is answered as an out-of-date board,
        with the current one)."""
        return await self._run(game_id, actor, functools.partial(_decoded, wire), version, guild_id, False)

    async def _run(self, game_id: int, actor: Seat, read: Callable[[GameKind], Action], version: int | None,
                   guild_id: int | None, urgent: bool) -> ActResult:
        run = self.urgent if urgent else self.call
        async with self.lock(game_id):
            result = await run(self._act, game_id, actor, read, version, guild_id)
        return await self.drawn(result)

    def _act(self, game_id: int, actor: Seat, read: Callable[[GameKind], Action], version: int | None,
             guild_id: int | None) -> ActResult:
        """The body of `act`, on the store worker under the game's lock."""
        game = game_store.get_game(self.db, game_id)
        if game is None:
            return ActResult("not_running", words("That game no longer exists."))
        if guild_id is not None and game.guild_id is not None and guild_id != game.guild_id:
            return ActResult("not_player", words(NOT_PLAYER_TEXT))
        if isinstance(actor, int) and actor not in game.players:
            return ActResult("not_player", words(NOT_PLAYER_TEXT), game)
        if game.status == game_store.BROKEN:
            return ActResult("broken", broken_text(game), game)
        if game.status != game_store.FINISHED and not game.running:
            return ActResult("not_running", words(UNKNOWN_STATUS_TEXT), game)
        if not game.running:
            return ActResult("not_running", words(NOT_RUNNING_TEXT), game)
        state = self.load(game)
        if state is None:
            return ActResult("broken", broken_text(game_store.get_game(self.db, game_id)), game)
        kind = self.kinds[game.kind]
        server = server_language(self.db, game.guild_id)
        with reading(current() if isinstance(actor, int) else server):  # a refusal or a view: the actor's
            return self._act_read(kind, game, state, actor, read, version, server)

    def _act_read(self, kind: GameKind, game: GameRecord, state: Any, actor: Seat,
                  read: Callable[[GameKind], Action], version: int | None, server: str) -> ActResult:
        """The rest of `_act`, in the actor's language; what the step shows the server reads in `server`."""
        try:
            action = read(kind)
        except RetiredAction as exc:
            if version is None:
                return ActResult("refused", str(exc), game)
            return ActResult("retired", "", game, draw=functools.partial(read_in, server, kind.board, state, game))
        except GameError as exc:
            return ActResult("refused", str(exc), game)
        if version is not None and version != game.version and not action.fresh_checked:
            return ActResult("stale", words(STALE_TEXT), game,
                             draw=functools.partial(read_in, server, kind.board, state, game))
        if kind.is_view(action):  # drawn on the drawing pool: its picture must not hold the store worker
            return ActResult("private", "", game,
                             look=functools.partial(_looked, kind, state, action, self.context(game, actor)))
        seats = kind.seats(state, game)
        if isinstance(actor, str) and actor not in (seats or ()):
            return ActResult("refused", words("The {seat} seat is not due to act now.", seat=actor), game)
        ctx = self.context(game, actor)
        if seats is not None and actor not in seats and not action.out_of_turn:
            return self._not_due(kind, state, action, ctx, game)
        try:
            outcome = kind.act(state, action, ctx)
        except AlreadyDone as exc:
            return ActResult("done", str(exc) or words(DONE_TEXT), game)
        except GameError as exc:
            return ActResult("refused", str(exc), game)
        if server != current():  # the step's words for the board, in the server's language (a pure step again)
            mine = outcome.private
            outcome = dataclasses.replace(read_in(server, kind.act, state, action, ctx), private=mine)
        return self.save_outcome(kind, game, outcome, ctx, before=state, language=server)

    @staticmethod
    def _not_due(kind: GameKind, state: Any, action: Action, ctx: Context, game: GameRecord) -> ActResult:
        """A member acting out of turn. A fresh-checked action may be the second press of one already
        taken (a double Send): the kind is asked, on the state as it is, only to say so; nothing is saved."""
        if action.fresh_checked:
            try:
                kind.act(state, action, ctx)
            except AlreadyDone as exc:
                return ActResult("done", str(exc) or words(DONE_TEXT), game)
            except GameError:
                pass
        return ActResult("refused", words(NOT_YOUR_TURN_TEXT), game)

    def phase(self, game: GameRecord, state: Any) -> Hashable | None:
        """The phase `state` is in, as its kind declares it (None: the kind declares no phases)."""
        return self.kinds[game.kind].phase(state)

    def resume(self, game: GameRecord, away: timedelta, now: datetime) -> GameRecord:
        """A timed game after the bot was stopped for `away`: its deadline and its kind's clock move on by
        that time (the phase in progress keeps the seconds it had left), never by more than the time
        since the game's last change (the bot was running then). Unchanged when it moved on."""
        state = self.load(game)
        if state is None or game.deadline is None:
            return game
        away = min(away, max(timedelta(0), now - datetime.fromisoformat(game.updated_at)))
        kind = self.kinds[game.kind]
        moved = game_store.resume_clock(self.db, game, state=kind.dump(kind.resumed(state, away)),
                                        deadline=game.deadline + away)
        return moved or game

    def clear_deadline(self, game: GameRecord, now: datetime) -> GameRecord:
        """A timer fired on a phase the kind does not time: the deadline is dropped."""
        return game_store.save_game(self.db, game, now=now, deadline=None)

    def save_outcome(self, kind: GameKind, game: GameRecord, outcome: Outcome, ctx: Context, *,
                     before: Any, language: str | None = None) -> ActResult:
        """Write what a step or a time-out changed, in one versioned write (on the store worker); its board
        is drawn in `language` (the server's; None: the one reading now)."""
        language = language or current()
        finished = outcome.finished or kind.is_over(outcome.state)
        deadline = None if finished else self._deadline(kind, outcome.state, ctx)
        try:
            saved = game_store.save_game(
                self.db, game, now=ctx.now, state=kind.dump(outcome.state), deadline=deadline,
                status=game_store.FINISHED if finished else None, also=outcome.on_saved,
                leaving=outcome.leaves,
            )
        except StaleGame:
            fresh = game_store.get_game(self.db, game.id)
            state = self.load(fresh) if fresh is not None else None
            if fresh is None or state is None:
                return ActResult("stale", words(STALE_TEXT), fresh)
            board = functools.partial(read_in, language, self.kinds[fresh.kind].board, state, fresh)
            return ActResult("stale", words(STALE_TEXT), fresh, draw=board)
        was, now = kind.phase(before), kind.phase(outcome.state)
        new_phase = None if was is None and now is None else (finished or was != now)
        return ActResult("applied", outcome.said, saved, None, outcome.private,
                         read_in(language, kind.thread_name, outcome.state, PLAYER),
                         new_phase=new_phase, draw=functools.partial(read_in, language, kind.board, outcome.state,
                                                                     saved))

    def end(self, game: GameRecord) -> GameRecord:
        """Close a game without a result (a host's or player's choice, or its thread is gone)."""
        for _ in range(3):
            fresh = game_store.get_game(self.db, game.id) or game
            if fresh.status in (game_store.FINISHED, game_store.BROKEN):
                return fresh  # already over (a status the bot does not know is ended, freeing its slot)
            try:
                return game_store.save_game(self.db, fresh, now=self.clock(), status=game_store.FINISHED,
                                            deadline=None)
            except StaleGame:
                continue  # it moved on meanwhile: close the newer version
        raise StaleGame(f"game {game.id} kept changing while it was being closed")


def _here(fn: Callable[..., T], *args: Any, **kwargs: Any) -> Callable[[], T]:
    """`fn(*args, **kwargs)` to run on another thread in the caller's context (the reader's language)."""
    return functools.partial(contextvars.copy_context().run, fn, *args, **kwargs)


def _decoded(wire: str | None, kind: GameKind) -> Action:
    if wire is None:
        raise RetiredAction(words("That is not a step this game knows (the button may be from an older board)."))
    return kind.decode(wire)


def _looked(kind: GameKind, state: Any, action: Action, ctx: Context) -> ActResult:
    """A private view of `state` (on the drawing pool), or the kind's refusal of it."""
    game = ctx.game
    try:
        return ActResult("private", "", game, private=kind.look(state, action, ctx))
    except GameError as exc:
        return ActResult("refused", str(exc), game)


__all__ = ["ActResult", "DONE_TEXT", "NOT_PLAYER_TEXT", "NOT_RUNNING_TEXT", "NOT_YOUR_TURN_TEXT", "PLAYER",
           "STALE_TEXT", "STORE_DOWN_TEXT", "GameError", "Sessions", "Status", "StoreUnavailable", "broken_text"]
