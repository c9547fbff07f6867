"""The summon hand as a newcomer meets it: a placement in two presses from the table, every legal cell
lettered, Pass and Surrender beside it, a surrender that is never out of date, and forged controls
refused with a reason."""
from __future__ import annotations

import discord
from support.forged import post_button
from support.world import running

from db.games import get_game
from engine.summon import card, legal_placements
from tools.drive.replies import private_text, words_of
from tools.drive.summon_play import (
    ai_game_with,
    game_of,
    hand_view,
    place_action,
    private_message,
    select_holding,
    select_options,
    start_ai,
    state_of,
)


async def test_a_placement_takes_two_presses_from_the_table(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        # A Stone Wall at the centre; her hand three pieces that fit around it (12 placements, one select).
        thread, game, st = await ai_game_with(env, bot, alice, channel, {
            "hand": [("n02", "...."), ("n03", "...."), ("n01", "nnnn")],
            "board": [("n01", 1, 1, "nnnn", False)]})
        placements = legal_placements(st)
        assert len(placements) <= 25
        hand = await alice.click(thread.last_message, label="Your hand")  # press 1
        msg = private_message(hand)
        assert msg.attachments[0].filename == "hand.png"
        offered = {o["value"] for o in select_options(msg)}
        assert offered == {place_action(pl) for pl in placements}, "every legal placement, in one select"
        labels = {o["value"]: o["label"] for o in select_options(msg)}
        summoning = next(pl for pl in placements if pl.summons)
        said = "summons " + ", then ".join(card(c).name for c in summoning.summon_cards)
        assert labels[place_action(summoning)].endswith(f"★ {said} now"), "a placement that summons now is marked"
        for pl in placements:  # one that sets up a later summon is marked too; the rest summon nothing yet
            if pl.sets_up and not pl.summons_now:
                assert labels[place_action(pl)].endswith("☆ sets up a later summon (one tab short)")
            elif not pl.summons_now:
                assert labels[place_action(pl)].endswith("summons nothing yet")
        assert {b["label"] for row in msg.components for b in row["components"] if b["type"] == 2} >= {
            "Preview first", "Pass", "Surrender"}
        version = get_game(bot.db, game.id).version
        wanted = place_action(summoning)
        await alice.select(msg, [wanted], custom_id=select_holding(msg, wanted))  # press 2: placed
        await env.settle()
        after = state_of(bot, game.id).game
        assert summoning.piece in {b.uid for b in after.players[0].board}
        assert get_game(bot.db, game.id).version > version


async def test_more_than_25_placements_ask_for_the_piece_first(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread, game, st = await ai_game_with(env, bot, alice, channel, {
            "hand": [("n01", "nn.."), ("n02", "n..."), ("n03", "nn..")], "board": []})
        placements = legal_placements(st)
        assert len(placements) > 25
        msg = await hand_view(alice, thread)
        pieces = select_options(msg, "hand")
        assert len(pieces) == 3
        first = next(pl.piece for pl in placements if pl.summons_now)  # the first piece that summons is shown at once
        assert {o["value"] for o in select_options(msg, "place")} == {
            place_action(pl) for pl in placements if pl.piece == first}
        other = next(h.uid for h in st.players[0].hand if h.uid != first)
        wanted = next(o["value"] for o in pieces if o["value"].startswith(f"hand:{other}:"))
        msg = private_message(await alice.select(msg, [wanted], custom_id=select_holding(msg, wanted)))
        assert {o["value"] for o in select_options(msg, "place")} == {
            place_action(pl) for pl in placements if pl.piece == other}


async def test_each_legal_cell_is_named_on_the_picture_as_in_the_list(make_real_bot):
    from bot.games.summon.text import cell_name
    from bot.games.summon.views import marks_of

    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread, game, st = await ai_game_with(env, bot, alice, channel, {
            "hand": [("n02", "...."), ("n03", "....")], "board": [("n01", 0, 0, "....", False)]})
        msg = await hand_view(alice, thread)
        marks = marks_of(legal_placements(st))
        # the corner piece at A1: the cells right of it and below it, and the two just outside the board
        assert sorted(marks.values()) == ["A2", "B1", "above\nA1", "left\nof A1"]
        for o in select_options(msg, "place"):
            col, row = (int(v) for v in o["value"].rsplit(":", 1)[1][1:].split("y"))
            assert o["label"].startswith(cell_name(col, row) + " · ")
            assert marks[(col, row)].replace("\n", " ") == cell_name(col, row)


async def test_yes_surrender_is_never_out_of_date(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await start_ai(env, alice, channel)
        game_id = game_of(bot, alice).id
        asked = await alice.click(await hand_view(alice, thread), label="Surrender")
        assert "Surrender this game?" in private_text(asked)
        before = get_game(bot.db, game_id).version
        await env.advance_time(31)  # her turn runs out: she passes, the AI answers; the question is older
        await env.settle()
        assert get_game(bot.db, game_id).version > before
        done = await alice.click(private_message(asked), label="Yes, surrender")
        assert "out of date" not in private_text(done)
        final = state_of(bot, game_id)
        assert final.game.ending == "surrender" and get_game(bot.db, game_id).status == "finished"
        assert "AI wins" in words_of(thread.last_message)


async def test_forged_cells_and_a_rematch_past_the_store_range_are_refused(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await start_ai(env, alice, channel)
        game = get_game(bot.db, game_of(bot, alice).id)
        piece = state_of(bot, game.id).game.players[0 if state_of(bot, game.id).seats[0].user_id == alice.id
                                                    else 1].hand[0].uid
        for cell in ("x9y9", "x-9y0"):
            # The hand view's old select (cell as its value) and today's forms of a preview and a placement.
            old = discord.ui.Select(custom_id=f"s:{game.id}:{game.version}:hx:{piece}:0",
                                    options=[discord.SelectOption(label="forged", value=cell)])
            forged = await bot.get_channel(thread.id).send("forged", view=discord.ui.View(timeout=None).add_item(old))
            answer = private_text(await alice.select(forged, [cell], custom_id=old.custom_id))
            assert "Something went wrong" not in answer and answer
            for action in (f"preview_place:{piece}:0:{cell}", f"place:{piece}:0:{cell}"):
                forged = await post_button(bot, thread, f"g:{game.id}:{game.version}:{action}")
                answer = private_text(await alice.click(forged, label="forged"))
                assert "not on the board nor just beside it" in answer, (action, answer)
        assert get_game(bot.db, game.id).version == game.version, "nothing changed"
        forged = await post_button(bot, thread, "summon-rematch:9999999999999999999", label="Rematch")
        answer = private_text(await alice.click(forged, label="Rematch"))
        assert "only the players of that game" in answer


async def test_autocomplete_lists_choices_on_an_empty_input(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread, game, st = await ai_game_with(env, bot, alice, channel, {
            "hand": [("n02", "...."), ("n01", "nn..")], "board": [("n03", 1, 1, "....", True)]})
        placements = legal_placements(st)
        pieces = await alice.autocomplete(thread, "summon place", "piece", "")
        assert {c["value"] for c in pieces} == {str(h.uid) for h in st.players[0].hand}
        rotations = await alice.autocomplete(thread, "summon place", "rotation", "")  # no piece chosen yet
        assert {c["value"] for c in rotations} == {pl.rotation for pl in placements}
        cells = await alice.autocomplete(thread, "summon place", "cell", "")  # neither piece nor rotation yet
        assert {c["value"] for c in cells} == {f"x{pl.col}y{pl.row}" for pl in placements}
        assert all(" — " in c["name"] for c in cells), "each cell says what it would do"
        catalog = await alice.autocomplete(channel, "summon deck add", "piece", "")
        assert len(catalog) == 25


async def test_the_pictures_are_drawn_at_twice_a_phones_width(make_real_bot):
    """The table and a battle replay at twice a phone's 390 px."""
    import io

    from PIL import Image

    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await start_ai(env, alice, channel)
        game_id = game_of(bot, alice).id
        table = next(a for a in thread.last_message.attachments if a.filename == "summon.png")
        assert Image.open(io.BytesIO(await table.read())).width == 780  # shown 390 px wide on a phone
        for _ in range(40):  # pass until a battle phase has run: its replay is posted with the table
            if any(a.filename.endswith(".gif") for a in thread.last_message.attachments):
                break
            await alice.click(thread.last_message, label="Pass")
            await env.settle()
        gif = next(a for a in thread.last_message.attachments if a.filename.endswith(".gif"))
        assert Image.open(io.BytesIO(await gif.read())).width == 780
        assert get_game(bot.db, game_id) is not None


def test_the_controls_of_boards_posted_before_typed_actions_still_read() -> None:
    import pytest

    from bot.core.actions import ActionError
    from bot.discord.former import Door
    from bot.games import registry
    from bot.games.summon.actions import AskSurrender, Cell, Pass, Place, PreviewPlacement, ShowHand, Surrender
    from bot.games.summon.kind import Summon

    kind = Summon()
    plugins = registry.plugins()
    door = Door((p.former for p in plugins), (verb for p in plugins for verb in p.kind.handlers))
    for wire, action in [("hp", ShowHand()), ("hp:7:0", ShowHand(7)), ("pass", Pass()), ("sq", AskSurrender()),
                         ("surrender", Surrender()), ("place:12:3:x3y1", Place(12, 3, Cell(3, 1))),
                         ("hx:12:3:x3y1", PreviewPlacement(12, 3, Cell(3, 1)))]:
        assert kind.decode(door.button(wire)) == action, wire
    assert kind.decode(door.select("hx:12:0", "x3y1") or "") == PreviewPlacement(12, 0, Cell(3, 1))
    for retired in ("hr", "hc:12"):  # the old five-step hand's other selects: out of date
        assert door.select(retired, "3") is None
    for old in ("hp", "sq", "hx:12:3:x3y1"):  # the core itself knows today's verbs only
        with pytest.raises(ActionError) as refused:
            kind.decode(old)
        assert str(refused.value)


async def test_placements_that_set_up_a_later_summon_are_marked(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        # Two tabs beside a piece of blanks: one tab in, the other facing an empty cell — one tab short.
        thread, game, st = await ai_game_with(env, bot, alice, channel, {
            "hand": [("n04", "NN.."), ("n02", "....")], "board": [("n01", 1, 1, "nnnn", True)]})
        later = [pl for pl in legal_placements(st) if pl.sets_up and not pl.summons_now]
        assert later, "the position has a placement that sets a summon up"
        msg = await hand_view(alice, thread)
        labels = {o["value"]: o["label"] for o in select_options(msg)}
        for pl in later:
            assert labels[place_action(pl)].endswith("☆ sets up a later summon (one tab short)")
        assert "★ summons now, ☆ sets up a later summon" in words_of(msg)


async def test_a_game_saved_before_typed_actions_loads_and_plays_on(make_real_bot):
    from pathlib import Path

    from bot.games.summon.session import SummonGame
    from tools.drive.summon_play import a_placement, choose_placement

    saved = (Path(__file__).parent / "fixtures" / "summon_game_before_typed_actions.json").read_text()
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await start_ai(env, alice, channel)
        game = game_of(bot, alice)
        old = SummonGame.model_validate_json(saved)
        seats = [old.seats[0].model_copy(update={"user_id": alice.id}), old.seats[1]]
        bot.db.execute("update games set state = ? where id = ?",
                       [old.model_copy(update={"seats": seats}).model_dump_json(), game.id])
        state = state_of(bot, game.id)
        assert state.game.version == 4 and state.game.to_move == 0
        pl = a_placement(state, 0)
        await choose_placement(alice, await hand_view(alice, thread), pl)
        await env.settle()
        assert pl.piece in {b.uid for b in state_of(bot, game.id).game.players[0].board}


async def test_the_slash_step_takes_a_piece_by_its_name(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread, game, st = await ai_game_with(env, bot, alice, channel, {
            "hand": [("n02", "...."), ("n03", "....")], "board": [("n01", 1, 1, "nnnn", True)]})
        doll = st.players[0].hand[0].uid
        await alice.slash(thread, "summon place", piece="clay doll", rotation=0, cell="B1")
        await env.settle()
        placed = next(b for b in state_of(bot, game.id).game.players[0].board if b.uid == doll)
        assert (placed.x, placed.y) == (1, 0)
        refused = await alice.slash(thread, "summon place", piece="Dragon", rotation=0, cell="B1")
        assert "not in your hand" in private_text(refused)
