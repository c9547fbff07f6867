"""Who reads what: a private answer in the member's Discord language, a public board in the server's
(a Community server's own, else a host's /settings language, else English), command descriptions in each
member's language. Members' and servers' languages are put into SimCord's payloads by support.languages,
standing in for Discord's `locale` and `guild_locale`."""
from __future__ import annotations

import simcord
from support.command_words import translated_payloads
from support.languages import speak
from support.world import add_host, running, world

from bot.words import listing, number, plural, reading, words, words_in
from tools.drive.replies import private_text, words_of


async def test_a_private_answer_follows_each_members_own_language(make_real_bot, monkeypatch):
    async with simcord.run(make_real_bot()) as env:
        guild, channel, yuki, alice = world(env, "ゆうき", "alice")
        speak(monkeypatch, env, members={yuki.id: "ja", alice.id: "en-US"})
        japanese = await yuki.slash(channel, "help")
        english = await alice.slash(channel, "help")
        assert "スレッドで遊ぶターン制のゲーム" in words_of(japanese.response)
        assert "召喚" in words_of(japanese.response) and "/summon tutorial" in words_of(japanese.response)
        assert "turn-based games played in threads" in words_of(english.response)


async def test_a_host_sets_the_servers_language_and_its_boards_follow_it(make_real_bot, monkeypatch):
    async with simcord.run(make_real_bot()) as env:
        guild, channel, alice = world(env, "alice")
        host = add_host(env, guild)
        speak(monkeypatch, env, members={alice.id: "ja"})
        refused = await alice.slash(channel, "settings language", language="ja")
        assert refused.ephemeral and "サーバー管理" in words_of(refused.response), "refused, in her language"
        await alice.slash(channel, "summon ai")
        assert "召喚" not in words_of(channel.threads[-1].history()[0]), "an English server's board"
        done = await host.slash(channel, "settings language", language="ja")
        assert "Game boards in this server are now in 日本語" in words_of(done.response), "the host reads English"
        await alice.slash(channel, "games")  # her running game is listed...
        bob = guild.add_member(env.create_user("bob"))
        await bob.slash(channel, "summon ai")
        assert "召喚" in words_of(channel.threads[-1].history()[0]), "a Japanese server's board"


async def test_a_community_servers_own_language_wins_and_is_remembered(make_real_bot, monkeypatch):
    async with simcord.run(make_real_bot()) as env:
        guild, channel, alice = world(env, "alice")
        speak(monkeypatch, env, servers={guild.id: "ja"}, community=(guild.id,))
        await alice.slash(channel, "summon ai")
        assert "召喚" in words_of(channel.threads[-1].history()[0])
        from db.guilds import get_settings
        assert get_settings(env.bot.db, guild.id).discord_language == "ja", "kept for a timer's board"


async def test_command_descriptions_are_offered_in_japanese_and_names_stay_ascii(make_real_bot):
    async with simcord.run(make_real_bot()) as env:
        payloads = {p["name"]: p for p in await translated_payloads(env.bot.tree)}
        japanese = payloads["help"]["description_localizations"]["ja"]
        assert japanese == "すべてのゲームと始めかた。game: でそのゲームのルール"
        assert "name_localizations" not in payloads["help"] or not payloads["help"]["name_localizations"]
        summon = {o["name"]: o for o in payloads["summon"]["options"]}
        assert summon["place"]["description_localizations"]["ja"].startswith("手札のピースを召喚台に置きます")
        assert all(p["name"].isascii() for p in payloads.values())


def test_numbers_plurals_and_lists_per_language():
    assert words_in("ja", "End") == "終了" and words_in("en", "End") == "End"
    with reading("ja"):
        assert listing(["A", "B", "C"]) == "A、B、C" and number(12345) == "12,345"
        assert words("How to play") == "あそびかた"
    with reading("en-GB"):
        assert listing(["A", "B", "C"]) == "A, B, and C"
        assert plural(1, "{n} piece", "{n} pieces") == "1 piece" and plural(3, "{n} piece", "{n} pieces") == "3 pieces"
    with reading("fr"):  # no French catalog: English
        assert words("How to play") == "How to play"


async def test_an_english_member_on_a_japanese_server_reads_english_privately_and_the_board_in_japanese(
        make_real_bot, monkeypatch):
    from tools.drive.summon_play import a_placement, choose_placement, game_of, private_message, state_of

    async with simcord.run(make_real_bot()) as env:
        guild, channel, alice = world(env, "alice")
        speak(monkeypatch, env, members={alice.id: "en-GB"}, servers={guild.id: "ja"}, community=(guild.id,))
        started = await alice.slash(channel, "summon ai")
        await env.settle()
        assert "your game is ready" in private_text(started)
        thread = channel.threads[-1]
        game_id = game_of(env.bot, alice).id
        state = state_of(env.bot, game_id)
        me = next(i for i, s in enumerate(state.seats) if s.user_id == alice.id)
        while state.game.to_move != me:
            await env.advance_time(31)
            state = state_of(env.bot, game_id)
        hand = await alice.click(thread.last_message, label="手札")
        assert "**Your hand** (only you see this)" in words_of(private_message(hand))
        placed = await choose_placement(alice, private_message(hand), a_placement(state, me))
        assert "placed" in words_of(private_message(placed[-1])), "what her placement did, in English"
        await env.settle()
        board = words_of(thread.history()[-1]) if words_of(thread.history()[-1]) else words_of(thread.last_message)
        assert "置" in board and " places " not in board, "the table the server reads, in Japanese"


async def test_in_local_play_the_servers_language_is_the_one_members_too(make_real_bot):
    bot = make_real_bot()
    bot.one_reader = True  # as local play (bot/local.py) sets it: the page is one member
    async with running(bot, "alice") as (env, guild, channel, alice):
        host = add_host(env, guild)
        before = await host.slash(channel, "help")
        assert "turn-based games played in threads" in words_of(before.response)
        done = await host.slash(channel, "settings language", language="ja")
        assert "このサーバーのゲーム盤面は日本語になりました" in private_text(done)
        after = await alice.slash(channel, "help")
        assert "スレッドで遊ぶターン制のゲーム" in words_of(after.response), "SimCord's en-US locale notwithstanding"
