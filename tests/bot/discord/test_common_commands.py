"""/help, /games, /profile and the daily post, as members use them."""
from __future__ import annotations

import simcord
from support.world import add_host, daily_world, open_game, running, world

from db import daily
from tools.drive.replies import private_text


async def test_help_lists_every_game(make_bot):
    async with simcord.run(make_bot()) as env:
        guild, channel, alice = world(env, "alice")
        result = await alice.slash(channel, "help")
        assert result.ephemeral
        assert "Tally" in result.response.content and "/tally start" in result.response.content


async def test_games_links_my_running_games_only(make_bot):
    async with simcord.run(make_bot()) as env:
        guild, channel, alice, bob = world(env, "alice", "bob")
        none = await alice.slash(channel, "games")
        assert "no running games" in none.response.content
        thread = await open_game(alice, channel, "tally start")
        mine = await alice.slash(channel, "games")
        assert f"<#{thread.id}>" in mine.response.content
        theirs = await bob.slash(channel, "games")
        assert "no running games" in theirs.response.content


async def test_profile_shows_a_card_for_me_and_for_another_member(make_bot):
    async with simcord.run(make_bot()) as env:
        guild, channel, alice, bob = world(env, "alice", "bob")
        await alice.slash(channel, "profile")
        message = channel.last_message
        assert "alice" in message.content and "level 1" in message.content
        assert message.attachments and message.attachments[0].filename == "profile.png"
        await alice.slash(channel, "profile", member=bob)
        assert "bob" in channel.last_message.content


async def test_daily_post_at_midnight_once_and_not_repeated_after_restart(make_bot):
    bot = make_bot()
    async with simcord.run(bot) as env:
        guild, games, puzzles, host = daily_world(env)
        await host.slash(games, "settings daily-channel", channel=puzzles)
        await env.advance_time(12 * 3600)
        await env.advance_time(12 * 3600 + 60)  # past the next midnight, 2026-01-02 UTC
        day_two = [m for m in puzzles.history() if "2026-01-02" in m.content]
        assert len(day_two) == 1 and "Daily puzzles" in day_two[0].content
        count = len(puzzles.history())
        await env.restart_bot(make_bot())
        await env.settle()
        assert len(puzzles.history()) == count, "a restart the same day posts nothing again"
        assert daily.was_posted(env.bot.db, guild.id, env.now().date())
        await env.advance_time(24 * 3600)
        assert len([m for m in puzzles.history() if "2026-01-03" in m.content]) == 1


async def test_daily_missed_while_down_is_posted_at_start(make_bot):
    async with simcord.run(make_bot()) as env:
        guild, games, puzzles, host = daily_world(env)
        await host.slash(games, "settings daily-channel", channel=puzzles)
        await env.advance_time(3600)
        before = len(puzzles.history())
        # Down over midnight: the old bot is replaced only after the next day began.
        poster = env.bot.get_cog("DailyPoster")
        poster.midnight.cancel()
        poster.retry.cancel()
        await env.advance_time(24 * 3600)
        assert len(puzzles.history()) == before
        await env.restart_bot(make_bot())
        await env.settle()
        assert [m for m in puzzles.history() if "2026-01-02" in m.content]


async def test_daily_post_buttons_start_each_game_daily(make_real_bot):
    from datetime import date

    import engine.formation as fm

    for day in (date(2026, 1, 1), date(2026, 1, 2)):  # the solving is done before the timed part
        fm.daily_flight(day)
    async with simcord.run(make_real_bot()) as env:
        guild, channel, alice = world(env, "alice")
        host = add_host(env, guild)
        await host.slash(channel, "settings daily-channel", channel=channel)
        await env.advance_time(24 * 3600 + 60)
        post = [m for m in channel.history() if "Daily puzzles" in m.content][-1]
        assert "Bowls" in post.content and "Formation" in post.content
        await alice.click(post, label="Play Formation")
        thread = channel.threads[-1]
        assert "Formation" in thread.name and "(1/3)" in thread.last_message.content
        await alice.click(post, label="Play Bowls")
        bowls_thread = channel.threads[-1]
        assert "Daily" in bowls_thread.name and "Moves left 20" in bowls_thread.last_message.content
        listed = await alice.slash(channel, "daily")
        assert "Daily puzzles" in listed.response.content


async def test_every_game_has_a_rules_page_and_a_newcomer_is_offered_it(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        for plugin in bot.plugins:
            page = await alice.slash(channel, "help", game=plugin.kind.key)
            said = private_text(page)
            assert f"How to play {plugin.kind.title}" in said, plugin.kind.key
            messages = [page.response, *page.followups]
            assert any(m.attachments for m in messages if m is not None), "a picture goes with the rules"
        bowls_page = private_text(await alice.slash(channel, "help", game="bowls"))
        assert "three or more stones of one colour" in bowls_page and "eight or more stones" in bowls_page
        thread = await open_game(alice, channel, "bowls puzzle", number=1)
        labels = [getattr(c, "label", None) for row in thread.last_message.components for c in row.children]
        assert "How to play" in labels, "a player's first bowls board offers the rules"
        shown = await alice.click(thread.last_message, label="How to play")
        assert "How to play Bowls" in private_text(shown)
        await alice.slash(thread, "bowls end")  # the ended attempt is the player's first record
        await alice.slash(channel, "bowls puzzle", number=2)
        second = channel.threads[-1]
        assert second.id != thread.id
        labels = [getattr(c, "label", None) for row in second.last_message.components for c in row.children]
        assert "How to play" not in labels, "offered on the first game, not every game"


async def test_a_newcomers_rules_stay_one_press_away_after_the_first_press(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "bowls puzzle", number=3)
        for bowl in (1, 2):  # puzzle 3's first two bowls hold stones
            await alice.click(thread.last_message, label=str(bowl))
            board = thread.last_message
            assert f"Selected bowl {bowl}" in board.content
            labels = [getattr(c, "label", None) for row in board.components for c in row.children]
            assert "How to play" in labels, "the rules stay on the board after a press"
        shown = await alice.click(thread.last_message, label="How to play")
        assert "How to play Bowls" in private_text(shown)
