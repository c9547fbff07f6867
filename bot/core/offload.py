"""Where a session's work runs, never on the event loop: the store worker, the drawing pool and the
shared worker processes, and the bounded retry that turns a failing store into `StoreUnavailable`.

Store access and engine work run on one worker thread (`call`), in turn; a store that is locked,
read-only, full or unreadable raises `StoreUnavailable` after a short, bounded retry, and the
transaction it was in changed nothing. Boards are drawn on a small pool of their own once the change is
saved (`drawn`), so a slow picture never holds the store worker or the game's lock. The pure heavy work
inside a board (its picture, the tactics planner's turns) runs in worker processes (`processes`), shared
by every bot of the process and held while the sessions run. The store worker has an urgent lane
(`lanes.Lanes`): deadline work (a pilot's preparation and answer, a phase's time-out: `urgent`) is taken
before the ordinary presses queued ahead.
"""
from __future__ import annotations

import asyncio
import contextvars
import dataclasses
import functools
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from db.store import STORE_ERRORS, is_busy

from . import processes
from .kinds import GameKind
from .lanes import Lanes
from .results import ActResult, StoreUnavailable

T = TypeVar("T")
STORE_RETRIES = 3          # attempts of one store call while the database is busy
STORE_RETRY_PAUSE = 0.05   # seconds between them (on the worker thread, never the loop)
BOT_PACKAGE = __name__.partition(".")[0] + "."
DRAWERS = 2                # threads drawing boards (Pillow releases the GIL while it encodes)
STORE_STOP_S = 5.0         # at close: the longest the store job running then is waited for


class Offload:
    """The store worker, the drawing pool and the worker processes of one bot's sessions."""

    def __init__(self, kinds: dict[str, GameKind[Any]], workers: int | None) -> None:
        """`workers`: the worker processes for pictures and plans (None: the default; 0: in-thread)."""
        self._worker = Lanes(1, "store")
        self._drawers = ThreadPoolExecutor(max_workers=DRAWERS, thread_name_prefix="draw")
        # a new worker process starts with the bot's games' modules imported (their pictures and plans)
        games = tuple(m for m in (type(k).__module__ for k in kinds.values()) if m.startswith(BOT_PACKAGE))
        self.processes = processes.configure(workers, preload=games)
        self.processes.hold()

    async def call(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run `fn` (store access, engine work) on the store worker, off the event loop, in turn."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._worker, _here(_guarded, fn, *args, **kwargs))

    async def urgent(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """`call` for deadline work: taken before the ordinary jobs already queued (never interrupting one)."""
        loop = asyncio.get_running_loop()
        with self._worker.urgently():
            job = loop.run_in_executor(self._worker, _here(_guarded, fn, *args, **kwargs))
        return await job

    async def draw(self, fn: Callable[..., T], *args: Any) -> T:
        """Run `fn` (a board's picture) on the drawing pool, off the event loop and the store worker."""
        return await asyncio.get_running_loop().run_in_executor(self._drawers, _here(fn, *args))

    async def drawn(self, result: ActResult) -> ActResult:
        """`result` with its board drawn, or its private view looked at (on the drawing pool; the change
        is already saved: a deadline was met by the save, so a pilot's board waits its turn like any other)."""
        if result.look is not None:
            return await self.draw(result.look)
        if result.draw is None:
            return result
        return dataclasses.replace(result, board=await self.draw(result.draw), draw=None)

    def close(self) -> bool:
        """Stop taking work: the store jobs still queued are cancelled and the one running is waited for
        (at most `STORE_STOP_S`), so the store is never closed under it. False when it still runs: the
        store must then stay open (closing a connection in use can crash the process)."""
        idle = self._worker.stop(STORE_STOP_S)
        self._drawers.shutdown(wait=False, cancel_futures=True)
        self.processes.let_go()
        return idle


def _guarded(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """`fn` retried while the store is busy; any store failure raised as `StoreUnavailable`."""
    for attempt in range(STORE_RETRIES):
        try:
            return fn(*args, **kwargs)
        except STORE_ERRORS as exc:  # SQLite's or PostgreSQL's: the bot answers both alike
            if is_busy(exc) and attempt + 1 < STORE_RETRIES:
                time.sleep(STORE_RETRY_PAUSE * (attempt + 1))
                continue
            raise StoreUnavailable(f"{type(exc).__name__}: {exc}") from exc
    raise AssertionError("unreachable")


def _here(fn: Callable[..., T], *args: Any, **kwargs: Any) -> Callable[[], T]:
    """`fn(*args, **kwargs)` to run on another thread in the caller's context (the reader's language)."""
    return functools.partial(contextvars.copy_context().run, fn, *args, **kwargs)


__all__ = ["Offload"]
