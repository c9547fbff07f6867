"""Each offered turn's forecast (engine/tactics/forecast.py) for the companion's prompt, worked out where
it cannot hold anyone up.

A forecast plays the fight to its end once per turn: some 0.1 s of CPU a turn, up to a second an offer.
So the bot works them out in a process of their own (one worker, started with `forkserver` or `spawn`,
never `fork` from a threaded bot), at lowered priority so the bot's own process keeps its core: the
event loop never runs them and never waits on the interpreter lock for them. The pool is created the
first time a pilot asks and shut down with the pilot. Each job is one turn (a module-level function of a
FightState, a fighter and its steps), so what is back by the budget is used and the rest is cancelled:
with many companions deciding at once the last ones simply get fewer forecasts, never a late decision.
The eval works them out in-process with no budget (`inline`): it measures the prompt, not the machine.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from engine.tactics import FightState, PlannedTurn
from engine.tactics.forecast import Forecast, forecast, forecast_offer

log = logging.getLogger(__name__)

WORKER_NICENESS = 10   # below the bot's process: forecasts use the second core, not the bot's

_pool: ProcessPoolExecutor | None = None


def _lower_priority() -> None:
    """The worker's initializer: it yields the CPU to the bot's own process whenever both want it."""
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICENESS)


def _context() -> multiprocessing.context.BaseContext:
    """`forkserver` where the platform has it (a clean, quick fork of a server that has imported the
    engine once), else `spawn`; never a fork of the bot's threads."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["engine.tactics.forecast"])
        return context
    return multiprocessing.get_context("spawn")


def pool() -> ProcessPoolExecutor:
    """The process's one forecast pool, created on first use."""
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(max_workers=1, mp_context=_context(), initializer=_lower_priority)
    return _pool


def shutdown() -> None:
    """Stop the pool (the pilot closing): queued forecasts are cancelled, a running one is not waited for."""
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None


def by_turn(found: Sequence[Forecast | None]) -> dict[int, Forecast]:
    """Forecasts by turn number (0: the pass), the turns the rules refused left out."""
    return {f.turn: f for f in found if f is not None}


def inline(state: FightState, fighter_id: str, turns: Sequence[PlannedTurn]) -> dict[int, Forecast]:
    """Every turn's forecast and the pass's, here and now, however long they take (the eval, the reader)."""
    return by_turn(forecast_offer(state, fighter_id, [t.steps for t in turns]))


async def gather(state: FightState, fighter_id: str, turns: Sequence[PlannedTurn], until: float) -> dict[int, Forecast]:
    """The forecasts the pool works out by `until` (the loop's clock), turn 1 first and the pass last;
    those not back by then are cancelled and left out. A pool that broke is replaced for the next call."""
    loop = asyncio.get_running_loop()
    jobs: dict[int, Future[Forecast | None]] = {}
    try:
        for number, steps in [*((n, t.steps) for n, t in enumerate(turns, 1)), (0, None)]:
            jobs[number] = pool().submit(forecast, state, fighter_id, steps, number)
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
