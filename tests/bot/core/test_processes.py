"""The pictures and the planner's turns run in a worker process: the same bytes and turns as in-thread,
deadline work ahead of queued pictures, and a worker that dies is replaced with no press unanswered."""
from __future__ import annotations

import functools
import gc
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import wait
from contextlib import contextmanager
from pathlib import Path

import pytest
import simcord
from support.holding import held_in, held_until, named
from support.worker_faults import answer_then_die, fail_while, pid
from support.world import open_game, running

import engine.bowls as bowls
import engine.formation as fm
import engine.summon as sm
import engine.tactics as tx
from bot.companion.auto import auto_decision
from bot.core import processes
from bot.core.process_queue import GIVE_UP
from bot.core.processes import Processes, RunHere
from bot.games.bowls.render import render_board as bowls_picture
from bot.games.formation.render import render_brief, render_replay
from bot.games.summon import render as summon_render
from bot.games.summon.replay import render_battle
from bot.games.tactics.recap import lines_of, render_recap
from bot.games.tactics.render import render_board as tactics_picture
from db.games import get_game
from engine.bowls.solver import solve
from tools.drive.replies import words_of


def _summon_game():
    st = sm.new_game(7, sm.auto_deck(1), sm.auto_deck(2))
    while st.phase != "over" and not st.battles:
        st = sm.apply(st, sm.ai_action(st))
    return st


def _tactics_fight():
    fight = tx.new_fight("c01", 1, "Tidecaller", "Cindle")
    turns = tx.plan_turns(fight, "hero")
    return tx.apply_turn(fight, "hero", [s.model_dump(exclude_none=True) for s in turns[0].steps])


def test_pictures_and_planned_turns_from_a_worker_are_those_drawn_in_thread():
    pool = Processes(1)
    try:
        lesson = fm.shipped_puzzles()[3]
        formation = dict(fm.solve(lesson).example)
        st = _summon_game()
        seats = (summon_render.Seat("Ann", True, True), summon_render.Seat("Bo", False, False))
        fight = _tactics_fight()
        calls = [
            (bowls_picture, (bowls.new_puzzle(3),)),
            (render_brief, (lesson, formation)),
            (render_replay, (fm.battle(lesson, formation),)),
            (summon_render.render_table, (sm.view_for(st, None), seats, "Summon · a test table", None)),
            (render_battle, (st.battles[0], ("Ann", "Bo"))),
            (tactics_picture, (fight,)),
            (render_recap, ("A recap", lines_of(fight))),
            (tx.plan_turns, (fight, "companion")),
            (auto_decision, (fight, "companion")),
        ]
        for fn, args in calls:
            here = fn(*args)
            assert pool.submit(fn, *args).result() == here, fn.__name__
            assert here, fn.__name__
        assert pool.pids(), "the calls ran in a worker process"
    finally:
        pool.shutdown()


@contextmanager
def held_pool(tmp_path, workers: int = 1):
    """A pool of `workers` processes and the gate its held calls wait on: `held_until(str(gate), x)` runs
    until the test opens the gate (touches the file), then answers x. The pool stops at the end."""
    pool = Processes(workers)
    try:
        yield pool, tmp_path / "open"
    finally:
        pool.shutdown()


def test_deadline_work_goes_ahead_of_the_pictures_queued(tmp_path):
    """A pilot's planning waits only for the call running; the pictures queued go back to their callers'
    threads (drawn there), and the ones that come while it waits are drawn there too."""
    with held_pool(tmp_path) as (pool, gate):
        order: list[str] = []
        holding = pool.submit(held_until, str(gate), "held")
        queued = pool.submit(named, "picture 0")
        urgent = pool.submit(named, "the pilot's plan", urgent=True)
        later = pool.submit(named, "picture 1")
        for future in (holding, urgent, later):
            future.add_done_callback(lambda f: order.append(f.result()))
        assert isinstance(queued.exception(timeout=5), RunHere), "handed back to be drawn in its own thread"
        assert pool.busy(), "a picture asked for now is drawn in its caller's thread"
        assert pool.run(named, "picture 2") == "picture 2"
        gate.touch()
        wait([holding, urgent, later])
        assert order == ["held", "the pilot's plan", "picture 1"]


