"""The duo phase's clock in the core, on Tally's rounds: a pilot's answer applies only to the phase it was
asked in, a pilot still deciding when its phase closes is asked again in the next one, and a time-out
acts on the phase that ran out. Driven through the core's public API on a real SQLite store."""
from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
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


@dataclass
class Core:
    """The core on a real store, its clock in the test's hands: a gated pilot for auto, and what was posted."""
    sessions: Sessions
    pilot: GatedPilot
    pilots: PilotRunner
    timers: TimerRunner
    posted: list = field(default_factory=list)
    now: datetime = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)

    def start(self):
        """A tally game on auto's turn in round 0, its pilot asked."""
        game = self.sessions.start("tally", guild_id=None, channel_id=None, players=[PLAYER],
                                   state=TallyState(auto=True, turn=1))
        self.pilots.schedule(game)
        return game


@asynccontextmanager
async def tally_core(tmp_path):
    core: Core

    async def post(result):
        core.posted.append(result)

    sessions = Sessions(open_store(tmp_path / "gamehall.db"), {"tally": Tally()}, lambda: core.now)
    pilot = GatedPilot()
    core = Core(sessions, pilot, PilotRunner(sessions, {"tally": {"auto": pilot}}, post), TimerRunner(sessions, post))
    try:
        yield core
    finally:
        core.pilots.cancel_all()
        core.timers.cancel_all()
        sessions.close()
        sessions.db.close()


async def test_an_answer_from_a_closed_phase_is_dropped_and_the_next_phase_asks_again(tmp_path):
    async with tally_core(tmp_path) as core:
        sessions, pilot, pilots = core.sessions, core.pilot, core.pilots
        game = core.start()
        await _until(lambda: pilot.calls == 1, "the pilot was asked")

        core.now += timedelta(seconds=301)  # round 0's clock runs out while the pilot thinks
        timed_out = await core.timers.expire(game)
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
        assert [r.text for r in core.posted] == ["Auto added 2."]


async def test_a_stale_answer_is_dropped_when_its_phase_closed(tmp_path):
    async with tally_core(tmp_path) as core:
        game = core.start()
        await _until(lambda: core.pilot.calls == 1, "the pilot was asked")
        core.now += timedelta(seconds=301)
        await core.timers.expire(game)  # round 1 opens: the player's turn, auto not due
        core.pilot.gate.set()
        await _until(lambda: not core.pilots.deciding(game.id), "the pilot answered")
        state = _state(core.sessions, game.id)
        assert (state.count, state.turn) == (1, 2), "the late answer did not carry into the next phase"
        assert core.posted == []


class GatedAtOnce(GatedPilot):
    answers_at_once = True  # a built-in opponent's kind, but this one is held at its gate


async def test_an_at_once_pilot_not_answering_in_time_leaves_the_step_shown_alone_and_posts_later(tmp_path):
    async with tally_core(tmp_path) as core:
        sessions = core.sessions
        pilot = GatedAtOnce()

        async def post(result):
            core.posted.append(result)

        core.pilots = PilotRunner(sessions, {"tally": {"auto": pilot}}, post)
        sessions.answered_at_once = core.pilots.answer_at_once
        game = sessions.start("tally", guild_id=None, channel_id=None, players=[PLAYER], state=TallyState(auto=True))
        moved = await sessions.act(game.id, PLAYER, Add(1))
        assert moved.applied and moved.text == "Added 1." and moved.board is not None, \
            "the step was drawn and handed back alone once the pilot took too long"
        assert pilot.calls == 1 and core.pilots.deciding(game.id)
        pilot.gate.set()
        await _until(lambda: core.posted, "the pilot's answer was posted on its own")
        assert [r.text for r in core.posted] == ["Auto added 2."] and _state(sessions, game.id).count == 3
