"""Worker-process faults for tests (module-level, so a worker process can import them): a worker killed
while it hands back its answer, workers that cannot start."""
from __future__ import annotations

import gc
import multiprocessing
import os
import struct
from multiprocessing.queues import SimpleQueue
from pathlib import Path


def answer_then_die(answer: str) -> str:
    """In a worker: start writing an answer to the pool's answers pipe and die half-way (a worker killed
    while handing back its answer). In the bot's own process (a call run in its caller's thread): `answer`."""
    if multiprocessing.parent_process() is None:
        return answer
    answers = next(o for o in gc.get_objects() if isinstance(o, SimpleQueue))
    os.write(answers._writer.fileno(), struct.pack("!i", 1 << 16) + b"half an answer")
    os._exit(1)


def fail_while(gate: str) -> None:
    """A worker's initializer that fails while the file `gate` exists (workers that cannot start)."""
    if Path(gate).exists():
        raise SystemExit("cannot start")


def pid() -> int:
    return os.getpid()
