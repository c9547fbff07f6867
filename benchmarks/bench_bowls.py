"""Bowls speed: moves resolved per second on one core, and the time to verify all 100 puzzles.

Run by hand: python benchmarks/bench_bowls.py [--repeats 5]
Targets (issue 3): ≥ 100,000 moves/s; all 100 puzzles verified by the solver in ≤ 20 s.
Also prints the solver's difficulty pass and the board render time, for reference. The machine may
be shared: medians of several repeats are printed, and noisy numbers should be read as such.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bowls import all_puzzles, legal_bowls, new_endless, sow  # noqa: E402
from engine.bowls.core import mask, play  # noqa: E402
from engine.bowls.solver import solve, win_chance  # noqa: E402


def positions(n: int) -> list[tuple]:
    """Real mid-game positions: endless games played a little, with every puzzle start added."""
    out = []
    seed = 0
    while len(out) < n:
        g = new_endless(seed)
        seed += 1
        for k in range(25):
            if g.over:
                break
            for b in legal_bowls(g):
                out.append((tuple(g.bowls), b - 1, mask(g.flags("volcano")), mask(g.flags("reverse"))))
            options = legal_bowls(g)
            g, _ = sow(g, options[(k * 7 + seed) % len(options)])
    for p in all_puzzles():
        for b in range(12):
            if p.bowls[b] and b + 1 not in p.frozen:
                out.append((tuple(p.bowls), b, mask(p.volcano), mask(p.reverse)))
    return out[:n]


def moves_per_second(cases: list[tuple]) -> tuple[float, float]:
    """(per CPU second of this process, per wall second): on a shared machine the first is the
    one-core figure, the second what this run happened to get."""
    t, c = time.perf_counter(), time.process_time()
    for bowls, src, vol, rev in cases:
        play(bowls, src, vol, rev)
    return len(cases) / (time.process_time() - c), len(cases) / (time.perf_counter() - t)


def verify_all() -> float:
    t = time.perf_counter()
    for p in all_puzzles():
        line = solve(p)
        assert line is not None and len(line) <= p.moves, p.id
    return time.perf_counter() - t


def difficulty_all() -> float:
    t = time.perf_counter()
    for p in all_puzzles():
        win_chance(p)
    return time.perf_counter() - t


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
    cases = positions(args.moves)
    all_puzzles()
    moves_per_second(cases[:2000])  # warm the match cache as a long-running bot would be
    runs = [moves_per_second(cases) for _ in range(args.repeats)]
    mps, wall = [r[0] for r in runs], [r[1] for r in runs]
    ver = [verify_all() for _ in range(args.repeats)]
    dif = [difficulty_all() for _ in range(args.repeats)]
    rms = [render_ms() for _ in range(args.repeats)]
    print(f"moves resolved per CPU second (one core): median {statistics.median(mps):,.0f}"
          f"  [target ≥ 100,000]  runs: {', '.join(f'{x:,.0f}' for x in mps)}")
    print(f"  the same per wall second (shared machine): median {statistics.median(wall):,.0f}")
    print(f"verify all 100 puzzles (solver):     median {statistics.median(ver):.3f} s"
          f"  [target ≤ 20 s]  runs: {', '.join(f'{x:.3f}' for x in ver)}")
    print(f"difficulty of all 100 (random play): median {statistics.median(dif):.3f} s")
    if rms[0] is not None:
        print(f"board render (PNG 800×560):          median {statistics.median(rms):.1f} ms  [aim < 50 ms]")
    print("Note: the machine is shared; read these as noisy.")


if __name__ == "__main__":
    main()
