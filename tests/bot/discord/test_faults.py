"""Faults at the edge with the world: Discord refusing, threads vanishing, the store failing, bad rows.

Each case is played as a member would, and each must end with an answer (never silence) and with
nothing lost or stuck: the next step works once the cause is gone.
"""
from __future__ import annotations

import json
import sqlite3
import subprocess
from contextlib import contextmanager

import discord
import pytest
import simcord
from support.forged import post_button
from support.world import add_host, daily_world, open_game, running, world

from db import daily, players
from db.games import get_game, running_games_of
from engine.bowls import get_puzzle
from engine.bowls.solver import solve
from tools.drive.replies import private_text

STORE_DOWN = "The game store is unavailable right now; nothing was changed"


def tally_bot(settings):
    from bot.discord import create_bot
    from tools.drive.tally import PLUGIN

    return create_bot(settings, plugins=[PLUGIN])


async def start_tally(member, channel, **options):
    result = await member.slash(channel, "tally start", **options)
    return result, (channel.threads[-1] if channel.threads else None)


def everything_said(result) -> str:
    messages = ([result.response] if result.response is not None else []) + list(result.followups)
    return "\n".join(m.content or "" for m in messages)


def answered_privately(result, *words: str) -> bool:
    text = private_text(result)
    return bool(text) and all(w in text for w in words)


# --- Discord faults ----------------------------------------------------------------------------

async def test_a_deleted_thread_does_not_block_the_next_game(make_bot):
    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        _, thread = await start_tally(alice, channel)
        await bot.get_channel(thread.id).delete()  # a moderator deletes the game's thread
        await env.settle()
        assert get_game(bot.db, 1).status == "finished", "the game of a deleted thread is closed"
        result, _ = await start_tally(alice, channel)
        assert "ready" in private_text(result)
        assert len(running_games_of(bot.db, alice.id)) == 1


async def test_a_game_whose_thread_vanished_unseen_is_closed_when_a_new_one_starts(make_bot):
    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        await start_tally(alice, channel)
        bot.db.execute("update games set thread_id = 999 where id = 1")  # the delete event was missed
        result, _ = await start_tally(alice, channel)
        assert "ready" in private_text(result), private_text(result)
        assert get_game(bot.db, 1).status == "finished"


async def test_a_server_error_creating_the_thread_is_answered_and_leaves_nothing(make_bot):
    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        env.inject_error("POST", "/channels/*/threads", status=500)
        result, _ = await start_tally(alice, channel)
        assert answered_privately(result, "nothing was started")
        assert running_games_of(bot.db, alice.id) == [] and not channel.threads
        again, thread = await start_tally(alice, channel)
        assert "ready" in private_text(again) and thread is not None


async def test_no_send_in_threads_permission_leaves_no_empty_thread(make_bot):
    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        env.inject_error("POST", "/channels/*/messages", status=403, code=50013, message="Missing Permissions")
        result, _ = await start_tally(alice, channel)
        assert answered_privately(result, "Send Messages in Threads")
        assert not [t for t in channel.threads if bot.get_channel(t.id) is not None], "the empty thread is removed"
        assert running_games_of(bot.db, alice.id) == []


async def test_a_board_discord_did_not_update_is_brought_up_to_date_by_the_next_press(make_bot):
    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        _, thread = await start_tally(alice, channel)
        board = thread.last_message
        env.inject_error("PATCH", "/webhooks/*/messages/*", status=500)
        first = await alice.click(board, label="+1")
        assert answered_privately(first, "saved")
        assert get_game(bot.db, 1).state.count('"count":1')
        assert "Count: 0/10" in thread.last_message.content, "the failed edit left the old board"
        second = await alice.click(thread.last_message, label="+1")
        assert answered_privately(second, "up to date")
        assert "Count: 1/10" in thread.last_message.content, "the same message now shows the saved game"
        await alice.click(thread.last_message, label="+1")
        assert "Count: 2/10" in thread.last_message.content


async def test_a_saved_formation_win_can_be_continued_after_the_board_was_not_edited(make_real_bot):
    import engine.formation as fm

    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "formation tutorial")
        lesson = fm.tutorial()[0]
        for slot, creature in fm.solve(lesson).example.items():
            if slot not in lesson.fixed:
                await alice.slash(thread, "formation place", slot=slot, creature=creature)
        env.inject_error("PATCH", "/webhooks/*/messages/*", status=500)
        await alice.click(thread.last_message, label="Battle")  # the win is saved; the board is not edited
        assert get_game(bot.db, 1).state.count('"won_current":true')
        refreshed = await alice.click(thread.last_message, label="Battle")
        assert answered_privately(refreshed, "up to date")
        await alice.click(thread.last_message, label="Next puzzle")
        assert fm.tutorial()[1].title in thread.last_message.content


