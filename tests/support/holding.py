"""Worker-process calls for tests: a call that holds a worker until the test lets it go (module-level,
so a worker process can import it)."""
from __future__ import annotations

import time
from pathlib import Path


def held_until(gate: str, then: str) -> str:
    """Wait (in a worker) until the file `gate` exists, then answer `then`."""
    while not Path(gate).exists():
        time.sleep(0.005)
    return then


def named(name: str) -> str:
    return name
