"""Threads with two lanes: deadline work goes ahead of ordinary work queued before it.

The store has one worker thread (its writes are one at a time), fed by one queue. A pilot's
preparation, its pass or turn, the budget check and a phase timer's time-out are due at a set moment,
while a member's press can wait its turn: so every job is queued in
a lane, and a thread that comes free takes the oldest job of the urgent lane before any ordinary one.
A job already running is never interrupted. Each lane is a `concurrent.futures.Executor`, so the loop
hands work to it with `run_in_executor` as to any pool.
"""
from __future__ import annotations

import itertools
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

URGENT, ORDINARY = 0, 1
_STOP = 2  # ranks after every job: a thread stops only when nothing is queued before it


class Lanes:
    """`threads` threads taking jobs from two lanes, `urgent` first, then `ordinary`, each in order."""

    def __init__(self, threads: int = 1, name: str = "lanes") -> None:
        self._queue: queue.PriorityQueue[tuple[int, int, Any]] = queue.PriorityQueue()
        self._order = itertools.count()
        self._closed = False
        self._threads = [threading.Thread(target=self._work, name=f"{name}_{k}", daemon=True) for k in range(threads)]
        for thread in self._threads:
            thread.start()
        self.urgent: Executor = _Lane(self, URGENT)
        self.ordinary: Executor = _Lane(self, ORDINARY)

    def put(self, rank: int, fn: Callable[..., Any], args: tuple, kwargs: dict) -> Future[Any]:
        if self._closed:
            raise RuntimeError("cannot schedule new work after shutdown")
        future: Future[Any] = Future()
        self._queue.put((rank, next(self._order), (future, fn, args, kwargs)))
        return future

    def _work(self) -> None:
        while True:
            rank, _, job = self._queue.get()
            if rank == _STOP:
                return
            future, fn, args, kwargs = job
            if not future.set_running_or_notify_cancel():
                continue
            try:
                result = fn(*args, **kwargs)
            except BaseException as exc:  # handed to whoever awaits the job
                future.set_exception(exc)
            else:
                future.set_result(result)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """No new work; with `cancel_futures` the queued jobs are dropped (a running one finishes)."""
        if self._closed:
            return
        self._closed = True
        if cancel_futures:
            while True:
                try:
                    rank, _, job = self._queue.get_nowait()
                except queue.Empty:
                    break
                if rank != _STOP:
                    job[0].cancel()
        for _ in self._threads:
            self._queue.put((_STOP, next(self._order), None))
        if wait:
            for thread in self._threads:
                thread.join()


class _Lane(Executor):
    """One lane of `Lanes`, as an executor."""

    def __init__(self, lanes: Lanes, rank: int) -> None:
        self._lanes = lanes
        self._rank = rank

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        return self._lanes.put(self._rank, fn, args, kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self._lanes.shutdown(wait, cancel_futures=cancel_futures)


__all__ = ["ORDINARY", "URGENT", "Lanes"]
