"""How many presses one process answers, and how fast, with N members each pressing about once a second.

Run by hand: python benchmarks/bench_load.py [--members 10,30,60,80,100,120] [--seconds 20] [--warm 5]

The real bot (create_bot, every shipped game, a real SQLite file) in SimCord. Once the bot is ready,
SimCord's hooks are released (`release`: the loop's task and timer hooks, the executor hooks, the
virtual clocks, and the settling after each action), so the bot runs on a plain asyncio loop in real
time and members press concurrently, as on Discord. Each member plays one game, the four games in
turn (bowls endless, a formation campaign, a tactics campaign with the auto companion, summon
against the AI), and presses what a player would (a bowl then Sow; a slot, a creature, Battle, Next
puzzle; a ready-made turn then Send; the hand then a placement); each member presses once a second
from its first press, or at once when the answer came later than that (a member presses only what
is on screen). A start (the game's slash command) counts as a press too.
- ack: from the interaction to Discord's acknowledgement (the defer);
- answer: from the interaction to the bot's first message carrying the result (the pressed board
  edited, a new board posted in the thread, or the private answer);
- CPU per press: the whole process's CPU time over the measured window (the bot, SimCord's in-memory
  Discord and the members' driver, which a real Discord would not cost us) per press answered, and
  the worker processes' CPU beside it;
- the longest stall: the longest a ping sent to the loop every 5 ms waited (benchmarks/harness.py);
- memory: the proportional set size (PSS: pages shared with the fork server counted once) of the
  process and every process it started (its workers, their fork server, multiprocessing's resource
  tracker), sampled every `--rss-every` seconds; SimCord's uploaded bytes are dropped
  at each sample (`forget_sent`), since a real Discord keeps those on its side, and so is its record
  of each interaction answered over `FORGET_AFTER_S` ago (`Wire.forget_answered`), every channel's
  messages but its newest `KEEP_MESSAGES` a minute after they fell out of those, and a thread's messages
  a minute after its member left it for a new game (the row prints how many requests named a message
  SimCord no longer held: none, when the bot only edits what it posted lately). Each press's record
  lets go of its event once its member stops waiting.
The first `--warm` seconds of each row (the starts, the first pictures) are not measured.

SimCord's HTTP log is kept by reference while measuring (`Wire.install`): SimCord deep-copies every
request's parameters and JSON into its log (`backend.http_requests`), which cost about 5 ms of the
loop's CPU a press at 80 members, work a real Discord does not do on our process. The log itself is
still written (and cleared after each request); only the copy is skipped, so the bot and SimCord run
as before. `--simcord-log` keeps SimCord's copying, for the figure as it was measured before; every
run prints which it measured. SimCord's transcript (every request and event, for a failing test's
report) is emptied at each request for the same reason: it held half the objects a full garbage
collection walked by the end of a row; `--simcord-transcript` keeps it.
- whose code: beside the process's CPU a press, its split (benchmarks/shares.py): SimCord and the
  members' driver, discord.py, ours and the rest on the loop's thread (sampled), the bot's other threads,
  and the figure without the harness. The CPU-a-press target line stays the whole process's.
Wall figures are wall time on a shared machine: the load average is printed beside each row.
Targets: CPU a press (process + workers) <= 10 ms over the mix, so 2 cores carry >= 150 presses/s
(capacity is read from the CPU a press: a row of N members offers at most N presses/s); answer p99
<= 300 ms at 120 members; the longest stall <= 50 ms; RSS <= 250 MB at 150 members, growing no more
than 5 % after the first minute (a row of 10 minutes: --members 150 --seconds 600).

Before this round's changes (commit a1da7aa, 20 s a row, other helpers running: load at the row's end):

| members | presses/s | ack p50/p95/p99 ms | answer p50/p95/p99 ms | CPU ms/press | RSS MB | stall ms | load |
| --- | --- | --- | --- | --- | --- | --- | --- |
| 10 | 10.0 | 0.8 / 1.7 / 11.3 | 32 / 186 / 256 | 42.6 | 187 | 25 | 1.15 |
| 30 | 26.9 | 0.7 / 5.1 / 17.0 | 909 / 2,197 / 2,703 | 34.1 | 262 | 81 | 2.38 |
| 60 | 35.0 | 0.6 / 4.5 / 20.5 | 1,416 / 3,636 / 3,974 | 24.7 | 349 | 110 | 3.61 |
| 80 | 44.4 | 0.6 / 3.4 / 14.0 | 1,740 / 3,733 / 4,111 | 23.3 | 458 | 132 | 4.15 |
| 100 | 40.8 | 0.6 / 2.4 / 19.4 | 2,262 / 4,768 / 6,319 | 24.4 | 561 | 128 | 4.72 |

With the worker process (bot/core/processes.py) and SimCord's log by reference, on a machine shared
with other work (load 3.8-5.1; "CPU" is this process + the worker's, per press):

| members | presses/s | answer p50/p95/p99 ms | CPU ms/press | stall ms | load |
| --- | --- | --- | --- | --- | --- |
| 10 | 10.0 | 36 / 139 / 200 | 8.4 + 19.6 | 36 | 3.81 |
| 30 | 30.0 | 753 / 1,469 / 1,632 | 8.5 + 13.8 | 95 | 4.30 |
| 60 | 40.9 | 1,569 / 2,381 / 3,276 | 8.4 + 11.3 | 192 | 4.53 |
| 80 | 42.5 | 1,940 / 3,111 / 3,406 | 6.7 + 10.1 | 100 | 4.64 |
| 100 | 45.5 | 1,758 / 4,704 / 4,977 | 7.1 + 9.1 | 123 | 5.06 |

The same on a quiet machine (no other work; load at the row's end), with one worker and then with two
(one a core, the default since):

| members | 1 worker: presses/s | p50 / p99 ms | CPU ms/press | 2 workers: presses/s | p50 / p99 | CPU | load |
| --- | --- | --- | --- | --- | --- | --- | --- |
| 10 | 10.0 | 16 / 85 | 7.8 + 19.7 | 10.0 | 17 / 99 | 7.4 + 23.3 | 0.90 |
| 30 | 30.0 | 31 / 95 | 8.1 + 17.8 | 30.0 | 19 / 75 | 5.9 + 19.4 | 0.59 |
| 60 | 60.0 | 347 / 749 | 8.8 + 14.0 | 60.0 | 56 / 223 | 6.4 + 18.2 | 1.13 |
| 80 | 66.5 | 1,245 / 2,706 | 7.6 + 12.8 | 80.0 | 828 / 1,135 | 5.4 + 16.2 | 1.50 |
| 100 | 69.8 | 1,566 / 3,071 | 7.2 + 12.0 | 89.1 | 1,108 / 2,271 | 4.9 + 14.6 | 2.16 |
| 120 | 76.2 | 1,728 / 3,424 | 6.6 + 11.1 | 90.3 | 1,413 / 3,006 | 4.9 + 14.1 | 2.58 |

Capacity 90.3 presses/s (target 90) is met with two workers; the answer p99 at 80 members (1,135 ms
against 500) is not: 80 presses/s at about 21.6 ms of CPU each keep both cores 86 % busy.

The pictures' PNG written unfiltered (bot/render/common.py), shared backdrops and replay cards, and the
auto companion's decision once per position: before (09f7879) and after, two workers, run back to back
on a machine shared with other work (load 5.0-7.2 at the rows' ends, so the answer times are the
load's; CPU ms per press is bot process + workers):

| members | before: presses/s | p50 / p99 ms | CPU ms/press | after: presses/s | p50 / p99 ms | CPU ms/press |
| --- | --- | --- | --- | --- | --- | --- |
| 10 | 10.0 | 29 / 198 | 7.6 + 22.4 | 10.0 | 22 / 549 | 7.0 + 16.1 |
| 30 | 30.0 | 114 / 677 | 6.9 + 18.7 | 30.0 | 25 / 295 | 5.9 + 11.4 |
| 60 | 41.8 | 1,358 / 3,203 | 5.2 + 14.5 | 58.5 | 982 / 1,690 | 4.5 + 9.5 |
| 80 | 38.7 | 2,145 / 3,906 | 5.0 + 12.5 | 49.4 | 1,758 / 2,680 | 5.3 + 9.1 |
| 100 | 41.3 | 2,589 / 5,094 | 5.4 + 12.0 | 69.7 | 1,198 / 3,839 | 4.6 + 8.3 |
| 120 | 42.8 | 2,731 / 5,069 | 5.3 + 11.8 | 67.8 | 1,911 / 3,234 | 4.7 + 7.5 |

At 80 members, two runs each back to back (load 3.6-6.0): before 18.4 and 19.4 ms/press, after 14.8
and 14.3.

The same code (f596d22) on a quiet machine (no other work; load at the row's end):

| members | presses/s | answer p50 / p95 / p99 ms | CPU ms/press | stall ms | RSS MB | load |
| --- | --- | --- | --- | --- | --- | --- |
| 10 | 10.0 | 12 / 51 / 84 | 7.4 + 16.5 | 9 | 156 | 1.04 |
| 30 | 30.0 | 14 / 47 / 60 | 6.6 + 12.5 | 41 | 255 | 0.79 |
| 60 | 60.0 | 20 / 64 / 88 | 6.2 + 11.9 | 84 | 436 | 1.59 |
| 80 | 80.0 | 69 / 204 / 279 | 6.5 + 11.7 | 146 | 664 | 1.66 |
| 100 | 99.8 | 560 / 969 / 1,041 | 5.8 + 10.5 | 181 | 940 | 1.93 |
| 120 | 104.7 | 1,121 / 1,737 / 2,629 | 5.7 + 9.8 | 230 | 1,209 | 2.20 |

Capacity 104.7 presses/s (target 90) and the answer p99 at 80 members, 279 ms (target 500), are met;
two more runs of the 80 row alone gave 324 and 311 ms. The longest stall grows with the row because
full garbage collections walk a heap that grows with everything SimCord keeps (every message and
picture: RSS above); the members play the same campaign fights and puzzles, so the plans and picture
parts the bot remembers are shared more often here than between real players.
"""
from __future__ import annotations

