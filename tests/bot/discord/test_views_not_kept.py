"""discord.py keeps none of the views the bot sends. Every control is answered through its custom id's
template, so a kept view only holds memory: a board's for as long as the process runs (when it has a
control that is not a template's own item, a link), a private answer's for 15 minutes with a sleeping
task of its own, which added up to thousands of views on a busy server. Read where that memory shows:
discord.py's view store and the loop's tasks."""
from __future__ import annotations

import asyncio

from support.world import open_game, running

from tools.drive.replies import private_text
from tools.drive.summon_play import a_placement, game_of, place_with_hand_controls, seat_of, start_ai, state_of
from tools.drive.tactics_play import fight_through, send_turn


def views_kept(bot) -> int:
    store = bot._connection._view_store  # discord.py's own record of the views it dispatches to
    return len(store._synced_message_views) + len(store._views)


def view_timers() -> int:
    """The tasks discord.py runs to time a kept view out (a private answer's, by default 15 minutes)."""
    return sum("timeout_task" in getattr(t.get_coro(), "__qualname__", "") for t in asyncio.all_tasks())


async def test_no_board_or_private_answer_leaves_its_view_behind_and_the_controls_still_answer(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await start_ai(env, alice, channel)
        for _ in range(2):  # the table (with its Your hand link), the private hand, a placement, the AI's answer
            state = state_of(bot, game_of(bot, alice).id)
            await place_with_hand_controls(alice, thread, a_placement(state, seat_of(state, alice)))
            await env.settle()
        await alice.slash(channel, "games")  # a private list with an End button per game
        assert views_kept(bot) == 0
        assert view_timers() == 0
        hand = await alice.click(thread.last_message, label="Your hand")  # answered through its template
        assert "Your hand" in private_text(hand)


async def test_a_result_board_with_its_follow_up_links_leaves_no_view_behind(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "tactics campaign", pilot="auto", companion="Cindle")
        await fight_through(thread, lambda board: send_turn(alice, board, 1), most=12)
        assert views_kept(bot) == 0
        assert view_timers() == 0
        started = await alice.click(thread.last_message, label="Next fight")  # a link, answered by its template
        assert "your game is ready" in private_text(started) and len(channel.threads) == 2