# --- the store ---------------------------------------------------------------------------------

@contextmanager
def read_only(db):
    db.execute("PRAGMA query_only = ON")
    try:
        yield
    finally:
        db.execute("PRAGMA query_only = OFF")


@contextmanager
def locked(db, path):
    """Another connection holds the write lock (a second process, a backup)."""
    db.execute("PRAGMA busy_timeout = 50")
    other = sqlite3.connect(str(path), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()
        db.execute("PRAGMA busy_timeout = 1500")


@contextmanager
def full(path):
    """The disk holding the database has no room left: a ballast file takes every free byte."""
    ballast = path.parent / "ballast"
    with open(ballast, "wb", buffering=0) as out:  # unbuffered: nothing is left to flush at close
        for size in (65536, 4096, 512, 1):  # down to the last byte free
            chunk = b"\0" * size
            try:
                while out.write(chunk):
                    pass
            except OSError:
                pass
    try:
        yield
    finally:
        ballast.unlink()


@pytest.fixture
def small_disk(tmp_path):
    """A 4 MB file system of its own (tmpfs), so that filling it fills only it."""
    disk = tmp_path / "disk"
    disk.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(disk)], check=True)
    yield disk
    subprocess.run(["umount", "-l", str(disk)], check=False)


@pytest.fixture(params=["read_only", "locked", "full"])
def store_fault(request, settings, small_disk):
    """(settings for the bot, the fault as a context manager factory taking the bot)."""
    name = request.param
    if name == "full":
        settings = settings.model_copy(update={"database_path": small_disk / "gamehall.db"})
    factories = {"read_only": lambda bot: read_only(bot.db),
                 "locked": lambda bot: locked(bot.db, settings.database_path),
                 "full": lambda bot: full(settings.database_path)}
    return settings, factories[name]


async def test_a_press_while_the_store_fails_is_answered_and_changes_nothing(store_fault):
    settings, fault = store_fault
    bot = tally_bot(settings)
    async with running(bot, "alice") as (env, guild, channel, alice):
        _, thread = await start_tally(alice, channel)
        before = get_game(bot.db, 1)
        with fault(bot):
            result = await alice.click(thread.last_message, label="+2")
            assert answered_privately(result, STORE_DOWN), private_text(result)
        after = get_game(bot.db, 1)
        assert (after.version, after.state) == (before.version, before.state)
        await alice.click(thread.last_message, label="+2")
        assert "Count: 2/10" in thread.last_message.content, "the game goes on once the store is back"


async def test_a_start_and_commands_while_the_store_fails_are_answered(store_fault):
    settings, fault = store_fault
    bot = tally_bot(settings)
    async with running(bot, "alice") as (env, guild, channel, alice):
        await start_tally(alice, channel)
        with fault(bot):
            started = await alice.slash(channel, "tally start", target=5)
            assert STORE_DOWN in private_text(started) or "already have a Tally game" in private_text(started)
            listing = await alice.slash(channel, "games")
            assert "Your running games" in private_text(listing) or STORE_DOWN in private_text(listing)
            profile = await alice.slash(channel, "profile")
            assert "level 1" in everything_said(profile) or STORE_DOWN in everything_said(profile)
        assert len(running_games_of(bot.db, alice.id)) == 1, "no half-made game is left behind"


async def test_a_start_while_the_store_is_read_only_says_so(make_bot):
    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        with read_only(bot.db):
            result, _ = await start_tally(alice, channel)
            assert answered_privately(result, STORE_DOWN)
        assert running_games_of(bot.db, alice.id) == []
        again, _ = await start_tally(alice, channel)
        assert "ready" in private_text(again)


async def test_a_timer_that_fires_while_the_store_is_locked_fires_once_it_is_back(make_bot, settings):
    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        _, thread = await start_tally(alice, channel)
        with locked(bot.db, settings.database_path):
            await env.advance_time(301)
            assert "Count: 0/10" in thread.last_message.content
        await env.advance_time(10)
        assert "Time ran out" in thread.last_message.content and "Count: 1/10" in thread.last_message.content


