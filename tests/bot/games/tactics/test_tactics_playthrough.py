"""A whole c01 fight played as a new player would, through SimCord with presses only (after the one start
command): each round the hero's first ready-made turn is previewed and sent. No turn is lost (each round
the fight is exactly the hero's turn and auto's), and every hit of the strays' phase is said on the board
or one press away (What happened)."""
from __future__ import annotations

from support.world import open_game, running

import engine.tactics as tx
from engine.tactics.model import events as ev
from tools.drive.replies import private_text
from tools.drive.tactics_play import labels, last_private, session, thread_texts


def assert_every_hit_said(fight: tx.FightState, board: str) -> None:
    """Each hit of the strays' last phase is on the board, on a line naming the skill, whom and how much."""
    for e in fight.last_phase:
        if isinstance(e, ev.Hit) and e.cause == "telegraph" and e.src:
            said = f"{e.skill} at {fight.get(e.target).name}"
        elif isinstance(e, ev.Hit):
            said = {"swept": "against deep water", "splat": "splat"}.get(e.cause, f"on {fight.get(e.target).name}")
        else:
            continue
        assert any(said in line and str(e.lost) in line for line in board.split("\n")), (said, e.lost, board)


async def test_a_new_player_plays_c01_with_presses_only_and_no_turn_is_lost(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "tactics campaign", pilot="auto")
        played = 0
        for _ in range(12):
            board = thread.last_message
            if "Next fight" in labels(board):
                break
            before = session(bot).fight
            turns = [label for label in labels(board) if label and label.startswith("1. ")]
            if not turns:  # the hero is down: the companion fights on by itself
                assert not before.get("hero").standing
                await env.advance_time(31)
                continue
            preview = last_private(await alice.click(board, label=turns[0]))
            assert "Send plays the whole turn" in preview.content
            sent = await alice.click(preview, label="Send")
            assert "Sent turn 1" in private_text(sent)
            mine = tx.plan_turns(before, "hero")[0]
            expected = tx.apply_turn(before, "hero", mine.steps)
            if expected.result is None and expected.round != before.round and expected.get("companion").standing:
                expected = tx.apply_turn(expected, "companion", tx.plan_turns(expected, "companion")[0].steps)
            assert session(bot).fight == expected, f"round {before.round}: exactly the hero's turn, then auto's"
            played += 1
            if expected.result is None:
                shown = thread.last_message.content
                if "What happened" in labels(thread.last_message):
                    shown += "\n" + private_text(await alice.click(thread.last_message, label="What happened"))
                assert_every_hit_said(expected, shown)
        fight = session(bot).fight
        assert fight.result is not None and played >= 2
        lines = [line for text in thread_texts(thread) for line in text.split("\n")]
        assert not [line for line in lines if "passes" in line], "no one passed: no turn was lost to a timer"
        assert sum(line.startswith("Tidecaller: ") for line in lines) == played, "each of the hero's turns is said"
