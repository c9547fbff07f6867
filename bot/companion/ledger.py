"""The companion's books: each server's daily model calls and every decision's record, in the store.

A call is counted against the server's day before it is sent (`reserve`); past the day's budget the
companion plays the planner's first turn and says so once that day (`budget_turn`; said.py words it).
Store work runs off the event loop: on the bot's store worker when one is given, else on a thread of
the ledger's own, one call at a time (the store's connection takes one transaction at once). Without a store or a server
there is no budget and nothing is recorded.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from functools import partial
from typing import Any

from bot.settings import Settings
from db import companion as decision_store
from db.store import Store
from engine.tactics import FightState

from .auto import auto_decision
from .decision import CompanionDecision
from .tally import Tally

log = logging.getLogger(__name__)


class Ledger:
    """The day's calls per server and the decisions' records, for one pilot. `run` is the bot's store
    worker (Sessions.call); `engine` runs engine work off the loop (the pilot's engine thread)."""

    def __init__(self, settings: Settings, store: Store | None, *, clock: Callable[[], datetime],
                 run: Callable[..., Awaitable[Any]] | None, engine: Callable[..., Awaitable[Any]]) -> None:
        self.settings = settings
        self.store = store
        self.clock = clock
        self.run = run
        self.engine = engine
        self._store_thread: ThreadPoolExecutor | None = None

    async def in_store(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """`fn(*args, **kwargs)` off the event loop, on the store worker or the ledger's own thread."""
        if self.run is not None:
            return await self.run(fn, *args, **kwargs)
        if self._store_thread is None:
            self._store_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="companion-store")
        call = partial(fn, *args, **kwargs)
        return await asyncio.get_running_loop().run_in_executor(self._store_thread, call)

    async def over_budget(self, guild_id: int | None) -> bool:
        """Whether today's calls for this server are all counted (a look, not a reservation)."""
        if self.store is None or guild_id is None:
            return False
        used = await self.in_store(decision_store.calls_today, self.store, guild_id, self.clock())
        return used >= self.settings.companion_calls_per_day

    async def reserve(self, guild_id: int | None) -> bool:
        """Count the next call against the server's day before it is sent; False when none is left."""
        if self.store is None or guild_id is None:
            return True
        return await self.in_store(decision_store.reserve_call, self.store, guild_id, self.clock(),
                                   self.settings.companion_calls_per_day)

    async def budget_turn(self, fight: FightState, fighter_id: str, tally: Tally, guild_id: int | None,
                          model: str | None) -> CompanionDecision:
        """Past the day's budget the companion plays auto: the planner's first turn, no call made."""
        limit = self.settings.companion_calls_per_day
        first_today = not await self.in_store(decision_store.budget_noticed_today, self.store, guild_id,
                                              self.clock())
        decision = await self.engine(auto_decision, fight, fighter_id)
        return decision.model_copy(update={
            "code": "budget", "model": model, "round": tally.round, "seq": tally.seq,
            "reason": f"today's {limit} model calls are used up: playing auto until 00:00 UTC",
            "budget_notice": first_today, "facts": {"limit": limit}})

    async def record(self, decision: CompanionDecision, fighter_id: str, guild_id: int | None,
                     game_id: str | int | None) -> None:
        """The decision stored (when there is a store); a failure is logged, never raised."""
        if self.store is None:
            return
        try:
            await self.in_store(decision_store.record, self.store, decision.model_dump(), fight=game_id,
                                guild_id=guild_id, fighter=fighter_id, now=self.clock())
        except Exception:
            log.exception("could not store the companion's decision")
