"""Deadline work goes ahead of members' presses queued on the store worker (its urgent lane).

The worker is held busy by one job while members' presses queue behind it; then a phase's time-out,
or a pilot's pass, falls due. When the worker comes free it is saved before every press that was
waiting, and every press is still saved after it. The session clock moves on by a second at each
reading, so the order of the saves is read from their saved times, not measured.
"""
from __future__ import annotations

import asyncio
import threading
from datetime import UTC, datetime, timedelta

import pytest

from bot.core.results import ActResult
from bot.core.sessions import Sessions
from bot.core.timers import TimerRunner
from db.games import GameRecord, get_game
from db.store import open_store
from tools.drive.tally.actions import Add
from tools.drive.tally.kind import Tally, TallyState

MEMBERS = 6


class Clock:
    """A second later at every reading; `skip` jumps ahead (past a phase's deadline)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now

    def skip(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def sessions(tmp_path, clock):
    kind = Tally()
    sessions = Sessions(open_store(tmp_path / "lanes.db"), {kind.key: kind}, clock)
    yield sessions
    sessions.close()


async def _start(sessions: Sessions, player: int, state: TallyState) -> GameRecord:
    return await sessions.call(sessions.start, "tally", guild_id=1, channel_id=1, players=[player], state=state)


async def _hold_and_queue(sessions: Sessions, gate: threading.Event) -> tuple[asyncio.Future, list[asyncio.Task]]:
    """The worker held by one job, and one press from each of MEMBERS members queued behind it."""
    games = [await _start(sessions, 100 + k, TallyState(target=99)) for k in range(MEMBERS)]
    held = asyncio.ensure_future(sessions.call(gate.wait))
    presses = [asyncio.create_task(sessions.act(g.id, 100 + k, Add(1))) for k, g in enumerate(games)]
    for _ in range(3):
        await asyncio.sleep(0)  # each press takes its game's lock and is queued on the worker
    return held, presses


def _saved_at(sessions: Sessions, game_id: int) -> str:
    game = get_game(sessions.db, game_id)
    assert game is not None
    return game.updated_at


async def _first_of_all(sessions: Sessions, due: asyncio.Task, game_id: int, gate: threading.Event,
                        held: asyncio.Future, presses: list[asyncio.Task]) -> ActResult | None:
    await asyncio.sleep(0)  # the deadline work is queued too, after every press
    gate.set()
    result = await due
    pressed = await asyncio.gather(*presses)
    await held
    assert [r.status for r in pressed] == ["applied"] * MEMBERS, "every press waiting was still saved"
    first = _saved_at(sessions, game_id)
    assert all(first < _saved_at(sessions, r.game.id) for r in pressed if r.game is not None), \
        "the deadline work was saved before every press queued ahead of it"
    return result


async def test_a_phase_time_out_due_while_presses_wait_is_saved_before_them(sessions, clock):
    timed = await _start(sessions, 1, TallyState(target=99))
    runner = TimerRunner(sessions, lambda result: asyncio.sleep(0))
    gate = threading.Event()
    held, presses = await _hold_and_queue(sessions, gate)
    clock.skip(3600)  # the phase's 300 s are over
    expiring = asyncio.create_task(runner.expire(timed))
    result = await _first_of_all(sessions, expiring, timed.id, gate, held, presses)
    assert result is not None and result.status == "applied" and "the timer added 1" in result.text
    saved = get_game(sessions.db, timed.id)
    assert saved is not None and Tally().load(saved.state).timeouts == 1


async def test_a_pilots_pass_due_while_presses_wait_is_saved_before_them(sessions):
    piloted = await _start(sessions, 1, TallyState(target=99, auto=True, turn=1))  # the auto seat is due
    gate = threading.Event()
    held, presses = await _hold_and_queue(sessions, gate)
    passing = asyncio.create_task(sessions.act(piloted.id, "auto", Add(1), version=piloted.version, urgent=True))
    result = await _first_of_all(sessions, passing, piloted.id, gate, held, presses)
    assert result is not None and result.status == "applied" and result.text == "Auto added 1."


async def test_without_the_urgent_lane_the_same_work_waits_its_turn(sessions):
    """The measure above can fail: ordinary work queued last is saved last."""
    late = await _start(sessions, 1, TallyState(target=99))
    gate = threading.Event()
    held, presses = await _hold_and_queue(sessions, gate)
    pressing = asyncio.create_task(sessions.act(late.id, 1, Add(1)))
    await asyncio.sleep(0)
    gate.set()
    await pressing
    pressed = await asyncio.gather(*presses)
    await held
    last = _saved_at(sessions, late.id)
    assert all(last > _saved_at(sessions, r.game.id) for r in pressed if r.game is not None)
