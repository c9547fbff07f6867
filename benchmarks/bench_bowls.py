"""Bowls speed: moves resolved per CPU second on fresh random boards, and the time to verify all 100 puzzles.

Run by hand: python benchmarks/bench_bowls.py [--repeats 5] [--moves 50000]
Targets: ≥ 150,000 moves/s on one core (issue 14: random boards with every stone kind and modifier,
cold match cache); all 100 puzzles verified by the solver in ≤ 20 s (issue 3). Every repetition draws
new boards (R, Y, G, B, P, wilds, blockers; volcano and reverse bowls) and empties the match cache
first, so no run is all cache hits. Figures are CPU time (time.process_time) of this process, medians
of the repetitions; the load average at the start is printed because the machine may be shared.
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

from engine.bowls import (  # noqa: E402
    all_puzzles,
    core,  # noqa: E402
    new_endless,
)
from engine.bowls.core import play  # noqa: E402
from engine.bowls.solver import solve, win_chance  # noqa: E402

MOVES_TARGET = 150_000
VERIFY_TARGET = 20.0
# Stone kinds as they come in play: mostly colours, some wilds and blockers.
STONES = "RYGBP" * 6 + "WW" + "XX"


def random_board(rng: random.Random) -> tuple[str, ...]:
    """12 settled bowls (nothing would match at rest), 0–7 stones each, every kind of stone."""
    out = []
    for _ in range(core.N_BOWLS):
        while True:
            s = "".join(rng.choice(STONES) for _ in range(rng.choice((0, 1, 2, 2, 3, 3, 4, 4, 5, 6, 7))))
            if core._match_uncached(s) is None:  # uncached: building boards must not warm the cache
                break
        out.append(s)
    return tuple(out)


def random_cases(n: int, seed: int) -> list[tuple]:
    """n (board, source, volcano mask, reverse mask): each flag (volcano, reverse, frozen) on about one
    bowl in six, the source a legal one (not empty, not frozen)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        bowls = random_board(rng)
        vol, rev, frozen = (sum(1 << i for i in range(12) if rng.random() < 1 / 6) for _ in range(3))
        sources = [i for i in range(12) if bowls[i] and not frozen >> i & 1]
        for src in rng.sample(sources, min(3, len(sources))):
            out.append((bowls, src, vol, rev))
    return out[:n]


def moves_per_cpu_second(cases: list[tuple]) -> float:
    """Moves per CPU second of this process, from a cold match cache."""
    core._MATCH_CACHE.clear()
    c = time.process_time()
    for bowls, src, vol, rev in cases:
        play(bowls, src, vol, rev)
    return len(cases) / (time.process_time() - c)


def verify_all() -> float:
    """CPU seconds to solve all 100 puzzles within their limits."""
    t = time.process_time()
    for p in all_puzzles():
        line = solve(p)
        assert line is not None and len(line) <= p.moves, p.id
    return time.process_time() - t


def difficulty_all() -> float:
    t = time.process_time()
    for p in all_puzzles():
        win_chance(p)
    return time.process_time() - t


def render_ms() -> float | None:
    try:
        from bot.games.bowls.render import render_board
    except ImportError:  # the renderer lives in the bot layer
        return None
    g = new_endless(1)
    render_board(g)
    t = time.perf_counter()
    for _ in range(10):
        render_board(g)
    return (time.perf_counter() - t) / 10 * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--moves", type=int, default=50_000)
    args = ap.parse_args()
    print("load average at start: " + " ".join(f"{x:.2f}" for x in os.getloadavg()) + f" ({os.cpu_count()} CPUs)")
    all_puzzles()
    mps = [moves_per_cpu_second(random_cases(args.moves, seed)) for seed in range(args.repeats)]
    med = statistics.median(mps)
    print(f"moves per CPU second, fresh random boards, cold cache: median {med:,.0f}"
          f"  [target ≥ {MOVES_TARGET:,}] {'OK' if med >= MOVES_TARGET else 'MISSED'}"
          f"  runs: {', '.join(f'{x:,.0f}' for x in mps)}")
    ver = [verify_all() for _ in range(args.repeats)]
    med_v = statistics.median(ver)
    print(f"verify all 100 puzzles (solver), CPU: median {med_v:.3f} s  [target ≤ {VERIFY_TARGET:.0f} s] "
          f"{'OK' if med_v <= VERIFY_TARGET else 'MISSED'}  runs: {', '.join(f'{x:.3f}' for x in ver)}")
    dif = [difficulty_all() for _ in range(args.repeats)]
    print(f"difficulty of all 100 (random play), CPU: median {statistics.median(dif):.3f} s  [no target]")
    rms = [render_ms() for _ in range(args.repeats)]
    if rms[0] is not None:
        print(f"board render (PNG 800×560), wall: median {statistics.median(rms):.1f} ms  [aim < 50 ms]")


if __name__ == "__main__":
    main()
