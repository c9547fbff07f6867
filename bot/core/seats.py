"""Who may act in a game: a member's seat (their user id) or a pilot's (a name), and what fills a pilot's.

Its own module so that the rules glue (kinds), the session core and the pilot runner can all name a
pilot without importing one another.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol

from .actions import Action

Seat = int | str  # a member's user id, or a pilot's name: "auto" (the engine's planner), "ai", "model"
Decision = Action | str | tuple[str, str | None]  # a typed action (or a wire form, with a select's value)


class Pilot(Protocol):
    """Fills a seat: decides the seat's next action for `state`, before `deadline` (session clock)."""

    async def decide(self, state: Any, seat: str, deadline: datetime) -> Decision: ...


__all__ = ["Decision", "Pilot", "Seat"]
