"""Seconds from a command typed in local play's page to the game's thread shown on that page, per game,
with no model configured and with the companion's model server hanging.

Run by hand: python benchmarks/bench_local_play.py [--runs 3]
Each run starts `python -m bot` in local play on a new data folder and drives its page over the
preview's HTTP API, as the browser does: `/tactics campaign` first (with a model configured its
companion asks the model, which hangs for 30 s), then `/bowls puzzle`, `/formation tutorial` and
`/summon ai`, each timed from sending the command to the page showing the new thread. Wall time,
since that is what the player waits (the process's own CPU time is printed beside it). The target:
every game under 1 s whatever the model does (the bot itself answers in well under 0.1 s).
GAMEHALL_ROOT=<a checkout> measures that checkout's code instead (the figures before a change).
"""
from __future__ import annotations

import argparse
import os
import statistics
import tempfile
from pathlib import Path

from harness import ROOT  # this checkout first on sys.path, tools/ with it

from tools.drive.fake_openai import hang
from tools.drive.local_play import LocalPlay, ModelServer, Page

TARGET_S = 1.0
GAMES = [  # (game, command, options, the thread's name begins with)
    ("tactics", "tactics campaign", {}, "Tactics"),
    ("bowls", "bowls puzzle", {"number": 1}, "Bowls"),
    ("formation", "formation tutorial", {}, "Formation"),
    ("summon", "summon ai", {}, "Summon"),
]


def one_run(extra_env: dict[str, str]) -> tuple[dict[str, float], float]:
    """Seconds per game in one fresh process, and the CPU seconds the process used."""
    with tempfile.TemporaryDirectory() as folder:
        play = LocalPlay(Path(folder), Path(folder) / "local.db", extra_env=extra_env)
        try:
            page = Page(play.address())
            seconds = {}
            for game, command, options, thread in GAMES:
                import time
                began = time.monotonic()
                page.run(command, **options)
                page.wait_for_channel(thread, timeout=30)
                seconds[game] = time.monotonic() - began
            cpu = _cpu_seconds(play.proc.pid)
        finally:
            play.stop()
    return seconds, cpu


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print("load average at start: " + " ".join(f"{x:.2f}" for x in os.getloadavg()) + f" ({os.cpu_count()} CPUs)")
    print(f"code measured: {os.environ.get('GAMEHALL_ROOT') or ROOT}")
    results: dict[str, list[dict[str, float]]] = {"no model": [], "model hanging": []}
    cpu: dict[str, list[float]] = {"no model": [], "model hanging": []}
    for _ in range(args.runs):
        seconds, used = one_run({})
        results["no model"].append(seconds)
        cpu["no model"].append(used)
        with ModelServer([hang(30)]) as model:
            seconds, used = one_run(model.env)
        results["model hanging"].append(seconds)
        cpu["model hanging"].append(used)
    print(f"{'game':<10} {'model':<14} {'median s':>9} {'max s':>7}  target")
    for case, runs in results.items():
        for game, *_ in GAMES:
            figures = [run[game] for run in runs]
            median = statistics.median(figures)
            verdict = "met" if median < TARGET_S else "missed"
            print(f"{game:<10} {case:<14} {median:>9.2f} {max(figures):>7.2f}  < {TARGET_S:g} s: {verdict}")
        print(f"{'':<10} {case:<14} process CPU per run (all four games and start-up): "
              f"{statistics.median(cpu[case]):.2f} s")
    print("load average at end: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
