"""What the benchmarks share: the event loop's heartbeat, percentiles, the bot's processes' CPU and memory,
the bot on SimCord with a store of its own, and SimCord turned to real time once the bot is up.

Every benchmark imports this checkout through here (`ROOT` first on sys.path), never the tests' helpers:
what both drive the bot with (local play's page, Tally, the games' moves) is in tools/drive/."""
from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import tempfile
import threading
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

BEAT = 0.005  # seconds between the heartbeat's pings
STALL_TARGET_MS = 50.0  # the longest the event loop may be held (DESIGN: nothing heavy on the loop)


class Heartbeat:
    """A thread that pings the event loop every `BEAT` and keeps how long each ping waited for the loop:
    the longest wait is the longest stall. A thread, not a task, so SimCord's clocks (real or held still)
    never change what it measures. `samples`: (when the ping was sent, seconds it waited)."""

    def __init__(self, loop: asyncio.AbstractEventLoop | None = None) -> None:
        self.loop = loop or asyncio.get_running_loop()
        self.samples: list[tuple[float, float]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="heartbeat", daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            sent = time.perf_counter()
            answered = threading.Event()
            try:
                self.loop.call_soon_threadsafe(answered.set)
            except RuntimeError:  # the loop closed
                return
            while not answered.wait(0.01):
                if self._stop.is_set():  # the loop is joining this thread: that wait is not a stall
                    return
            self.samples.append((sent, time.perf_counter() - sent))
            time.sleep(BEAT)

    def start(self) -> Heartbeat:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def __enter__(self) -> Heartbeat:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def longest(self, since: float = float("-inf"), until: float = float("inf")) -> float:
        """The longest wait (seconds) of the pings sent in [since, until)."""
        return max((wait for when, wait in self.samples if since <= when < until), default=0.0)

    def worst(self, since: float, until: float, n: int = 3) -> list[tuple[float, float]]:
        """The `n` longest waits in [since, until), longest first: (seconds waited, when sent)."""
        return sorted(((wait, when) for when, wait in self.samples if since <= when < until), reverse=True)[:n]

    def mark(self) -> float:
        """Now, on the samples' clock: a window's start for `longest`."""
        return time.perf_counter()


def percentile(values: list[float], q: float) -> float:
    """The `q` quantile (0-1) by nearest rank; nan for no values (a figure that was not measured is not 0)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg()) + f" ({os.cpu_count()} CPUs)"


def verdict(ok: bool) -> str:
    return "OK" if ok else "MISSED"


def stat_cpu(stat: Path) -> float | None:
    """User + system CPU seconds in a /proc `stat` file (a process's or a thread's); None once it ended."""
    try:
        fields = stat.read_text().rpartition(")")[2].split()
    except OSError:  # it ended (a worker replaced, a thread finished)
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children_cpu(pids: list[int]) -> float:
    """CPU seconds used so far by these processes (the bot's workers), read from /proc."""
    return sum(cpu for pid in pids if (cpu := stat_cpu(Path(f"/proc/{pid}/stat"))) is not None)


def parent_pid(pid: int) -> int | None:
    """A process's parent, read from /proc (None once it ended)."""
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def descendants(pid: int | None = None) -> list[int]:
    """Every process descended from `pid` (by default this one), however deep: the workers' fork server,
    the workers it forked, multiprocessing's resource tracker, an embedded model's server."""
    parents = {child: parent_pid(child) for child in (int(d.name) for d in Path("/proc").iterdir()
                                                      if d.name.isdigit())}
    found: list[int] = []
    frontier = {os.getpid() if pid is None else pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier}
        found.extend(sorted(frontier))
    return found


def rss_mb(pid: int | str = "self") -> float:
    """Resident memory of a process, MB (0 if it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def pss_mb(pid: int | str = "self") -> float:
    """Proportional set size of a process, MB: its pages shared with others (a worker's with the fork
    server it came from) counted in shares, so the bot's processes add up to the memory they hold."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return rss_mb(pid)
    return rss_mb(pid)


@contextlib.asynccontextmanager
async def simulated(plugins: list[Any] | None = None, **settings: Any) -> AsyncIterator[tuple[Any, Any, Any]]:
    """The bot on SimCord's in-memory Discord with a store of its own in a fresh folder (one shard, no
    .env; `plugins` in place of the shipped games, `settings` more of them): (env, guild, its #games)."""
    import simcord

    from bot.discord import create_bot
    from bot.settings import Settings

    with tempfile.TemporaryDirectory() as folder:
        config = Settings(database_path=Path(folder) / "bench.db", shard_count=1, _env_file=None, **settings)
        async with simcord.run(create_bot(config, plugins=plugins)) as env:
            guild = env.create_guild()
            yield env, guild, guild.create_text_channel("games")


def controls(message: Any) -> list[dict]:
    """The message's buttons and selects, nested ones too (a Components V2 board holds them in its
    container), as (custom_id, label, disabled) dicts: a channel message carries discord.py objects, a
    private reply SimCord's raw dicts."""
    from simcord.components import walk_components

    rows = [row if isinstance(row, dict) else row.to_dict() for row in message.components]
    return [{"custom_id": c.get("custom_id"), "label": c.get("label"), "disabled": bool(c.get("disabled"))}
            for c in walk_components(rows) if c.get("type") in (2, 3)]


def control_id(message: Any, want: Callable[[str], bool]) -> str | None:
    """The custom id of the first enabled control on the message whose custom id passes `want`."""
    return next((c["custom_id"] for c in controls(message)
                 if c["custom_id"] and not c["disabled"] and want(c["custom_id"])), None)


def button_id(message: Any, label: str) -> str:
    """The custom id of the message's button labelled `label` (LookupError when there is none)."""
    found = next((c["custom_id"] for c in controls(message) if c["label"] == label), None)
    if found is None:
        raise LookupError(f"no {label!r} button on the board")
    return found


def workers_pids() -> list[int]:
    """The bot's worker processes (bot/core/processes.py), started ones."""
    from bot.core import processes
    return processes.shared().pids()


def release(env: Any) -> None:
    """SimCord's hooks off once the bot is ready: the loop and executors as asyncio made them, real clocks,
    no settling after each action, so members press concurrently in real time, as on Discord.

    SimCord has no public switch for this; these are the calls its own teardown makes (`_detach_bot`),
    minus detaching the bot. Actors' verbs then return as soon as their interaction is sent."""
    from simcord import _dpy_internals, _runtime

    _runtime._restore_loop(env)
    _dpy_internals.release_clocks(env)

    async def no_settling(*args: Any, **kwargs: Any) -> None:
        return None

    env._settle_internal = no_settling


__all__ = ["BEAT", "ROOT", "STALL_TARGET_MS", "Heartbeat", "button_id", "children_cpu", "control_id", "controls",
           "descendants", "load_average", "parent_pid", "percentile", "pss_mb", "release", "rss_mb", "simulated",
           "stat_cpu", "verdict", "workers_pids"]
