"""Does the bot slow down as its store grows? The same measurements on a store holding no other games and
on one seeded with 100,000 (flat within 20%).

Run by hand: python benchmarks/bench_growth.py [--games 100000] [--repeat 200]   (about a minute)
Seeded games are real formation campaign sessions (as the bot saves them: puzzle ids, not puzzles),
nine in ten finished, 2,000 players with a game in each of 50 servers. Both stores also hold the same
20 running games with a deadline, so start-up has timers to re-arm on either. Measured with CPU time
on this process, medians, the two stores taking turns sample by sample (a change in the machine's
load falls on both alike):
- a press: `Sessions.act` of a formation step on one player's running game (load, rules, versioned
  save; the board picture is rendered too, as a press does);
- a new game: `Sessions.start` for a player new to the store (the running-slot check and the rows);
- `/games`: the running games of one player (the query `/games` runs);
- start-up: opening the store (migrations checked) and reading every game with a deadline (re-arming).
Each figure on the seeded store is printed beside the other's, with the ratio and the target.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

import engine.formation as fm  # noqa: E402
from bot.core.sessions import Sessions  # noqa: E402
from bot.games.formation import PLUGIN as FORMATION  # noqa: E402
from bot.games.formation.actions import ChooseSlot, slot_name  # noqa: E402
from bot.games.formation.kind import new_session  # noqa: E402
from db import games  # noqa: E402
from db.store import open_store  # noqa: E402

TARGET_RATIO = 1.20
NOW = datetime(2026, 11, 30, tzinfo=UTC)
PLAYER = 1


def seed(path: Path, count: int, timed: int = 20) -> None:
    """`count` stored games (nine in ten finished) and `timed` running games with a deadline."""
    db = open_store(path)
    chapter = list(fm.campaign(1))
    state = FORMATION.kind.dump(new_session("campaign", chapter, 3))
    with db.atomic():
        for n in range(count):
            # 2,000 players, each with a game in every one of the servers (one running game of a kind
            # a player and server, as the store allows)
            record = games.create_game(db, kind="formation", guild_id=1 + n // 2000, channel_id=2,
                                       players=[1000 + n % 2000], state=state, now=NOW)
            if n % 10:
                games.save_game(db, record, now=NOW, status=games.FINISHED)
        for n in range(timed):  # another kind, so a seeded player's running slot does not clash
            games.create_game(db, kind="timed", guild_id=1, channel_id=2, players=[900_000 + n], state=state,
                              now=NOW, deadline=NOW + timedelta(minutes=n + 1))
    db.close()


class Bench:
    """One store under measurement: a running formation game to press on, the store open for /games."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.db = open_store(path)
        self.sessions = Sessions(self.db, {"formation": FORMATION.kind}, lambda: NOW)
        self.chapter = chapter = list(fm.campaign(1))
        self.game = self.sessions.start("formation", guild_id=1, channel_id=2, players=[PLAYER],
                                        state=new_session("campaign", chapter, 0))
        self.slot = slot_name(next(s for s in fm.SLOTS if s not in chapter[0].fixed))
        self.newcomer = 500_000  # players no seeded game has

    def press(self) -> None:  # pick a slot: a real step, saved with a new version
        asyncio.run(self.sessions.act(self.game.id, PLAYER, ChooseSlot(self.slot)))

    def start_game(self) -> None:  # a new player's first game: slot check, game, players and slot rows
        self.newcomer += 1
        self.sessions.start("formation", guild_id=1, channel_id=2, players=[self.newcomer],
                            state=new_session("campaign", self.chapter, 0))

    def running_games(self) -> None:
        games.running_games_of(self.db, PLAYER, guild_id=1)

    def start_up(self) -> None:
        store = open_store(self.path)
        assert len(games.games_with_deadlines(store)) == 20
        store.conn.close()  # closing (statistics refreshed as it closes) is not start-up

    def close(self) -> None:
        self.sessions.close()
        self.db.close()


def cpu_ms(step: Callable[[Bench], None], bench: Bench) -> float:
    began = time.process_time()
    step(bench)
    return (time.process_time() - began) * 1000


def measure(base: Bench, grown: Bench, repeat: int) -> list[tuple[str, float, float]]:
    """(what, median on the base store, median on the grown one), the two stores taking turns."""
    out = []
    for name, step in (("press (formation step)", Bench.press),
                       ("a new game (start, saved)", Bench.start_game),
                       ("/games (one player's running games)", Bench.running_games),
                       ("start-up (open, migrate check, re-arm read)", Bench.start_up)):
        step(base)  # one untimed round each: first reads warm the page cache, as a running bot has
        step(grown)
        samples: tuple[list[float], list[float]] = ([], [])
        for _ in range(repeat):
            samples[0].append(cpu_ms(step, base))
            samples[1].append(cpu_ms(step, grown))
        out.append((name, statistics.median(samples[0]), statistics.median(samples[1])))
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    print("load average (1, 5, 15 min): " + ", ".join(f"{x:.2f}" for x in os.getloadavg()))
    with tempfile.TemporaryDirectory() as folder:
        empty, full = Path(folder) / "empty.db", Path(folder) / "full.db"
        seed(empty, 0)
        began = time.perf_counter()
        seed(full, args.games)
        size = full.stat().st_size
        print(f"seeded {args.games} formation games in {time.perf_counter() - began:.1f} s; "
              f"store {size / 1e6:.1f} MB ({size / args.games / 1024:.2f} KB a game)")
        base, grown = Bench(empty), Bench(full)
        try:
            figures = measure(base, grown, args.repeat)
        finally:
            base.close()
            grown.close()
    for name, on_base, on_grown in figures:
        ratio = on_grown / on_base if on_base else float("inf")
        verdict = "OK" if ratio <= TARGET_RATIO else "MISSED"
        print(f"{name:45s} no other games {on_base:7.3f} ms   {args.games} games {on_grown:7.3f} ms   "
              f"ratio {ratio:4.2f}  [target <= {TARGET_RATIO:.2f}] {verdict}")
    print("load average at the end: " + ", ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