def test_a_call_given_up_while_it_runs_leaves_the_pool_taking_the_next(tmp_path, caplog):
    """A caller that stops waiting (a pilot's deadline cancels its future) while the worker runs the call:
    the answer has no one to go to, nothing fails on the way, and the next call is answered."""
    with held_pool(tmp_path) as (pool, gate):
        holding = pool.submit(held_until, str(gate), "too late")
        held_in(str(gate), "too late")
        assert holding.cancel(), "the caller gave up"
        gate.touch()
        assert pool.submit(named, "the next call").result(timeout=10) == "the next call"
        assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")], caplog.text


def test_a_worker_is_forked_from_a_settled_heap(tmp_path):
    """What the fork server imported (the games, their pictures and plans) is frozen before a worker is
    forked: the worker's collections never walk it (so they stay short and leave its pages shared)."""
    with held_pool(tmp_path) as (pool, _gate):
        frozen = pool.submit(gc.get_freeze_count).result(timeout=30)
    assert frozen >= 10_000, frozen


def test_two_workers_run_two_calls_at_once(tmp_path):
    """The default on two cores: both workers take a call, each in its own process."""
    with held_pool(tmp_path, workers=2) as (pool, gate):
        first = pool.submit(held_until, str(gate), "first")
        second = pool.submit(held_until, str(gate), "second")
        held_in(str(gate), "first", "second")
        gate.touch()
        assert (first.result(timeout=10), second.result(timeout=10)) == ("first", "second")
        assert len(set(pool.pids())) == 2


def test_a_worker_killed_mid_call_is_replaced_and_the_call_answered(tmp_path):
    with held_pool(tmp_path) as (pool, gate):
        holding = pool.submit(held_until, str(gate), "answered")
        os.kill(*held_in(str(gate), "answered"), signal.SIGKILL)
        gate.touch()
        assert holding.result() == "answered"
        assert pool.replaced == 1


async def test_a_press_after_the_worker_died_is_answered_with_the_same_board(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "bowls puzzle", number=1)
        workers = processes.shared()
        assert workers.pids(), "the board was drawn in a worker process"
        replaced = workers.replaced
        for pid in workers.pids():
            os.kill(pid, signal.SIGKILL)
        bowl = solve(bowls.get_puzzle(1))[0]
        await alice.click(thread.last_message, label=str(bowl))  # the same picture: the one drawn is shown
        assert f"Selected bowl {bowl}" in words_of(thread.last_message)
        await alice.click(thread.last_message, label=f"Sow {bowl}")  # a new picture, from a new worker
        board = thread.last_message
        state = bot.sessions.load(get_game(bot.db, 1))
        assert state.game.moves_used == 1
        assert await board.attachments[0].read() == bowls_picture(state.game)
        assert workers.replaced == replaced + 1 and workers.pids(), "a new worker took the dead one's place"


