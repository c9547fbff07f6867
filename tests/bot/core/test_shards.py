"""Shards: one process runs several; several processes, each with its own SHARD_IDS, share one store and
each looks after only its own guilds' timers and daily posts."""
from __future__ import annotations

import pytest
import simcord
from support.world import add_host

from bot.discord import create_bot
from bot.settings import Settings, SettingsError, load_settings
from db.games import get_game
from tools.drive.replies import private_text


def _shard_settings(tmp_path, **values) -> Settings:
    return Settings(database_path=tmp_path / "gamehall.db", _env_file=None, **values)


def _tally_bot(settings: Settings):
    from tools.drive.tally import PLUGIN

    return create_bot(settings, plugins=[PLUGIN])


def test_shard_ids_read_as_lists_and_ranges(monkeypatch):
    monkeypatch.setenv("SHARD_COUNT", "8")
    for text, ids in (("0,1", (0, 1)), ("0-3", (0, 1, 2, 3)), ("2-3, 6", (2, 3, 6)), ("", None)):
        monkeypatch.setenv("SHARD_IDS", text)
        assert load_settings(_env_file=None).shard_ids == ids


@pytest.mark.parametrize("count, ids, says", [
    ("2", "0-2", "numbered 0 to 1"),
    ("4", "1,x", "not a shard number"),
    ("4", "3-1", "backwards"),
    ("4", "1,1", "twice"),
    (None, "0", "needs SHARD_COUNT"),
])
def test_a_bad_shard_setting_is_one_line_naming_it(monkeypatch, count, ids, says):
    if count is not None:
        monkeypatch.setenv("SHARD_COUNT", count)
    monkeypatch.setenv("SHARD_IDS", ids)
    with pytest.raises(SettingsError) as info:
        load_settings(_env_file=None)
    assert str(info.value).startswith("Invalid setting SHARD_IDS:") and says in str(info.value)
    assert "\n" not in str(info.value)
    monkeypatch.setenv("SHARD_COUNT", "0")
    with pytest.raises(SettingsError, match="^Invalid setting SHARD_COUNT"):
        load_settings(_env_file=None)


async def _start_tally(member, channel):
    result = await member.slash(channel, "tally start")
    assert "ready" in private_text(result)
    return channel.threads[-1]


async def test_a_game_is_played_on_each_of_two_shards(tmp_path):
    bot = _tally_bot(_shard_settings(tmp_path, shard_count=2))
    async with simcord.run(bot) as env:
        assert sorted(bot.shards) == [0, 1]
        for shard in (0, 1):
            guild = env.create_guild(f"shard {shard}", shard_id=shard)
            channel = guild.create_text_channel("games")
            member = guild.add_member(env.create_user(f"player{shard}"))
            thread = await _start_tally(member, channel)
            assert bot.get_guild(guild.id).shard_id == shard
            await member.click(thread.last_message, label="+2")
            assert "Count: 2/10" in thread.last_message.content
            await env.advance_time(301)  # each shard's game keeps its own timer
            assert "Time ran out" in thread.last_message.content


def test_two_processes_by_shard_range_touch_only_their_own_games(tmp_path, caplog):
    """Two bot processes over one store, SHARD_COUNT=2 with SHARD_IDS 0 and 1: each runs in a thread of
    its own with its own event loop and its own SimCord Discord (SimCord allows one per loop), and they
    meet at barriers so each step is seen by the other."""
    import asyncio
    import threading

    barrier = threading.Barrier(2, timeout=120)
    seen: dict[int, dict] = {0: {}, 1: {}}
    failures: list[BaseException] = []

    def process(shard: int):
        return _tally_bot(_shard_settings(tmp_path, shard_count=2, shard_ids=(shard,)))

    async def run(shard: int) -> None:
        mine = seen[shard]
        bot = process(shard)
        async with simcord.run(bot) as env:
            guild = env.create_guild(f"shard {shard}", shard_id=shard)
            channel = guild.create_text_channel("games")
            daily_channel = guild.create_text_channel("daily")
            host = add_host(env, guild)
            await host.slash(channel, "settings daily-channel", channel=daily_channel)
            thread = await _start_tally(host, channel)
            newest = bot.db.execute("select max(id) from games where guild_id = ?", [guild.id]).fetchone()[0]
            mine["game"] = get_game(bot.db, newest)
            barrier.wait()  # both games are in the store; now both processes restart and re-arm
            bot = process(shard)
            await env.restart_bot(bot)
            await env.settle()
            mine["timers"] = set(bot.timers.armed())
            barrier.wait()
            if shard == 1:
                barrier.wait()  # process 0 lets its timers run first
            mine["other_before"] = get_game(bot.db, seen[1 - shard]["game"].id)
            await env.advance_time(301)
            mine["other_after"] = get_game(bot.db, seen[1 - shard]["game"].id)
            mine["timed_out"] = "Time ran out" in thread.last_message.content
            if shard == 0:
                barrier.wait()
            barrier.wait()
            mine["posted_again"] = await bot.get_cog("DailyPoster").post_everywhere(env.now().date())
            mine["daily_posts"] = len(daily_channel.history())

    def thread_main(shard: int) -> None:
        try:
            asyncio.run(run(shard))
        except BaseException as exc:  # reported by the test below
            failures.append(exc)
            barrier.abort()

    threads = [threading.Thread(target=thread_main, args=(shard,)) for shard in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    if failures:
        raise failures[0]

    for shard in (0, 1):
        assert seen[shard]["timers"] == {seen[shard]["game"].id}, f"process {shard} re-armed only its own game"
        assert seen[shard]["timed_out"], f"process {shard}'s own timer fired"
        assert seen[shard]["daily_posts"] == 1 and seen[shard]["posted_again"] == 0, "one daily post per guild"
    before, after = seen[0]["other_before"], seen[0]["other_after"]
    assert (after.version, after.state, after.status) == (before.version, before.state, before.status), \
        "process 0 fired no timer of process 1's game"
    assert "daily channel" not in caplog.text, "neither process tried the other's daily channel"
