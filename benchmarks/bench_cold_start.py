"""Seconds from a cold `python -m bot` (local play, no DISCORD_TOKEN) printing its page's address to the
first answer of each game, while another process keeps one core busy.

Run by hand: python benchmarks/bench_cold_start.py [--runs 3] [--no-busy]

Each game gets fresh processes (a new data folder, so nothing is warm): as soon as the address line is
read from the bot's output, the page is opened and the game's command is sent through SimCord's page
API (tools/drive/local_play.py, the calls the browser's script makes); the figure is the wall time from
the address printed to the page showing the game's thread with its first board. Wall time, since that
is what the player waits; the bot's CPU seconds from its start to that answer are printed beside it.
A busy loop in another process holds one of the cores for the whole run (`--no-busy` leaves it out).
Target: every game's first answer within 1.5 s of the address.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from harness import load_average, verdict

from tools.drive.local_play import LocalPlay, Page

TARGET_S = 1.5
GAMES = [  # (game, command, options, the thread's name begins with)
    ("bowls", "bowls puzzle", {"number": 1}, "Bowls"),
    ("formation", "formation tutorial", {}, "Formation"),
    ("tactics", "tactics campaign", {}, "Tactics"),
    ("summon", "summon ai", {}, "Summon"),
]
BUSY = "while True: pass"


def cold_answer(command: str, options: dict, thread: str) -> tuple[float, float, float]:
    """(seconds from the address printed to the first board shown, seconds from the start to the address,
    the bot's CPU seconds until the answer) for one game in a fresh process; a start that failed (it
    printed no address) counts as never answered, and its last lines are printed."""
    with tempfile.TemporaryDirectory() as folder:
        bot = LocalPlay(Path(folder), Path(folder) / "local.db")
        try:
            try:
                address = bot.address()
            except RuntimeError as failed:
                print("a start failed: " + " | ".join(str(failed).splitlines()[-6:]))
                return float("inf"), float("nan"), bot.cpu_seconds()
            page = Page(address)
            page.run(command, **options)
            shown = page.board_shown(thread)
            return shown - bot.printed_at, bot.printed_at - bot.started, bot.cpu_seconds()
        finally:
            bot.stop()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-busy", action="store_true", help="no process keeping a core busy")
    args = ap.parse_args()
    print("load average at start: " + load_average())
    busy = None if args.no_busy else subprocess.Popen([sys.executable, "-c", BUSY])
    print("another process keeps one core busy" if busy else "no busy process")
    try:
        figures: dict[str, list[tuple[float, float, float]]] = {game: [] for game, *_ in GAMES}
        for _ in range(args.runs):
            for game, command, options, thread in GAMES:
                figures[game].append(cold_answer(command, options, thread))
    finally:
        if busy is not None:
            busy.kill()
            busy.wait()
    print(f"{'game':<10} {'first answer after the address: median':>40} {'max':>6}   start to address   bot CPU")
    worst = 0.0
    for game, runs in figures.items():
        answers = [a for a, _, _ in runs]
        worst = max(worst, max(answers))
        start_up = statistics.median(s for _, s, _ in runs)
        cpu = statistics.median(c for *_, c in runs)
        print(f"{game:<10} {statistics.median(answers):>38.2f} s {max(answers):>5.2f} s"
              f"   {start_up:>6.2f} s      {cpu:.2f} s"
              f"   (<= {TARGET_S:g} s) {verdict(max(answers) <= TARGET_S)}")
    print(f"every game's first answer within {TARGET_S:g} s of the address: {verdict(worst <= TARGET_S)} "
          f"(slowest {worst:.2f} s over {args.runs} runs)")
    print("load average at end: " + load_average())


if __name__ == "__main__":
    main()
