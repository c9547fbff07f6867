"""A press's interaction, the view read from the pressed board and the view sent in answer are freed as
soon as it is answered, not by the cyclic garbage collector: on a busy server they piled up by the
hundred in its oldest generation, and each full collection that walked and freed them stalled every
member's answers. Read with the collector off, where whatever was left in a cycle stays alive."""
from __future__ import annotations

import gc

import discord
from support.world import open_game, running

import engine.bowls as bowls
from engine.bowls.solver import solve
from tools.drive.summon_play import a_placement, game_of, place_with_hand_controls, seat_of, start_ai, state_of


def alive() -> tuple[int, int, int]:
    """Interactions, views and controls still alive, counted in one pass (the list is let go at once)."""
    counts = [0, 0, 0]
    for o in gc.get_objects():
        if isinstance(o, discord.Interaction):
            counts[0] += 1
        elif isinstance(o, (discord.ui.View, discord.ui.LayoutView)):
            counts[1] += 1
        elif isinstance(o, discord.ui.Item):
            counts[2] += 1
    return counts[0], counts[1], counts[2]


async def test_pressed_boards_leave_no_interaction_or_view_for_the_garbage_collector(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await start_ai(env, alice, channel)
        pits = await open_game(alice, channel, "bowls puzzle", number=1)
        first = solve(bowls.get_puzzle(1))[0]
        await env.settle()
        gc.collect()
        gc.disable()
        try:
            for _ in range(2):  # the table's Your hand, the private hand's placement select, the AI's answer
                state = state_of(bot, game_of(bot, alice).id)
                await place_with_hand_controls(alice, thread, a_placement(state, seat_of(state, alice)))
                await env.settle()
            await alice.click(pits.last_message, label=str(first))  # a classic board of buttons: select, sow
            await alice.click(pits.last_message, label=f"Sow {first}")
            await env.settle()
            left = alive()
        finally:
            gc.enable()
        assert left == (0, 0, 0), "interactions, views and controls left for the collector"
