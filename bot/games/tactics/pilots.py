"""The companion's two program pilots: `auto` (the planner's first turn) and `model` (a language model).

Both answer the seat with the step `PilotTurn`, the decision in it, so the kind applies it all or
nothing and says the companion's line in the thread. The model pilot is one CompanionPilot per bot,
built on first use with the bot's store and store worker; it is given what is left of the companion's
10 s, less a margin, so its own deadline always ends the call (and stores the decision) before the
core's deadline would cut it off.
"""
from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

from bot.companion import CompanionDecision, CompanionPilot, auto_decision
from bot.settings import Settings
from db import companion as decision_store

from .actions import PilotTurn
from .session import PILOT_SECONDS, player_call

MARGIN_S = 0.05  # the model's deadline ends this much before the core's


def _action(decision: CompanionDecision, state: Any) -> PilotTurn:
    return PilotTurn(json.dumps({"decision": decision.model_dump(mode="json"), "seq": state.fight.seq}))


class _Bound:
    """What a pilot borrows from its bot: the store, its worker, the session clock, and (under SimCord)
    how to await input from outside the simulated Discord (`bot.external_wait`, given to create_bot)."""

    def __init__(self) -> None:
        self.bot: Any = None

    def bind(self, bot: Any) -> None:
        self.bot = bot

    async def run(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        if self.bot is not None:
            return await self.bot.sessions.call(fn, *args, **kwargs)
        return await asyncio.to_thread(fn, *args, **kwargs)

    def now(self) -> datetime:
        return self.bot.sessions.clock() if self.bot is not None else datetime.now(UTC)

    async def external(self, awaitable: Awaitable[Any], reason: str) -> Any:
        wait = getattr(self.bot, "external_wait", None)
        return await (wait(awaitable, reason=reason) if wait is not None else awaitable)


class AutoPilot(_Bound):
    """`auto`: the planner's first ready-made turn, as soon as the phase opens."""

    async def decide(self, state: Any, seat: str, deadline: datetime) -> PilotTurn:
        decision = await self.run(self._decide_and_store, state)
        return _action(decision, state)

    def _decide_and_store(self, state: Any) -> CompanionDecision:
        """The planner's first turn, stored like a model's decision (for `/tactics companion`)."""
        began = time.perf_counter()
        decision = auto_decision(state.fight, "companion")
        decision.latency_s = round(time.perf_counter() - began, 3)
        if self.bot is not None:
            decision_store.record(self.bot.db, decision.model_dump(), fight=state.key, guild_id=state.guild_id,
                                  fighter="companion", now=self.now())
        return decision


class ModelPilot(_Bound):
    """`model`: the companion pilot of issue 11, one per bot, under what is left of the 10 s."""

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings
        self._companion: CompanionPilot | None = None

    def bind(self, bot: Any) -> None:
        """At start-up: the one CompanionPilot (its shared client and request cap) for every fight."""
        super().bind(bot)
        if self._companion is None and self.settings.companion_model:
            _ = self.companion

    @property
    def companion(self) -> CompanionPilot:
        if self._companion is None:
            store = self.bot.db if self.bot is not None else None
            self._companion = CompanionPilot(self.settings, store=store, run=self.run if store is not None else None,
                                             clock=self.now)
        return self._companion

    @property
    def connected(self) -> bool:
        return self._companion is not None and self._companion.connected

    @property
    def ready(self) -> bool:
        """The shared CompanionPilot (its client, pool and request cap) exists: built at start-up."""
        return self._companion is not None

    async def decide(self, state: Any, seat: str, deadline: datetime) -> PilotTurn:
        timeout = max(0.0, (deadline - self.now()).total_seconds() - MARGIN_S)
        # A timeout is said as the seed says it (10 s), whatever was left after a restart.
        deciding = self.companion.decide(state.fight, "companion", timeout=timeout, guild_id=state.guild_id,
                                         game_id=state.key, window=PILOT_SECONDS, call=player_call(state))
        decision = await self.external(deciding, "the companion's model server")
        return _action(decision, state)

    async def aclose(self) -> None:
        if self._companion is not None:
            await self._companion.aclose()


def make_pilots(settings: Settings) -> dict[str, Any]:
    return {"auto": AutoPilot(), "model": ModelPilot(settings)}


def bind_pilots(bot: Any, key: str) -> list[Any]:
    """Give this game's pilots their bot (its store, worker and clock); returns them."""
    found = list(bot.pilots.pilots.get(key, {}).values())
    for pilot in found:
        if isinstance(pilot, _Bound):
            pilot.bind(bot)
    return found
