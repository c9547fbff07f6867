"""The calls waiting for the worker processes, and how they reach them: the machinery under `Processes`
(processes.py), kept apart from the face the bot uses.

- Two lanes, as the store worker has (`lanes.py`): deadline work (a pilot's planning) is sent before the
  pictures queued, and no more calls are handed to the pool than it has workers, so an urgent call
  waits at most for the ones running.
- Both cores share the work: an ordinary call (a picture) is sent while a worker is free or has only one
  call waiting; otherwise it runs in the calling thread (a drawing thread), as it did before. When
  deadline work comes, the ordinary calls still waiting are handed back to their callers (`RunHere`), so
  a picture never waits behind a burst of it (fifty companions planning at once).
- A worker that dies (the pool is then broken) is replaced and its calls are sent again, once; a call
  whose worker died twice runs in the calling thread. No press goes unanswered for it. A worker killed
  while handing back its answer leaves the pool's reader waiting for the rest of it for ever: a watch
  sees the dead worker and breaks that pool, so its calls go the same way. Pools that keep breaking
  send every call to its caller's thread for a while (`RETRY_WORKERS_S`), then workers are tried again.
- A call reaches the pool on a sender thread of its own. The pool starts a worker process when a call
  reaches it (the first ones, or one replacing a dead worker), and that start (forking from the server,
  polling the other children) never runs in the caller's thread, which may be the event loop's.
- An error raised in a worker comes back as itself: the engines' refusals pickle (engine/errors.py), so a
  refusal in a worker is a refusal, never a broken pool.
"""
from __future__ import annotations

import functools
import heapq
import itertools
import logging
import multiprocessing
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, InvalidStateError, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from .worker_processes import alive, break_pool, start_forkserver

log = logging.getLogger(__name__)

URGENT, ORDINARY = 0, 1
RESENDS = 1  # times a call is sent again after its worker died, before it runs in the calling thread
GIVE_UP = 3  # pools broken in a row (workers that cannot start): every call then runs in its caller's thread
RETRY_WORKERS_S = 60.0  # ... for this long, then workers are tried again
WATCH_S = 0.5  # how often a pool with calls out is checked for a worker that died without the pool seeing it
SENDER_IDLE_S = 30.0  # the sender thread ends after this long with nothing to send (the next call starts it)


class RunHere(Exception):
    """An ordinary call handed back before it was sent (deadline work came): its caller runs it itself."""


@dataclass(order=True)
class _Call:
    rank: int
    order: int
    fn: Callable[..., Any] = field(compare=False)
    args: tuple[Any, ...] = field(compare=False)
    result: Future = field(compare=False)
    sent: int = field(default=0, compare=False)  # times it was handed to a pool


SETTLED = __name__.rpartition(".")[0] + ".settled"  # imported last by the fork server (settled.py)


