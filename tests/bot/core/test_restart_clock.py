"""A restart spends none of a phase's time: the bot's heartbeat says when it stopped, and when it comes
back the phase in progress gets the seconds it had left (tactics' duo phase, the 10 s a pilot with no
model gets, summon's 30-second turn), whether it stopped cleanly or crashed after its last heartbeat."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

from support.world import open_game, running

import engine.tactics as tx
from bot.core.kinds import Context
from bot.games.tactics.kind import Tactics, TacticsSession
from db.clock import last_seen
from db.games import get_game
from tools.drive.replies import controls_of, words_of
from tools.drive.summon_play import game_of, state_of
from tools.drive.tactics_play import labels, session

AWAY = 25    # seconds the bot is down: about what the README's install-and-run command takes
SLACK = 4.0  # seconds a restart itself runs for on the shared clock (SimCord's connect and ready)


async def stop(env, bot, *, crash: bool) -> datetime:
    """The bot stops now (cleanly, recording when, or by a crash after its last heartbeat) and stays
    down for AWAY seconds of the shared clock, nothing of it running meanwhile; returns when it was
    last seen running."""
    bot._beat.cancel()                 # a dead process beats no more and fires no timer
    if not crash:
        with env.time_context():
            await bot.heartbeat.beat()  # what close() does first: the last beat, now
    bot.timers.cancel_all()
    bot.pilots.cancel_all()
    seen = last_seen(bot.db, "shards:all")
    await env.advance_time(AWAY)
    return seen


def left(bot, game_id: int, at: datetime) -> float:
    return (get_game(bot.db, game_id).deadline - at).total_seconds()


async def restarted(env, make_real_bot, game_id: int, had: float):
    """The bot built again on the same store, checked to give the phase back the `had` seconds it had."""
    await env.restart_bot(make_real_bot())
    bot = env.bot
    now = left(bot, game_id, env.now())
    assert had - SLACK <= now <= had, f"{had:.0f} s were left when the bot stopped, {now:.0f} s after it came back"
    return bot, now


async def test_a_stopped_bot_gives_the_duo_phase_the_seconds_it_had_left(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        await alice.slash(channel, "tactics campaign", pilot="auto", companion="Cindle")
        opened = session(bot).phase_opened
        await env.advance_time(20)
        stopped = env.now()
        seen = await stop(env, bot, crash=False)
        assert seen == stopped, "a clean stop records when"
        had = left(bot, 1, seen)
        assert 5 <= had <= 10
        bot, now = await restarted(env, make_real_bot, 1, had)
        assert session(bot).fight.round == 1, "the phase did not run out while the bot was down"
        assert (session(bot).phase_opened - opened).total_seconds() >= AWAY, "the phase's own clock moved too"
        deadline = get_game(bot.db, 1).deadline
        board = channel.threads[-1].last_message
        assert f"⏳ Time runs out <t:{int(deadline.timestamp())}:R>." in words_of(board), "the board says when"
        assert "Pass (Tidecaller)" in labels(board), "and keeps its buttons"
        await env.advance_time(now - 1)
        assert session(bot).fight.round == 1
        await env.advance_time(2)
        assert session(bot).fight.round == 2, "the phase runs out when the seconds it had are spent"


async def test_after_a_crash_the_clock_counts_from_the_last_heartbeat(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        await alice.slash(channel, "tactics campaign", pilot="auto", companion="Cindle")
        await env.advance_time(20)
        crashed = env.now()
        seen = await stop(env, bot, crash=True)
        assert seen is not None and (crashed - seen).total_seconds() <= 3, "a heartbeat every 3 s"
        bot, now = await restarted(env, make_real_bot, 1, left(bot, 1, seen))
        await env.advance_time(now - 1)
        assert session(bot).fight.round == 1, "the seconds left at the last heartbeat are kept"
        await env.advance_time(2)
        assert session(bot).fight.round == 2


def test_a_pilots_ten_seconds_count_from_the_phase_opening_moved_on_by_the_time_away():
    """The companion's pilot is asked again after a restart (the runner schedules it) with what its
    10 s had left when the bot stopped: its clock is the phase's opening, moved on with the deadline."""
    kind = Tactics()
    opened = datetime(2026, 1, 1, tzinfo=UTC)
    state = TacticsSession(fight=tx.new_fight("c01", 1, "Tidecaller", "Cindle"), mode="campaign", player=1,
                           pilot="model", model=True, key="t", phase_opened=opened)
    stopped, back = opened + timedelta(seconds=6), opened + timedelta(seconds=6 + AWAY)
    resumed = kind.resumed(state, back - stopped)
    assert resumed.phase_opened == opened + timedelta(seconds=AWAY)
    ctx = Context(None, back, None, None, None)  # type: ignore[arg-type]  # pilot_seconds reads only the clock
    assert kind.pilot_seconds(resumed, "model", ctx) == 4.0, "4 of its 10 s were left when the bot stopped"
    assert kind.pilot_seconds(state, "model", ctx) == 0.0, "without moving its clock on, nothing would be"


async def test_summons_turn_keeps_the_seconds_it_had_left(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice", "bob") as (env, guild, channel, alice, bob):
        thread = await open_game(alice, channel, "summon challenge", opponent=bob)
        await bob.click(thread.last_message, label="Accept")
        game_id = game_of(bot, alice).id
        first = state_of(bot, game_id).game.to_move
        await env.advance_time(12)
        seen = await stop(env, bot, crash=False)
        bot, now = await restarted(env, make_real_bot, game_id, left(bot, game_id, seen))
        board, deadline = thread.last_message, get_game(bot.db, game_id).deadline
        assert f"<t:{int(deadline.timestamp())}:R>" in words_of(board), "the board's countdown says the new time"
        assert controls_of(board) and [a.filename for a in board.attachments] == ["summon.png"], \
            "the board keeps its controls and its picture"
        await env.advance_time(now - 1)
        assert state_of(bot, game_id).game.to_move == first, "the turn still runs"
        await env.advance_time(2)
        assert state_of(bot, game_id).game.to_move == 1 - first
        assert "ran out of time: automatic pass" in words_of(thread.last_message)
