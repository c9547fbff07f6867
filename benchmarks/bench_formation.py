"""Formation speed: the bot's logged battle, the solver's battles on one core, and a full solve.

Run by hand: python benchmarks/bench_formation.py. Figures are CPU time of this process
(time.process_time: what one core does, whatever else shares the machine), medians of repeats, each
with its target; the full solve on every core is wall time (its workers are other processes). The
machine may be shared: each figure prints the load average it was taken at, and a figure taken while
the load is above half the cores is taken again (up to three takes, each printed; the median is kept).

Targets: the logged battle (`simulate()` with its full log, as the bot plays every Battle press and
hint) >= 15,000 battles/s on one core; the solver's battles >= 25,000/s on one core and a full
30,240-formation solve <= 1.5 s on every core.
"""
from __future__ import annotations

import itertools
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.formation import GROUNDS, NAMES, SLOTS, Puzzle, core, simulate, solve  # noqa: E402

LOGGED_TARGET = 15_000
SOLVER_TARGET = 25_000
SOLVE_TARGET = 1.5
OPPONENTS = [
    {"front_left": "Mallow", "front_right": "Pip", "back_left": "Frost", "back_middle": "Luna", "back_right": "Ori"},
    {"front_left": "Zip", "front_right": "Comet", "back_left": "Cinder", "back_middle": "Cog", "back_right": "Honey"},
    {"front_left": "Frost", "front_right": "Cog", "back_left": "Comet", "back_middle": "Luna", "back_right": "Honey"},
]


HIGH_LOAD = (os.cpu_count() or 1) / 2  # above this, other work shares the cores


def load() -> float:
    return os.getloadavg()[0]


def taken(what: str, measure) -> tuple[float, float]:
    """(figure, load it was first taken at): measured again while the load is high, each take printed."""
    takes, loads = [], []
    while len(takes) < 3:
        loads.append(load())
        takes.append(measure())
        if loads[-1] <= HIGH_LOAD:
            break
        print(f"  {what}: take {len(takes)} {takes[-1]:,.0f}/CPU s at load {loads[-1]:.2f} (above {HIGH_LOAD:g})")
    return statistics.median(takes), loads[0]


def verdict(value: float, target: float, higher: bool = True) -> str:
    ok = value >= target if higher else value <= target
    return "OK" if ok else "MISSED"


def random_battles(n: int, seed: int) -> list[tuple]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        names = list(NAMES)
        rng.shuffle(names)
        a = dict(zip(SLOTS, names[:5]))
        rng.shuffle(names)
        out.append((a, dict(zip(SLOTS, names[:5])), rng.choice(GROUNDS)))
    return out


def logged_battles_per_cpu_second(seed: int, n: int = 1_000) -> tuple[float, float, float]:
    """(simulate() with its full log; the same and its summary, as a Battle press reads it; the same
    reading every line of it: summary and round text)."""
    from engine.formation import describe_round, summary_lines

    battles = random_battles(n, seed)
    c = time.process_time()
    for a, b, ground in battles:
        simulate(a, b, ground)
    logged = n / (time.process_time() - c)
    c = time.process_time()
    for a, b, ground in battles:
        summary_lines(simulate(a, b, ground))
    summarised = n / (time.process_time() - c)
    c = time.process_time()
    for a, b, ground in battles:
        res = simulate(a, b, ground)
        summary_lines(res)
        for rl in res.log:
            describe_round(res, rl.round)
    return logged, summarised, n / (time.process_time() - c)


def unlogged_battles_per_cpu_second(seed: int, n: int = 2_000) -> float:
    """simulate(with_log=False): checks and pydantic result, no log (the CLI's simulate)."""
    battles = random_battles(n, seed)
    c = time.process_time()
    for a, b, ground in battles:
        simulate(a, b, ground, with_log=False)
    return n / (time.process_time() - c)


def cold_core_battles_per_cpu_second(opponent: dict[str, str], n: int = 5_000) -> float:
    """core.fight(): every battle prepared from scratch (max HP, schedules), then the integer loop."""
    b_ids = tuple(core.ID[opponent[s]] for s in SLOTS)
    boards = [f + b_ids for f in itertools.islice(itertools.permutations(range(10), 5), 0, None, 30240 // n)][:n]
    c = time.process_time()
    for ids in boards:
        core.fight(ids, 12, 0)
    return len(boards) / (time.process_time() - c)


def full_solve_seconds(opponent: dict[str, str], workers: int | None = None, cpu: bool = False) -> float:
    """Wall seconds of a full solve (or, with cpu=True and one worker, this process's CPU seconds)."""
    p = Puzzle(id="bench", title="bench", brief="", opponent=opponent)
    clock = time.process_time if cpu else time.perf_counter
    t = clock()
    sol = solve(p, workers=workers)
    dt = clock() - t
    assert sol.formations == 30240
    return dt


def main() -> None:
    print("load average at start: " + " ".join(f"{x:.2f}" for x in os.getloadavg()) + f" ({os.cpu_count()} CPUs)")
    summaries: list[float] = []
    reads: list[float] = []

    def logged_median() -> float:
        runs = [logged_battles_per_cpu_second(seed) for seed in range(3)]
        summaries.append(statistics.median(r[1] for r in runs))
        reads.append(statistics.median(r[2] for r in runs))
        return statistics.median(r[0] for r in runs)

    logged, at = taken("logged battle", logged_median)
    print(f"logged battle, simulate() with full log (the bot's Battle and hint): median {logged:,.0f}/CPU s  "
          f"[target >= {LOGGED_TARGET:,}] {verdict(logged, LOGGED_TARGET)}  (load {at:.2f})")
    print(f"  the same and its summary (summary_lines: a Battle press): median {statistics.median(summaries):,.0f}"
          f"/CPU s  [no target]")
    print(f"  the same and every log line read (summary_lines, describe_round): median {statistics.median(reads):,.0f}"
          f"/CPU s  [no target]")
    unlogged, at = taken("unlogged battle", lambda: statistics.median(
        unlogged_battles_per_cpu_second(seed) for seed in range(3)))
    print(f"simulate(with_log=False), checks and result, no log: median {unlogged:,.0f}/CPU s  [no target]  "
          f"(load {at:.2f})")
    cpu: list[float] = []

    def solver_median() -> float:
        cpu[:] = [30240 / full_solve_seconds(o, 1, cpu=True) for o in OPPONENTS for _ in range(2)]
        return statistics.median(cpu)

    med, at = taken("solver battles", solver_median)
    print(f"solver battles, one-process full solve (legal sets, battles, goal checks): median {med:,.0f}/CPU s  "
          f"[target >= {SOLVER_TARGET:,}] {verdict(med, SOLVER_TARGET)}  (min {min(cpu):,.0f}, max {max(cpu):,.0f} "
          f"of the last take; load {at:.2f})")
    cold, at = taken("core.fight", lambda: statistics.median(cold_core_battles_per_cpu_second(o) for o in OPPONENTS))
    print(f"core.fight, each battle prepared from scratch: median {cold:,.0f}/CPU s  [no target]  (load {at:.2f})")
    at = load()
    times = [full_solve_seconds(o) for o in OPPONENTS for _ in range(2)]
    med_t = statistics.median(times)
    print(f"full 30,240 solve on all cores, wall: median {med_t:.2f} s  [target <= {SOLVE_TARGET} s] "
          f"{verdict(med_t, SOLVE_TARGET, higher=False)}  (min {min(times):.2f}, max {max(times):.2f}; "
          f"load {at:.2f})")
    print("load average at end: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