async def test_the_daily_post_waits_for_the_store_and_then_posts_once(make_bot, settings):
    bot = make_bot()
    async with simcord.run(bot) as env:
        guild, games, puzzles, host = daily_world(env)
        await host.slash(games, "settings daily-channel", channel=puzzles)
        await env.settle()
        before = len(puzzles.history())
        day = env.now().date()
        bot.db.execute("delete from daily_posts")
        with read_only(bot.db):
            await bot.get_cog("DailyPoster").post_everywhere(day)
            assert len(puzzles.history()) == before
        await env.advance_time(601)
        assert len(puzzles.history()) == before + 1
        await env.advance_time(601)
        assert len(puzzles.history()) == before + 1, "posted once, not again"


async def test_a_daily_post_discord_refused_is_retried(make_bot):
    bot = make_bot()
    async with simcord.run(bot) as env:
        guild, games, puzzles, host = daily_world(env)
        env.inject_error("POST", f"/channels/{puzzles.id}/messages", status=500)
        await host.slash(games, "settings daily-channel", channel=puzzles)
        await env.settle()
        await bot.get_cog("DailyPoster").post_everywhere(env.now().date())
        assert not puzzles.history(), "the send failed"
        await env.advance_time(601)
        assert len(puzzles.history()) == 1, "the retry posted it"


def test_two_processes_never_both_claim_a_daily_post(tmp_path):
    from datetime import UTC, date, datetime

    from db.store import open_store

    first, second = open_store(tmp_path / "g.db"), open_store(tmp_path / "g.db")
    now = datetime(2026, 11, 30, tzinfo=UTC)
    day = date(2026, 11, 30)
    assert daily.claim_post(first, 1, day, 5, now) is True
    assert daily.claim_post(second, 1, day, 5, now) is False
    daily.release_post(first, 1, day)  # the send failed: the claim is given back
    assert daily.claim_post(second, 1, day, 5, now) is True


async def test_a_daily_channel_the_bot_cannot_post_in_is_refused_with_what_is_missing(make_bot):
    bot = make_bot()
    async with simcord.run(bot) as env:
        guild = env.create_guild()
        games = guild.create_text_channel("games")
        mute = discord.PermissionOverwrite(send_messages=False)
        closed = guild.create_text_channel("closed", overwrites={guild.me: mute})
        host = add_host(env, guild)
        result = await host.slash(games, "settings daily-channel", channel=closed)
        assert answered_privately(result, "Send Messages", "Nothing was changed")
        from db.guilds import get_settings
        assert get_settings(bot.db, guild.id).daily_channel_id is None


# --- bad rows ----------------------------------------------------------------------------------

async def test_one_unreadable_game_row_breaks_only_that_game(make_bot):
    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        _, thread = await start_tally(alice, channel)
        bot.db.execute("update games set players = 'not json' where id = 1")
        pressed = await alice.click(thread.last_message, label="+1")
        assert private_text(pressed) or pressed.followups, "the press is answered"
        listing = await alice.slash(channel, "games")
        assert "no running games" in private_text(listing)
        result, _ = await start_tally(alice, channel)
        assert "ready" in private_text(result), "a new game starts"
        assert get_game(bot.db, 1).status == "broken"


@pytest.mark.parametrize(("flag", "bowl"), [("volcano", 13), ("frozen", 0), ("reverse", 13)])
async def test_a_saved_bowls_game_naming_a_bowl_off_the_board_is_stopped_not_played(make_real_bot, flag, bowl):
    """A saved bowls game whose flags name bowl 0 or 13 fails its saved model's check (as a puzzle's
    does): a press says it was stopped, and a new bowls game starts."""
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "bowls puzzle", number=1)
        state = json.loads(get_game(bot.db, 1).state)
        state["game"][flag] = [bowl]
        bot.db.execute("update games set state = ? where id = 1", [json.dumps(state)])
        pressed = await alice.click(thread.last_message, label=str(solve(get_puzzle(1))[0]))
        said = private_text(pressed)
        assert "could not be loaded" in said and "start a new game any time" in said, said
        assert "negative shift count" not in said
        assert get_game(bot.db, 1).status == "broken"
        await alice.slash(channel, "bowls puzzle", number=2)
        assert len(channel.threads) == 2 and "Puzzle 2" in channel.threads[-1].name, "a new bowls game starts"


