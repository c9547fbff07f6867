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
  A worker ends with its bot's process, however that ends.
- A call reaches the pool on a sender thread of its own. The pool starts a worker process when a call
  reaches it (the first ones, or one replacing a dead worker), and that start (forking from the server,
  polling the other children) never runs in the caller's thread, which may be the event loop's.
- An error raised in a worker comes back as itself: the engines' refusals pickle (engine/errors.py), so a
  refusal in a worker is a refusal, never a broken pool.
"""
from __future__ import annotations

import asyncio
import contextlib
import functools
import heapq
import itertools
import logging
import multiprocessing
import os
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future, InvalidStateError, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from multiprocessing import connection, forkserver
from typing import Any, TypeVar

from bot.words import current, read_in

log = logging.getLogger(__name__)

T = TypeVar("T")
URGENT, ORDINARY = 0, 1
RESENDS = 1  # times a call is sent again after its worker died, before it runs in the calling thread
MOST_WORKERS = 4  # by default: past that, the bot's own process is the limit
GIVE_UP = 3  # pools broken in a row (workers that cannot start): every call then runs in its caller's thread
RETRY_WORKERS_S = 60.0  # ... for this long, then workers are tried again
WATCH_S = 0.5  # how often a pool with calls out is checked for a worker that died without the pool seeing it
CALL_TIMEOUT_S = 60.0  # a caller's thread waits no longer for a worker's answer: it works the call out itself
SENDER_IDLE_S = 30.0  # the sender thread ends after this long with nothing to send (the next call starts it)


def default_workers() -> int:
    """One worker a core (at most `MOST_WORKERS`) on two cores or more; none on one core (nothing to gain)."""
    cores = os.cpu_count() or 1
    return min(cores, MOST_WORKERS) if cores >= 2 else 0


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


class Processes:
    """Worker processes for pure calls, with an urgent lane; see the module's docstring."""

    def __init__(self, workers: int | None = None, preload: tuple[str, ...] = (),
                 initializer: Callable[[], None] | None = None) -> None:
        self.workers = default_workers() if workers is None else workers
        self.preload = preload
        self.initializer = initializer or follow_the_bot  # a worker's first call; it must end with the bot
        self._lock = threading.RLock()
        self._pool: ProcessPoolExecutor | None = None
        self._queue: list[_Call] = []
        self._outbox: deque[_Call] = deque()  # taken from the queue (counted as running), for the sender
        self._wake = threading.Condition(self._lock)
        self._sender: threading.Thread | None = None
        self._order = itertools.count()
        self._running = 0
        self._holders = 0
        self.replaced = 0  # pools replaced after a worker died (for tests and logs)
        self._broken_in_a_row = 0
        self.retry_after_s = RETRY_WORKERS_S
        self._retry_at = 0.0  # after giving up: when (time.monotonic) workers are tried again
        self._started: Future[None] | None = None

    # --- lifetime -------------------------------------------------------------------------------

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
            self._started = None
            self._sender = None
            self._wake.notify_all()
        for call in queued + outgoing:
            call.result.cancel()
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(list(self.preload))
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
                map(_alive, processes))
            if dead and dead_before:
                log.warning("a worker process died handing back its answer; starting a new one")
                _break(pool, processes.values())
                return
            dead_before = dead

    def pids(self) -> list[int]:
        """The worker processes' ids (started ones)."""
        with self._lock:
            processes = getattr(self._pool, "_processes", None) or {}
            return list(processes)

    # --- calls ----------------------------------------------------------------------------------

    def submit(self, fn: Callable[..., T], *args: Any, urgent: bool = False, **kwargs: Any) -> Future:
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


def _alive(pid: int) -> bool:
    """Whether process `pid` still runs. Asked of the system, not of multiprocessing, whose poll waits on a
    clock that a simulated one (SimCord's) may stop."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _break(pool: ProcessPoolExecutor, processes: Any) -> None:
    """Break a pool whose reader waits for the rest of a dead worker's answer: with every worker gone and
    this process's own end of the answers' pipe closed, the reader meets the pipe's end, and the pool
    fails its calls as broken (BrokenProcessPool), which sends them again."""
    for process in processes:
        with contextlib.suppress(Exception):
            process.kill()
    with contextlib.suppress(Exception):
        pool._result_queue._writer.close()  # type: ignore[attr-defined]


def follow_the_bot() -> None:
    """In a new worker: end it when the bot's process ends, however it ends. A pool's worker waits for
    work on a queue it holds both ends of, so a bot killed without its shutdown would leave it (and the
    fork server it keeps open) running for ever."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="follow-the-bot", daemon=True).start()


def start_forkserver() -> None:
    """Start the fork server (once per process) importing from this process's `sys.path`: Python 3.11's
    fork server is handed the path but does not use it, and would import the games from wherever the
    interpreter finds them first (another checkout), giving other pictures than this process draws."""
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    try:
        forkserver.ensure_running()
    finally:
        if before is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = before


class Lane(Executor):
    """The shared workers as an Executor (`run_in_executor`) in one lane, for code that hands its engine
    work to an executor: a call the workers cannot take runs on a thread of the lane's own."""

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
        processes.preload = tuple(dict.fromkeys((*processes.preload, *preload)))
    return processes


def elsewhere(fn: Callable[..., T], *args: Any, urgent: bool = False, **kwargs: Any) -> T:
    """`fn(*args, **kwargs)` on the shared workers, waited for in the calling thread (`Processes.run`):
    `fn` a module-level function of picklable arguments, pure, so its result is the same anywhere."""
    return shared().run(read_in, current(), fn, *args, urgent=urgent, **kwargs)  # its words: the reader's


__all__ = ["Lane", "Processes", "RunHere", "configure", "default_workers", "elsewhere", "shared"]
