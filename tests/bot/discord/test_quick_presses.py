"""A press made the moment a board updates is answered, in every game: done, already done, or out of
date with the current board. Through SimCord against the real bot (no page): each press goes the moment
the previous one's board is shown, the second of each pair on the board as the first one left it."""
from __future__ import annotations

import pytest
from support.world import open_game, running

from tools.drive.replies import controls_of

LEAVE_ALONE = {"End", "How to play", "Text board", "Text map", "What happened", "Undo", "Tutorial (no timer)"}
GAMES = [("bowls puzzle", {"number": 3}), ("formation tutorial", {}), ("summon ai", {}),
         ("tactics campaign", {})]
ROUNDS = 6


def buttons(message) -> list:
    """The board's buttons a player could press to play (not the rules, the end or a text view)."""
    return [c for c in controls_of(message)
            if getattr(c, "custom_id", None)
            and not getattr(c, "disabled", False) and getattr(c, "label", None) not in LEAVE_ALONE
            and getattr(c, "options", None) is None]


@pytest.mark.parametrize(("command", "options"), GAMES, ids=[g[0].split()[0] for g in GAMES])
async def test_a_press_the_moment_a_board_updates_is_answered(make_real_bot, command, options):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, command, **options)
        pressed = 0
        for round_ in range(ROUNDS):
            board = thread.last_message
            offered = buttons(board)
            if not offered:
                break
            button = offered[round_ % len(offered)]
            first = await alice.click(board, custom_id=button.custom_id)
            assert first.acknowledged, f"{command}: a press on {button.label!r} was not answered"
            pressed += 1
            again = [b for b in buttons(thread.last_message) if b.label == button.label]
            if again:  # the same button on the board the first press left, pressed at once
                second = await alice.click(thread.last_message, custom_id=again[0].custom_id)
                assert second.acknowledged, f"{command}: a second press on {button.label!r} was not answered"
                pressed += 1
        assert pressed >= 4, f"{command}: the board offered too few buttons to press"