KILLED_BOT = """
import os, signal
from bot.core.processes import Processes, RunHere
workers = Processes(1)
print(workers.run(os.getpid), flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_a_worker_ends_when_the_bots_process_is_killed(tmp_path):
    """A bot killed without its shutdown leaves no worker process (nor its fork server) running."""
    ran = subprocess.run([sys.executable, "-c", KILLED_BOT], capture_output=True, text=True, timeout=60,
                         cwd=Path(__file__).resolve().parents[3])
    worker = int(ran.stdout.split()[0])
    for _ in range(1000):  # it notices its bot's end at once; this only bounds the wait
        if not Path(f"/proc/{worker}").exists() or "Z" in _state(worker):
            break
        time.sleep(0.01)
    assert not Path(f"/proc/{worker}").exists() or "Z" in _state(worker), "the worker outlived its bot"


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return "gone"


def _worker_pid() -> int:
    return os.getpid()


def test_the_forecast_worker_starts_on_its_own_thread_at_lowered_priority():
    """The companion's forecasts run on workers of their own (the same pool machinery as the pictures'):
    started once, off the caller's thread, niced below the bot so the bot's own process keeps its core,
    and stopped with the pilot (a start after that starts them again)."""
    from bot.companion import forecasts
    try:
        forecasts.started().result(timeout=60)
        pid = forecasts._workers.submit(_worker_pid).result(timeout=60)
        assert pid != os.getpid() and pid in forecasts._workers.pids()
        assert os.getpriority(os.PRIO_PROCESS, pid) >= os.getpriority(os.PRIO_PROCESS, 0) + 1, "not niced"
        assert forecasts._workers.pending() == 0
    finally:
        forecasts.shutdown()
    assert forecasts._workers.pids() == []
    try:
        forecasts.started().result(timeout=60)
        assert forecasts._workers.pids(), "a start after the pilot closed starts the worker again"
    finally:
        forecasts.shutdown()


def test_a_refusal_in_a_worker_comes_back_as_itself_and_the_worker_stays(tmp_path):
    """A refusal raised in a worker is a refusal: it comes back as itself, and the worker that raised it
    takes the next call."""
    fight = tx.new_fight("c01", 1, "Tidecaller", "Cindle")
    with held_pool(tmp_path) as (pool, gate):
        with pytest.raises(tx.TacticsError) as refused:
            pool.submit(tx.check_turn, fight, "companion", [{"kind": "move", "to": "A1"}] * 9).result(timeout=30)
        here = pytest.raises(tx.TacticsError, tx.check_turn, fight, "companion", [{"kind": "move", "to": "A1"}] * 9)
        assert str(refused.value) == str(here.value) and refused.value.step == here.value.step
        worker = pool.pids()
        assert pool.submit(pid).result(timeout=30) in worker and pool.replaced == 0


def test_a_worker_killed_while_handing_back_its_answer_leaves_no_caller_waiting(tmp_path):
    """The pool's reader waits for the rest of the dead worker's answer; the call is still answered (sent
    again, then made in the caller's thread) and the workers take the next call."""
    with held_pool(tmp_path) as (pool, gate):
        began = time.monotonic()
        assert pool.run(answer_then_die, "answered") == "answered"
        assert time.monotonic() - began < 20, "answered once the watch broke the stuck pool"
        assert pool.replaced >= 1
        assert pool.submit(pid).result(timeout=30) != os.getpid(), "a new worker took the next call"


def test_workers_that_kept_dying_are_tried_again_later(tmp_path):
    gate = tmp_path / "failing"
    gate.touch()
    pool = Processes(1, initializer=functools.partial(fail_while, str(gate)))
    pool.retry_after_s = 1.0
    try:
        for _ in range(GIVE_UP):
            assert pool.run(pid) == os.getpid(), "made in the caller's thread"
        assert pool.in_thread
        gate.unlink()
        time.sleep(1.2)
        assert not pool.in_thread, "tried again after a while"
        assert pool.run(pid) != os.getpid(), "a worker answers again"
        assert pool.submit(pid).result(timeout=30) != os.getpid()
    finally:
        pool.shutdown()


async def test_the_workers_are_up_before_the_first_interaction(make_real_bot):
    """The bot starts its worker processes (and loads their fonts) in its start-up, so the first press
    never waits for a worker to start."""
    processes.shared().shutdown()
    bot = make_real_bot()
    async with simcord.run(bot):
        workers = processes.shared()
        assert workers.pids(), "a worker is running before anyone pressed anything"
        assert workers.started(lambda: None).done()


async def test_a_worker_dying_mid_press_is_replaced_off_the_event_loops_thread(tmp_path, monkeypatch):
    """Starting a worker process forks from the server and polls the other children: never on the event
    loop's thread. Presses from the loop start the workers, one dies mid-press, and every start (the
    first ones and the replacement) ran on another thread while the presses were answered."""
    import asyncio
    import multiprocessing.process
    import threading

    started_on: list[int] = []
    start = multiprocessing.process.BaseProcess.start

    def noted_start(process):
        started_on.append(threading.get_ident())
        return start(process)

    monkeypatch.setattr(multiprocessing.process.BaseProcess, "start", noted_start)
    with held_pool(tmp_path, workers=2) as (pool, gate):
        loop_thread = threading.get_ident()
        holding = asyncio.ensure_future(pool.call(held_until, str(gate), "answered"))
        other = asyncio.ensure_future(pool.call(held_until, str(gate), "also answered"))
        taken = await asyncio.to_thread(held_in, str(gate), "answered", "also answered")
        os.kill(taken[0], signal.SIGKILL)
        gate.touch()
        assert await holding == "answered" and await other == "also answered"
        assert pool.replaced == 1
        workers = {await pool.call(pid) for _ in range(6)}
        assert os.getpid() not in workers, "a new worker took the next presses"
        assert len(started_on) >= 3, "the first two workers and the dead one's replacement"
        assert loop_thread not in started_on, "a worker process was started on the event loop's thread"
