"""Bowls speed: moves resolved per CPU second on fresh random boards, and the time to verify all 100 puzzles.

Run by hand: python benchmarks/bench_bowls.py [--repeats 5] [--moves 50000]
The core in use is measured against the targets: the compiled one (engine/bowls/_core.c) where it
built, else the Python one; the first line says which. Where the compiled core runs, each mix has a
row for the Python core too (core.play_python: the rules as written and the fallback), on the same
boards from the same cold start, so its speed stays in sight; the targets are not its to meet.
Targets: ≥ 200,000 moves per CPU second on every board mix, cold match cache, and ≥ 2.8× the moves of
an independent implementation of the same rules (tools/drive/bowls_reference.py, measured on the
same cases in the same run); all 100 puzzles verified by the solver in ≤ 20 s. Boards come from
several generators (below), each reported on its own: every board is settled (nothing would match at
rest), every repetition draws new boards and empties the engine's memos of bowls seen (core.forget:
a bowl's letters → its match, and → its stone counts) first, so no run is all cache hits; each board
serves up to three moves, so later moves on a board find its untouched bowls remembered. The count
tables of engine/bowls/matching.py remember no board (built at import; the recipes past the built
table, for bowls of more than ten counted stones, and the counts of summed keys, are emptied by
core.forget too). Figures are CPU time (time.process_time) of this process, medians of the
repetitions; the load average is printed at the start and after each mix because the machine may be
shared: figures taken while other processes run move by several per cent, the ratio too (the
engine's memos and the reference share the processor's caches with them), so repeat one taken under load.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

# This checkout first (tools/ with it), set here rather than by harness.py: a test loads this file as a
# module (tests/bowls/test_bowls_compiled.py, for its board generators), where benchmarks/ is not on the path.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bowls import (  # noqa: E402
    all_puzzles,
    core,
    new_endless,
)
from engine.bowls.core import play  # noqa: E402
from engine.bowls.solver import solve, win_chance  # noqa: E402
from tools.drive import bowls_reference  # noqa: E402

MOVES_TARGET = 200_000
RATIO_TARGET = 2.8
VERIFY_TARGET = 20.0


class Mix(NamedTuple):
    """A board generator: stones drawn from `stones`, a bowl's size from `sizes`, each flag on a bowl
    with its chance (volcano, reverse, frozen)."""
    name: str
    stones: str
    sizes: tuple[int, ...]
    flags: tuple[float, float, float]


MIXES = (
    Mix("mixed: 0-7 stones, every kind, each flag on 1 bowl in 6", "RYGBP" * 6 + "WW" + "XX",
        (0, 1, 2, 2, 3, 3, 4, 4, 5, 6, 7), (1 / 6, 1 / 6, 1 / 6)),
    Mix("sparse: mostly empty or 1-2 stones", "RYGBP" * 6 + "WW" + "XX", (0, 0, 0, 1, 1, 2, 2, 3),
        (1 / 6, 1 / 6, 1 / 6)),
    Mix("full: 5-7 stones a bowl", "RYGBP" * 6 + "WW" + "XX", (5, 6, 6, 7, 7), (1 / 6, 1 / 6, 1 / 6)),
    Mix("wilds and blockers: a third of the stones", "RYGBP" * 4 + "WWWWW" + "XXXXX", (0, 1, 2, 3, 4, 5, 6, 7),
        (1 / 6, 1 / 6, 1 / 6)),
    Mix("volcanoes, reverse and frozen bowls: each flag on 1 bowl in 3", "RYGBP" * 6 + "WW" + "XX",
        (2, 3, 4, 5, 6, 7), (1 / 3, 1 / 3, 1 / 3)),
)


def random_board(rng: random.Random, mix: Mix) -> tuple[str, ...]:
    """12 settled bowls (nothing would match at rest) drawn from the mix."""
    out = []
    for _ in range(core.N_BOWLS):
        while True:
            s = "".join(rng.choice(mix.stones) for _ in range(rng.choice(mix.sizes)))
            if core._match_uncached(s) is None:  # uncached: building boards must not warm the cache
                break
        out.append(s)
    return tuple(out)


def random_cases(n: int, seed: int, mix: Mix = MIXES[0]) -> list[tuple]:
    """n (board, source, volcano mask, reverse mask): the source a legal one (not empty, not frozen),
    up to three sources a board."""
    rng = random.Random(seed)
    out: list[tuple] = []
    while len(out) < n:
        bowls = random_board(rng, mix)
        vol, rev, frozen = (sum(1 << i for i in range(12) if rng.random() < chance) for chance in mix.flags)
        sources = [i for i in range(12) if bowls[i] and not frozen >> i & 1]
        for src in rng.sample(sources, min(3, len(sources))):
            out.append((bowls, src, vol, rev))
    return out[:n]


def moves_per_cpu_second(cases: list[tuple], move: Callable = play) -> float:
    """Moves per CPU second of this process, from cold memos."""
    core.forget()
    c = time.process_time()
    for bowls, src, vol, rev in cases:
        move(bowls, src, vol, rev)
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
    print("bowls core in use: " + ("compiled C (engine/bowls/_core.c)" if core.COMPILED
                                   else "Python (engine/bowls/core.py: the compiled core did not build)"))
    print("load average at start: " + " ".join(f"{x:.2f}" for x in os.getloadavg()) + f" ({os.cpu_count()} CPUs)")
    all_puzzles()
    for mix in MIXES:
        engine, reference, ratios, python, python_ratios = [], [], [], [], []
        for seed in range(args.repeats):
            cases = random_cases(args.moves, seed, mix)
            assert all(play(*c) == bowls_reference.play(*c) for c in cases[:2000]), mix.name
            ref = moves_per_cpu_second(cases, bowls_reference.play)
            engine.append(moves_per_cpu_second(cases))
            reference.append(ref)
            ratios.append(engine[-1] / ref)
            if core.COMPILED:
                python.append(moves_per_cpu_second(cases, core.play_python))
                python_ratios.append(python[-1] / ref)
        med, ratio = statistics.median(engine), statistics.median(ratios)
        print(f"{mix.name}\n  moves per CPU second, cold cache: median {med:,.0f}  [target ≥ {MOVES_TARGET:,}] "
              f"{'OK' if med >= MOVES_TARGET else 'MISSED'}  runs: {', '.join(f'{x:,.0f}' for x in engine)}\n"
              f"  beside the independent implementation ({statistics.median(reference):,.0f}/s): median {ratio:.3f}×  "
              f"[target ≥ {RATIO_TARGET}×] {'OK' if ratio >= RATIO_TARGET else 'MISSED'}  "
              f"runs: {', '.join(f'{x:.2f}' for x in ratios)}  (load {os.getloadavg()[0]:.2f})")
        if python:
            print(f"  Python core (no target: the rules as written, the fallback): median "
                  f"{statistics.median(python):,.0f}/s, {statistics.median(python_ratios):.3f}× the independent "
                  f"implementation  runs: {', '.join(f'{x:,.0f}' for x in python)}")
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
