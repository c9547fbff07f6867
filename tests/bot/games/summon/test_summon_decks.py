"""Summon decks and previews in Discord: the deck commands (a bad deck refused with its reason), a piece's
details, and a slide whose falling pieces are previewed before the piece is placed."""
from __future__ import annotations

from support.world import running

from bot.games.summon.progress import load_progress
from db.games import get_game
from engine.summon import legal_placements
from tools.drive import summon_play as summon
from tools.drive.replies import private_text, words_of


async def test_deck_commands_and_a_bad_deck_refused(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        shown = await alice.slash(channel, "summon deck show")
        assert "no deck of your own" in private_text(shown)
        added = await alice.slash(channel, "summon deck add", piece="Fire Hound")
        assert "Added Fire Hound" in private_text(added) and "cannot be played yet" in private_text(added)
        refused = await alice.slash(channel, "summon ai")
        assert "Your deck cannot be played" in private_text(refused) and "30 to 60 pieces" in private_text(refused)
        assert not channel.threads, "no game starts with an invalid deck"
        unknown = await alice.slash(channel, "summon deck add", piece="Dragon of Nowhere")
        assert "there is no piece" in private_text(unknown)
        missing = await alice.slash(channel, "summon deck remove", piece="Colossus")
        assert "holds no Colossus" in private_text(missing)
        assert load_progress(bot.db, alice.id).deck == ["r02"], "refusals changed nothing"
        choices = await alice.autocomplete(channel, "summon deck add", "piece", "hound")
        assert any(c["value"] == "r02" and "red unit" in c["name"] for c in choices)
        auto = await alice.slash(channel, "summon deck auto")
        deck = load_progress(bot.db, alice.id).deck
        assert "Playable." in private_text(auto) and 30 <= len(deck) <= 60
        assert summon.private_message(auto).attachments[0].filename == "deck.png"
        await alice.slash(channel, "summon deck add", piece="n02", count=60 - len(deck))
        full = await alice.slash(channel, "summon deck add", piece="n02")
        assert "at most 60 pieces" in private_text(full) and len(load_progress(bot.db, alice.id).deck) == 60
        await alice.slash(channel, "summon ai")
        state = summon.state_of(bot, summon.game_of(bot, alice).id)
        assert state.seats[0].deck == "own deck (" + state.seats[0].deck.split("(", 1)[1]
        assert sorted(state.game.cards[:state.game.split]) == sorted(load_progress(bot.db, alice.id).deck)
        reset = await alice.slash(channel, "summon deck reset")
        assert "automatic deck" in private_text(reset) and load_progress(bot.db, alice.id).deck == []
        piece = await alice.slash(channel, "summon piece", name="r02")
        assert "Fire Hound" in private_text(piece)
        assert summon.private_message(piece).attachments[0].filename == "piece.png"


async def test_a_slide_with_pieces_falling_off_is_previewed_first(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        # alice's board: a column of three Clay Dolls at A1–A3 and a Stone Wall at C2; her hand a Stone
        # Wall that fits right of C2 — placing it there slides the board right and the Dolls fall off.
        thread, game, st = await summon.ai_game_with(env, bot, alice, channel, {
            "hand": [("n01", "nn..")], "board": [("n02", 0, 0, "....", True), ("n02", 0, 1, "....", True),
                                                 ("n02", 0, 2, "....", True), ("n01", 2, 1, ".n.n", True)]})
        pl = next(p for p in legal_placements(st) if (p.col, p.row) == (3, 1))
        msg = await summon.hand_view(alice, thread)
        right = next(o for o in summon.select_options(msg) if o["value"] == summon.place_action(pl))
        assert right["label"].startswith("right of C2 · Stone Wall, as dealt: ★ summons Stone Wall now")
        assert right["description"] == "the board slides right; the left column is pushed off: Clay Doll ×3"
        shown = await alice.click(msg, label="Preview first")
        msg = summon.private_message(shown)
        wanted = summon.place_action(pl, preview=True)
        preview = await alice.select(msg, [wanted], custom_id=summon.select_holding(msg, wanted))
        text = words_of(summon.private_message(preview))
        assert "as dealt, right of C2: summons" in text and "the left column is pushed off: Clay Doll ×3" in text
        assert summon.private_message(preview).attachments[0].filename == "preview.png"
        assert summon.state_of(bot, game.id).game.players[0].board == st.players[0].board, "a preview changes nothing"
        await alice.click(summon.private_message(preview), label="Place")
        after = summon.state_of(bot, game.id).game
        assert after.players[0].removed[-3:] == list(pl.falls) and (after.players[0].ox, after.players[0].oy) == (1, 0)
        assert ("alice's board slides right, so the Stone Wall is now at C2: the left column is pushed off "
                "(Clay Doll ×3)"
                in "\n".join(words_of(m) for m in thread.history()[-3:]))
        assert get_game(bot.db, game.id).status == "running"


async def test_deck_add_takes_a_count_and_deck_show_lists_every_piece(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        added = await alice.slash(channel, "summon deck add", piece="Stone Wall", count=20)
        assert "Added Stone Wall ×20" in private_text(added)
        await alice.slash(channel, "summon deck add", piece="Fire Hound", count=12)
        assert sorted(load_progress(bot.db, alice.id).deck) == ["n01"] * 20 + ["r02"] * 12
        shown = await alice.slash(channel, "summon deck show")
        text = private_text(shown)
        assert "×20 Stone Wall, a neutral unit" in text and "×12 Fire Hound, a red unit" in text
        assert "Playable." in text
        assert summon.private_message(shown).attachments[0].filename == "deck.png"
        full = await alice.slash(channel, "summon deck add", piece="Clay Doll", count=40)
        assert "only 28 of 40 fit" in private_text(full) and len(load_progress(bot.db, alice.id).deck) == 60
        refused = await alice.slash(channel, "summon deck add", piece="Clay Doll", count=1)
        assert "at most 60 pieces" in private_text(refused)
