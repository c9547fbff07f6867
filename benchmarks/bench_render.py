"""Picture speed: formation's replay GIF over every shipped puzzle's solutions, and the bowls board PNG.

Run by hand: python benchmarks/bench_render.py [--repeats 1]
Targets: a replay GIF <= 150 ms median (issue 14: the Battle press renders one); the bowls board PNG has
no issue target and is shown for scale (a sow renders one). Figures are CPU time of this process
(time.process_time) per picture, median and p90; the load average at the start is printed because
the machine may be shared. The battles are played before the timing: only the drawing is timed.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine.bowls as bowls  # noqa: E402
import engine.formation as fm  # noqa: E402
from bot.games.bowls.render import render_board  # noqa: E402
from bot.games.formation.render import render_replay  # noqa: E402

REPLAY_TARGET_MS = 150.0


def p90(values: list[float]) -> float:
    return sorted(values)[min(len(values) - 1, int(0.9 * len(values)))]


def cpu_ms(fn, *args) -> float:
    c = time.process_time()
    fn(*args)
    return (time.process_time() - c) * 1000


def replay_times(repeats: int) -> list[float]:
    """CPU ms of render_replay for each shipped puzzle's solution and mastery solution."""
    results = [fm.battle(p, f) for p in fm.shipped_puzzles() for f in filter(None, (p.solution, p.mastery_solution))]
    render_replay(results[0])  # fonts loaded once, as in the running bot
    return [cpu_ms(render_replay, r) for _ in range(repeats) for r in results]


def bowls_boards(n: int, seed: int) -> list:
    """Boards as players see them: puzzle starts, and endless games a few sows in."""
    rng = random.Random(seed)
    games = [bowls.new_puzzle(k) for k in range(1, n // 2 + 1)]
    while len(games) < n:
        g = bowls.new_endless(rng.randrange(1 << 30))
        for _ in range(rng.randrange(6)):
            legal = bowls.legal_bowls(g)
            if not legal:
                break
            g, _report = bowls.sow(g, rng.choice(legal))
        games.append(g)
    return games


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=1)
    args = ap.parse_args()
    print("load average at start: " + " ".join(f"{x:.2f}" for x in os.getloadavg()) + f" ({os.cpu_count()} CPUs)")
    times = replay_times(args.repeats)
    med = statistics.median(times)
    print(f"formation replay GIF ({len(times)} battles): median {med:.0f} ms, p90 {p90(times):.0f} ms, "
          f"max {max(times):.0f} ms CPU  [target median <= {REPLAY_TARGET_MS:.0f} ms] "
          f"{'OK' if med <= REPLAY_TARGET_MS else 'MISSED'}")
    boards = bowls_boards(60, 1)
    render_board(boards[0])
    bt = [cpu_ms(render_board, g) for _ in range(args.repeats) for g in boards]
    print(f"bowls board PNG ({len(bt)} boards): median {statistics.median(bt):.0f} ms, p90 {p90(bt):.0f} ms, "
          f"max {max(bt):.0f} ms CPU  [no target]")


if __name__ == "__main__":
    main()
