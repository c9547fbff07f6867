"""A first game that teaches: the tutorial offered on a player's first /summon, its scripted steps (each
with its line, a wrong placement starting the step over), then a gentle game; the gentle AI for a
player's first three games against the AI, or when asked for with `level:`."""
from __future__ import annotations

from support.world import running

import engine.summon as sm
from bot.games.summon.pilot import ai_decision
from bot.games.summon.progress import load_progress, save_progress
from db.games import get_game
from tools.drive.replies import private_text, words_of
from tools.drive.summon_play import choose_placement, game_of, private_message, state_of


def _placement(st, place):
    return next(pl for pl in sm.legal_placements(st)
                if (pl.piece, pl.rotation, pl.col, pl.row) == (place.piece, place.rotation, place.col, place.row))


async def test_the_tutorial_teaches_in_scripted_steps_then_a_gentle_game(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice", "bob") as (env, guild, channel, alice, bob):
        await bob.slash(channel, "summon ai")
        assert "`/summon tutorial`" in words_of(channel.threads[-1].history()[0]), "offered on a first /summon"
        await alice.slash(channel, "summon tutorial")
        await env.settle()
        thread = channel.threads[-1]
        game_id = game_of(bot, alice).id
        steps = sm.tutorial_steps()
        assert len(steps) in (3, 4)
        for n, step in enumerate(steps, start=1):
            state = state_of(bot, game_id)
            assert state.tutorial == n and f"**Tutorial {n} of {len(steps)}** — {step.line}" in \
                words_of(thread.last_message)
            assert get_game(bot.db, game_id).deadline is None, "a tutorial step waits for its reader"
            if n == 2:  # a placement that does not show the idea starts the step over
                refused = await alice.click(thread.last_message, label="Pass")
                assert "in the tutorial, place a piece" in private_text(refused)
                wrong = next(pl for pl in sm.legal_placements(state.game)
                             if pl.piece != step.intended(state.game).piece)
                hand = await alice.click(thread.last_message, label="Your hand")
                await choose_placement(alice, private_message(hand), wrong)
                await env.settle()
                assert "Not quite" in words_of(thread.last_message) and state_of(bot, game_id).tutorial == 2
                state = state_of(bot, game_id)
            hand = await alice.click(thread.last_message, label="Your hand")
            await choose_placement(alice, private_message(hand), _placement(state.game, step.intended(state.game)))
            await env.settle()
        after = state_of(bot, game_id)
        assert after.tutorial == 0 and after.level == "gentle" and after.game.version <= 2
        assert "Now a gentle game against the AI" in "\n".join(words_of(m) for m in thread.history()[-3:])
        assert get_game(bot.db, game_id).deadline is not None, "the real game has its 30-second turns"
        assert load_progress(bot.db, alice.id).ai.played == 0, "the tutorial records nothing"


async def test_the_first_three_games_against_the_ai_are_gentle_unless_asked(make_real_bot):
    from datetime import UTC, datetime

    bot = make_real_bot()
    async with running(bot, "alice", "bob", "carol") as (env, guild, channel, alice, bob, carol):
        await alice.slash(channel, "summon ai")
        await env.settle()
        state = state_of(bot, game_of(bot, alice).id)
        assert state.level == "gentle" and "the gentle AI" in words_of(channel.threads[-1].history()[0])
        await bob.slash(channel, "summon ai", level="normal")
        await env.settle()
        assert state_of(bot, game_of(bot, bob).id).level == "normal"
        veteran = load_progress(bot.db, carol.id)
        save_progress(bot.db, carol.id, veteran.model_copy(update={"ai": veteran.ai.model_copy(update={"wins": 3})}),
                      datetime.now(UTC))
        await carol.slash(channel, "summon ai")
        await env.settle()
        assert state_of(bot, game_of(bot, carol).id).level == "normal", "after three games, the normal AI"
        assert "`/summon tutorial`" not in words_of(channel.threads[-1].history()[0])


def test_the_ai_seat_plays_its_games_level() -> None:
    from bot.games.summon.actions import Cell, Place
    from bot.games.summon.session import SeatInfo, SummonGame

    differ = 0
    for seed in range(12):
        st = sm.new_game(seed, sm.auto_deck(seed), sm.auto_deck(seed + 1))
        for level in ("normal", "gentle"):
            game = SummonGame(seats=[SeatInfo(user_id=1, name="a"), SeatInfo(user_id=None, name="AI")], seed=seed,
                              game=st, level=level)
            chosen = sm.ai_action(st, level)
            expected = Place(chosen.piece, chosen.rotation, Cell(chosen.col, chosen.row)) \
                if isinstance(chosen, sm.Place) else None
            assert ai_decision(game) == expected or expected is None
        differ += sm.ai_action(st, "normal") != sm.ai_action(st, "gentle")
    assert differ, "the gentle AI sometimes plays another placement"


async def test_each_step_says_the_position_it_sets_up(make_real_bot):
    """Each step starts from its own position (step 2's Stone Wall and the AI's Clay Doll are its set-up,
    not the placement of step 1): the board says it as "New position: …", and its table shows it."""
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        await alice.slash(channel, "summon tutorial")
        await env.settle()
        thread = channel.threads[-1]
        game_id = game_of(bot, alice).id
        assert "New position: your board: empty; AI's board: empty." in words_of(thread.last_message)
        state = state_of(bot, game_id)
        step = sm.tutorial_steps()[0]
        hand = await alice.click(thread.last_message, label="Your hand")
        await choose_placement(alice, private_message(hand), _placement(state.game, step.intended(state.game)))
        await env.settle()
        assert state_of(bot, game_id).tutorial == 2
        board = words_of(thread.last_message)
        assert ("New position: your board: Stone Wall at B2 (summoned); AI's board: Clay Doll at B2 "
                "(summoned).") in board, board
        game = state_of(bot, game_id).game
        assert [(sm.card(b.card).name, b.x - p.ox, b.y - p.oy) for p in game.players for b in p.board] == \
            [("Stone Wall", 1, 1), ("Clay Doll", 1, 1)], "the table holds what the line says"
