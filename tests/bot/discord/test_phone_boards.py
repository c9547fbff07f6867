"""Every game's public board as a phone shows it, played through SimCord: its first board, a board mid-game
and its result each hold at most 12 lines of text, no code-block line over 40 characters, and a picture
with its alt text (the board in words); every game's pictures (formation's brief and replay, summon's table)
are legible at a phone's width (their smallest text 12 px or more when shown 390 px wide)."""
from __future__ import annotations

import io
from datetime import UTC, datetime

from PIL import Image
from support.phone import CODE_MOST, MOST_LINES, SMALLEST_PX, measure, smallest_text
from support.selects import choose
from support.world import open_game, running

import engine.formation as fm
import engine.summon as sm
from bot.games.bowls import render as bowls_render
from bot.games.formation import render as formation_render
from bot.games.formation import replay as formation_replay
from bot.games.formation.actions import ChooseSlot, Place
from bot.games.summon import render as summon_render
from bot.games.tactics.render import render_board as tactics_picture
from db.games import running_games_of
from tools.drive.replies import private_text, words_of
from tools.drive.summon_play import a_placement, game_of, place_with_hand_controls, seat_of, start_ai, state_of
from tools.drive.tactics_play import fight_through, labels, send_turn, session


async def fits_a_phone(message, what: str) -> tuple[int, int]:
    """The board's text fits a phone and its picture (a PNG or GIF it can show) has alt text; its size."""
    m = measure(message)
    assert m.lines <= MOST_LINES, f"{what}: {m.lines} lines\n{words_of(message)}"
    assert m.code_widest <= CODE_MOST, f"{what}: a code-block line of {m.code_widest} characters"
    assert message.attachments and m.alt_text.strip(), f"{what}: a picture with its alt text"
    picture = Image.open(io.BytesIO(await message.attachments[0].read()))
    return picture.size


def bowls_state(bot, member):
    game = running_games_of(bot.db, member.id, kind="bowls")
    return bot.sessions.load(game[0]).game if game else None


def legible_brief(bot, member) -> float:
    state = bot.sessions.load(running_games_of(bot.db, member.id, kind="formation")[0])
    formation_render._brief_layer.cache_clear()  # drawn once per puzzle: draw it again to see its words
    return smallest_text(lambda: formation_render.render_brief(state.puzzle, state.formation))


def legible_bowls(game) -> float:
    bowls_render._backdrop.cache_clear()  # its words are drawn once per theme: draw them again to see them
    return smallest_text(lambda: bowls_render.render_board(game))


