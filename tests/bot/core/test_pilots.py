"""Seats and pilots, played through Tally: an `auto` seat that plays itself, and pilots that fail."""
from __future__ import annotations

import asyncio
import inspect

import pytest
import simcord
from support.world import open_game, running, world

from db.games import get_game
from tools.drive.replies import private_text
from tools.drive.tally import plugin_with_pilots
from tools.drive.tally.actions import Add


class HangingPilot:
    """Answers only after an hour: the core must fall back at the pilot's deadline (10 s)."""

    def __init__(self) -> None:
        self.calls = 0

    async def decide(self, state, seat, deadline):
        self.calls += 1
        await asyncio.sleep(3600)
        return Add(2)


class RaisingPilot:
    async def decide(self, state, seat, deadline):
        raise RuntimeError("the model server is down")


class NonsensePilot:
    async def decide(self, state, seat, deadline):
        return "add:7"  # not an action at all: a wire form where a typed action belongs


class AtOncePilot:
    """A built-in opponent's kind of pilot: it answers in a moment, so its answer is shown with the
    member's step it answers."""

    answers_at_once = True

    async def decide(self, state, seat, deadline):
        return Add(2)


async def start_auto(member, channel):
    await member.slash(channel, "tally start", auto=True)
    return channel.threads[-1]


async def test_an_auto_seat_plays_itself_after_each_player_step(make_bot):
    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await start_auto(alice, channel)
        await alice.click(thread.last_message, label="+1")
        await env.settle()
        board = thread.last_message.content
        assert "Auto added 2." in board and "Count: 3/10" in board, "the auto seat answered the player's step"
        await alice.click(thread.last_message, label="+1")
        await env.settle()
        assert "Count: 6/10" in thread.last_message.content
        assert get_game(bot.db, 1).version >= 4, "each pilot step is a saved, versioned change"


async def test_an_at_once_pilots_answer_is_shown_with_the_step_it_answers(make_bot):
    bot = make_bot([plugin_with_pilots(auto=AtOncePilot())])
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await start_auto(alice, channel)
        await alice.click(thread.last_message, label="+1")
        await env.settle()
        board = thread.last_message.content
        assert "Added 1." in board and "Auto added 2." in board and "Count: 3/10" in board, \
            "one board says what the player did and what the auto seat answered"
        await alice.click(thread.last_message, label="+2")
        await env.settle()
        assert "Added 2.\nAuto added 2." in thread.last_message.content and "Count: 7/10" in thread.last_message.content
        assert get_game(bot.db, 1).version >= 5, "each step, the player's and the pilot's, is saved on its own"


async def test_the_player_cannot_act_in_the_auto_seats_turn(make_bot):
    bot = make_bot([plugin_with_pilots(auto=HangingPilot())])
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await start_auto(alice, channel)
        await alice.click(thread.last_message, label="+1")
        before = get_game(bot.db, 1)
        result = await alice.click(thread.last_message, label="+2")
        assert "not your turn" in private_text(result)
        after = get_game(bot.db, 1)
        assert (after.version, after.state) == (before.version, before.state)


async def test_a_hanging_pilot_falls_back_at_its_deadline(make_bot):
    hanging = HangingPilot()
    bot = make_bot([plugin_with_pilots(auto=hanging)])
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await start_auto(alice, channel)
        await alice.click(thread.last_message, label="+2")
        assert hanging.calls == 1
        await env.advance_time(9)
        assert "Count: 2/10" in thread.last_message.content, "nothing happens before the deadline"
        await env.advance_time(2)
        board = thread.last_message.content
        assert "Auto added 1." in board and "Count: 3/10" in board, "the kind's fallback (add 1) was applied"
        await alice.click(thread.last_message, label="+1")
        assert "Count: 4/10" in thread.last_message.content, "the player's turn came back"


