"""Each offered turn's forecast (engine/tactics/forecast.py) for the companion's prompt, worked out where
it cannot hold anyone up.

A forecast plays the fight to its end once per turn: some 0.1 s of CPU a turn, up to a second an offer.
So the bot works them out in a process of their own (one worker, started with `forkserver` or `spawn`,
never `fork` from a threaded bot), at lowered priority so the bot's own process keeps its core: the
event loop never runs them. The pool is created once per process, started on a thread by the first
pilot made, and shut down with the pilot. Each job is one turn (a module-level function of a FightState,
a fighter and its steps), so what is back by the budget is used and the rest is cancelled: with many
companions deciding at once the last ones simply get fewer forecasts, never a late decision.
The eval works them out in-process with no budget (`inline`): it measures the prompt, not the machine.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import threading
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from bot.core.processes import follow_the_bot, start_forkserver
from engine.tactics import FightState, PlannedTurn, campaign
from engine.tactics.forecast import Forecast, forecast, forecast_offer

log = logging.getLogger(__name__)

WORKER_NICENESS = 10   # below the bot's process: forecasts use the second core, not the bot's
JOB_S = 0.1            # about one play-on's CPU (bench_tactics: an offer's six or seven, p50 0.2 s, p95 1.0 s)

_pool: ProcessPoolExecutor | None = None
_started: Future[None] | None = None   # set once the worker is up (started on a thread of its own)
_lock = threading.RLock()   # re-entered when shutting down cancels queued jobs (their callbacks take it)
_queued: set[Future] = set()   # jobs submitted, not yet done: what a new decision's forecasts would wait behind


def _lower_priority() -> None:
    """The worker's initializer: it ends with the bot's process (as the shared workers do) and yields the
    CPU to the bot's own process whenever both want it."""
    follow_the_bot()
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICENESS)


def _context() -> multiprocessing.context.BaseContext:
    """`forkserver` where the platform has it (the fork server the shared workers use: one per process,
    started importing from this process's path), else `spawn`; never a fork of the bot's threads."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["engine.tactics.forecast"])
        start_forkserver()
        return context
    return multiprocessing.get_context("spawn")


def pool() -> ProcessPoolExecutor:
    """The process's one forecast pool, created on first use."""
    global _pool
    with _lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(max_workers=1, mp_context=_context(), initializer=_lower_priority)
        return _pool


def _warm() -> int:
    """The worker's first job: the content loaded before any forecast needs it."""
    return len(campaign())


def _start(started: Future[None], starting: ProcessPoolExecutor) -> None:
    try:
        starting.submit(_warm).result()
        started.set_result(None)
    except BaseException as e:  # the pool could not start: said to every call waiting for it
        log.warning("the forecast worker did not start: %s", e)
        started.set_exception(e)


def started() -> Future[None]:
    """Done once the pool's worker is up, the pool created if need be. A start waits for the forkserver to
    import the engine (some 200 ms, seconds on a busy machine): on a thread of its own, never on the event
    loop; the pilot starts it when it is created, so the first phase need not wait for it."""
    global _started
    with _lock:
        if _started is None:
            _started = Future()
            threading.Thread(target=_start, args=(_started, pool()), name="forecast-start", daemon=True).start()
        return _started


def shutdown() -> None:
    """Stop the pool (the pilot closing): queued forecasts are cancelled, a running one is not waited for."""
    global _pool, _started
    with _lock:
        if _pool is not None:
            _pool.shutdown(wait=False, cancel_futures=True)
        _pool, _started = None, None
        _queued.clear()


def by_turn(found: Sequence[Forecast | None]) -> dict[int, Forecast]:
    """Forecasts by turn number (0: the pass), the turns the rules refused left out."""
    return {f.turn: f for f in found if f is not None}


def inline(state: FightState, fighter_id: str, turns: Sequence[PlannedTurn]) -> dict[int, Forecast]:
    """Every turn's forecast and the pass's, here and now, however long they take (the eval, the reader)."""
    return by_turn(forecast_offer(state, fighter_id, [t.steps for t in turns]))


def _submit(state: FightState, fighter_id: str, steps: Sequence | None, number: int) -> Future[Forecast | None]:
    """One turn's forecast queued on the pool, counted in `_queued` until it is done or cancelled."""
    job = pool().submit(forecast, state, fighter_id, steps, number)
    with _lock:
        _queued.add(job)
    job.add_done_callback(_done)
    return job


def _done(job: Future) -> None:
    with _lock:
        _queued.discard(job)


async def gather(state: FightState, fighter_id: str, turns: Sequence[PlannedTurn], until: float) -> dict[int, Forecast]:
    """The forecasts the pool works out by `until` (the loop's clock), turn 1 first and the pass last;
    those not back by then are cancelled and left out. None are asked for when the jobs already queued
    would take the whole budget (many companions deciding at once): the decision goes on at once, as it
    would without forecasts. A pool that broke is replaced for the next call."""
    loop = asyncio.get_running_loop()
    jobs: dict[int, Future[Forecast | None]] = {}
    up = asyncio.wrap_future(started())
    await asyncio.wait({up}, timeout=max(0.0, until - loop.time()))   # a wait that ends leaves the start going
    if not up.done() or up.cancelled() or up.exception() is not None:
        return {}
    if len(_queued) * JOB_S > until - loop.time():   # the queue ahead outlasts the budget: none would come back
        return {}
    try:
        for number, steps in [*((n, t.steps) for n, t in enumerate(turns, 1)), (0, None)]:
            jobs[number] = _submit(state, fighter_id, steps, number)
        waits = {asyncio.wrap_future(job): number for number, job in jobs.items()}
        done, _ = await asyncio.wait(waits, timeout=max(0.0, until - loop.time()))
    except BrokenProcessPool:
        log.warning("the forecast worker stopped: this decision goes without forecasts, the next starts a new one")
        shutdown()
        return {}
    except RuntimeError as e:   # the pool shut down under this call (its pilot closing, the process ending)
        log.info("no forecasts: %s", e)
        return {}
    finally:
        for job in jobs.values():
            job.cancel()
    found: list[Forecast | None] = []
    for wait in done:
        problem = None if wait.cancelled() else wait.exception()
        if isinstance(problem, BrokenProcessPool):
            shutdown()
        elif not wait.cancelled() and problem is None:
            found.append(wait.result())
        elif problem is not None:
            log.warning("a forecast failed: %s", problem)
    return by_turn(found)
