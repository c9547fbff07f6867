"""Who may act in a game: a member's seat (their user id) or a pilot's (a name), and what fills a pilot's.

Its own module so that the rules glue (kinds), the session core and the pilot runner can all name a
pilot without importing one another.
"""
from __future__ import annotations

from collections.abc import Awaitable
from datetime import datetime
from typing import Protocol, TypeVar

from .actions import Action

Seat = int | str  # a member's user id, or a pilot's name: "auto" (the engine's planner), "ai", "model"
Decision = Action | str | tuple[str, str | None]  # a typed action (or a wire form, with a select's value)
S_contra = TypeVar("S_contra", contravariant=True)
T = TypeVar("T")


class Pilot(Protocol[S_contra]):
    """Fills a seat: decides the seat's next action for `state`, before `deadline` (session clock)."""

    async def decide(self, state: S_contra, seat: str, deadline: datetime) -> Decision: ...


class ExternalWait(Protocol):
    """How a pilot awaits input from outside the process (a model server's answer): SimCord's
    `env.external_wait` in tests and local play, so the simulator knows the wait is on purpose."""

    def __call__(self, awaitable: Awaitable[T], *, reason: str) -> Awaitable[T]: ...


async def direct_wait(awaitable: Awaitable[T], *, reason: str) -> T:
    """The external wait of a bot connected to Discord: the input is simply awaited."""
    return await awaitable


__all__ = ["Decision", "ExternalWait", "Pilot", "Seat", "direct_wait"]