async def test_a_bowls_board_fits_a_phone_first_mid_game_and_at_the_result(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice", "bob") as (env, guild, channel, alice, bob):
        thread = await open_game(alice, channel, "bowls endless")
        await fits_a_phone(thread.last_message, "endless, first board")
        assert legible_bowls(bowls_state(bot, alice)) >= SMALLEST_PX
        await alice.click(thread.last_message, label="1")
        await alice.click(thread.last_message, label="Sow 1")
        await fits_a_phone(thread.last_message, "endless after a move")
        assert legible_bowls(bowls_state(bot, alice)) >= SMALLEST_PX
        text_board = private_text(await alice.click(thread.last_message, label="Text board"))
        assert " 1: " in text_board and "W ◎ wild" in text_board, "the text board is one press away"
        assert max(len(line) for line in text_board.split("```")[1].split("\n")) <= CODE_MOST
        thread = await open_game(bob, channel, "bowls puzzle", number=1)
        await bob.click(thread.last_message, label="3")
        await bob.click(thread.last_message, label="Sow 3")
        assert "Puzzle solved" in words_of(thread.last_message)
        await fits_a_phone(thread.last_message, "a solved puzzle")


async def test_a_tactics_board_fits_a_phone_first_mid_fight_and_at_the_result(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "tactics campaign", pilot="auto", companion="Cindle")
        await fits_a_phone(thread.last_message, "the first fight's first board")
        assert smallest_text(lambda: tactics_picture(session(bot).fight)) >= SMALLEST_PX
        whole = private_text(await alice.click(thread.last_message, label="Text map"))
        assert "Tidecaller (hero) at " in whole and max(len(line) for line in whole.split("```")[1].split("\n")) \
            <= CODE_MOST, "the text map is one press away, its grid a phone's width"
        await send_turn(alice, thread.last_message, 1)
        await fits_a_phone(thread.last_message, "round 2")
        assert smallest_text(lambda: tactics_picture(session(bot).fight)) >= SMALLEST_PX
        await fight_through(thread, lambda board: send_turn(alice, board, 1), most=12)
        assert session(bot).fight.result is not None
        await fits_a_phone(thread.last_message, "the fight's result")
        assert smallest_text(lambda: tactics_picture(session(bot).fight)) >= SMALLEST_PX


async def test_a_formation_board_fits_a_phone_first_mid_puzzle_and_at_the_result(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "formation tutorial")
        await fits_a_phone(thread.last_message, "the first lesson")
        assert legible_brief(bot, alice) >= SMALLEST_PX
        more = private_text(await alice.click(thread.last_message, label="More"))
        assert fm.tutorial()[0].lesson in more, "the lesson's whole text is one press away"
        puzzle = fm.tutorial()[0]
        solution = puzzle.solution or fm.solve(puzzle, workers=1).example
        free = [s for s in fm.SLOTS if s not in puzzle.fixed]
        await choose(alice, thread.last_message, ChooseSlot(free[0]))
        await choose(alice, thread.last_message, Place(free[0], solution[free[0]]))
        await fits_a_phone(thread.last_message, "a lesson half filled")
        assert legible_brief(bot, alice) >= SMALLEST_PX
        for slot in free[1:]:
            await choose(alice, thread.last_message, ChooseSlot(slot))
            await choose(alice, thread.last_message, Place(slot, solution[slot]))
        await alice.click(thread.last_message, label="Battle")
        assert "Next puzzle" in labels(thread.last_message)
        await fits_a_phone(thread.last_message, "a won lesson")
        replay = next(a for a in thread.last_message.attachments if a.filename == "replay.gif")
        assert Image.open(io.BytesIO(await replay.read())).width == formation_render.BRIEF_W, "the replay: a phone's"
        # its cards and ground are drawn once: draw them again to see their words
        formation_replay._replay_card.cache_clear()
        formation_replay._replay_background.cache_clear()
        won = fm.battle(puzzle, {**puzzle.fixed, **solution})
        assert smallest_text(lambda: formation_render.render_replay(won)) >= SMALLEST_PX


def legible_summon(bot, game_id: int) -> float:
    """The smallest text of the game's table as the board draws it (its seats, headline and clock)."""
    state = state_of(bot, game_id)
    st, over = state.game, state.game.phase == "over"
    seats = tuple(summon_render.Seat(state.name(i), not over and st.to_move == i, st.first == i) for i in (0, 1))
    clock = None if over else datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
    return smallest_text(lambda: summon_render.render_table(sm.view_for(st, None), seats, "Summon · a test", clock))


async def test_a_summon_board_fits_a_phone_first_mid_game_and_at_the_result(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await start_ai(env, alice, channel)
        await fits_a_phone(thread.last_message, "the first board")
        game = game_of(bot, alice)
        assert legible_summon(bot, game.id) >= SMALLEST_PX
        state = state_of(bot, game.id)
        await place_with_hand_controls(alice, thread, a_placement(state, seat_of(state, alice)))
        await env.settle()
        await fits_a_phone(thread.last_message, "after a placement")
        assert legible_summon(bot, game.id) >= SMALLEST_PX
        asked = await alice.click(thread.last_message, label="Surrender")
        question = [m for m in [asked.response, *asked.followups] if m is not None][-1]
        await alice.click(question, label="Yes, surrender")
        await fits_a_phone(thread.last_message, "the result")
        assert legible_summon(bot, game.id) >= SMALLEST_PX