import argparse
import asyncio
import collections
import copy
import os
import random
import re
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import simcord
from harness import (
    STALL_TARGET_MS,
    Heartbeat,
    children_cpu,
    descendants,
    load_average,
    percentile,
    pss_mb,
    release,
    rss_mb,
    verdict,
    workers_pids,
)
from shares import Shares
from simcord.backend.errors import BackendError
from simcord.components import walk_components
from simcord.http import router
from simcord.results import ResponseMessage

from bot.discord import create_bot
from bot.settings import Settings

CPU_TARGET_MS = 10.0      # CPU a press, the bot's process and its workers, over the four games' mix
CAPACITY_TARGET = 150.0   # presses/s the machine's cores carry at that CPU a press
P99_TARGET_MS = 300.0     # answer p99 at the target row
TARGET_MEMBERS = 120
RSS_TARGET_MB = 250.0     # the bot's process and its workers, at MEMORY_MEMBERS members ...
MEMORY_MEMBERS = 150
GROWTH_TARGET_PCT = 5.0   # ... growing no more than this after the first minute
SETTLED_S = 60.0
RSS_EVERY = 5.0           # seconds between memory samples (and trims of SimCord's store)
FORGET_AFTER_S = 10.0     # an interaction answered this long ago is dropped from SimCord (Wire.forget_answered)
UNKNOWN_MESSAGE = 10008   # Discord's error code for a message it does not hold
KEEP_MESSAGES = 12        # a channel's newest messages SimCord keeps (a member reads its thread's newest 6) ...
KEEP_OLDER_S = 60.0       # ... and the older ones this long (a slow answer may still edit one)
EVERY = 1.0               # seconds between a member's presses
GIVE_UP = 15.0            # an answer later than this counts as never answered
THREAD = re.compile(r"(?:ready|running) in <#(\d+)>")
GAMES = ("bowls", "formation", "tactics", "summon")