@pytest.mark.parametrize("pilot", [RaisingPilot(), NonsensePilot()], ids=["raises", "nonsense"])
async def test_a_failing_or_nonsense_pilot_falls_back_at_once(make_bot, pilot):
    bot = make_bot([plugin_with_pilots(auto=pilot)])
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await start_auto(alice, channel)
        await alice.click(thread.last_message, label="+2")
        await env.settle()
        assert "Auto added 1." in thread.last_message.content
        assert "Count: 3/10" in thread.last_message.content


async def test_a_restart_while_a_pilot_decides_decides_again(make_bot):
    bot = make_bot([plugin_with_pilots(auto=HangingPilot())])
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await start_auto(alice, channel)
        await alice.click(thread.last_message, label="+2")
        await env.restart_bot(make_bot())  # the shipped Tally plugin: its auto pilot adds 2
        await env.settle()
        board = thread.last_message.content
        assert "Auto added 2." in board and "Count: 4/10" in board


async def test_a_private_view_and_a_step_taken_from_it(make_bot):
    """Hidden information (a hand) is shown only to its owner; a step from it posts the public board."""
    bot = make_bot()
    async with running(bot, "alice", "bob") as (env, guild, channel, alice, bob):
        thread = await open_game(alice, channel, "tally start")
        peek = await alice.click(thread.last_message, label="Peek")
        assert "Only you see this: the count is even" in private_text(peek)
        assert "Only you see this" not in thread.last_message.content
        spectator = await bob.click(thread.last_message, label="Peek")
        assert "not your game" in private_text(spectator) and "even" not in private_text(spectator)
        private_message = peek.followups[-1] if peek.followups else peek.response
        stepped = await alice.click(private_message, label="+1 from here")
        assert "Count: 1/10" in thread.last_message.content, "the public board is posted in the thread"
        assert "odd" in private_text(stepped) or "odd" in (stepped.response.content if stepped.response else "")


class OutsidePilot:
    """A pilot whose answer comes from outside the process (as a model server's does), awaited through
    the external wait it was built with."""

    def __init__(self, external_wait) -> None:
        self.external_wait = external_wait
        self.answer: asyncio.Future = asyncio.Future()

    async def decide(self, state, seat, deadline):
        return await self.external_wait(self.answer, reason="the test answers for the outside world")


async def test_pilots_are_built_with_the_external_wait_handed_to_create_bot(settings):
    from bot.discord import create_bot
    from tools.drive.tally import _plugin
    from tools.drive.tally.kind import Tally

    built: list[OutsidePilot] = []
    envs: list = []

    def pilots(needs):
        assert needs.settings is settings and needs.db is not None, "built with the bot's settings and store"
        built.append(OutsidePilot(needs.external_wait))
        return {"auto": built[-1]}

    bot = create_bot(settings, plugins=[_plugin(Tally(), pilots)],
                     external_wait=lambda awaitable, *, reason: envs[0].external_wait(awaitable, reason=reason))
    async with simcord.run(bot) as env:
        envs.append(env)
        guild, channel, alice = world(env, "alice")
        thread = await start_auto(alice, channel)
        await alice.click(thread.last_message, label="+1")  # settles although the pilot waits outside
        assert "auto is thinking" in thread.last_message.content
        built[0].answer.set_result(Add(2))
        await env.settle()
        assert "Auto added 2." in thread.last_message.content and "Count: 3/10" in thread.last_message.content


async def test_work_handed_to_an_outside_wait_that_fails_at_once_is_closed_not_left_unawaited():
    # A bot started before its simulated Discord exists hands its start-up's work (the daily's
    # preparation) to a wait that fails before it begins: that work must not linger as a coroutine no one
    # awaited (Python warns of one when it is collected).
    from bot.core.seats import closing

    def not_ready(awaitable, *, reason):
        raise LookupError("the simulated Discord is not made yet")

    async def work():
        return 7

    handed = work()
    with pytest.raises(LookupError):
        await closing(not_ready)(handed, reason="preparing the daily")
    assert inspect.getcoroutinestate(handed) == inspect.CORO_CLOSED

    async def awaited(awaitable, *, reason):
        return await awaitable

    assert await closing(awaited)(work(), reason="a model's answer") == 7
