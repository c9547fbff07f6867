"""Formation speed: battles per second on one core, and a full 30,240-formation solve on every core.

Run by hand: python benchmarks/bench_formation.py. Prints medians of several repeats and the targets
(>= 25,000 battles/s on one core; full solve <= 1.5 s). The machine may be shared: numbers are noisy.
"""
from __future__ import annotations

import itertools
import statistics
import time

from engine.formation import Puzzle, simulate, solve
from engine.formation import core

BATTLES_TARGET = 25_000
SOLVE_TARGET = 1.5
OPPONENTS = [
    {"front_left": "Mallow", "front_right": "Pip", "back_left": "Frost", "back_middle": "Luna", "back_right": "Ori"},
    {"front_left": "Zip", "front_right": "Comet", "back_left": "Cinder", "back_middle": "Cog", "back_right": "Honey"},
    {"front_left": "Frost", "front_right": "Cog", "back_left": "Comet", "back_middle": "Luna", "back_right": "Honey"},
]


def cold_battles_per_second(opponent: dict[str, str], n: int = 5_000) -> float:
    """core.fight(): every battle prepared from scratch (max HP, schedules), then the integer loop."""
    b_ids = tuple(core.ID[opponent[s]] for s in ("front_left", "front_right", "back_left", "back_middle", "back_right"))
    boards = [f + b_ids for f in itertools.islice(itertools.permutations(range(10), 5), 0, None, 30240 // n)][:n]
    t = time.perf_counter()
    for ids in boards:
        core.fight(ids, 12, 0)
    return len(boards) / (time.perf_counter() - t)


def readable_battles_per_second(n: int = 300) -> float:
    """The bot's path: simulate() with validation, pydantic result and the full log."""
    a = OPPONENTS[1]
    b = OPPONENTS[2]
    t = time.perf_counter()
    for _ in range(n):
        simulate(a, b, "moon_dew")
    return n / (time.perf_counter() - t)


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
    one = [full_solve_seconds(o, 1) for o in OPPONENTS for _ in range(2)]
    rates = [30240 / t for t in one]
    med = statistics.median(rates)
    print(f"battles/s on one core (full single-process solve: legal sets, battles, goal checks): "
          f"median {med:,.0f} (min {min(rates):,.0f}, max {max(rates):,.0f}) "
          f"target >= {BATTLES_TARGET:,} -> {'OK' if med >= BATTLES_TARGET else 'MISSED'}")
    cpu = [30240 / full_solve_seconds(o, 1, cpu=True) for o in OPPONENTS for _ in range(2)]
    print(f"battles per CPU-second (same solve, process time: what one uncontended core does): "
          f"median {statistics.median(cpu):,.0f} (max {max(cpu):,.0f})")
    cold = [cold_battles_per_second(o) for o in OPPONENTS]
    print(f"battles/s on one core, each battle prepared from scratch (core.fight): median {statistics.median(cold):,.0f}")
    rr = [readable_battles_per_second() for _ in range(3)]
    print(f"battles/s, simulate() with validation, full log and pydantic result: median {statistics.median(rr):,.0f}")
    times = [full_solve_seconds(o) for o in OPPONENTS for _ in range(2)]
    med_t = statistics.median(times)
    print(f"full 30,240 solve on all cores: median {med_t:.2f} s (min {min(times):.2f}, max {max(times):.2f}) "
          f"target <= {SOLVE_TARGET} s -> {'OK' if med_t <= SOLVE_TARGET else 'MISSED'}")
    print(f"full 30,240 solve on one core: median {statistics.median(one):.2f} s")


if __name__ == "__main__":
    main()
