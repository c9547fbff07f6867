"""Game sessions: every step of a game, under a per-game lock, and the refusals a player can read.

The store is the only source of truth: every action reloads the game, checks who and which version
is acting, applies the kind's rules and saves in one versioned write. Nothing lives only in memory,
so a restart loses nothing. Where the work runs (off the event loop): offload.py; a game's record from
start to end: lifecycle.py.
"""
from __future__ import annotations

import asyncio
import dataclasses
import functools
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from bot.words import current, read_in, reading, words
from db import games as game_store
from db.games import GameRecord, StaleGame
from db.store import Store

from .actions import Action, RetiredAction
from .errors import AlreadyDone
from .kinds import Context, GameError, GameKind, Outcome, Seat
from .languages import server_language
from .lifecycle import Lifecycle
from .results import (
    DONE_TEXT,
    NOT_PLAYER_TEXT,
    NOT_RUNNING_TEXT,
    NOT_YOUR_TURN_TEXT,
    PLAYER,
    STALE_TEXT,
    UNKNOWN_STATUS_TEXT,
    ActResult,
    broken_text,
)


class Sessions(Lifecycle):
    """The rules of sessions, shared by every front-end."""

    def __init__(self, db: Store, kinds: dict[str, GameKind[Any]],
                 clock: Callable[[], datetime], *, workers: int | None = None) -> None:
        """`workers`: the worker processes for pictures and plans (None: the default; 0: in-thread)."""
        super().__init__(db, kinds, clock, workers=workers)
        self._locks: dict[int, asyncio.Lock] = {}
        # A member's saved change, followed by the answer of a pilot that answers at once, or None
        # (pilots.PilotRunner.answer_at_once): the two are then drawn and shown as one board.
        self.answered_at_once: Callable[[ActResult], Awaitable[ActResult | None]] | None = None

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

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
        if result.applied and isinstance(actor, int) and self.answered_at_once is not None:
            answered = await self.answered_at_once(result)  # the pilot's act takes the game's lock in turn
            if answered is not None:
                return answered
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
        self.parsed.keep(saved.id, saved.state, outcome.state, kind.load)  # the next load needs no parse
        was, now = kind.phase(before), kind.phase(outcome.state)
        new_phase = None if was is None and now is None else (finished or was != now)
        return ActResult("applied", outcome.said, saved, None, outcome.private,
                         read_in(language, kind.thread_name, outcome.state, PLAYER),
                         new_phase=new_phase, draw=functools.partial(read_in, language, kind.board, outcome.state,
                                                                     saved))


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



__all__ = ["Sessions"]