@dataclass(slots=True)
class Press:
    game: str
    token: str
    thread: int | None        # where a new board for this press may be posted
    began: float
    acked: float | None = None
    answered: float | None = None
    done: asyncio.Event | None = field(default_factory=asyncio.Event)  # let go once the member stops waiting


def _by_reference(value: Any, memo: Any = None) -> Any:
    return value


# What SimCord's router sees as its `copy` module while its log keeps references (only the router's
# log entry calls it).
REFERENCES = SimpleNamespace(deepcopy=_by_reference)


class Wire:
    """Watches every request the bot makes of Discord and times each press's ack and answer.

    `copying`: SimCord's HTTP log deep-copies each request as SimCord ships (False: it keeps references);
    `transcript`: SimCord's transcript keeps everything that crossed its seams (False: emptied at each request)."""

    def __init__(self, copying: bool = False, transcript: bool = False) -> None:
        self.by_token: dict[str, Press] = {}
        self.by_thread: dict[int, Press] = {}
        self._dispatch = router.dispatch
        self.copying = copying
        self.transcript = transcript
        self.answered: collections.deque[tuple[float, str]] = collections.deque()  # (when, token), oldest first
        self.unknown = 0  # requests SimCord refused for a message it does not hold (one dropped too soon)
        self.aging: dict[int, float] = {}  # SimCord's messages past their channel's newest: when first seen so
        self.left: dict[int, float] = {}  # threads a member left for a new game's: when

    def install(self) -> None:
        router.dispatch = self._observed
        if not self.copying:
            router.copy = REFERENCES  # type: ignore[attr-defined]

    def uninstall(self) -> None:
        router.dispatch = self._dispatch
        router.copy = copy  # type: ignore[attr-defined]

    def track(self, press: Press) -> None:
        self.by_token[press.token] = press
        if press.thread is not None:
            self.by_thread[press.thread] = press

    def _observed(self, backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        try:
            result = self._dispatch(backend, method, path, **kwargs)
        except BackendError as e:
            self.unknown += e.code == UNKNOWN_MESSAGE
            raise
        backend.http_requests.clear()  # SimCord's request log: a copy of every body, kept for transcripts
        if not self.transcript:  # every request and event, kept for a failing test's report
            backend.transcript.clear()
        now = time.perf_counter()
        parts = path.strip("/").split("/")
        if parts[0] == "interactions" and parts[-1] == "callback":
            press = self.by_token.get(parts[2])
            if press is not None and press.acked is None:
                press.acked = now
                if (kwargs.get("json") or {}).get("type") in (4, 7):  # the acknowledgement carries the answer
                    self._answer(press, now)
        elif parts[0] == "webhooks" and len(parts) >= 3:
            press = self.by_token.get(parts[2])
            if press is not None and press.acked is not None and (method != "DELETE" or press.thread is None):
                self._answer(press, now)
        elif parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages" and method in ("POST", "PATCH"):
            press = self.by_thread.get(int(parts[1]))
            if press is not None and press.acked is not None:
                self._answer(press, now)
        return result

    def _answer(self, press: Press, now: float) -> None:
        if press.answered is None:
            press.answered = now
            if press.done is not None:
                press.done.set()
            self.by_token.pop(press.token, None)
            self.answered.append((now, press.token))
            if press.thread is not None and self.by_thread.get(press.thread) is press:
                del self.by_thread[press.thread]

    def forget_answered(self, backend: Any, before: float) -> None:
        """SimCord's record of each interaction answered before `before` dropped: it keeps every one, with
        its message and options, which a real Discord keeps on its side (the harness's objects, which a
        full garbage collection of the bot's process walked)."""
        while self.answered and self.answered[0][0] < before:
            _, token = self.answered.popleft()
            backend.interactions.pop(backend.interaction_tokens.pop(token, None), None)


def _components(message: Any) -> list[dict]:
    """The message's buttons and selects, read from SimCord's stored message (`components` would hand
    the members' driver a deep copy for every look: harness cost, not the bot's). Read, never changed."""
    return [c for c in walk_components(message._message.components) if c.get("type") in (2, 3)]


def _enabled(message: Any) -> list[dict]:
    return [c for c in _components(message) if not c.get("disabled")]


def _button(message: Any, want: Callable[[dict], bool]) -> dict | None:
    return next((c for c in _enabled(message) if c.get("type") == 2 and want(c)), None)


class Member:
    """One member playing one game: reads what is on screen, presses what a player would."""

    def __init__(self, env: Any, wire: Wire, actor: Any, channel: Any, game: str, rng: random.Random) -> None:
        self.env, self.wire, self.actor, self.channel, self.game, self.rng = env, wire, actor, channel, game, rng
        self.thread: int | None = None
        self.private: Any = None   # the newest private answer (a preview, a hand)
        self.presses: list[Press] = []
        self.start_command = {"bowls": ("bowls endless", {}), "formation": ("formation campaign", {}),
                              "tactics": ("tactics campaign", {"pilot": "auto"}), "summon": ("summon ai", {})}[game]

    def boards(self) -> list[Any]:
        """The newest messages with controls that everyone sees in the member's thread, newest first
        (the live board, then, say, a fight's result offering the next fight)."""
        stored = self.env.backend.messages.get(self.thread, {}) if self.thread else {}
        newest = sorted(stored, reverse=True)[:6]
        return [ResponseMessage(self.env, stored[i]) for i in newest
                if not stored[i].flags & 64 and stored[i].components]

    async def _record(self, result: Any, thread: int | None) -> Press:
        record = result._interaction
        press = Press(self.game, record.token, thread, time.perf_counter())
        self.wire.track(press)
        self.presses.append(press)
        self._last = result
        return press

    async def press_once(self) -> Press:
        """Choose and send one press; returns it (its answer is awaited by the caller)."""
        began = time.perf_counter()
        choice = next((c for c in map(self.choose, self.boards()) if c is not None), None)
        if choice is None:
            name, options = self.start_command
            result = await self.actor.slash(self.channel, name, **options)
            press = await self._record(result, None)
            press.began = began
            return press
        message, component, values = choice
        if component.get("type") == 3:
            result = await self.actor.select(message, values, custom_id=component["custom_id"])
        else:
            result = await self.actor.click(message, custom_id=component["custom_id"])
        press = await self._record(result, self.thread)
        press.began = began
        return press

    def after(self, press: Press) -> None:
        """What the answer showed: the new thread of a start, the private message of a preview or hand."""
        result = self._last
        said = [m for m in (result.response, *result.followups) if m is not None]
        # a start (or Next fight, or Rematch) answers "your game is ready in <#thread>" (or "running in")
        found = next((THREAD.search(m.content) for m in said if THREAD.search(m.content)), None)
        if found is not None:
            thread = int(found.group(1))
            if self.thread is not None and thread != self.thread:
                self.wire.left[self.thread] = time.perf_counter()
            self.wire.left.pop(thread, None)
            self.thread = thread
        messages = [m for m in said[::-1] if m.ephemeral]
        self.private = messages[0] if messages else None

    # --- what a player presses, per game ----------------------------------------------------------

    def choose(self, board: Any) -> tuple[Any, dict, list[str]] | None:
        return getattr(self, f"_{self.game}")(board)

    def _bowls(self, board: Any):
        sow = _button(board, lambda c: c["custom_id"].endswith(":sow"))
        if sow is not None:
            return board, sow, []
        picks = [c for c in _enabled(board) if ":pick:" in (c.get("custom_id") or "")]
        if picks:
            return board, self.rng.choice(picks), []
        undo = _button(board, lambda c: c["custom_id"].endswith("undo"))
        return (board, undo, []) if undo is not None else None

    def _formation(self, board: Any):
        for label in ("Battle", "Next puzzle", "Retry", "Try again"):
            found = _button(board, lambda c, label=label: c.get("label") == label)
            if found is not None:
                return board, found, []
        selects = [c for c in _enabled(board) if c.get("type") == 3]
        for verb in ("place:", "slot:"):  # a creature for the chosen slot, else an empty slot
            for select in selects:
                options = [o for o in select.get("options") or [] if o["value"].startswith(verb)
                           and (verb == "place:" or o.get("label", "").endswith(": empty"))]
                if options:
                    return board, select, [self.rng.choice(options)["value"]]
        clear = _button(board, lambda c: c.get("label") == "Clear")
        return (board, clear, []) if clear is not None else None

    def _tactics(self, board: Any):
        if self.private is not None:
            send = _button(self.private, lambda c: c.get("label") == "Send")
            if send is not None:
                return self.private, send, []
        for want in (lambda c: c.get("label") in ("Next fight", "Retry"),
                     lambda c: (c.get("label") or "").startswith("1. "),
                     lambda c: (c.get("label") or "").startswith("Pass")):
            found = _button(board, want)
            if found is not None:
                return board, found, []
        return None

    def _summon(self, board: Any):
        if self.private is not None:
            selects = [c for c in _enabled(self.private) if c.get("type") == 3]
            for verb in ("place:", "hand:"):  # a placement, else a piece to see its placements
                for select in selects:
                    options = [o for o in select.get("options") or [] if o["value"].startswith(verb)]
                    if options:
                        return self.private, select, [self.rng.choice(options)["value"]]
        for label in ("Your hand", "Rematch"):
            found = _button(board, lambda c, label=label: c.get("label") == label)
            if found is not None:
                return board, found, []
        return None

    async def run(self, stop: float) -> None:
        """Press once a second (or at once after a late answer) until `stop`."""
        loop = asyncio.get_running_loop()
        await asyncio.sleep(self.rng.random() * EVERY)
        due = time.perf_counter()
        while time.perf_counter() < stop:
            press = await self.press_once()
            assert press.done is not None
            try:
                await asyncio.wait_for(press.done.wait(), GIVE_UP)
            except TimeoutError:
                self.private = None
                self.thread = self.thread  # the next press reads the board again
            else:
                self.after(press)
            press.done = None  # its times stay for the row; the event is the harness's memory
            due += EVERY
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            due = max(due, time.perf_counter() - EVERY)
        del loop


def crowd(env: Any, wire: Wire, members: int, seed: int, games: tuple[str, ...] = GAMES
          ) -> tuple[Any, Any, list[Member]]:
    """A server with #games and `members` members, each playing one game (`games` in turn)."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    rng = random.Random(seed)
    return guild, channel, [Member(env, wire, guild.add_member(env.create_user(f"member{i}")), channel,
                                   games[i % len(games)], random.Random(rng.random())) for i in range(members)]


def go_live(env: Any, wire: Wire) -> Heartbeat:
    """SimCord's hooks released, the wire watched and the heartbeat beating: the measured run begins."""
    release(env)
    wire.install()
    return Heartbeat().start()


def held_mb() -> float:
    """PSS MB of the bot's process and every process it started (workers, their fork server, the rest)."""
    return pss_mb() + sum(pss_mb(pid) for pid in descendants())


def each_process() -> str:
    """RSS / PSS MB of the bot's process, each worker, the workers' fork server and the other processes
    it started (summed), as one line."""
    from multiprocessing import forkserver

    workers = workers_pids()
    server = getattr(forkserver._forkserver, "_forkserver_pid", None)
    others = [pid for pid in descendants() if pid not in workers and pid != server]
    named = [("bot", "self"), *((f"worker {i}", pid) for i, pid in enumerate(workers, 1))]
    if server is not None:
        named.append(("fork server", server))
    line = ", ".join(f"{name} {rss_mb(pid):.0f} / {pss_mb(pid):.0f}" for name, pid in named)
    if others:
        line += (f", other ({len(others)}) {sum(rss_mb(pid) for pid in others):.0f} / "
                 f"{sum(pss_mb(pid) for pid in others):.0f}")
    return line


def forget_sent(env: Any, wire: Wire, now: float) -> None:
    """SimCord's uploads dropped: it keeps every picture's bytes, which a real Discord keeps on its side (the
    harness's memory, not the bot's); every channel's messages but its newest `KEEP_MESSAGES`, once they
    have been older than those for `KEEP_OLDER_S`; and every message of a thread its member left for a new
    game's that long ago. The bot may still edit a message while a slow answer is made; `Wire.unknown`
    counts any request that named a message dropped."""
    env.backend.cdn._blobs.clear()
    messages, aging = env.backend.messages, wire.aging
    for thread, since in list(wire.left.items()):
        if now - since >= KEEP_OLDER_S:
            for old in messages.pop(thread, {}):
                aging.pop(old, None)
            del wire.left[thread]
    for stored in messages.values():
        if len(stored) > KEEP_MESSAGES:
            for old in list(stored)[:-KEEP_MESSAGES]:  # kept in the order they were posted
                if now - aging.setdefault(old, now) >= KEEP_OLDER_S:
                    del stored[old]
                    del aging[old]


async def measure(members: int, seconds: float, warm: float, seed: int, simcord_log: bool = False,
                  rss_every: float = RSS_EVERY, games: tuple[str, ...] = GAMES, transcript: bool = False) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(database_path=Path(folder) / "load.db", shard_count=1, _env_file=None)
        bot = create_bot(settings)
        wire = Wire(copying=simcord_log, transcript=transcript)
        async with simcord.run(bot) as env:
            _, _, pressing = crowd(env, wire, members, seed, games)
            beat = go_live(env, wire)
            began = time.perf_counter()
            opened, stop = began + warm, began + warm + seconds
            cpu: list[float] = []
            workers: list[float] = []
            memory: list[tuple[float, float]] = []  # (seconds since the window opened, MB held: held_mb)
            apart: list[tuple[float, str]] = []  # (seconds since the window opened, each process's RSS / PSS)
            split: dict[str, float] = {}  # the bot process's CPU seconds by whose code (shares.py)

            async def mark() -> None:
                await asyncio.sleep(max(0.0, opened - time.perf_counter()))
                cpu.append(time.process_time())
                workers.append(children_cpu(workers_pids()))
                shares = Shares().start()
                while (now := time.perf_counter()) < stop:
                    forget_sent(env, wire, now)
                    wire.forget_answered(env.backend, now - FORGET_AFTER_S)
                    memory.append((now - opened, held_mb()))
                    apart.append((now - opened, each_process()))
                    await asyncio.sleep(min(rss_every, max(0.0, stop - time.perf_counter())))
                cpu.append(time.process_time())
                workers.append(children_cpu(workers_pids()))
                split.update(shares.stop())

            marking = asyncio.create_task(mark())
            await asyncio.gather(*(m.run(stop) for m in pressing), marking)
            beat.stop()
            forget_sent(env, wire, time.perf_counter())
            memory.append((time.perf_counter() - opened, held_mb()))
            apart.append((time.perf_counter() - opened, each_process()))
            wire.uninstall()
            loadavg = os.getloadavg()[0]
            try:
                async with asyncio.timeout(10):
                    await bot.close()
            except TimeoutError:
                pass
    pressed = [p for m in pressing for p in m.presses if opened <= p.began < stop]
    answered = [p for p in pressed if p.answered is not None]
    acks = [(p.acked - p.began) * 1000 for p in pressed if p.acked is not None]
    answers = [(p.answered - p.began) * 1000 for p in answered]  # type: ignore[operator]
    per_game = {g: percentile([(p.answered - p.began) * 1000 for p in answered if p.game == g], 0.99)  # type: ignore[operator]
                for g in games}
    after_first = [mb for t, mb in memory if t >= min(SETTLED_S, seconds / 3)]
    return {"members": members, "rate": len(answered) / seconds, "pressed": len(pressed),
            "unanswered": len(pressed) - len(answered),
            "ack": [percentile(acks, q) for q in (0.5, 0.95, 0.99)],
            "answer": [percentile(answers, q) for q in (0.5, 0.95, 0.99)],
            "cpu_ms": (cpu[1] - cpu[0]) * 1000 / max(1, len(answered)),
            "worker_cpu_ms": (workers[1] - workers[0]) * 1000 / max(1, len(answered)),
            "memory_mb": memory[-1][1], "memory_settled_mb": after_first[0] if after_first else memory[-1][1],
            "memory_samples": memory,
            "apart": [next((a for a in apart if a[0] >= min(SETTLED_S, seconds / 3)), apart[-1]), apart[-1]],
            "stall_ms": beat.longest(opened, stop) * 1000, "per_game_p99": per_game, "load": loadavg,
            "split_ms": {k: v * 1000 / max(1, len(answered)) for k, v in split.items()},
            "unknown": wire.unknown}


def _row(r: dict) -> str:
    ack, answer = r["ack"], r["answer"]
    cpu = r["cpu_ms"] + r["worker_cpu_ms"]
    growth = (r["memory_mb"] / r["memory_settled_mb"] - 1) * 100 if r["memory_settled_mb"] else 0.0
    line = (f"{r['members']:>4} | {r['rate']:6.1f}/s ({r['pressed']} pressed, {r['unanswered']} unanswered) | "
            f"ack {ack[0]:5.1f} / {ack[1]:6.1f} / {ack[2]:6.1f} ms | "
            f"answer {answer[0]:6.1f} / {answer[1]:7.1f} / {answer[2]:7.1f} ms | "
            f"CPU {r['cpu_ms']:5.1f} + workers {r['worker_cpu_ms']:4.1f} = {cpu:4.1f} ms/press "
            f"(<= {CPU_TARGET_MS:g}) {verdict(cpu <= CPU_TARGET_MS)} | "
            f"stall {r['stall_ms']:6.1f} ms (<= {STALL_TARGET_MS:g}) {verdict(r['stall_ms'] <= STALL_TARGET_MS)} | "
            f"load {r['load']:.2f}")
    split = r["split_ms"]
    harness = split["harness"] + split["sampler"]
    line += (f"\n     the process's CPU by whose code (the loop sampled, shares.py): SimCord + the members' driver "
             f"{split['harness']:.1f} ms/press, discord.py {split['discord.py']:.1f}, ours {split['ours']:.1f}, "
             f"other {split['other']:.1f} on the loop; the bot's other threads {split['threads']:.1f}; the harness's "
             f"threads {split['sampler']:.1f}. Without the harness: {r['cpu_ms'] - harness:.1f} + workers "
             f"{r['worker_cpu_ms']:.1f} = {cpu - harness:.1f} ms/press")
    line += (f"\n     memory (PSS) bot + every process it started {r['memory_mb']:5.0f} MB at the end, "
             f"{growth:+.1f} % since {SETTLED_S:g} s in (a third of the row if shorter); SimCord keeps each "
             f"channel's newest {KEEP_MESSAGES} messages and the rest for {KEEP_OLDER_S:g} s, and "
             f"{r['unknown']} requests named a message it no longer held")
    if r["members"] >= MEMORY_MEMBERS:
        ok = r["memory_mb"] <= RSS_TARGET_MB and growth <= GROWTH_TARGET_PCT
        line += f" (<= {RSS_TARGET_MB:g} MB, growth <= {GROWTH_TARGET_PCT:g} %) {verdict(ok)}"
    line += "".join(f"\n     RSS / PSS MB at {t:.0f} s: {each}" for t, each in r["apart"])
    samples = r["memory_samples"]
    line += "; samples " + ", ".join(f"{t:.0f}s {mb:.0f}" for t, mb in samples[::max(1, len(samples) // 8)])
    if r["members"] == TARGET_MEMBERS:
        line += (f"\n     target row: answer p99 {answer[2]:.0f} ms (<= {P99_TARGET_MS:g}) "
                 f"{verdict(answer[2] <= P99_TARGET_MS)}, {r['rate']:.1f} of the {r['members']} presses/s offered")
    line += "\n     answer p99 by game: " + ", ".join(f"{g} {v:.0f} ms" for g, v in r["per_game_p99"].items())
    return line


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--members", default="10,30,60,80,100,120")
    ap.add_argument("--seconds", type=float, default=20.0, help="measured seconds per row")
    ap.add_argument("--warm", type=float, default=5.0, help="unmeasured seconds first (the starts)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", default=",".join(GAMES),
                    help="the games the members play, in turn (one game alone: its CPU a press)")
    ap.add_argument("--rss-every", type=float, default=RSS_EVERY, help="seconds between memory samples")
    ap.add_argument("--simcord-log", action="store_true",
                    help="keep SimCord's deep copy of every request in its HTTP log (harness cost, off by default)")
    ap.add_argument("--simcord-transcript", action="store_true",
                    help="keep SimCord's transcript of every request and event (harness memory, off by default)")
    args = ap.parse_args()
    print("load average at start: " + load_average())
    print(f"targets: CPU <= {CPU_TARGET_MS:g} ms a press (bot + workers) over the four games' mix, so "
          f"{os.cpu_count()} cores carry >= {CAPACITY_TARGET:g} presses/s; answer p99 <= {P99_TARGET_MS:g} ms at "
          f"{TARGET_MEMBERS} members; stall <= {STALL_TARGET_MS:g} ms; RSS <= {RSS_TARGET_MB:g} MB at "
          f"{MEMORY_MEMBERS} members, growing <= {GROWTH_TARGET_PCT:g} % after the first minute")
    print("columns: members | answered presses/s | ack p50/p95/p99 | answer p50/p95/p99 | CPU | stall | load")
    print("SimCord's HTTP log: " + ("deep-copies every request (as SimCord ships; --simcord-log)" if args.simcord_log
          else "keeps references, its deep copy is OFF (harness cost a real Discord does not have; "
               "--simcord-log measures with it)"))
    kept = args.simcord_transcript
    print("SimCord's transcript: " + ("keeps everything (as SimCord ships; --simcord-transcript)" if kept
          else "emptied at each request (harness memory that full garbage collections walk; --simcord-transcript "
               "keeps it)"))
    best, cpu_all, answered_all = 0.0, 0.0, 0
    for members in (int(m) for m in args.members.split(",")):
        games = tuple(args.games.split(","))
        row = asyncio.run(measure(members, args.seconds, args.warm, args.seed, args.simcord_log, args.rss_every,
                                  games, args.simcord_transcript))
        best = max(best, row["rate"])
        n = row["rate"] * args.seconds
        cpu_all += (row["cpu_ms"] + row["worker_cpu_ms"]) * n
        answered_all += int(n)
        print(_row(row), flush=True)
    per_press = cpu_all / max(1, answered_all)
    carried = (os.cpu_count() or 1) * 1000 / per_press if per_press else float("inf")
    print(f"capacity: {best:.1f} presses/s answered by the best row (a row of N members offers N); from CPU, "
          f"{os.cpu_count()} cores / {per_press:.1f} ms a press = {carried:.0f} presses/s (>= {CAPACITY_TARGET:g}) "
          f"{verdict(carried >= CAPACITY_TARGET)}")
    print("load average at end: " + load_average())


if __name__ == "__main__":
    main()
