"""The shared worker processes as a standard `Executor` in one lane, for code that hands its engine work
to an executor (`run_in_executor`: the companion's planning) rather than calling `Processes` itself."""
from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from .process_queue import RunHere, settle
from .processes import Processes

T = TypeVar("T")


class Lane(Executor):
    """The shared workers as an Executor in one lane: a call the workers cannot take runs on a thread of
    the lane's own."""

    def __init__(self, processes: Processes, *, urgent: bool, name: str) -> None:
        self.processes, self.urgent = processes, urgent
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix=name)

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future:  # type: ignore[override]
        if self.processes.in_thread:
            return self._thread.submit(fn, *args, **kwargs)
        answer: Future = Future()
        sent = self.processes.submit(fn, *args, urgent=self.urgent, **kwargs)

        def finished(done: Future) -> None:
            if done.cancelled():
                answer.cancel()
            elif isinstance(done.exception(), (BrokenProcessPool, RunHere)):
                chain(self._thread.submit(fn, *args, **kwargs), answer)
            else:
                chain(done, answer)

        sent.add_done_callback(finished)
        return answer

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stops the lane's own thread; the shared workers stop with the bots that hold them."""
        self._thread.shutdown(wait=wait, cancel_futures=cancel_futures)


def chain(done: Future, into: Future) -> None:
    """`into` gets `done`'s outcome when it has one."""
    done.add_done_callback(lambda finished: settle(into, finished))


__all__ = ["Lane"]
