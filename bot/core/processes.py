"""Pure heavy work in worker processes: the planner's ready-made turns and the boards' pictures.

One process's Python runs on one core at a time (the interpreter lock), and the planner and Pillow's
drawing were most of a press's CPU. So they run here, in a small `ProcessPoolExecutor` (the
`forkserver` context: each worker is forked from a server that imported the games once, so a new
worker is ready in milliseconds), while the event loop and the store worker go on in this process.

- One `Processes` per process, made lazily on first use and shared by every bot in it (the tests
  build many); a bot holds it while it runs (`hold`) and the workers stop when the last bot lets go.
- `workers` processes (the `PROCESS_WORKERS` setting; by default one a core, up to four, on a machine
  with two cores or more: the bot's own process needs under half a core at full load, so on two cores
  two workers answer about 93 presses/s where one answered 76, bench_load); 0 runs every call in the
  calling thread, as before.
- A call is a module-level function of picklable arguments (a state in, bytes or turns out): a
  function of the game's state alone, so its result is the same here or there.
- How calls queue, reach the workers and survive a worker's death: process_queue.py. The worker
  processes themselves (their fork server, their end with the bot): worker_processes.py. A worker ends
  with its bot's process, however that ends.
"""
from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from bot.words import current, read_in

from .process_queue import CallQueue, RunHere
from .worker_processes import follow_the_bot

log = logging.getLogger(__name__)

T = TypeVar("T")
MOST_WORKERS = 4  # by default: past that, the bot's own process is the limit
CALL_TIMEOUT_S = 60.0  # a caller's thread waits no longer for a worker's answer: it works the call out itself


def default_workers() -> int:
    """One worker a core (at most `MOST_WORKERS`) on two cores or more; none on one core (nothing to gain)."""
    cores = os.cpu_count() or 1
    return min(cores, MOST_WORKERS) if cores >= 2 else 0


class Processes(CallQueue):
    """Worker processes for pure calls, with an urgent lane, held by the bots that use them; see the
    module's docstring."""

    def __init__(self, workers: int | None = None, preload: tuple[str, ...] = (),
                 initializer: Callable[[], None] | None = None) -> None:
        # a worker's first call must make it end with the bot
        super().__init__(default_workers() if workers is None else workers, preload, initializer or follow_the_bot)
        self._holders = 0
        self._started: Future[None] | None = None

    def preload_also(self, modules: tuple[str, ...]) -> None:
        """More modules a new worker has imported: its fork server imports them once, before its heap
        settles (a module that fails to import is left out). Only a fork server started later takes them:
        there is one a process, started by its first pool."""
        with self._lock:
            self.preload = tuple(dict.fromkeys((*self.preload, *modules)))

    def hold(self) -> None:
        """A bot starts using the workers."""
        with self._lock:
            self._holders += 1

    def let_go(self) -> None:
        """A bot stopped: the workers stop with the last one (a later call starts them again)."""
        with self._lock:
            self._holders = max(0, self._holders - 1)
            if self._holders == 0:
                self.shutdown()

    def shutdown(self) -> None:
        """Stop the workers; the calls still queued are cancelled, and a later `started` starts again."""
        with self._lock:
            self._started = None
            super().shutdown()

    def started(self, warm: Callable[[], Any]) -> Future[None]:
        """Done once a worker is up and has run `warm` (loading what the first real call needs). Starting
        waits for the fork server to import the games (some 200 ms, seconds on a busy machine), so it runs
        on a thread of its own, never on the event loop; asked again after `shutdown`, it starts again."""
        with self._lock:
            if self._started is None:
                self._started = Future()
                threading.Thread(target=self._start, args=(self._started, warm), name="workers-start",
                                 daemon=True).start()
            return self._started

    def _start(self, started: Future[None], warm: Callable[[], Any]) -> None:
        """Every worker started here, at once, and warmed, so the first presses find them ready."""
        try:
            for sent in [self.submit(warm) for _ in range(self.workers)]:
                sent.result(timeout=CALL_TIMEOUT_S)
        except RunHere:  # deadline work came first: it starts the workers as well
            pass
        except BaseException as e:  # the workers could not start: said to every call waiting for them
            log.warning("the worker processes did not start: %s", e)
            started.set_exception(e)
            return
        started.set_result(None)

    def run(self, fn: Callable[..., T], *args: Any, urgent: bool = False, **kwargs: Any) -> T:
        """`fn(*args, **kwargs)` in a worker, waited for in the calling thread (a drawing or store thread,
        never the event loop); in this thread when there are no workers, the worker died on it twice, or
        (for an ordinary call) the workers are busy: this process's own threads share the work then, so
        neither core waits for the other."""
        if self.in_thread or (not urgent and self.busy()):
            return fn(*args, **kwargs)
        sent = self.submit(fn, *args, urgent=urgent, **kwargs)
        try:
            return sent.result(timeout=CALL_TIMEOUT_S)
        except (BrokenProcessPool, RunHere):
            return fn(*args, **kwargs)
        except TimeoutError:  # never a caller (holding a board's lock) waiting for ever on a worker
            sent.cancel()
            log.warning("a worker took over %.0f s to answer; the call is made here", CALL_TIMEOUT_S)
            return fn(*args, **kwargs)

    async def call(self, fn: Callable[..., T], *args: Any, urgent: bool = False, **kwargs: Any) -> T:
        """`run` from the event loop: awaited, so the loop goes on while the worker works."""
        if self.in_thread:
            return await asyncio.to_thread(fn, *args, **kwargs)
        try:
            return await asyncio.wrap_future(self.submit(fn, *args, urgent=urgent, **kwargs))
        except (BrokenProcessPool, RunHere):
            return await asyncio.to_thread(fn, *args, **kwargs)


_shared: Processes | None = None
_shared_lock = threading.Lock()


def shared() -> Processes:
    """This process's workers (made on first use, with the default count until `configure`)."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = Processes()
        return _shared


def configure(workers: int | None, preload: tuple[str, ...] = ()) -> Processes:
    """Set the shared workers' count (None: the default) and the modules a new worker has imported;
    a different count replaces idle workers from the next call on."""
    processes = shared()
    with processes._lock:
        count = default_workers() if workers is None else workers
        if count != processes.workers:
            processes.shutdown()
            processes.workers = count
        processes.preload_also(preload)
    return processes


def elsewhere(fn: Callable[..., T], *args: Any, urgent: bool = False, **kwargs: Any) -> T:
    """`fn(*args, **kwargs)` on the shared workers, waited for in the calling thread (`Processes.run`):
    `fn` a module-level function of picklable arguments, pure, so its result is the same anywhere."""
    return shared().run(read_in, current(), fn, *args, urgent=urgent, **kwargs)  # its words: the reader's


__all__ = ["Processes", "RunHere", "configure", "default_workers", "elsewhere", "shared"]
