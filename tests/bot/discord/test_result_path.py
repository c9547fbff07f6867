"""Where a result shows, decided once (bot/discord/boards.py), and the core's timers: played as members
would, through SimCord and the real bot, on Tally (which declares rounds as its phases when `auto` is on)
and on a real game."""
from __future__ import annotations

import discord
from support.forged import post_button
from support.world import open_game, running

from db.games import get_game, running_games_of
from tools.drive.replies import private_text


async def start_tally(member, channel, **options):
    await member.slash(channel, "tally start", **options)
    return channel.threads[-1]


async def an_old_board(member, channel):
    """A tally game whose first board a step has since made out of date: (its thread, that board)."""
    thread = await start_tally(member, channel)
    old = thread.last_message
    await member.slash(thread, "tally add", amount=1)
    return thread, old


def buttons_of(message) -> list[str]:
    return [c.label for row in message.components for c in row.children if getattr(c, "label", None)]


async def double_press(bot, member, board, label: str):
    """Press `label` twice on the live board, the second press carrying the first's (now old) custom id,
    as a double click does: both clicks left the player's screen before the board changed."""
    old_id = next(c.custom_id for row in board.components for c in row.children if c.label == label)
    first = await member.click(board, label=label)
    won = board.channel.last_message.content
    message = bot.get_channel(board.channel.id).get_partial_message(board.id)
    await message.edit(view=discord.ui.View(timeout=None).add_item(discord.ui.Button(label=label, custom_id=old_id)))
    second = await member.click(board, label=label)
    return first, second, won


async def test_the_loser_of_a_double_press_is_told_it_was_done_and_the_board_keeps_the_winners_words(make_bot):
    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await start_tally(alice, channel)
        board = thread.last_message
        first, second, won = await double_press(bot, alice, board, "+2")
        assert get_game(bot.db, 1).state.count('"count":2'), "one press counted, not two"
        answers = private_text(first) + private_text(second)
        assert "already done" in answers
        assert "press again" not in answers
        assert "Added 2." in won and thread.last_message.content == won, "the winner's words stay on the board"
        assert "Count: 2/10" in thread.last_message.content


async def test_a_double_press_on_a_real_game_keeps_the_winners_words(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "bowls endless")
        board = thread.last_message
        label = next(label for label in buttons_of(board) if label.strip().isdigit())
        version = running_games_of(bot.db, alice.id)[0].version
        first, second, won = await double_press(bot, alice, board, label)
        game = running_games_of(bot.db, alice.id)[0]
        assert game.version == version + 1, "only one sow was played"
        assert "already done" in private_text(first) + private_text(second)
        assert thread.last_message.content == won, "the winner's board, with its words, stays as it was"


async def test_an_out_of_date_press_names_the_thread_not_a_discord_link(make_bot):
    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread, old = await an_old_board(alice, channel)
        refused = private_text(await alice.click(old, label="+2"))
        assert "out of date" in refused and f"<#{thread.id}>" in refused
        assert "discord.com" not in refused


async def test_an_action_checked_fresh_is_played_on_the_current_game_from_an_old_board(make_bot):
    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread, old = await an_old_board(alice, channel)
        await alice.click(old, label="End")
        assert get_game(bot.db, 1).status == "finished", "End is checked against the game as it is now"


async def test_one_live_board_per_round_old_boards_made_read_only_with_a_countdown(make_bot):
    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await start_tally(alice, channel, auto=True)
        first = thread.last_message
        assert "<t:" in first.content and ":R>" in first.content, "a timed board shows a live countdown"
        await alice.click(first, label="+1")
        await env.settle()
        # The player's step stays in the round (edited in place); auto's answer closes it: a new board.
        messages = [m for m in thread.history() if "Count:" in m.content]
        assert len(messages) == 2, [(m.content, buttons_of(m)) for m in thread.history()]
        assert "Count: 3/10" in thread.last_message.content and "Auto added 2." in thread.last_message.content
        older = next(m for m in messages if m.id != thread.last_message.id)
        assert "Count: 1/10" in older.content and not buttons_of(older), "the closed round's board is read-only"
        second = thread.last_message
        await alice.slash(thread, "tally add", amount=1)  # a slash step inside the new round edits its board
        await env.settle()
        boards = [m for m in thread.history() if "Count:" in m.content]
        assert len(boards) == 3, "one board per round: the slash step made none of its own"
        edited = next(m for m in boards if m.id == second.id)
        assert "Added 1." in edited.content and "Count: 4/10" in edited.content and not buttons_of(edited)
        assert "Count: 6/10" in thread.last_message.content


async def test_the_timer_runner_says_which_games_it_has_armed_and_forgets_an_ended_one(make_bot):
    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await start_tally(alice, channel)
        assert bot.timers.armed() == {1}
        await alice.click(thread.last_message, label="End")
        assert bot.timers.armed() == frozenset()


async def test_a_long_input_is_refused_with_the_reason_first_and_the_echo_shortened(make_bot):
    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await start_tally(alice, channel)
        refused = private_text(await alice.slash(thread, "tally name", text="x" * 3000))
        assert refused.startswith("A name is at most 20 characters."), refused
        assert len(refused) < 400 and "3,000 characters" in refused and "x" * 40 in refused


async def test_the_end_button_of_games_is_refused_from_another_server(make_bot):
    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        await start_tally(alice, channel)
        listed = await alice.slash(channel, "games")
        shown = next(m for m in [listed.response, *listed.followups] if m is not None and m.components)
        end_id = shown.components[0]["components"][0]["custom_id"]
        other = env.create_guild()
        other_channel = other.create_text_channel("games")
        alice_there = other.add_member(alice.user if hasattr(alice, "user") else env.get_user(alice.id))
        copied = await post_button(bot, other_channel, end_id, label="End")
        refused = await alice_there.click(copied, label="End")
        assert "not one of your games here" in private_text(refused)
        assert get_game(bot.db, 1).running


async def test_a_game_with_an_unknown_status_can_be_ended_and_frees_its_slot(make_bot):
    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await start_tally(alice, channel)
        bot.db.execute("update games set status = 'paused' where id = 1")
        pressed = private_text(await alice.click(thread.last_message, label="+1"))
        assert "End it from /games" in pressed
        again = await alice.slash(channel, "tally start")
        assert "already have" in private_text(again)
        end = next(m for m in [again.response, *again.followups] if m is not None and m.components)
        listed = await alice.slash(channel, "games")
        assert "• Tally — " in private_text(listed), "/games still lists it"
        ended = await alice.click(end, label=end.components[0]["components"][0]["label"])
        assert "Ended" in private_text(ended)
        await alice.slash(channel, "tally start")
        assert len(running_games_of(bot.db, alice.id)) == 1 and running_games_of(bot.db, alice.id)[0].id == 2


async def test_a_press_that_closes_the_phase_posts_the_next_board_and_retires_the_pressed_one(make_bot):
    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await start_tally(alice, channel, auto=True)
        board = thread.last_message
        await alice.click(board, label="End")
        final = thread.last_message
        assert final.id != board.id and "The game was ended." in final.content
        pressed = next(m for m in thread.history() if m.id == board.id)
        assert not buttons_of(pressed) and "Count: 0/10" in pressed.content, "the pressed board keeps its words"
        assert "Time runs out" not in pressed.content and "Closed: the newer board is below" in pressed.content, \
            "a retired board's countdown would read '… ago'"
