"""What a summon game saves beside the engine's state: its stage (a challenge, play, over), who sits in
each seat with the deck they brought, and the seed. Saved games of every earlier version load."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

import engine.summon as sm

KEY = "summon"
AI = "ai"  # the pilot seat of the built-in opponent


class SeatInfo(BaseModel):
    user_id: int | None  # None: the built-in AI
    name: str
    deck: str = ""  # the deck as the result names it


class SummonGame(BaseModel):
    stage: Literal["challenge", "play", "over"] = "play"
    seats: list[SeatInfo]
    seed: int
    game: sm.SummonState | None = None
    ended: str = ""  # how a game that never started ended: declined, lapsed
    level: Literal["normal", "gentle"] = "normal"  # the built-in AI's play (games saved before: normal)
    tutorial: int = 0  # the tutorial step being played (1…), 0 outside the tutorial

    @property
    def vs_ai(self) -> bool:
        return any(s.user_id is None for s in self.seats)

    def name(self, player: int) -> str:
        return self.seats[player].name

    def seat_of(self, user_id: int | None) -> int | None:
        """The seat a member plays in this game, or None."""
        return next((i for i, s in enumerate(self.seats) if s.user_id is not None and s.user_id == user_id), None)

    @property
    def ai_seat(self) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.user_id is None), None)


__all__ = ["AI", "KEY", "SeatInfo", "SummonGame"]
