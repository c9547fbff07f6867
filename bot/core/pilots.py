"""Programs in seats: a pilot decides an action for a seat that is due, outside the game's lock.

The runner gives a pilot the kind's `pilot_seconds` from the moment its seat falls due (never past
the phase deadline: `timers.pilot_deadline`), then submits what it decided through the same versioned
`Sessions.act` a player's press uses, so a late answer can never land on a board that moved on: an
answer counts only in the phase the pilot was asked in (`GameKind.phase`), and a new phase asks the
pilot afresh (a kind that declares no phases has its pilot's answer tried once more on a board that
moved on while the seat is still due). A pilot that raises, hangs or answers something the rules
refuse produces the kind's fallback action instead, logged with why.

A pilot that answers at once (`answers_at_once`: a built-in opponent, a pure function of the state)
is asked while the member's change that made its seat due is still being shown (`answer_at_once`):
its answer is then shown with that change, as one board carrying both changes' words, so a move
against it draws, posts and retires one board rather than two. One that has not answered within
`AT_ONCE_S` posts its own board afterwards, as any pilot does.
"""
from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Awaitable, Callable, Hashable
from typing import TYPE_CHECKING, Any

from db.games import GameRecord

from .actions import Action
from .seats import Decision, Pilot
from .timers import pilot_deadline

if TYPE_CHECKING:
    from .results import ActResult
    from .sessions import Sessions

log = logging.getLogger(__name__)
GRACE_S = 0.1  # the runner's cut-off comes this long after the pilot's deadline: a pilot that stops at
               # its deadline (a model's pass with its reason) is the one who answers, at the deadline
AT_ONCE_S = 1.0  # the longest a member's change waits to be shown with an at-once pilot's answer

