"""Summon says each thing one way, as a player reads it in a game against the AI: the draw's verb
agrees with the name ("you place first", "AI places first"), no message still says it is the AI's
turn once the AI has played, a cell has one name in the board text, the notes and the list (the
picture's marks too), life and damage are in hearts, and a unit that fell never stands in a line."""
from __future__ import annotations

import re

from support.world import running

from bot.games.summon.narrate import places_first, table_text
from bot.games.summon.session import SeatInfo, SummonGame
from bot.games.summon.text import Names, battle_caption, cell_name, details, picture_words
from bot.games.summon.views import marks_of
from db.games import get_game
from engine.summon import ai_action, apply, auto_deck, legal_placements, new_game, tutorial_step, view_for
from tools.drive.replies import controls_of, words_of
from tools.drive.summon_play import (
    a_placement,
    ai_game_with,
    choose_placement,
    game_of,
    hand_view,
    place_action,
    private_message,
    seat_of,
    select_options,
    start_ai,
    state_of,
)

AI_TURN = re.compile(r"AI's turn|\*\*AI\*\* to place")


def _texts(message) -> str:
    """A message's words and its controls' labels."""
    out = [words_of(message) or ""]
    for row in message.components or []:
        for c in row.get("components", []) if isinstance(row, dict) else []:
            out += [c.get("label") or "", c.get("placeholder") or ""]
            out += [f"{o.get('label', '')} {o.get('description') or ''}" for o in c.get("options", [])]
    return "\n".join(out)


def test_the_draw_agrees_with_the_name_it_names() -> None:
    for me, verb in (("you", "place"), ("alice", "places")):
        state = SummonGame(seats=[SeatInfo(user_id=1, name=me), SeatInfo(user_id=None, name="AI")], seed=1)
        assert places_first(state, 0) == f"**{me}** {verb} first"
        assert places_first(state, 1) == "**AI** places first"


async def test_a_game_against_the_ai_names_its_first_player_with_the_verb_agreeing(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "you", "alice") as (env, guild, channel, you, alice):
        for member, verb in ((you, "place"), (alice, "places")):
            for _ in range(6):  # the draw is the seed's: start until both seats have been drawn once
                await member.slash(channel, "summon ai")
                await env.settle()
                game = game_of(bot, member)
                state = state_of(bot, game.id)
                opening = words_of(channel.threads[-1].history()[0])
                if state.game.first == 0:
                    assert f"the draw: **{member.name}** {verb} first" in opening, opening
                    break
                assert "the draw: **AI** places first" in opening, opening
                asked = await member.slash(channel.threads[-1], "summon surrender")
                await member.click(private_message(asked), label="Yes, surrender")
                await env.settle()
            else:
                raise AssertionError(f"{member.name} was never drawn to place first in six games")
            assert "you places" not in opening and "you** places" not in opening


async def test_once_the_ai_has_placed_no_message_still_says_it_is_its_turn(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "you") as (env, guild, channel, you):
        thread = await start_ai(env, you, channel)
        game_id = game_of(bot, you).id
        privates = []
        checked = 0
        for _ in range(12):
            state = state_of(bot, game_id)
            if get_game(bot.db, game_id).status == "finished":
                break
            st = state.game
            me = seat_of(state, you)
            if st.to_move == me and words_of(thread.history()[-1]).startswith("AI places"):
                checked += 1  # the AI has just placed: every message the player sees is up to date
                newest, older = thread.history()[-1], thread.history()[:-1]
                assert "**you** to place" in words_of(newest) and controls_of(newest)
                for message in older:
                    if controls_of(message):
                        assert not AI_TURN.search(_texts(message)), words_of(message)
                for message in privates:
                    assert not AI_TURN.search(_texts(message)), words_of(message)
            hand = await hand_view(you, thread)
            pl = a_placement(state, me)
            if pl is None:
                await you.click(hand, label="Pass")
            else:
                privates += [private_message(r) for r in await choose_placement(you, hand, pl)]
            await env.settle()
        assert checked >= 3, "the AI placed at least three times after the player"
        closed = [m for m in thread.history()[1:-1] if "Closed: the newer board is below" in words_of(m)]
        assert closed and all(not controls_of(m) for m in closed), "an older table keeps no buttons"


