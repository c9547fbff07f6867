"""The duo phase's clock in the core, on Tally's rounds: a pilot's answer applies only to the phase it was
asked in, a pilot still deciding when its phase closes is asked again in the next one, and a time-out
acts on the phase that ran out. Driven through the core's public API on a real SQLite store."""
from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from bot.core.pilots import PilotRunner
from bot.core.sessions import Sessions
from bot.core.timers import TimerRunner
from db.store import open_store
from tools.drive.tally.actions import Add
from tools.drive.tally.kind import Tally, TallyState

PLAYER = 1


class GatedPilot:
    """Decides only when the test opens its gate: a model still thinking."""

    def __init__(self) -> None:
        self.gate = asyncio.Event()
        self.calls = 0

    async def decide(self, state, seat, deadline):
        self.calls += 1
        await self.gate.wait()
        return Add(2)


async def _until(check, what: str) -> None:
    for _ in range(200):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never happened: {what}")


def _state(sessions: Sessions, game_id: int) -> TallyState:
    game = sessions.get(game_id)
    assert game is not None
    return TallyState.model_validate_json(game.state)


async def test_an_answer_from_a_closed_phase_is_dropped_and_the_next_phase_asks_again(tmp_path):
    now = [datetime(2026, 12, 1, 9, 0, tzinfo=UTC)]
    sessions = Sessions(open_store(tmp_path / "gamehall.db"), {"tally": Tally()}, lambda: now[0])
    posted = []

    async def post(result):
        posted.append(result)

    pilot = GatedPilot()
    pilots = PilotRunner(sessions, {"tally": {"auto": pilot}}, post)
    timers = TimerRunner(sessions, post)
    try:
        game = sessions.start("tally", guild_id=None, channel_id=None, players=[PLAYER],
                              state=TallyState(auto=True, turn=1))  # auto's turn in round 0
        pilots.schedule(game)
        await _until(lambda: pilot.calls == 1, "the pilot was asked")

        now[0] += timedelta(seconds=301)  # round 0's clock runs out while the pilot thinks
        timed_out = await timers.expire(game)
        assert timed_out is not None and timed_out.applied and timed_out.new_phase
        assert _state(sessions, game.id).timeouts == 1

        after_timer = sessions.get(game.id)
        assert after_timer is not None
        moved = await sessions.act(game.id, PLAYER, Add(1))  # the player's turn of round 1: auto is due again
        assert moved.applied and moved.game is not None
        pilots.schedule(moved.game)
        await _until(lambda: pilot.calls == 2, "the pilot was asked again in the new phase")

        pilot.gate.set()
        await _until(lambda: not pilots.deciding(game.id), "the pilot answered")
        state = _state(sessions, game.id)
        assert state.count == 1 + 1 + 2, "only the new phase's answer counted (timer 1, player 1, auto 2)"
        assert [r.text for r in posted] == ["Auto added 2."]
    finally:
        pilots.cancel_all()
        timers.cancel_all()
        sessions.close()
        sessions.db.close()


async def test_a_stale_answer_is_dropped_when_its_phase_closed(tmp_path):
    now = [datetime(2026, 12, 1, 9, 0, tzinfo=UTC)]
    sessions = Sessions(open_store(tmp_path / "gamehall.db"), {"tally": Tally()}, lambda: now[0])
    posted = []

    async def post(result):
        posted.append(result)

    pilot = GatedPilot()
    pilots = PilotRunner(sessions, {"tally": {"auto": pilot}}, post)
    timers = TimerRunner(sessions, post)
    try:
        game = sessions.start("tally", guild_id=None, channel_id=None, players=[PLAYER],
                              state=TallyState(auto=True, turn=1))
        pilots.schedule(game)
        await _until(lambda: pilot.calls == 1, "the pilot was asked")
        now[0] += timedelta(seconds=301)
        await timers.expire(game)  # round 1 opens: the player's turn, auto not due
        pilot.gate.set()
        await _until(lambda: not pilots.deciding(game.id), "the pilot answered")
        state = _state(sessions, game.id)
        assert (state.count, state.turn) == (1, 2), "the late answer did not carry into the next phase"
        assert posted == []
    finally:
        pilots.cancel_all()
        timers.cancel_all()
        sessions.close()
        sessions.db.close()

