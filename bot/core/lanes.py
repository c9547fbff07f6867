"""A thread pool with two lanes: deadline work goes ahead of ordinary work queued before it.

The store has one worker thread (its writes are one at a time), fed by one queue. A pilot's
preparation, its pass or turn, the budget check and a phase timer's time-out are due at a set moment,
while a member's press can wait its turn: so every job is queued in a lane, and a thread that comes
free takes the oldest job of the urgent lane before any ordinary one. A job already running is never
interrupted. `Lanes` is a `ThreadPoolExecutor` whose queue keeps the two lanes, so the loop hands work
to it with `run_in_executor` as to any pool (and a test harness that watches thread pools sees it);
work submitted inside `with lanes.urgently():` takes the urgent lane.
"""
from __future__ import annotations

import itertools
import queue
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

URGENT, ORDINARY = 0, 1
_STOP = 2  # after every job: a thread stops only once nothing is queued before its stop


class _LaneQueue:
    """The pool's work queue (the calls ThreadPoolExecutor makes of its SimpleQueue), in two lanes."""

    def __init__(self) -> None:
        self._queue: queue.PriorityQueue[tuple[int, int, Any]] = queue.PriorityQueue()
        self._order = itertools.count()
        self._local = threading.local()  # the lane of the submissions made now on this thread

    @contextmanager
    def lane(self, rank: int) -> Iterator[None]:
        before = getattr(self._local, "rank", ORDINARY)
        self._local.rank = rank
        try:
            yield
        finally:
            self._local.rank = before

    def put(self, item: Any, block: bool = True, timeout: float | None = None) -> None:
        rank = _STOP if item is None else getattr(self._local, "rank", ORDINARY)
        self._queue.put((rank, next(self._order), item))

    def get(self, block: bool = True, timeout: float | None = None) -> Any:
        return self._queue.get(block, timeout)[2]

    def get_nowait(self) -> Any:
        return self._queue.get_nowait()[2]

    def empty(self) -> bool:
        return self._queue.empty()

    def qsize(self) -> int:
        return self._queue.qsize()


class Lanes(ThreadPoolExecutor):
    """`threads` threads taking jobs from two lanes: urgent ones first, each lane in order."""

    def __init__(self, threads: int = 1, name: str = "lanes") -> None:
        super().__init__(max_workers=threads, thread_name_prefix=name)
        self._lanes = _LaneQueue()
        self._work_queue = self._lanes  # type: ignore[assignment]  # the same calls as its SimpleQueue

    def stop(self, timeout: float) -> bool:
        """Stop: the jobs still queued are cancelled and the ones running waited for, at most `timeout`
        seconds; whether none runs any more (what they use, the store, may then be closed)."""
        self.shutdown(wait=False, cancel_futures=True)
        until = time.monotonic() + timeout
        for thread in list(self._threads):
            thread.join(max(0.0, until - time.monotonic()))
        return not any(thread.is_alive() for thread in self._threads)

    @contextmanager
    def urgently(self) -> Iterator[None]:
        """Work submitted (from this thread) inside the block takes the urgent lane."""
        with self._lanes.lane(URGENT):
            yield


__all__ = ["ORDINARY", "URGENT", "Lanes"]
