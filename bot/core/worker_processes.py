"""The worker processes themselves, apart from the calls they run: the fork server they come from,
importing this checkout; each worker ending with the bot's process; and a dead one found and its pool
broken, so its calls are sent again (processes.py, process_queue.py)."""
from __future__ import annotations

import contextlib
import multiprocessing
import os
import sys
import threading
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import connection, forkserver
from typing import Any


def alive(pid: int) -> bool:
    """Whether process `pid` still runs. Asked of the system, not of multiprocessing, whose poll waits on a
    clock that a simulated one (SimCord's) may stop."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def break_pool(pool: ProcessPoolExecutor, processes: Any) -> None:
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


__all__ = ["alive", "break_pool", "follow_the_bot", "start_forkserver"]
