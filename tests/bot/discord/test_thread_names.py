"""A thread renamed as its game moves on keeps the member's part of its name whole."""
from __future__ import annotations

import pytest

from bot.core.results import PLAYER
from bot.discord.threads import renamed


@pytest.mark.parametrize("member", ["alice", "Sam · she/her", "a · b · c"])
def test_a_rename_keeps_the_members_name_whole(member):
    before = f"Formation · Lesson 1 · {member}"
    assert renamed(before, f"Formation · Lesson 2 · {PLAYER}") == f"Formation · Lesson 2 · {member}"
    assert renamed(f"Tally · {member}", f"Tally · {PLAYER}") == f"Tally · {member}"


@pytest.mark.parametrize("member", ["ゆうき", "ジョン・スミス"])
def test_a_japanese_name_keeps_the_members_part_whole(member):
    """Japanese titles part with "・", no spaces: the member's part is still found, not the whole old name."""
    assert renamed(f"タクティクス・道の水たまり・{member}", f"タクティクス・森の小道・{PLAYER}") == \
        f"タクティクス・森の小道・{member}"
    assert renamed(f"フォーメーション・レッスン1・{member}", f"フォーメーション・レッスン2・{PLAYER}") == \
        f"フォーメーション・レッスン2・{member}"


def test_a_title_without_the_member_is_used_as_it_is():
    assert renamed("Summon · alice vs AI", "Summon · alice vs bob") == "Summon · alice vs bob"


async def test_a_member_named_with_a_dot_keeps_their_name_when_the_lesson_moves_on(make_real_bot):
    """Through the real bot: a member whose server nickname holds " · " starts the formation tutorial,
    wins lesson 1 and moves on; the renamed thread names the new lesson and the whole nickname."""
    import simcord

    import engine.formation as fm

    bot = make_real_bot()
    async with simcord.run(bot) as env:
        guild = env.create_guild()
        channel = guild.create_text_channel("games")
        sam = guild.add_member(env.create_user("sam"), nick="Sam · she/her")
        await sam.slash(channel, "formation tutorial")
        thread = channel.threads[-1]
        first, second = fm.tutorial()[:2]
        assert bot.get_channel(thread.id).name == f"Formation · {first.title} · Sam · she/her"
        for slot, name in fm.solve(first).example.items():
            if slot not in first.fixed:
                await sam.slash(thread, "formation place", slot=slot, creature=name)
        await sam.slash(thread, "formation battle")
        await sam.click(thread.last_message, label="Next puzzle")
        assert second.title in thread.last_message.content
        assert bot.get_channel(thread.id).name == f"Formation · {second.title} · Sam · she/her"