async def test_a_cell_has_one_name_in_the_board_text_the_note_and_the_list(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "you") as (env, guild, channel, you):
        # your board: a Stone Wall (not yet summoned) in the middle cell; your hand one Clay Doll, which fits beside it
        thread, game, st = await ai_game_with(env, bot, you, channel, {
            "hand": [("n02", "....")], "board": [("n01", 1, 1, "....", False)]})
        pl = next(p for p in legal_placements(st) if (p.col, p.row) == (2, 1))
        assert cell_name(2, 1) == "C2"
        hand = await hand_view(you, thread)
        option = next(o for o in select_options(hand) if o["value"] == place_action(pl))
        assert option["label"].startswith("C2 · Clay Doll")
        assert marks_of(legal_placements(st))[(2, 1)] == "C2", "the picture marks the cell as the list names it"
        results = await choose_placement(you, hand, pl)
        await env.settle()
        note = words_of(private_message(results[-1]))
        assert note.startswith("You placed Clay Doll, a neutral unit (as dealt), at C2")
        said = next(words_of(m) for m in reversed(thread.history()) if words_of(m).startswith("You place Clay Doll"))
        assert "You place Clay Doll, a neutral unit (as dealt), at C2" in said
        assert "Clay Doll (C2, summoned)" in said and "Stone Wall (B2)" in said
        for words in (note, said, option["label"], option["description"]):
            assert not re.search(r"top-left|top-right|centre cell|middle cell|\b[A-Z] · ", words), words


def test_life_and_damage_are_in_hearts_in_every_word_and_picture_caption() -> None:
    assert "4♥, cannot attack" in details("n01") and "attack ¼♥" in details("n02")
    assert "deals 1½♥ to the enemy front (magic)" in details("r08")
    assert picture_words("Your Fire Hound hits AI's Shade: −¾♥") == "Your Fire Hound hits AI's Shade: -3/4 heart"
    st = new_game(5, auto_deck(1), auto_deck(2))
    while not st.battles:
        st = apply(st, ai_action(st))
    for e in (e for rep in st.battles for e in rep.events):
        caption = battle_caption(Names(("you", "AI")), e).removesuffix(" (falls)")
        quarters = e.amount % 4
        assert caption.endswith("¼½¾"[quarters - 1] + "♥" if quarters else f"{e.amount // 4}♥"), caption
        assert re.search(r": [-+](\d+ )?(\d/4|1/2|\d+) hearts?$", picture_words(caption)), picture_words(caption)


def test_a_unit_that_fell_never_stands_in_a_battle_line_and_its_piece_says_it_fell() -> None:
    seen_fallen = 0
    for seed in range(12):
        st = new_game(seed, auto_deck(seed), auto_deck(seed + 100))
        seats = [SeatInfo(user_id=1, name="you"), SeatInfo(user_id=None, name="AI")]
        while st.phase != "over":
            st = apply(st, ai_action(st))
            fell = {(e.target.side, e.target.uid) for rep in st.battles for e in rep.events if e.destroyed}
            if not fell:
                continue
            view = view_for(st, None)
            state = SummonGame(seats=seats, seed=seed, game=st, stage="over" if st.phase == "over" else "play")
            text = table_text(state)
            for side, uid in fell:
                assert uid not in {u.uid for u in view.seats[side].line}, "the picture's line"
                assert uid not in {u.uid for u in st.players[side].line}
                piece = next((b for b in st.players[side].board if b.uid == uid), None)
                if piece is not None:  # still on the board: it says its unit fell
                    seen_fallen += 1
                    p = st.players[side]
                    said = f"({cell_name(piece.x - p.ox, piece.y - p.oy)}, summoned, its unit fell)"
                    assert said in text or "board:" not in text, text  # (the boards are left out when room runs short)
            lines = re.findall(r"battle line \(front first\): (.*)", text)
            assert all("0♥" not in line for line in lines), lines
    assert seen_fallen, "some fallen unit's piece was still on its board"
    _, step = tutorial_step(4)  # hand-set: its units stand in the line, their pieces on the board
    tutorial = SummonGame(seats=[SeatInfo(user_id=1, name="you"), SeatInfo(user_id=None, name="AI")], seed=1, game=step)
    assert "unit fell" not in table_text(tutorial)
