"""The built-in opponent's seat: the engine's AI, run off the event loop; it answers at once."""
from __future__ import annotations

import asyncio
from datetime import datetime

import engine.summon as sm

from .actions import Cell, Pass, Place
from .session import SummonGame


class AiPilot:
    answers_at_once = True  # milliseconds of the engine's own AI: shown with the move it answers

    async def decide(self, state: SummonGame, seat: str, deadline: datetime) -> Place | Pass:
        return await asyncio.to_thread(ai_decision, state)


def ai_decision(state: SummonGame) -> Place | Pass:
    assert state.game is not None
    action = sm.ai_action(state.game, state.level)
    if isinstance(action, sm.Pass):
        return Pass()
    return Place(action.piece, action.rotation, Cell(action.col, action.row))


__all__ = ["AiPilot", "ai_decision"]
