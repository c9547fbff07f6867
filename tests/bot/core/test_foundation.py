"""The foundation, played as members would: threads, boards, buttons, refusals, restarts, timers."""
from __future__ import annotations

import discord
import simcord
from support.world import running, world

from db.games import get_game, save_game
from tools.drive.replies import private_text


async def start_tally(env, member, channel):
    result = await member.slash(channel, "tally start")
    assert channel.threads, "starting a game opens a thread"
    thread = channel.threads[-1]
    return result, thread


def board_of(thread):
    """The newest message in the thread that has buttons: the live board."""
    return thread.last_message


async def test_start_creates_thread_with_board_and_press_moves(make_bot):
    async with simcord.run(make_bot()) as env:
        guild, channel, alice = world(env, "alice")
        result, thread = await start_tally(env, alice, channel)
        assert "ready" in result.response.content
        assert "Tally" in thread.name and "alice" in thread.name
        board = board_of(thread)
        assert "Count: 0/10" in board.content
        await alice.click(board, label="+2")
        assert "Count: 2/10" in board_of(thread).content
        assert "Added 2." in board_of(thread).content


async def test_restart_mid_game_keeps_the_game_and_its_buttons(make_bot):
    async with simcord.run(make_bot()) as env:
        guild, channel, alice = world(env, "alice")
        _, thread = await start_tally(env, alice, channel)
        await alice.click(board_of(thread), label="+1")
        await env.restart_bot(make_bot())
        await alice.click(board_of(thread), label="+2")
        assert "Count: 3/10" in board_of(thread).content


async def test_another_member_is_refused_privately_and_nothing_changes(make_bot):
    bot = make_bot()
    async with running(bot, "alice", "bob") as (env, guild, channel, alice, bob):
        _, thread = await start_tally(env, alice, channel)
        board = board_of(thread)
        before = get_game(bot.db, 1)
        result = await bob.click(board, label="+1")
        assert "not your game" in private_text(result)
        after = get_game(bot.db, 1)
        assert (after.version, after.state) == (before.version, before.state)
        assert "Count: 0/10" in board_of(thread).content


async def test_stale_board_press_is_refused_with_the_fresh_board(make_bot):
    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        _, thread = await start_tally(env, alice, channel)
        old_board = board_of(thread)
        await alice.slash(thread, "tally add", amount=1)  # posts the new board below
        assert board_of(thread).id != old_board.id
        version = get_game(bot.db, 1).version
        result = await alice.click(old_board, label="+2")
        assert "out of date" in private_text(result)
        assert "Count: 1/10" in private_text(result)
        assert get_game(bot.db, 1).version == version
        await alice.click(board_of(thread), label="+2")
        assert "Count: 3/10" in board_of(thread).content


async def test_illegal_slash_step_says_why_and_changes_nothing(make_bot):
    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        _, thread = await start_tally(env, alice, channel)
        version = get_game(bot.db, 1).version
        result = await alice.slash(thread, "tally add", amount=5)
        assert result.ephemeral and "amount must be one of 1, 2" in result.response.content
        assert get_game(bot.db, 1).version == version
        outside = await alice.slash(channel, "tally add", amount=1)
        assert outside.ephemeral and "your game's thread" in outside.response.content


async def test_timer_fires_after_deadline_and_after_restart(make_bot):
    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        _, thread = await start_tally(env, alice, channel)
        await env.advance_time(299)
        assert "Count: 0/10" in board_of(thread).content
        await env.advance_time(2)
        assert "Time ran out" in board_of(thread).content and "Count: 1/10" in board_of(thread).content
        # Restart with a deadline pending, then let it pass while "down": it fires at once on start.
        await env.restart_bot(make_bot())
        await env.advance_time(301)
        assert "Count: 2/10" in board_of(thread).content


async def test_deadline_passed_while_down_fires_at_start(make_bot, settings):
    from datetime import UTC, datetime

    from db.store import open_store

    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        _, thread = await start_tally(env, alice, channel)
        # The bot was down past the deadline: move the stored deadline into the past.
        db = open_store(settings.database_path)
        db.execute("update games set deadline = ? where id = 1", [datetime(2025, 1, 1, tzinfo=UTC).isoformat()])
        db.conn.commit()
        await env.restart_bot(make_bot())
        await env.settle()
        assert "Time ran out" in board_of(thread).content


async def test_finished_game_locks_its_thread(make_bot):
    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        _, thread = await start_tally(env, alice, channel)
        await alice.click(board_of(thread), label="End")
        assert "ended" in board_of(thread).content
        assert bot.get_channel(thread.id).locked
        assert get_game(bot.db, 1).status == "finished"
        assert not board_of(thread).components


async def test_broken_save_marks_the_game_broken_with_a_message(make_bot, settings):
    from db.store import open_store

    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        _, thread = await start_tally(env, alice, channel)
        board = board_of(thread)
        db = open_store(settings.database_path)
        db.execute("update games set state = '{\"count\": \"many\"}' where id = 1")
        db.conn.commit()
        await alice.click(board, label="+1")
        assert "could not be loaded" in thread.last_message.content
        assert get_game(bot.db, 1).status == "broken"
        again = await alice.slash(thread, "tally add", amount=1)
        assert again.ephemeral


async def test_settings_need_manage_server(make_bot):
    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
        carol = guild.add_member(env.create_user("carol"), roles=[admins])
        refused = await alice.slash(channel, "settings timer", seconds=60)
        assert refused.ephemeral and "Manage Server" in refused.response.content
        ok = await carol.slash(channel, "settings timer", seconds=60)
        assert ok.ephemeral and "60 seconds" in ok.response.content
        bad = await carol.slash(channel, "settings timer", seconds=5)
        assert "between" in bad.response.content
        refused = await alice.slash(channel, "settings daily-channel", channel=channel)
        assert "Manage Server" in refused.response.content


async def test_no_thread_permission_is_explained_and_leaves_no_game(make_bot):
    bot = make_bot()
    async with simcord.run(bot) as env:
        guild = env.create_guild()
        alice = guild.add_member(env.create_user("alice"))
        no_threads = discord.PermissionOverwrite(create_public_threads=False)
        channel = guild.create_text_channel("games", overwrites={guild.me: no_threads})
        result = await alice.slash(channel, "tally start")
        assert not channel.threads
        assert "Create Public Threads" in result.response.content
        from db.games import running_games_of
        assert running_games_of(bot.db, alice.id) == []


async def test_a_save_by_another_process_is_read_afresh_by_the_next_press(make_bot):
    """A press parses its game's state once and keeps it; a save made elsewhere (another process on the
    same store) is a new saved text, so the next press reads that one, never the state kept."""
    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        _, thread = await start_tally(env, alice, channel)
        await alice.click(board_of(thread), label="+1")
        game = get_game(bot.db, 1)
        kind = bot.sessions.kind(game.kind)
        elsewhere = kind.load(game.state).model_copy(update={"count": 5})
        save_game(bot.db, game, now=bot.sessions.clock(), state=kind.dump(elsewhere))
        await alice.click(board_of(thread), label="+2")  # a board from before that save: the fresh one instead
        assert "Count: 5/10" in board_of(thread).content
        await alice.click(board_of(thread), label="+2")
        assert "Count: 7/10" in board_of(thread).content
