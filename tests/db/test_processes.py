"""Several processes on one store, as a deploy overlapping the old process or a cluster by shard range
runs them: every start, step and XP point they were told succeeded is in the store exactly once, every
game has the thread its process gave it, and no process saw a locked database."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
from support.store_driver import GUILD, THREAD_BASE, user_of

from db import games, players
from db.store import open_store

TESTS = Path(__file__).resolve().parents[1]
ROUNDS = 9
XP_USER = 7


def _run_drivers(target: str, processes: int, shared_game: int) -> list[dict]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")])}
    running = [subprocess.Popen([sys.executable, "-m", "support.store_driver", target, str(worker),
                                 str(ROUNDS), str(shared_game), str(XP_USER)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
               for worker in range(processes)]
    reports = []
    for process in running:
        out, err = process.communicate(timeout=300)
        assert process.returncode == 0, err[-2000:]
        reports.append(json.loads(out.strip().splitlines()[-1]))
    return reports


@pytest.mark.parametrize("processes", [2, 4])
def test_processes_on_one_store_lose_nothing_and_never_lock(store_target, processes):
    db = open_store(store_target)
    now = datetime.now(UTC)
    shared = games.create_game(db, kind="tally", guild_id=GUILD + 1, channel_id=1,
                               players=[user_of(w, 0) for w in range(processes)],
                               state='{"target": 1000000}', now=now)
    games.set_location(db, shared.id, thread_id=THREAD_BASE + shared.id)

    reports = _run_drivers(store_target, processes, shared.id)

    errors = [e for r in reports for e in r["errors"]]
    assert errors == [], "no process saw a lock (or any other store) error"
    started = [g for r in reports for g in r["started"]]
    assert len(started) == len(set(started)) >= processes, "each start made its own game"
    ended = {g for r in reports for g in r["ended"]}
    applied: dict[int, int] = {}
    saves: dict[int, int] = {}
    for report in reports:
        for key, amount in report["applied"].items():
            applied[int(key)] = applied.get(int(key), 0) + amount
        for key, count in report["saves"].items():
            saves[int(key)] = saves.get(int(key), 0) + count

    for game_id in started:
        game = games.get_game(db, game_id)
        assert game.thread_id == THREAD_BASE + game_id, f"game {game_id} has the thread its process gave it"
        count = json.loads(game.state)["count"]
        assert count == applied.get(game_id, 0), f"game {game_id}: every applied step is saved, once"
        # created (1) + its first deadline (1) + one version per applied step + the end
        assert game.version == 2 + saves.get(game_id, 0) + (game_id in ended)
        assert game.running == (game_id not in ended)
    orphans = db.execute("select count(*) from games where status = 'running' and thread_id is null").fetchone()[0]
    assert orphans == 0, "no running game is left without a thread"

    final_shared = games.get_game(db, shared.id)
    assert json.loads(final_shared.state)["count"] == applied.get(shared.id, 0) > 0
    assert final_shared.version == 1 + saves.get(shared.id, 0), "contended steps: the losers changed nothing"
    assert players.get_xp(db, XP_USER) == sum(r["xp"] for r in reports) == processes * ROUNDS * 4

    slots = db.execute("select game_id from running_slots where guild_id = ? order by game_id", [GUILD]).fetchall()
    running = db.execute("select id from games where status = 'running' and guild_id = ? order by id",
                         [GUILD]).fetchall()
    assert [s[0] for s in slots] == [g[0] for g in running], "one slot per running game, none for ended ones"
    db.close()


def test_processes_opening_a_new_store_at_once_all_migrate_it(store_target):
    """Several processes starting together on a store nobody created yet: each one opens it."""
    code = ("import sys; from db.store import open_store, MIGRATIONS; db = open_store(sys.argv[1]); "
            "print(db.schema_version()); db.close()")
    running = [subprocess.Popen([sys.executable, "-c", code, store_target], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True) for _ in range(4)]
    results = [p.communicate(timeout=120) + (p.returncode,) for p in running]
    assert [r[2] for r in results] == [0, 0, 0, 0], [r[1][-500:] for r in results]
    from db.store import MIGRATIONS
    assert {int(r[0].strip()) for r in results} == {len(MIGRATIONS)}