class CallQueue:
    """Calls queued in two lanes for a pool of `workers` processes; see the module's docstring."""

    def __init__(self, workers: int, preload: tuple[str, ...], initializer: Callable[[], None]) -> None:
        self.workers = workers
        self.preload = preload
        self.initializer = initializer  # a worker's first call
        self._lock = threading.RLock()
        self._pool: ProcessPoolExecutor | None = None
        self._queue: list[_Call] = []
        self._outbox: deque[_Call] = deque()  # taken from the queue (counted as running), for the sender
        self._wake = threading.Condition(self._lock)
        self._sender: threading.Thread | None = None
        self._order = itertools.count()
        self._running = 0
        self.replaced = 0  # pools replaced after a worker died (for tests and logs)
        self._broken_in_a_row = 0
        self.retry_after_s = RETRY_WORKERS_S
        self._retry_at = 0.0  # after giving up: when (time.monotonic) workers are tried again

    def pending(self) -> int:
        """Calls queued or running: what a new call would wait behind."""
        with self._lock:
            return self._running + len(self._queue)

    def shutdown(self) -> None:
        """Stop the workers; the calls still queued are cancelled (nothing would send them)."""
        with self._lock:
            pool, self._pool = self._pool, None
            queued, self._queue = self._queue, []
            outgoing, self._outbox = list(self._outbox), deque()
            self._running -= len(outgoing)
            self._sender = None
            self._wake.notify_all()
        for call in queued + outgoing:
            call.result.cancel()
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload([*self.preload, SETTLED])  # the heap settled once all is imported
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context, initializer=self.initializer)
            threading.Thread(target=self._watch, args=(self._pool,), name="workers-watch", daemon=True).start()
        return self._pool

    def _watch(self, pool: ProcessPoolExecutor) -> None:
        """While `pool` is this one's: a worker found dead twice in a row while the pool has not broken
        (it died writing its answer, and the pool's reader waits for the rest) breaks the pool."""
        dead_before = False
        while self._pool is pool:
            time.sleep(WATCH_S)
            processes = dict(getattr(pool, "_processes", None) or {})
            dead = self._pool is pool and not getattr(pool, "_broken", False) and not all(
                map(alive, processes))
            if dead and dead_before:
                log.warning("a worker process died handing back its answer; starting a new one")
                break_pool(pool, processes.values())
                return
            dead_before = dead

    def pids(self) -> list[int]:
        """The worker processes' ids (started ones)."""
        with self._lock:
            processes = getattr(self._pool, "_processes", None) or {}
            return list(processes)

    @property
    def in_thread(self) -> bool:
        """Calls run in their caller's thread: no workers, or none could be kept alive lately."""
        return self.workers == 0 or (self._broken_in_a_row >= GIVE_UP and time.monotonic() < self._retry_at)

    def busy(self) -> bool:
        """Every worker has a call running and one waiting, or deadline work is waiting: an ordinary call
        would only queue."""
        with self._lock:
            return self._running + len(self._queue) >= 2 * self.workers or any(
                c.rank == URGENT for c in self._queue)

    def submit(self, fn: Callable[..., Any], *args: Any, urgent: bool = False, **kwargs: Any) -> Future:
        """Queue `fn(*args, **kwargs)` for a worker; its future fails with BrokenProcessPool only if the
        worker died on it twice, and an ordinary call's with RunHere if deadline work came before it was
        sent (`run` and `call` then run it in the caller's thread). Needs `workers` >= 1."""
        if kwargs:
            fn, args = functools.partial(fn, *args, **kwargs), ()
        call = _Call(URGENT if urgent else ORDINARY, next(self._order), fn, args, Future())
        with self._lock:
            if urgent:  # the ordinary calls waiting go back to their callers' threads, not behind this one
                handed_back = [c for c in self._queue if c.rank == ORDINARY]
                self._queue = [c for c in self._queue if c.rank == URGENT]
                heapq.heapify(self._queue)
                for waiting in handed_back:
                    waiting.result.set_exception(RunHere())
            heapq.heappush(self._queue, call)
            self._pump()
        return call.result

    def _pump(self) -> None:
        """Take queued calls for the pool while it has an idle worker, and wake the sender (under the lock)."""
        while self._queue and self._running < self.workers:
            call = heapq.heappop(self._queue)
            if call.result.cancelled():
                continue
            if self.in_thread or call.sent > RESENDS:
                call.result.set_exception(BrokenProcessPool("the worker process died"))
                continue
            call.sent += 1
            self._running += 1
            self._outbox.append(call)
        if self._outbox:
            if self._sender is None:
                self._sender = threading.Thread(target=self._send_taken, name="workers-send", daemon=True)
                self._sender.start()
            self._wake.notify()

    def _send_taken(self) -> None:
        """The sender thread: hands each call taken to the pool, outside the lock, so a caller (the event
        loop) is never kept waiting while the pool starts a worker process."""
        me = threading.current_thread()
        while True:
            with self._lock:
                while not self._outbox:
                    if self._sender is not me:
                        return
                    if not self._wake.wait(timeout=SENDER_IDLE_S) and not self._outbox:
                        if self._sender is me:
                            self._sender = None
                        return
                call = self._outbox.popleft()
                pool = self._executor()
            self._send(call, pool)

    def _send(self, call: _Call, pool: ProcessPoolExecutor) -> None:
        """Hand one taken call to `pool` (on the sender thread); the pool may start a worker for it."""
        if call.result.cancelled():
            with self._lock:
                self._running -= 1
                self._pump()
            return
        start_forkserver()
        try:
            sent = pool.submit(call.fn, *call.args)
        except BrokenProcessPool:  # it broke before this call reached it: nothing ran
            with self._lock:
                self._running -= 1
                self._replace(pool)
                heapq.heappush(self._queue, call)
                self._pump()
            return
        except RuntimeError:  # the workers were shut down (the bot stopped) while the call was on its way
            with self._lock:
                self._running -= 1
            call.result.cancel()
            return
        sent.add_done_callback(lambda done: self._finished(call, pool, done))

    def _finished(self, call: _Call, pool: ProcessPoolExecutor, done: Future) -> None:
        with self._lock:
            self._running -= 1
            error = None if done.cancelled() else done.exception()
            if isinstance(error, BrokenProcessPool):
                self._replace(pool)
                call.rank = URGENT  # it already waited its turn once (failed for good by `_pump` if sent twice)
                heapq.heappush(self._queue, call)
                self._pump()
                return
            self._broken_in_a_row = 0
            self._pump()
        settle(call.result, done)

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        """A worker died: the broken pool goes, and the next call starts a new one (under the lock)."""
        if self._pool is broken:
            self._pool = None
            self.replaced += 1
            self._broken_in_a_row += 1
            if self._broken_in_a_row >= GIVE_UP:
                self._retry_at = time.monotonic() + self.retry_after_s
                log.error("worker processes keep dying at start; pictures and plans are made in this process "
                          "for %.0f s, then workers are tried again", self.retry_after_s)
            else:
                log.warning("a worker process died; starting a new one")
            broken.shutdown(wait=False, cancel_futures=False)


def settle(into: Future, finished: Future) -> None:
    """`into` gets `finished`'s outcome, unless its caller gave up on it first (cancelled it: a pilot's
    deadline, a bot closing), when the outcome has no one to go to."""
    if into.done():
        return
    try:
        if finished.cancelled():
            into.cancel()
        elif finished.exception() is not None:
            into.set_exception(finished.exception())  # type: ignore[arg-type]
        else:
            into.set_result(finished.result())
    except InvalidStateError:  # cancelled between the look and the setting
        pass


__all__ = ["GIVE_UP", "CallQueue", "RunHere", "settle"]