class PilotRunner:
    """Starts a pilot for every pilot seat that is due, once per seat and phase, and posts what it did."""

    def __init__(self, sessions: Sessions, pilots: dict[str, dict[str, Pilot[Any]]],
                 post: Callable[[ActResult], Awaitable[None]]) -> None:
        self.sessions = sessions
        self.pilots = pilots
        self.post = post
        self._tasks: dict[tuple[int, str], tuple[Hashable, asyncio.Task[None]]] = {}
        self._scheduling: set[asyncio.Task[None]] = set()

    def due(self, game: GameRecord) -> tuple[Hashable, list[str]]:
        """The game's phase and the pilot seats that must act in it (loads the state: call it on the
        store worker)."""
        if not game.running:
            return None, []
        state = self.sessions.load(game)
        if state is None:
            return None, []
        seats = self.sessions.kind(game.kind).seats(state, game) or ()
        return self.sessions.phase(game, state), [seat for seat in seats if isinstance(seat, str)]

    def deciding(self, game_id: int) -> frozenset[str]:
        """The seats of this game whose pilot is deciding now."""
        return frozenset(seat for (gid, seat), (_, task) in self._tasks.items() if gid == game_id and not task.done())

    def schedule(self, game: GameRecord) -> None:
        """Start a pilot for each due pilot seat not already deciding in this phase (one still deciding
        in a phase that closed is stopped: its answer could only be dropped). Which seats are due is
        read on the store worker (it loads the state), so this returns at once."""
        task = asyncio.get_running_loop().create_task(self._schedule(game), name=f"pilots-{game.id}")
        self._scheduling.add(task)
        task.add_done_callback(self._scheduling.discard)

    async def _schedule(self, game: GameRecord) -> None:
        try:
            phase, seats = await self.sessions.urgent(self.due, game)
        except Exception:  # the store is down: the phase timer still closes the phase
            log.exception("could not read the pilot seats of game %s", game.id)
            return
        for seat in seats:
            key = (game.id, seat)
            running = self._tasks.get(key)
            if running is not None and not running[1].done():
                if phase is None or running[0] == phase:  # a kind without phases: never asked twice
                    continue
                log.info("game %s: pilot %s was still deciding when its phase closed; asked again", game.id, seat)
                running[1].cancel()
            self._tasks[key] = (phase, asyncio.get_running_loop().create_task(
                self._run(game, seat, phase), name=f"pilot-{game.id}-{seat}"))

    def cancel(self, game_id: int) -> None:
        for key in [k for k in self._tasks if k[0] == game_id]:
            _, task = self._tasks.pop(key)
            if task is not asyncio.current_task():
                task.cancel()

    def cancel_all(self) -> None:
        for task in [*(t for _, t in self._tasks.values()), *self._scheduling]:
            task.cancel()
        self._tasks.clear()
        self._scheduling.clear()

    async def answer_at_once(self, change: ActResult) -> ActResult | None:
        """A member's saved change (its board not yet drawn) followed by the answer of the at-once pilot
        it made due: that answer's result, drawn, carrying both changes' words and the member's private
        view. None (the change is shown alone) when no such pilot is due, or it has not answered within
        `AT_ONCE_S`: it goes on deciding and posts its own board once the member's is shown."""
        game = change.game
        if game is None or not game.running or not self._answers_at_once(game.kind):
            return None
        try:
            phase, seats, joins = await self.sessions.urgent(self._due_joining, game)
        except Exception:  # the store is down after the change was saved: the change is shown alone
            log.exception("could not read the pilot seats of game %s", game.id)
            return None
        if not joins or len(seats) != 1 or not self._answers_at_once(game.kind, seats[0]):
            return None
        key = (game.id, seats[0])
        running = self._tasks.get(key)
        if running is not None and not running[1].done():
            return None
        handed: asyncio.Future[ActResult] = asyncio.get_running_loop().create_future()
        self._tasks[key] = (phase, asyncio.get_running_loop().create_task(
            self._run(game, seats[0], phase, handed), name=f"pilot-{game.id}-{seats[0]}"))
        try:
            async with asyncio.timeout(AT_ONCE_S):
                answer = await asyncio.shield(handed)
        except (TimeoutError, asyncio.CancelledError):
            if not handed.done():
                handed.cancel()  # the pilot posts its own board when it answers
            current = asyncio.current_task()
            if current is not None and current.cancelling():
                raise
            return None
        return dataclasses.replace(
            answer, text="\n".join(t for t in (change.text, answer.text) if t), private=change.private,
            title=answer.title or change.title,
            new_phase=None if change.new_phase is None and answer.new_phase is None
            else bool(change.new_phase or answer.new_phase))

    def _due_joining(self, game: GameRecord) -> tuple[Hashable, list[str], bool]:
        """`due`, and whether the game's board now may be shown only with the answer (the store worker)."""
        phase, seats = self.due(game)
        state = self.sessions.load(game) if seats else None
        return phase, seats, state is not None and self.sessions.kind(game.kind).shown_with_answer(state)

    def _answers_at_once(self, kind: str, seat: str | None = None) -> bool:
        """Whether the kind's pilot in `seat` (any seat: None) answers at once."""
        pilots = self.pilots.get(kind, {})
        chosen = pilots.values() if seat is None else [pilots.get(seat)]
        return any(getattr(p, "answers_at_once", False) for p in chosen)

    async def _run(self, game: GameRecord, seat: str, phase: Hashable,
                   handed: asyncio.Future[ActResult] | None = None) -> None:
        """Decide and act for `seat`; the result is posted, or handed to the member's change still being
        shown when it waits for it (`handed`, from `answer_at_once`). Ended otherwise, `handed` is told so."""
        key = (game.id, seat)
        result: ActResult | None = None
        try:
            result = await self._decide_and_act(game, seat, phase)
        except Exception:  # a failing pilot must never take the bot down
            log.exception("pilot %s of game %s failed", seat, game.id)
            result = None
        finally:
            running = self._tasks.get(key)
            if running is not None and running[1] is asyncio.current_task():
                del self._tasks[key]
            if handed is not None and not handed.done() and not (result is not None and result.applied):
                handed.cancel()  # nothing to show with the member's change: it is shown alone
        if result is not None and result.applied:
            if handed is not None and not handed.done():
                handed.set_result(result)
            else:
                await self.post(result)

    async def _decide_and_act(self, game: GameRecord, seat: str, phase: Hashable) -> ActResult | None:
        sessions = self.sessions
        kind = sessions.kind(game.kind)

        def prepare() -> tuple[Any, float]:  # on the store worker: a state to parse, the server's settings
            state = sessions.load(game)
            seconds = 0.0 if state is None else kind.pilot_seconds(state, seat, sessions.context(game, None))
            return state, seconds

        state, seconds = await sessions.urgent(prepare)  # its deadline runs: ahead of queued presses
        if state is None:
            return None
        now = sessions.clock()
        deadline = pilot_deadline(now, seconds, game)
        pilot = self.pilots.get(game.kind, {}).get(seat)
        decision: Decision | None = None
        reason = ""
        if pilot is None:
            reason = f"no pilot named {seat!r} is available"
        else:
            try:
                async with asyncio.timeout(max(0.0, (deadline - now).total_seconds()) + GRACE_S):
                    decision = await pilot.decide(state, seat, deadline)
            except TimeoutError:
                reason = f"no answer in {(deadline - now).total_seconds():g} s"
            except Exception as exc:
                reason = f"{type(exc).__name__}: {exc}"[:200]
        if decision is not None and not isinstance(decision, Action):
            reason, decision = f"it answered {decision!r}, which is no action", None
        if decision is not None:
            result = await self._submit(game, seat, phase, decision)
            if result is None or result.status != "refused":
                return result
            reason = f"its action {decision!r} was refused: {result.text}"
        return await self._fall_back(game, seat, phase, state, reason)

    async def _fall_back(self, game: GameRecord, seat: str, phase: Hashable, state: Any,
                         reason: str) -> ActResult | None:
        action = self.sessions.kind(game.kind).fallback(state, seat)
        log.info("game %s: pilot %s falls back to %r (%s)", game.id, seat, action, reason)
        if action is None:
            return None
        result = await self._submit(game, seat, phase, action)
        return None if result is None or result.status == "refused" else result

    async def _submit(self, game: GameRecord, seat: str, phase: Hashable, action: Action) -> ActResult | None:
        """Act on the board the pilot saw; if another change came first within the same phase and the
        seat is still due, once on the new board. An answer from a phase that closed is dropped."""
        result = await self.sessions.act(game.id, seat, action, version=game.version, urgent=True)
        if result.status != "stale":
            return result
        fresh = result.game
        now_phase, seats = await self.sessions.urgent(self.due, fresh) if fresh is not None else (None, [])
        if fresh is None or seat not in seats or now_phase != phase:  # (a kind without phases: both None)
            log.info("game %s: pilot %s answered after its phase had closed; dropped", game.id, seat)
            return None
        return await self.sessions.act(fresh.id, seat, action, version=fresh.version, urgent=True)


__all__ = ["Decision", "Pilot", "PilotRunner"]
