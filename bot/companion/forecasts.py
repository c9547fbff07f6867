"""Each offered turn's forecast (engine/tactics/plan/forecast.py) for the companion's prompt, worked out where
it cannot hold anyone up.

A forecast plays the fight to its end once per turn: some 0.1 s of CPU a turn, up to a second an offer.
So the bot works them out in a worker process of their own (bot/core/processes.py: `forkserver`, never
`fork` from a threaded bot, replaced if it dies), at lowered priority so the bot's own process keeps its
core: the event loop never runs them. The worker is started on a thread by the first pilot made, and
stops with the pilot. Each job is one turn (a module-level function of a FightState, a fighter and its
steps), so what is back by the budget is used and the rest is cancelled: with many companions deciding
at once the last ones simply get fewer forecasts, never a late decision.
The eval works them out in-process with no budget (`inline`): it measures the prompt, not the machine.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Sequence
from concurrent.futures import Future

from bot.core.processes import Processes
from bot.core.worker_processes import follow_the_bot
from engine.tactics import FightState, PlannedTurn, campaign
from engine.tactics.plan.forecast import Forecast, forecast, forecast_offer

log = logging.getLogger(__name__)

WORKER_NICENESS = 10   # below the bot's process: forecasts use the second core, not the bot's
JOB_S = 0.1            # about one play-on's CPU (bench_tactics: an offer's six or seven, p50 0.2 s, p95 1.0 s)


def _lower_priority() -> None:
    """The worker's initializer: it ends with the bot's process (as the shared workers do) and yields the
    CPU to the bot's own process whenever both want it."""
    follow_the_bot()
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICENESS)


def _warm() -> int:
    """The worker's first job: the content loaded before any forecast needs it."""
    return len(campaign())


_workers = Processes(1, preload=("engine.tactics.plan.forecast",), initializer=_lower_priority)


def started() -> Future[None]:
    """Done once the forecast worker is up (started on a thread of its own, never on the event loop); the
    pilot starts it when it is created, so the first phase need not wait for it."""
    return _workers.started(_warm)


def shutdown() -> None:
    """Stop the worker (the pilot closing): queued forecasts are cancelled, a running one is not waited for."""
    _workers.shutdown()


def by_turn(found: Sequence[Forecast | None]) -> dict[int, Forecast]:
    """Forecasts by turn number (0: the pass), the turns the rules refused left out."""
    return {f.turn: f for f in found if f is not None}


def inline(state: FightState, fighter_id: str, turns: Sequence[PlannedTurn]) -> dict[int, Forecast]:
    """Every turn's forecast and the pass's, here and now, however long they take (the eval, the reader)."""
    return by_turn(forecast_offer(state, fighter_id, [t.steps for t in turns]))


async def _back_by(waits: Sequence[asyncio.Future], until: float) -> None:
    """Until every one of `waits` is done or the loop's clock reaches `until`, whichever comes first.

    A sleep to the budget's end in the calling task, cut short when the last one is back (the task is
    cancelled and the cancel taken back, as `asyncio.timeout` does), not `asyncio.wait` with a timeout:
    a simulated clock (SimCord's) moves past a sleep once the bot is otherwise idle, but takes an open
    wait on another process's work for work still running, so a slow worker (a busy machine) held it
    and the budget never ended. The sleep stays the caller's own, so a wait the caller declared as
    external (the pilot's decision) keeps its timers on the simulated clock alone."""
    if all(wait.done() for wait in waits):
        return
    loop = asyncio.get_running_loop()
    task = asyncio.current_task()
    assert task is not None
    cut = sleeping = False

    def back(_: asyncio.Future) -> None:
        nonlocal cut
        if sleeping and not cut and all(wait.done() for wait in waits):
            cut = True
            task.cancel()

    for wait in waits:
        wait.add_done_callback(back)
    try:
        sleeping = True
        await asyncio.sleep(max(0.0, until - loop.time()))
    except asyncio.CancelledError:
        if not cut or task.uncancel() > 0:   # cancelled from outside as well: that cancel goes on
            raise
    finally:
        sleeping = False
        for wait in waits:
            wait.remove_done_callback(back)


async def gather(state: FightState, fighter_id: str, turns: Sequence[PlannedTurn], until: float) -> dict[int, Forecast]:
    """The forecasts the pool works out by `until` (the loop's clock), turn 1 first and the pass last;
    those not back by then are cancelled and left out. None are asked for when the jobs already queued
    would take the whole budget (many companions deciding at once): the decision goes on at once, as it
    would without forecasts. A pool that broke is replaced for the next call."""
    loop = asyncio.get_running_loop()
    jobs: dict[int, Future[Forecast | None]] = {}
    up = asyncio.wrap_future(started())
    await _back_by([up], until)   # a wait that ends leaves the start going
    if not up.done() or up.cancelled() or up.exception() is not None or _workers.in_thread:
        return {}   # never worked out in this process: the event loop's thread would run it
    if _workers.pending() * JOB_S > until - loop.time():   # the queue ahead outlasts the budget: none would come back
        return {}
    try:
        for number, steps in [*((n, t.steps) for n, t in enumerate(turns, 1)), (0, None)]:
            jobs[number] = _workers.submit(forecast, state, fighter_id, steps, number)
        waits = {asyncio.wrap_future(job): number for number, job in jobs.items()}
        await _back_by(list(waits), until)
        done = [wait for wait in waits if wait.done()]
    except RuntimeError as e:   # the pool shut down under this call (its pilot closing, the process ending)
        log.info("no forecasts: %s", e)
        return {}
    finally:
        for job in jobs.values():
            job.cancel()
    found: list[Forecast | None] = []
    for wait in done:
        problem = None if wait.cancelled() else wait.exception()
        if not wait.cancelled() and problem is None:
            found.append(wait.result())
        elif problem is not None:   # a worker that died twice on it (replaced for the next), or the rules
            log.warning("a forecast failed: %s", problem)
    return by_turn(found)
