"""Phase timers: one place schedules them, re-arms them at start-up, fires them and clamps pilots to them.

A game's deadline is stored with it (every change sets the next one), so a timer is only a sleep
until that moment; a restart arms every stored deadline again and one that passed fires at once.
A timer fires for the phase it was armed in: if the game moved to another phase meanwhile, the
time-out is not applied to the new one. A store that refuses the time-out is retried with a growing
pause, so a timer is never dropped. What a time-out changed is handed to `post` (the front-end's
board poster), the same way a pilot's answer is.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from bot.words import read_in
from db.games import GameRecord, games_with_deadlines

from .languages import server_language
from .results import ActResult, StoreUnavailable, broken_text

if TYPE_CHECKING:
    from .kinds import GameKind
    from .sessions import Sessions

log = logging.getLogger(__name__)
RETRY_MAX = 300.0  # seconds: the longest pause between retries of a time-out the store refused


def pilot_deadline(now: datetime, seconds: float, game: GameRecord) -> datetime:
    """When a pilot given `seconds` from `now` must have answered: never after the phase's own deadline."""
    deadline = now + timedelta(seconds=seconds)
    return deadline if game.deadline is None else min(deadline, game.deadline)


class TimerRunner:
    """Keeps one sleeping task per timed game of this process and applies the kind's time-out."""

    def __init__(self, sessions: Sessions, post: Callable[[ActResult], Awaitable[None]], *,
                 owns: Callable[[int | None], bool] = lambda guild_id: True,
                 on_arm: Callable[[], None] = lambda: None) -> None:
        self.sessions = sessions
        self.on_arm = on_arm  # a timer runs: the front-end's heartbeat beats while any does
        self.post = post
        self.owns = owns  # whether this process looks after a guild's timers (its shard is one of ours)
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._failures: dict[int, int] = {}

    def armed(self) -> frozenset[int]:
        """The ids of the games whose phase timer is armed in this process."""
        return frozenset(game_id for game_id, task in self._tasks.items() if not task.done())

    def arm(self, game: GameRecord, delay: float | None = None) -> None:
        """(Re)start the game's timer from the deadline stored with it (or after `delay`, a retry)."""
        self.cancel(game.id)
        if game.deadline is None or not game.running:
            return
        if delay is None:
            delay = max(0.0, (game.deadline - self.sessions.clock()).total_seconds())
        self._tasks[game.id] = asyncio.get_running_loop().create_task(
            self._wait_and_expire(game, delay), name=f"game-timer-{game.id}")
        self.on_arm()

    def cancel(self, game_id: int) -> None:
        task = self._tasks.pop(game_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def cancel_all(self) -> None:
        """At shutdown: every timer stops (the deadlines stay stored for the next start)."""
        for task in self._tasks.values():
            task.cancel()
        self._tasks.clear()

    async def rearm_all(self, away: timedelta = timedelta(0)) -> list[GameRecord]:
        """At start-up: every stored deadline of this process's guilds is armed again (another process
        keeps the other shards'), moved on first by `away`, the time the bot was stopped, so the phase
        in progress gets the seconds it had left; one that passed fires at once. Returns the games armed."""
        stored = await self.sessions.call(games_with_deadlines, self.sessions.db)
        games = [game for game in stored if self.owns(game.guild_id)]
        if away > timedelta(0):
            now = self.sessions.clock()
            games = await self.sessions.call(lambda: [self.sessions.resume(game, away, now) for game in games])
        for game in games:
            self.arm(game)
        return games

    async def _wait_and_expire(self, game: GameRecord, delay: float) -> None:
        await asyncio.sleep(delay)
        if self._tasks.get(game.id) is asyncio.current_task():
            del self._tasks[game.id]
        try:
            result = await self.expire(game)
        except StoreUnavailable as exc:  # retried with a growing pause until the store answers
            failures = self._failures.get(game.id, 0) + 1
            self._failures[game.id] = failures
            if failures == 1:
                log.warning("timer of game %s: the store is unavailable (%s); retrying", game.id, exc)
            self.arm(game, min(RETRY_MAX, 2.0 ** failures))
            return
        except Exception:  # a failing timer must not take the bot down
            log.exception("timer of game %s failed", game.id)
            return
        if self._failures.pop(game.id, None):
            log.info("timer of game %s fired after the store came back", game.id)
        if result is not None:
            await self.post(result)

    async def expire(self, armed: GameRecord) -> ActResult | None:
        """The timer armed on `armed` fired: apply the kind's time-out if its deadline really passed and
        the game is still in the phase the timer was armed for."""
        async with self.sessions.lock(armed.id):
            result = await self.sessions.urgent(self._expire, armed)  # due now: ahead of queued presses
        return None if result is None else await self.sessions.drawn(result)

    def _expire(self, armed: GameRecord) -> ActResult | None:
        """The body of `expire`, on the store worker under the game's lock."""
        sessions = self.sessions
        game = sessions.get(armed.id)
        if game is None or not game.running or game.deadline is None:
            return None
        if game.deadline > sessions.clock():
            return None  # re-armed to a later deadline meanwhile
        state = sessions.load(game)
        if state is None:
            return ActResult("broken", broken_text(sessions.get(game.id)), game)
        kind = sessions.kind(game.kind)
        phase = sessions.phase(game, state)
        if phase is not None and game.version != armed.version and self._phase_of(kind, armed) != phase:
            return None  # the phase it was armed for closed meanwhile; the new phase has its own timer
        ctx = sessions.context(game, None)
        language = server_language(sessions.db, game.guild_id)  # no member asked: the board's readers
        outcome = read_in(language, kind.timeout, state, ctx)
        if outcome is None:
            sessions.clear_deadline(game, ctx.now)
            return None
        return sessions.save_outcome(kind, game, outcome, ctx, before=state, language=language)

    def _phase_of(self, kind: GameKind[Any], game: GameRecord) -> Hashable | None:
        try:
            state = kind.load(game.state)
        except Exception:  # the armed copy is older than the stored one; unreadable means "another phase"
            return object()
        return self.sessions.phase(game, state)


__all__ = ["RETRY_MAX", "TimerRunner", "pilot_deadline"]
