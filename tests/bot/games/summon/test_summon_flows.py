"""Summon in Discord, played as members would: against the AI to a result, challenges accepted, declined
and lapsed, placing through the hand controls and the slash step, timers, restarts, the end."""
from __future__ import annotations

from typing import Any, NamedTuple

from support.forged import post_button
from support.world import open_game, running

import engine.summon as sm
from bot.games.summon.progress import load_progress
from db import players
from db.games import get_game, running_games_of
from tools.drive.replies import controls_of, private_text, words_of
from tools.drive.summon_play import (
    a_placement,
    cell_code,
    game_of,
    mover_and_waiter,
    place_with_hand_controls,
    private_message,
    seat_of,
    select_holding,
    select_options,
    start_ai,
    start_duel,
    state_of,
)


class Duel(NamedTuple):
    thread: Any
    game: Any
    state: Any
    mover: Any
    waiter: Any
    seat: int
    placement: Any


async def a_duel_begun(bot, channel, alice, bob) -> Duel:
    """Alice's challenge accepted by bob: who is to move (and their seat), who waits, and a placement
    the one to move can make."""
    thread = await start_duel(alice, bob, channel)
    game = game_of(bot, alice)
    state = state_of(bot, game.id)
    mover, waiter = mover_and_waiter(state, alice, bob)
    seat = seat_of(state, mover)
    return Duel(thread, game, state, mover, waiter, seat, a_placement(state, seat))


