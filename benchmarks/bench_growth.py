"""Does the bot slow down as its store grows? The same measurements on an empty store and on one seeded
with 10,000 games (issue 14: flat within 20%).

Run by hand: python benchmarks/bench_growth.py [--games 10000] [--repeat 200]
Seeded games are real formation campaign sessions (as the bot saves them: puzzle ids, not puzzles),
nine in ten finished, spread over 2,000 players. Measured with CPU time on this process, medians:
- a press: `Sessions.act` of a formation step on one player's running game (load, rules, versioned
  save; the board picture is rendered too, as a press does);
- `/games`: the running games of one player (the query `/games` runs);
- start-up: opening the store (migrations checked) and reading every game with a deadline (re-arming).
Each figure on the seeded store is printed beside the empty store's, with the ratio and the target.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import engine.formation as fm  # noqa: E402
from bot.core.sessions import Sessions  # noqa: E402
from bot.games.formation import PLUGIN as FORMATION  # noqa: E402
from bot.games.formation.kind import new_session  # noqa: E402
from db import games  # noqa: E402
from db.store import open_store  # noqa: E402

TARGET_RATIO = 1.20
NOW = datetime(2026, 11, 30, tzinfo=UTC)


def seed(path: Path, count: int) -> None:
    db = open_store(path)
    chapter = list(fm.campaign(1))
    state = FORMATION.kind.dump(new_session("campaign", chapter, 3))
    with db.atomic():
        for n in range(count):
            record = games.create_game(db, kind="formation", guild_id=1, channel_id=2, players=[1000 + n],
                                       state=state, now=NOW)
            if n % 10:
                games.save_game(db, record, now=NOW, status=games.FINISHED)
    db.close()


def cpu_ms(fn, repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        began = time.process_time()
        fn()
        samples.append((time.process_time() - began) * 1000)
    return statistics.median(samples)


def measure(path: Path, repeat: int) -> dict[str, float]:
    db = open_store(path)
    sessions = Sessions(db, {"formation": FORMATION.kind}, lambda: NOW)
    chapter = list(fm.campaign(1))
    player = 1
    game = sessions.start("formation", guild_id=1, channel_id=2, players=[player],
                          state=new_session("campaign", chapter, 0))
    slot = next(s for s in fm.SLOTS if s not in chapter[0].fixed)

    def press() -> None:  # pick a slot: a real step, saved with a new version
        asyncio.run(sessions.act(game.id, player, f"slot:{slot}"))

    figures = {
        "press (formation step)": cpu_ms(press, repeat),
        "/games (one player's running games)": cpu_ms(lambda: games.running_games_of(db, player, guild_id=1),
                                                      repeat),
    }
    sessions.close()
    db.close()

    samples = []
    for _ in range(max(20, repeat // 10)):  # closing (statistics refreshed as it closes) is not start-up
        began = time.process_time()
        store = open_store(path)
        games.games_with_deadlines(store)
        samples.append((time.process_time() - began) * 1000)
        store.close()
    figures["start-up (open, migrate check, re-arm read)"] = statistics.median(samples)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    print("load average (1, 5, 15 min): " + ", ".join(f"{x:.2f}" for x in os.getloadavg()))
    with tempfile.TemporaryDirectory() as folder:
        empty, full = Path(folder) / "empty.db", Path(folder) / "full.db"
        open_store(empty).close()
        began = time.perf_counter()
        seed(full, args.games)
        size = full.stat().st_size
        print(f"seeded {args.games} formation games in {time.perf_counter() - began:.1f} s; "
              f"store {size / 1e6:.1f} MB ({size / args.games / 1024:.2f} KB a game)")
        base, grown = measure(empty, args.repeat), measure(full, args.repeat)
    for name in base:
        ratio = grown[name] / base[name] if base[name] else float("inf")
        verdict = "OK" if ratio <= TARGET_RATIO else "MISSED"
        print(f"{name:45s} empty {base[name]:7.3f} ms   {args.games} games {grown[name]:7.3f} ms   "
              f"ratio {ratio:4.2f}  [target <= {TARGET_RATIO:.2f}] {verdict}")


if __name__ == "__main__":
    main()
