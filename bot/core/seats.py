"""Who may act in a game: a member's seat (their user id) or a pilot's (a name), and what fills a pilot's.

Its own module so that the rules glue (kinds), the session core and the pilot runner can all name a
pilot without importing one another.
"""
from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol, TypeVar

from .actions import Action

Seat = int | str  # a member's user id, or a pilot's name: "auto" (the engine's planner), "ai", "model"
Decision = Action  # what a pilot decided: one of its game's typed actions
S_contra = TypeVar("S_contra", contravariant=True)
T = TypeVar("T")


class Pilot(Protocol[S_contra]):
    """Fills a seat: decides the seat's next action for `state`, before `deadline` (session clock). A pilot
    whose class sets `answers_at_once = True` (a built-in opponent deciding in milliseconds) is shown with
    the member's change it answers, as one board (pilots.PilotRunner.answer_at_once)."""

    async def decide(self, state: S_contra, seat: str, deadline: datetime) -> Decision: ...


class ExternalWait(Protocol):
    """How a pilot awaits input from outside the process (a model server's answer): SimCord's
    `env.external_wait` in tests and local play, so the simulator knows the wait is on purpose."""

    def __call__(self, awaitable: Awaitable[T], *, reason: str) -> Awaitable[T]: ...


async def direct_wait(awaitable: Awaitable[T], *, reason: str) -> T:
    """The external wait of a bot connected to Discord: the input is simply awaited."""
    return await awaitable


def closing(wait: ExternalWait) -> ExternalWait:
    """`wait` that closes the coroutine it was handed when it ended without ever starting it (a wait
    that failed at once: a simulated Discord's, asked during start-up before that Discord was made), so
    the work is dropped as closed, never left as a coroutine no one awaited."""
    async def waited(awaitable: Awaitable[T], *, reason: str) -> T:
        try:
            return await wait(awaitable, reason=reason)
        finally:
            if inspect.iscoroutine(awaitable) and inspect.getcoroutinestate(awaitable) == inspect.CORO_CREATED:
                awaitable.close()

    return waited


def _off_loop(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Awaitable[Any]:
    import asyncio

    return asyncio.to_thread(fn, *args, **kwargs)


@dataclass(frozen=True)
class PilotNeeds:
    """What a game's pilots are built with, once, at start-up: the settings, the store and the worker that
    runs store and engine work off the event loop, the session clock, and how to await the outside world.
    Built before any pilot, so no pilot is bound to its bot after it is made."""

    settings: Any
    external_wait: ExternalWait = direct_wait
    db: Any = None                                         # the store (None: pilots keep no records)
    run: Callable[..., Awaitable[Any]] = _off_loop         # the sessions' worker, urgent lane (Sessions.urgent)
    clock: Callable[[], datetime] = lambda: datetime.now(UTC)


__all__ = ["Decision", "ExternalWait", "Pilot", "PilotNeeds", "Seat", "closing", "direct_wait"]