async def test_a_whole_game_against_the_ai_to_a_result_with_rematch_and_profile(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await start_ai(env, alice, channel)
        assert thread.name == "Summon · alice vs AI"
        game_id = game_of(bot, alice).id
        first = channel.threads[-1]
        state = state_of(bot, game_id)
        opening = words_of(thread.history()[0])
        assert f"the draw: **{state.name(state.game.first)}** places first" in opening
        me = seat_of(state, alice)
        turns = 0
        while not get_game(bot.db, game_id).status == "finished":
            state = state_of(bot, game_id)
            assert state.game.to_move == me, "the AI always answers at once"
            pl = a_placement(state, me)
            if pl is None:
                await alice.slash(thread, "summon pass")
            else:
                await alice.slash(thread, "summon place", piece=str(pl.piece), rotation=pl.rotation,
                                  cell=cell_code(pl.col, pl.row))
            await env.settle()
            turns += 1
            assert turns < 400
        final = state_of(bot, game_id)
        board = thread.last_message
        assert "Game over" in words_of(board) and "Decks: alice — " in words_of(board)
        assert "AI — automatic deck" in words_of(board)
        assert "Rematch" in [c.label for c in controls_of(board)]
        assert bot.get_channel(thread.id).locked
        outcomes = {"p1": "win" if me == 0 else "loss", "p2": "win" if me == 1 else "loss", "draw": "draw"}
        result = outcomes[final.game.result]
        progress = load_progress(bot.db, alice.id)
        assert progress.ai.model_dump() == {"wins": int(result == "win"), "losses": int(result == "loss"),
                                            "draws": int(result == "draw")}
        assert progress.members.played == 0 and players.get_xp(bot.db, alice.id) > 0
        await alice.slash(channel, "profile")
        assert "Against the AI: " in words_of(channel.last_message)
        # Every battle phase was shown as a replay GIF with its line of words; no hand is ever in the thread.
        history = thread.history()
        gifs = [a.filename for m in history for a in m.attachments if a.filename.endswith(".gif")]
        assert final.game.battle_phases >= 1 and len(gifs) == final.game.battle_phases
        assert sum(words_of(m).count("**Battle phase") for m in history) == final.game.battle_phases
        assert not any("(only you see" in words_of(m) or a.filename == "hand.png"
                       for m in history for a in (m.attachments or [None]) if a is None or a)
        rematch = await alice.click(board, label="Rematch")
        assert "your game is ready" in private_text(rematch)
        assert len(channel.threads) == 2 and channel.threads[-1] is not first
        assert game_of(bot, alice).id != game_id


async def test_a_challenge_accepted_draws_the_first_player_and_only_the_opponent_answers(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice", "bob", "carol") as (env, guild, channel, alice, bob, carol):
        thread = await open_game(alice, channel, "summon challenge", opponent=bob)
        assert thread.name == "Summon · alice vs bob"
        assert "alice** challenges **bob" in words_of(thread.last_message)
        mine = await alice.click(thread.last_message, label="Accept")
        assert "only bob can accept" in private_text(mine)
        spectator = await carol.click(thread.last_message, label="Accept")
        assert "not your game" in private_text(spectator)
        await bob.click(thread.last_message, label="Accept")
        game = game_of(bot, alice)
        assert set(game.players) == {alice.id, bob.id} and game_of(bot, bob).id == game.id
        state = state_of(bot, game.id)
        first = state.name(state.game.first)
        assert f"bob accepted. The draw: **{first}** places first." in words_of(thread.last_message)
        assert thread.last_message.attachments[0].filename == "summon.png"
        # Out of turn: the other player's Pass is refused, nothing moves.
        waiting = bob if state.game.first == 0 else alice
        version = get_game(bot.db, game.id).version
        refused = await waiting.click(thread.last_message, label="Pass")
        assert f"it is {first}'s turn" in private_text(refused)
        assert get_game(bot.db, game.id).version == version


async def test_a_challenge_declined_and_one_lapsed(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice", "bob") as (env, guild, channel, alice, bob):
        thread = await open_game(alice, channel, "summon challenge", opponent=bob)
        await bob.click(thread.last_message, label="Decline")
        assert "bob declined the challenge" in words_of(thread.last_message)
        assert bot.get_channel(thread.id).locked and game_of(bot, alice) is None and game_of(bot, bob) is None
        thread = await open_game(alice, channel, "summon challenge", opponent=bob)
        await env.advance_time(299)
        assert game_of(bot, bob) is not None, "still open before 5 minutes"
        await env.advance_time(2)
        assert "The challenge lapsed: bob did not answer within 5 minutes." in words_of(thread.last_message)
        assert game_of(bot, alice) is None and bot.get_channel(thread.id).locked
        assert load_progress(bot.db, alice.id).members.played == 0, "an unplayed challenge is no result"


async def test_a_challenge_to_oneself_or_to_a_bot_is_refused(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        robot = guild.add_member(env.create_user("robot", bot=True))
        refused = await alice.slash(channel, "summon challenge", opponent=alice)
        assert "cannot challenge yourself" in private_text(refused)
        refused = await alice.slash(channel, "summon challenge", opponent=robot)
        assert "robot is a bot" in private_text(refused)
        assert not channel.threads and running_games_of(bot.db, alice.id) == []


async def test_placing_through_the_hand_controls_previews_then_places(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice", "bob") as (env, guild, channel, alice, bob):
        thread, game, state, mover, _, seat, pl = await a_duel_begun(bot, channel, alice, bob)
        hand, *_, placed = await place_with_hand_controls(mover, thread, pl)
        assert hand.followups and hand.followups[-1].ephemeral
        after = state_of(bot, game.id)
        assert pl.piece in {b.uid for b in after.game.players[seat].board}
        assert pl.piece not in {h.uid for h in after.game.players[seat].hand}
        assert "You placed" in private_text(placed) or "You placed" in words_of(private_message(hand))
        assert after.game.to_move != seat and "to place" in words_of(thread.last_message)
        # The private message was the hand; the public table never names the hand's pieces.
        for message in [thread.last_message]:
            assert "hand: 3 pieces" in words_of(message) or "hand: 2 pieces" in words_of(message)
            assert "hand: #" not in words_of(message)


async def test_the_slash_step_with_autocomplete_and_bad_input_refused(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice", "bob") as (env, guild, channel, alice, bob):
        thread, game, state, mover, waiter, seat, pl = await a_duel_begun(bot, channel, alice, bob)
        pieces = await mover.autocomplete(thread, "summon place", "piece", "")
        assert {c["value"] for c in pieces} == {str(h.uid) for h in state.game.players[seat].hand}
        other = await waiter.autocomplete(thread, "summon place", "piece", "")
        assert {c["value"] for c in other} == {str(h.uid) for h in state.game.players[1 - seat].hand}, \
            "each player is offered their own hand only"
        rotations = await mover.autocomplete(thread, "summon place", "rotation", "", piece=str(pl.piece))
        assert pl.rotation in {c["value"] for c in rotations}
        cells = await mover.autocomplete(thread, "summon place", "cell", "", piece=str(pl.piece), rotation=pl.rotation)
        assert cell_code(pl.col, pl.row) in {c["value"] for c in cells}
        version = get_game(bot.db, game.id).version
        not_mine = state.game.players[1 - seat].deck[0]  # the other player's piece (their hand is drawn on their turn)
        for options, expected in [
            ({"piece": str(not_mine), "rotation": 0, "cell": "B2"}, "not in your hand"),
            ({"piece": str(pl.piece), "rotation": 7, "cell": "B2"}, "rotation must be 0–3"),
            ({"piece": str(pl.piece), "rotation": 0, "cell": "Z9"}, "name a cell A1–C3"),
        ]:
            refused = await mover.slash(thread, "summon place", **options)
            assert expected in private_text(refused), (options, private_text(refused))
        out_of_turn = await waiter.slash(thread, "summon place", piece=str(not_mine),
                                         rotation=0, cell="B2")
        assert f"it is {state.name(seat)}'s turn" in private_text(out_of_turn)
        assert get_game(bot.db, game.id).version == version, "no refusal changed anything"
        await mover.slash(thread, "summon place", piece=str(pl.piece), rotation=pl.rotation,
                          cell=cell_code(pl.col, pl.row))
        assert pl.piece in {b.uid for b in state_of(bot, game.id).game.players[seat].board}
        # An illegal cell: the first piece stands at its cell, so a second piece there is refused.
        state = state_of(bot, game.id)
        seat2 = state.game.to_move
        mover2, _ = mover_and_waiter(state, alice, bob)
        first_piece = state.game.players[seat2].hand[0].uid
        board = state.game.players[seat2].board
        if board:
            b = board[0]
            taken = cell_code(b.x - state.game.players[seat2].ox, b.y - state.game.players[seat2].oy)
            refused = await mover2.slash(thread, "summon place", piece=str(first_piece), rotation=0, cell=taken)
            assert "already holds a piece" in private_text(refused)


async def test_thirty_seconds_pass_the_turn_and_a_restart_keeps_the_timer(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice", "bob") as (env, guild, channel, alice, bob):
        thread = await start_duel(alice, bob, channel)
        game_id = game_of(bot, alice).id
        state = state_of(bot, game_id)
        first = state.game.to_move
        hand_before = [h.uid for h in state.game.players[first].hand]
        await env.advance_time(29)
        assert state_of(bot, game_id).game.to_move == first, "nothing before 30 seconds"
        await env.advance_time(2)
        after = state_of(bot, game_id)
        assert after.game.to_move == 1 - first and after.game.players[first].passes == 1
        assert f"{state.name(first)} ran out of time: automatic pass" in words_of(thread.last_message)
        assert hand_before != [h.uid for h in after.game.players[first].hand] or after.game.players[first].deck
        # A restart mid-turn (the turn began at 30 s, when the timer fired): at 50 s the bot restarts; the
        # turn keeps the 10 s it had left (and the restart's own seconds since the last heartbeat, given
        # back: test_restart_clock.py), not 30 s after the restart.
        await env.advance_time(19)
        await env.restart_bot(make_real_bot())
        bot = env.bot
        left = (get_game(bot.db, game_id).deadline - env.now()).total_seconds()
        assert 9 <= left <= 14
        await env.advance_time(left - 1)
        assert state_of(bot, game_id).game.to_move == 1 - first, "the turn still runs after the restart"
        await env.advance_time(2)
        again = state_of(bot, game_id)
        assert again.game.players[1 - first].passes == 1 and "ran out of time" in words_of(thread.last_message)


async def test_spectators_and_the_opponent_are_never_shown_a_hand(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice", "bob", "carol") as (env, guild, channel, alice, bob, carol):
        thread = await start_duel(alice, bob, channel)
        game = game_of(bot, alice)
        state = state_of(bot, game.id)
        a, b = seat_of(state, alice), seat_of(state, bob)
        while not (state.game.to_move == a and state.game.players[b].hand):  # both hold a hand, alice to move
            await env.advance_time(31)
            state = state_of(bot, game.id)
        game = get_game(bot.db, game.id)
        spectator = await carol.click(thread.last_message, label="Your hand")
        assert "not your game" in private_text(spectator)
        # Bob's own hand is his, never alice's.
        bobs = await bob.click(thread.last_message, label="Your hand")
        shown = words_of(private_message(bobs))
        assert all(sm.card(h.card).name in shown for h in state.game.players[b].hand)
        assert not select_options(private_message(bobs)), "off turn, no placement is offered"
        # Alice's hand controls pressed by bob (a forged copy of her private message): refused.
        alices = state.game.players[a].hand[0].uid
        version = get_game(bot.db, game.id).version
        for action in (f"preview_place:{alices}:0:x1y1", f"place:{alices}:0:x1y1"):
            forged = await post_button(bot, thread, f"g:{game.id}:{version}:{action}")
            refused = await bob.click(forged, label="forged")
            text = private_text(refused)
            assert "not in your hand" in text or "turn" in text, (action, text)
            assert not (refused.followups and refused.followups[-1].attachments), "no picture of her hand"
            assert "hand.png" not in str([f.attachments for f in refused.followups])
        assert get_game(bot.db, game.id).version == version


async def test_a_player_who_never_summons_loses(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await start_ai(env, alice, channel)
        game_id = game_of(bot, alice).id
        for _ in range(60):
            if get_game(bot.db, game_id).status == "finished":
                break
            await alice.slash(thread, "summon pass")
            await env.settle()
        final = state_of(bot, game_id)
        assert final.game.ending == "no_army" and final.game.result == ("p2" if seat_of(final, alice) == 0 else "p1")
        assert "AI wins" in words_of(thread.last_message)
        assert load_progress(bot.db, alice.id).ai.losses == 1


async def test_surrender_asks_first_and_records_both_players(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice", "bob") as (env, guild, channel, alice, bob):
        thread = await start_duel(alice, bob, channel)
        game_id = game_of(bot, alice).id
        asked = await alice.slash(thread, "summon surrender")
        assert "Surrender this game?" in private_text(asked)
        assert get_game(bot.db, game_id).status == "running", "asking changes nothing"
        await alice.click(private_message(asked), label="Yes, surrender")
        assert "bob wins" in words_of(thread.last_message) and "alice surrendered" in words_of(thread.last_message)
        assert load_progress(bot.db, alice.id).members.losses == 1
        assert load_progress(bot.db, bob.id).members.wins == 1
        assert load_progress(bot.db, bob.id).ai.played == 0


async def test_old_table_buttons_are_refused(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice", "bob") as (env, guild, channel, alice, bob):
        duel = await a_duel_begun(bot, channel, alice, bob)
        old = duel.thread.last_message
        hand = await duel.mover.click(old, label="Your hand")
        msg = private_message(hand)
        await env.advance_time(31)  # the turn times out: the table moves on
        version = get_game(bot.db, duel.game.id).version
        option = select_options(msg)[0]["value"]
        stale = await duel.mover.select(msg, [option], custom_id=select_holding(msg, option))
        assert "out of date" in private_text(stale)
        closed = next(m for m in duel.thread.history() if m.id == old.id)
        assert not controls_of(closed) and "Closed: the newer board is below" in words_of(closed)  # nothing to press
        assert get_game(bot.db, duel.game.id).version == version


async def test_a_placement_against_the_ai_and_its_answer_are_one_new_table(make_real_bot):
    """The AI answers at once, so the member's placement and the AI's are posted as one table whose words
    say both; a placement that fights a battle keeps its own table (its replay and battle line)."""
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await start_ai(env, alice, channel)
        game_id = game_of(bot, alice).id
        me = seat_of(state_of(bot, game_id), alice)
        joined = 0
        for _ in range(6):
            state = state_of(bot, game_id)
            pl = a_placement(state, me)
            if pl is None or state.game.phase != "summon":
                break
            before = len(thread.history())
            await alice.slash(thread, "summon place", piece=str(pl.piece), rotation=pl.rotation,
                              cell=cell_code(pl.col, pl.row))
            await env.settle()
            after = state_of(bot, game_id)
            if after.game.battle_phases != state.game.battle_phases:  # the placement fought a battle
                posted = thread.history()[before:]
                assert any(a.filename.endswith(".gif") for m in posted for a in m.attachments), \
                    "the battle's table, with its replay, was shown on its own"
                break
            text = words_of(thread.last_message)
            assert len(thread.history()) == before + 1, "one table for the placement and the AI's answer"
            assert "alice places" in text and "AI places" in text, text
            joined += 1
        assert joined >= 2
