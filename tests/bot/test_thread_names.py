"""A thread renamed as its game moves on keeps the member's part of its name whole."""
from __future__ import annotations

import pytest

from bot.core.results import PLAYER
from bot.discord.play import renamed


@pytest.mark.parametrize("member", ["alice", "Sam · she/her", "a · b · c"])
def test_a_rename_keeps_the_members_name_whole(member):
    before = f"Formation · Lesson 1 · {member}"
    assert renamed(before, f"Formation · Lesson 2 · {PLAYER}") == f"Formation · Lesson 2 · {member}"
    assert renamed(f"Tally · {member}", f"Tally · {PLAYER}") == f"Tally · {member}"


def test_a_title_without_the_member_is_used_as_it_is():
    assert renamed("Summon · alice vs AI", "Summon · alice vs bob") == "Summon · alice vs bob"
