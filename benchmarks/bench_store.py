"""Store throughput: presses (load a game + versioned save) per second, 1, 2 and 4 processes, on the
SQLite file and on PostgreSQL, states of 0.5, 5 and 20 KB, in one run.

    python benchmarks/bench_store.py [--seconds 3] [--postgres postgresql://…]

Without --postgres (or BENCH_POSTGRES_URL / TEST_POSTGRES_URL) it starts a throwaway PostgreSQL from
Debian's packages in a temporary folder on a unix socket, with synchronous_commit=off: the same
durability class as the SQLite store's WAL with synchronous=NORMAL (a crash of the process loses
nothing; a power cut may lose the last moments). Every process presses random games of one shared
pool through the real db modules (`get_game` + `save_game`), with no retry: a press that finds its
game moved on is a conflict (StaleGame), any store exception an error (a lock error on SQLite).

Targets: 0 lock errors at 4 processes on SQLite; PostgreSQL at 4 processes within 3x of SQLite's
single-process rate (at least a third of it).
"""
from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing as mp
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from db import games  # noqa: E402
from db.store import STORE_ERRORS, open_store  # noqa: E402

SIZES_KB = (0.5, 5, 20)
PROCESSES = (1, 2, 4)
POOL = 400  # games in the shared pool: conflicts are rare but possible, as between real players


def _state(size_kb: float, count: int) -> str:
    padding = "x" * max(0, int(size_kb * 1024) - 40)
    return json.dumps({"count": count, "pad": padding})


def _press_loop(target: str, ids: list[int], size_kb: float, seconds: float, barrier, results) -> None:
    db = open_store(target)
    rng = random.Random(os.getpid())
    latencies: list[float] = []
    conflicts = errors = 0
    kinds: dict[str, int] = {}
    barrier.wait()
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        game_id = rng.choice(ids)
        try:
            game = games.get_game(db, game_id)
            began = time.perf_counter()
            games.save_game(db, game, now=datetime.now(UTC), state=_state(size_kb, game.version))
            latencies.append(time.perf_counter() - began)
        except games.StaleGame:
            conflicts += 1
        except STORE_ERRORS as exc:
            errors += 1
            name = type(exc).__name__ + (": locked" if "locked" in str(exc) else "")
            kinds[name] = kinds.get(name, 0) + 1
    db.close()
    results.put({"latencies": latencies, "conflicts": conflicts, "errors": errors, "kinds": kinds})


def _cell(target: str, ids: list[int], size_kb: float, processes: int, seconds: float) -> dict:
    ctx = mp.get_context("spawn")
    barrier, results = ctx.Barrier(processes + 1), ctx.Queue()
    workers = [ctx.Process(target=_press_loop, args=(target, ids, size_kb, seconds, barrier, results))
               for _ in range(processes)]
    for worker in workers:
        worker.start()
    barrier.wait()
    began = time.perf_counter()
    parts = [results.get(timeout=seconds + 120) for _ in workers]
    elapsed = max(seconds, time.perf_counter() - began)
    for worker in workers:
        worker.join()
    latencies = sorted(x for p in parts for x in p["latencies"])
    kinds: dict[str, int] = {}
    for part in parts:
        for name, n in part["kinds"].items():
            kinds[name] = kinds.get(name, 0) + n
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] if latencies else float("nan")
    return {"presses": len(latencies) / elapsed, "p50": statistics.median(latencies) * 1000 if latencies else
            float("nan"), "p99": p99 * 1000, "conflicts": sum(p["conflicts"] for p in parts),
            "errors": sum(p["errors"] for p in parts), "kinds": kinds}


def _seed(target: str, size_kb: float) -> list[int]:
    db = open_store(target)
    now = datetime.now(UTC)
    ids = [games.create_game(db, kind="bench", guild_id=1, channel_id=1, players=[n], state=_state(size_kb, 0),
                             now=now).id for n in range(POOL)]
    db.close()
    return ids


@contextlib.contextmanager
def _throwaway_postgres():
    """A PostgreSQL server of Debian's packages in a temporary folder, on a unix socket; None if none."""
    bins = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if not bins:
        yield None
        return
    bin_dir = bins[-1].parent
    folder = Path(tempfile.mkdtemp(prefix="bench-pg-"))
    root = os.geteuid() == 0
    if root:
        shutil.chown(folder, "postgres")

    def run(command: str) -> None:
        argv = ["su", "postgres", "-s", "/bin/sh", "-c", command] if root else ["sh", "-c", command]
        subprocess.run(argv, check=True, capture_output=True)

    data = folder / "data"
    try:
        run(f"{bin_dir}/initdb -D {data} -A trust -U postgres")
        run(f"{bin_dir}/pg_ctl -D {data} -l {folder}/log -w start -o \"-k {folder} -c listen_addresses='' "
            f"-c synchronous_commit=off -c max_connections=50\"")
        yield f"postgresql://postgres@/postgres?host={folder}"
    finally:
        with contextlib.suppress(Exception):
            run(f"{bin_dir}/pg_ctl -D {data} -m fast stop")
        shutil.rmtree(folder, ignore_errors=True)


def _pg_target(url: str) -> str:
    import psycopg

    schema = f"bench_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"create schema {schema}")
    return f"{url}{'&' if '?' in url else '?'}options={quote(f'-csearch_path={schema}')}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds each cell runs")
    parser.add_argument("--postgres", default=os.environ.get("BENCH_POSTGRES_URL") or
                        os.environ.get("TEST_POSTGRES_URL"))
    args = parser.parse_args()
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
          f"({os.cpu_count()} cores); {args.seconds:g} s per cell; pool of {POOL} games")
    rows: dict[tuple[str, float, int], dict] = {}
    with contextlib.ExitStack() as stack:
        pg_url = args.postgres or stack.enter_context(_throwaway_postgres())
        stores = [("sqlite", lambda: str(Path(stack.enter_context(tempfile.TemporaryDirectory())) / "b.db"))]
        if pg_url:
            stores.append(("postgresql", lambda: _pg_target(pg_url)))
        else:
            print("no PostgreSQL server (no URL given, no Debian postgresql package): SQLite only")
        for name, make_target in stores:
            for size in SIZES_KB:
                target = make_target()
                ids = _seed(target, size)
                for processes in PROCESSES:
                    rows[(name, size, processes)] = _cell(target, ids, size, processes, args.seconds)
    print(f"\n{'store':<11}{'state':>7}{'procs':>6}{'presses/s':>11}{'p50 ms':>8}{'p99 ms':>8}"
          f"{'conflicts':>10}{'errors':>8}  target")
    for (name, size, processes), r in rows.items():
        target = ""
        if name == "sqlite" and processes == 4:
            target = f"0 lock errors: {'met' if r['errors'] == 0 else 'MISSED'}"
        if name == "postgresql" and processes == 4:
            base = rows[("sqlite", size, 1)]["presses"]
            target = (f">= {base / 3:,.0f}/s (SQLite 1 proc / 3): "
                      f"{'met' if r['presses'] >= base / 3 else 'MISSED'} ({base / r['presses']:.2f}x slower)")
        errors = f"{r['errors']}" + (f" {r['kinds']}" if r["kinds"] else "")
        print(f"{name:<11}{size:>5g}KB{processes:>6}{r['presses']:>11,.0f}{r['p50']:>8.2f}{r['p99']:>8.2f}"
              f"{r['conflicts']:>10}{errors:>8}  {target}")


if __name__ == "__main__":
    main()
