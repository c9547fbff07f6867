"""Worker-process calls for tests: a call that holds a worker until the test lets it go (module-level,
so a worker process can import it)."""
from __future__ import annotations

import os
import time
from pathlib import Path


def held_until(gate: str, then: str) -> str:
    """Wait (in a worker) until the file `gate` exists, then answer `then`. Once it runs, the file
    `running(gate, then)` holds the id of the process running it."""
    Path(running(gate, then)).write_text(str(os.getpid()))
    while not Path(gate).exists():
        time.sleep(0.005)
    return then


def running(gate: str, then: str) -> str:
    """The file a held call writes its process's id to once a worker has taken it."""
    return f"{gate}.running.{then}"


def held_in(gate: str, *calls: str) -> list[int]:
    """Wait until a worker has taken each held call named (by its answer); their processes' ids."""
    marks = [Path(running(gate, then)) for then in calls]
    while not all(mark.exists() and mark.read_text() for mark in marks):
        time.sleep(0.005)
    return [int(mark.read_text()) for mark in marks]


def named(name: str) -> str:
    return name