async def test_an_unreadable_progress_row_is_set_aside_and_the_player_plays_on(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        bot.db["progress"].insert({"user_id": alice.id, "kind": "bowls", "data": "{broken", "updated_at": "x"})
        profile = await alice.slash(channel, "profile")
        assert profile.followups or profile.response, "the profile still shows"
        await alice.slash(channel, "bowls puzzle", number=1)
        assert channel.threads, "a new bowls game starts"
        kinds = [r["kind"] for r in bot.db["progress"].rows_where("user_id = ?", [alice.id])]
        assert any(k.startswith("bowls#broken#") for k in kinds), "the bad record is kept aside for a host"
        assert players.get_progress(bot.db, alice.id, "bowls") == {}


async def test_one_unreadable_deadline_does_not_stop_the_other_timers(make_bot):
    bot = make_bot()
    async with running(bot, "alice", "bob") as (env, guild, channel, alice, bob):
        _, first = await start_tally(alice, channel)
        _, second = await start_tally(bob, channel)
        bot.db.execute("update games set deadline = 'not a time' where id = 1")
        await env.restart_bot(make_bot())
        await env.advance_time(301)
        assert "Time ran out" in second.last_message.content
        assert get_game(env.bot.db, 1).status == "broken"


# --- input that never reaches a handler ---------------------------------------------------------

async def test_forged_ids_are_refused_privately(make_bot):
    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        _, thread = await start_tally(alice, channel)
        version = get_game(bot.db, 1).version
        huge = await post_button(bot, thread, f"g:{10**19 - 1}:{version}:add:1")
        assert private_text(await alice.click(huge, label="forged"))
        _, other_channel, mallory_there = world(env, "mallory")  # another server
        elsewhere = await post_button(bot, other_channel, f"g:1:{version}:add:1")
        refused = await mallory_there.click(elsewhere, label="forged")
        assert "not your game" in private_text(refused)
        assert get_game(bot.db, 1).version == version, "nothing moved"


async def test_pause_is_refused_on_a_bowls_puzzle(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "bowls puzzle", number=1)
        game = running_games_of(bot.db, alice.id)[0]
        forged = await post_button(bot, thread, f"g:{game.id}:{game.version}:pause")
        result = await alice.click(forged, label="forged")
        assert "only an endless attempt can be paused" in private_text(result)
        assert get_game(bot.db, game.id).version == game.version


async def test_tomorrows_formation_daily_is_not_opened_today(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        from datetime import timedelta
        tomorrow = (env.now() + timedelta(days=1)).date().isoformat()
        result = await alice.slash(channel, "formation puzzle", id=f"daily-{tomorrow}-1")
        assert answered_privately(result, "not out yet") and not channel.threads


async def test_a_double_start_makes_one_game(make_bot, settings):
    """Two starts of one player's game at once (a double-submitted command, two processes): the store
    itself keeps one. SimCord runs one interaction at a time, so the race is run on the store."""
    import asyncio

    from db.games import AlreadyRunning
    from db.store import open_store

    bot = make_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        from tools.drive.tally.kind import TallyState

        other = open_store(settings.database_path)  # a second process on the same file

        def start(db):
            from db.games import create_game
            return create_game(db, kind="tally", guild_id=guild.id, channel_id=channel.id, players=[alice.id],
                               state=TallyState().model_dump_json(), now=env.now())

        results = await asyncio.gather(asyncio.to_thread(start, bot.db), asyncio.to_thread(start, other),
                                       return_exceptions=True)
        assert sorted(type(r).__name__ for r in results) == ["AlreadyRunning", "GameRecord"]
        assert len(running_games_of(bot.db, alice.id)) == 1
        assert isinstance(next(r for r in results if isinstance(r, Exception)), AlreadyRunning)
        # The winner never got a thread (no bot made it): the next start replaces it, still one game.
        started = await alice.slash(channel, "tally start")
        assert "ready" in private_text(started)
        assert len(running_games_of(bot.db, alice.id)) == 1


async def test_a_bug_in_a_handler_is_answered_privately_for_commands_and_buttons(make_bot):
    bot = make_bot()
    async with simcord.run(bot) as env:  # SimCord fails the test if an error escaped unanswered
        guild, channel, alice = world(env, "alice")
        _, thread = await start_tally(alice, channel)
        before = get_game(bot.db, 1)
        slash = await alice.slash(thread, "tally boom")
        assert answered_privately(slash, "Something went wrong on my side; nothing was changed")
        game = get_game(bot.db, 1)
        forged = await post_button(bot, thread, f"g:1:{game.version}:boom")
        pressed = await alice.click(forged, label="forged")
        assert answered_privately(pressed, "Something went wrong on my side; nothing was changed")
        after = get_game(bot.db, 1)
        assert (after.version, after.state) == (before.version, before.state)
