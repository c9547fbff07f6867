"""Whose code the bot process's CPU runs: the event loop's thread sampled, the other threads read from /proc.

In bench_load the bot's process also runs SimCord (the in-memory Discord) and the members' driver, on
the event loop's thread, which a real Discord would not cost us. A thread samples the loop thread's
stack every `EVERY` seconds and files each sample under the innermost frame that is SimCord's or a
benchmark's ("harness"), discord.py's, or this checkout's bot/, engine/ or db/ ("ours"), looking no
further out than the callback the loop is running; a sample in none of them (asyncio's own loop, the
standard library with no caller of those) is "other", and one waiting in the selector is idle. The loop
thread's CPU time (from /proc) is split in the samples' proportions; every other thread of the process
but the heartbeat and this sampler (the store worker, the drawing pool, the workers' feeders) is the
bot's. A sample taken while the loop thread waits for the interpreter lock counts where it waits, so the
split is an estimate, not a measurement.
"""
from __future__ import annotations

import collections
import os
import sys
import threading
from pathlib import Path

import discord
import simcord
from harness import stat_cpu

ROOT = Path(__file__).resolve().parents[1]
EVERY = 0.005
HARNESS_DIRS = (str(Path(simcord.__file__).parent) + os.sep, str(ROOT / "benchmarks") + os.sep)
DISCORD_DIR = str(Path(discord.__file__).parent) + os.sep
OURS_DIRS = tuple(str(ROOT / part) + os.sep for part in ("bot", "engine", "db"))
IDLE = {"select", "poll"}  # the loop waiting for something to do
HARNESS_THREADS = ("heartbeat", "shares")
KINDS = ("harness", "discord.py", "ours", "other")


def kind_of(filename: str) -> str | None:
    if filename.startswith(HARNESS_DIRS):
        return "harness"
    if filename.startswith(DISCORD_DIR):
        return "discord.py"
    if filename.startswith(OURS_DIRS):
        return "ours"
    return None


def thread_cpu() -> dict[int, float]:
    """CPU seconds so far of each thread of this process, by its native id."""
    spent = {int(task.name): stat_cpu(task / "stat") for task in Path("/proc/self/task").iterdir()}
    return {tid: cpu for tid, cpu in spent.items() if cpu is not None}


class Shares:
    """Samples the calling thread (the event loop's) from a thread of its own; see the module's docstring."""

    def __init__(self) -> None:
        self.loop_thread = threading.get_ident()
        self.loop_native = threading.get_native_id()
        self.samples: collections.Counter[str] = collections.Counter()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="shares", daemon=True)
        self._cpu: dict[int, float] = {}
        self.harness_natives: set[int] = set()

    def start(self) -> Shares:
        self._thread.start()
        self._cpu = thread_cpu()
        return self

    def _run(self) -> None:
        self.harness_natives.add(threading.get_native_id())
        while not self._stop.wait(EVERY):
            frame = sys._current_frames().get(self.loop_thread)
            if frame is None or frame.f_code.co_name in IDLE:
                continue
            kind = None
            while frame is not None and kind is None and frame.f_code.co_name != "_run_once":
                kind = kind_of(frame.f_code.co_filename)  # up to the loop's own: its callers are not the work
                frame = frame.f_back
            self.samples[kind or "other"] += 1

    def stop(self) -> dict[str, float]:
        """CPU seconds since `start`: the loop thread's split by kind, "threads" for the bot's other
        threads, "sampler" for the harness's own threads (the heartbeat and this one)."""
        self._stop.set()
        self._thread.join()
        now = thread_cpu()
        harness = self.harness_natives | {t.native_id for t in threading.enumerate()
                                          if t.name in HARNESS_THREADS and t.native_id is not None}
        spent = {tid: cpu - self._cpu.get(tid, 0.0) for tid, cpu in now.items()}
        loop = spent.pop(self.loop_native, 0.0)
        counted = sum(self.samples.values()) or 1
        out = {kind: loop * self.samples[kind] / counted for kind in KINDS}
        out["sampler"] = sum(cpu for tid, cpu in spent.items() if tid in harness)
        out["threads"] = sum(cpu for tid, cpu in spent.items() if tid not in harness)
        return out


__all__ = ["KINDS", "Shares", "kind_of", "thread_cpu"]
