"""The companion's two program pilots: `auto` (the planner's first turn) and `model` (a language model).

Both answer the seat with the step `PilotTurn`, the decision in it, so the kind applies it all or
nothing and says the companion's line in the thread. The model pilot is one CompanionPilot per bot,
built at start-up with the bot's store and store worker (PilotNeeds); it is given what is left of the companion's
10 s, less a margin, so its own deadline always ends the call (and stores the decision) before the
core's deadline would cut it off, and the thread's language (its server's), which the companion speaks.
"""
from __future__ import annotations

import json
import logging
import time
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from bot.companion import CompanionDecision, CompanionPilot
from bot.core.languages import server_language
from bot.core.seats import PilotNeeds
from bot.settings import Settings
from bot.words import SOURCE
from db import companion as decision_store

from .actions import PilotTurn
from .plans import auto_decided
from .session import PILOT_SECONDS, TacticsSession, player_call

log = logging.getLogger(__name__)


def _action(decision: CompanionDecision, state: TacticsSession) -> PilotTurn:
    return PilotTurn(json.dumps({"decision": decision.model_dump(mode="json"), "seq": state.fight.seq}))


class _Built:
    """What a pilot is built with (bot/core/seats.PilotNeeds): the store, its worker, the session clock,
    and how to await input from outside the simulated Discord."""

    def __init__(self, needs: PilotNeeds) -> None:
        self.needs = needs

    async def run(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return await self.needs.run(fn, *args, **kwargs)

    def now(self) -> datetime:
        return self.needs.clock()

    async def external(self, awaitable: Awaitable[Any], reason: str) -> Any:
        return await self.needs.external_wait(awaitable, reason=reason)


class AutoPilot(_Built):
    """`auto`: the planner's first ready-made turn, as soon as the phase opens."""

    async def decide(self, state: TacticsSession, seat: str, deadline: datetime) -> PilotTurn:
        """Planned in a worker process, ahead of the pictures queued there (deadline work), once per
        position (plans.py); only storing the decision takes the store worker."""
        began = time.perf_counter()
        decision = await auto_decided(state.fight, "companion")
        decision.latency_s = round(time.perf_counter() - began, 3)
        await self.run(self._store, decision, state)
        return _action(decision, state)

    def _store(self, decision: CompanionDecision, state: TacticsSession) -> None:
        """The planner's first turn, stored like a model's decision (for `/tactics companion`)."""
        if self.needs.db is not None:
            decision_store.record(self.needs.db, decision.model_dump(), fight=state.key, guild_id=state.guild_id,
                                  fighter="companion", now=self.now())


class ModelPilot(_Built):
    """`model`: the companion pilot, one per bot, under what is left of the 10 s. Its CompanionPilot (the
    shared client, pool and request cap) is made with it, at start-up, when a model is configured."""

    def __init__(self, needs: PilotNeeds) -> None:
        super().__init__(needs)
        self.settings: Settings = needs.settings
        self._companion = CompanionPilot(self.settings, store=needs.db, run=needs.run if needs.db is not None
                                         else None, clock=needs.clock, external=needs.external_wait) \
            if self.settings.companion_model else None

    @property
    def companion(self) -> CompanionPilot:
        if self._companion is None:  # no model configured: one without a client, which passes and says so
            self._companion = CompanionPilot(self.settings, store=self.needs.db, clock=self.needs.clock)
        return self._companion

    @property
    def connected(self) -> bool:
        return self._companion is not None and self._companion.connected

    @property
    def ready(self) -> bool:
        """The shared CompanionPilot (its client, pool and request cap) exists: built at start-up."""
        return self._companion is not None

    async def decide(self, state: TacticsSession, seat: str, deadline: datetime) -> PilotTurn:
        language = await self._thread_language(state)
        timeout = max(0.0, (deadline - self.now()).total_seconds())  # the whole 10 s; the core waits a moment more
        # A timeout is said as the seed says it (10 s), whatever was left after a restart.
        deciding = self.companion.decide(state.fight, "companion", timeout=timeout, guild_id=state.guild_id,
                                         game_id=state.key, window=PILOT_SECONDS, call=player_call(state),
                                         language=language)
        decision = await self.external(deciding, "the companion's model server")
        return _action(decision, state)

    async def _thread_language(self, state: TacticsSession) -> str:
        """The language the fight's thread reads (its server's, as its boards do): the companion's `say`
        is asked for in it. English without a model, a store or a server, or when the store fails."""
        if self._companion is None or self.needs.db is None or not state.guild_id:
            return SOURCE
        try:
            return await self.run(server_language, self.needs.db, state.guild_id)
        except Exception:  # a line in English is better than no decision
            log.exception("could not read the server's language for the companion")
            return SOURCE

    async def aclose(self) -> None:
        if self._companion is not None:
            await self._companion.aclose()


def make_pilots(needs: PilotNeeds) -> dict[str, Any]:
    return {"auto": AutoPilot(needs), "model": ModelPilot(needs)}
