"""The tactics tutorial in SimCord: `/tactics tutorial` plays four scripted steps with no timer (a
ready-made turn from its preview, a move out of a telegraphed line, a root that makes a telegraph
fizzle, the companion acting beside the hero); a turn that misses a step's idea starts it over, saying
why privately; after the last step the first campaign fight begins with its clock. The first tactics
fight offers the tutorial."""
from __future__ import annotations

from support.phone import MOST_LINES, measure
from support.world import open_game, running

import engine.tactics as tx
from bot.core.progress import load_progress
from db import players
from db.games import get_game
from tools.drive.replies import private_text
from tools.drive.tactics_play import labels, send_turn, session, thread_texts


async def test_the_tutorial_teaches_four_steps_without_a_timer_then_starts_fight_one(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "tactics tutorial")
        board = thread.last_message
        assert "Tactics tutorial · step 1 of 4" in board.content and "no timer" in board.content
        assert measure(board).lines <= MOST_LINES, board.content
        assert get_game(bot.db, 1).deadline is None, "a tutorial step waits for its reader"

        # Step 1 wants a ready-made turn sent from its preview: a pass starts it over, saying why first.
        passed = await alice.click(board, label="Pass (Ranger)")
        assert private_text(passed).startswith("Not quite: this step is played with a ready-made turn")
        assert session(bot).tutorial == 1 and session(bot).fight.seq == 0, "the step starts over"
        await env.advance_time(120)
        assert session(bot).tutorial == 1 and session(bot).fight.get("hero").done is False, "no timer fired"
        await send_turn(alice, thread.last_message, 1)
        assert session(bot).tutorial == 2
        assert "Tactics tutorial · step 2 of 4" in thread.last_message.content
        assert measure(thread.last_message).lines <= MOST_LINES, thread.last_message.content

        # Step 2: staying on the Screech's line starts it over; moving off it then ending moves on.
        stayed = await alice.slash(thread, "tactics pass")
        assert private_text(stayed).startswith("Not quite: the Screech still covered your tile")
        assert session(bot).tutorial == 2
        await alice.slash(thread, "tactics move", to="C3")
        assert session(bot).tutorial == 2, "the turn is not over until the hero ends it"
        await alice.slash(thread, "tactics end")
        assert session(bot).tutorial == 3
        assert "Screech" in "\n".join(thread_texts(thread))

        # Step 3: running out of the Tussle's reach is not a root; Pinning Shot is.
        ran = await alice.slash(thread, "tactics turn", steps="move A5; end")
        assert private_text(ran).startswith("Not quite: the Tussle was not rooted or pushed away.")
        assert session(bot).tutorial == 3
        await alice.slash(thread, "tactics turn", steps="Pinning Shot H5; end")
        assert session(bot).tutorial == 4
        assert measure(thread.last_message).lines <= MOST_LINES, thread.last_message.content

        # Step 4: the hero hits and Cindle acts beside it; then fight 1 starts, with its clock.
        await env.advance_time(120)
        assert session(bot).tutorial == 4 and not session(bot).fight.get("hero").done
        idle = await alice.slash(thread, "tactics end")
        assert private_text(idle).startswith("Not quite: hit the Driplet first, so Cindle can join in.")
        assert session(bot).tutorial == 4
        await alice.slash(thread, "tactics turn", steps="Longshot G5; end")
        said = "\n".join(thread_texts(thread))
        assert "Cindle's Ember Bolt on Driplet" in said and "That is the tutorial done" in said
        assert "That is the tutorial done" in thread.last_message.content, "kept on fight 1's board"
        assert measure(thread.last_message).lines <= MOST_LINES, thread.last_message.content
        assert "New to tactics?" not in said
        state = session(bot)
        assert (state.tutorial, state.mode, state.fight.encounter) == (0, "campaign", tx.campaign()[0].id)
        assert get_game(bot.db, 1).deadline is not None, "the campaign fight's phase has its clock"
        assert "Tactics tutorial" not in thread.last_message.content
        record = load_progress(bot.db, alice.id, "tactics", tx.TacticsProgress)
        assert (record.xp, record.fights) == (0, 0) and record.hero != "Ranger", "the tutorial records nothing"
        assert players.get_xp(bot.db, alice.id) == 0


async def test_the_first_tactics_fight_offers_the_tutorial_in_its_thread_and_a_later_one_does_not(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "tactics campaign", pilot="auto")
        assert "Tutorial (no timer)" in labels(thread.last_message), "a first fight offers the tutorial"
        await alice.click(thread.last_message, label="Tutorial (no timer)")
        state = session(bot)
        assert (state.mode, state.tutorial) == ("tutorial", 1)
        assert "Tactics tutorial · step 1 of 4" in thread.last_message.content
        assert get_game(bot.db, 1).deadline is None, "the campaign fight's clock stopped with it"

    bot = make_real_bot()
    async with running(bot, "bob") as (env, guild, channel, bob):
        thread = await open_game(bob, channel, "tactics campaign", pilot="auto")
        for _ in range(14):
            if "Next fight" in labels(thread.last_message):
                break
            await bob.click(thread.last_message, label="Pass (Tidecaller)")
        await bob.click(thread.last_message, label="Retry")
        again = channel.threads[-1]
        assert again is not thread and "Tutorial (no timer)" not in labels(again.last_message)
