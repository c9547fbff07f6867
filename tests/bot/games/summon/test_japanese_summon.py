"""A Japanese member on a Japanese server reads only Japanese: the summon tutorial and a whole game against
the AI, played with the hand's controls, the slash steps and the table's buttons, and the common commands
around them. Every message, control and attachment description the member sees is scanned for English
words; names (the member's, the AI's), numbers, cells (A1–C3), command names and marks are allowed. The
member's and the server's languages are put into SimCord's payloads by support.languages, standing in for
Discord's `locale` and `guild_locale`; the server's language is also set with /settings language."""
from __future__ import annotations

from support.languages import japanese_reader
from support.reading import english_in
from support.world import running

import engine.summon as sm
from bot import words
from db.games import get_game
from tools.drive.summon_play import a_placement, cell_code, choose_placement, game_of, private_message, state_of


def test_the_scan_finds_english_and_lets_names_numbers_cells_and_commands_through():
    assert english_in("**ゆうき**が先に置きます · `/summon place` · B2 · 3体 · AI", ("ゆうき",)) == []
    assert english_in("ゆうき places first", ("ゆうき",)) == ["places", "first"]


async def test_a_japanese_member_plays_the_summon_tutorial_and_a_game_against_the_ai_in_japanese(
        make_real_bot, monkeypatch):
    bot = make_real_bot()
    async with running(bot, "ゆうき") as (env, guild, channel, yuki):
        seen = await japanese_reader(monkeypatch, env, guild, channel, yuki)
        for command, options in (("help", {}), ("help", {"game": "summon"}), ("summon deck show", {}),
                                 ("summon piece", {"name": "n02"}), ("games", {})):
            seen.result(await yuki.slash(channel, command, **options))
        words.untranslated.clear()

        seen.result(await yuki.slash(channel, "summon tutorial"))
        await env.settle()
        thread = channel.threads[-1]
        game_id = game_of(bot, yuki).id
        seen.result(await yuki.click(thread.last_message, label="パス"))  # refused in the tutorial
        for _ in sm.tutorial_steps():
            state = state_of(bot, game_id)
            step = sm.tutorial_steps()[state.tutorial - 1]
            intended = step.intended(state.game)
            pl = next(pl for pl in sm.legal_placements(state.game)
                      if (pl.piece, pl.rotation, pl.col, pl.row) == (intended.piece, intended.rotation,
                                                                     intended.col, intended.row))
            hand = seen.result(await yuki.click(thread.last_message, label="手札"))
            for r in await choose_placement(yuki, private_message(hand), pl):
                seen.result(r)
            await env.settle()
        assert state_of(bot, game_id).tutorial == 0, "the tutorial's gentle game has begun"
        await play_out(env, bot, yuki, thread, game_id, seen)
        seen.thread(thread)

        seen.result(await yuki.slash(channel, "summon ai"))
        await env.settle()
        thread = channel.threads[-1]
        game_id = game_of(bot, yuki).id
        await play_out(env, bot, yuki, thread, game_id, seen, surrender_after=3)
        seen.thread(thread)
        seen.result(await yuki.slash(channel, "profile"))

        left = seen.english(("ゆうき", "ホスト"))
        assert left == [], "\n".join(f"{found}: {text[:300]}" for text, found in left)
        assert words.untranslated == set(), "every word looked up has its Japanese"


async def play_out(env, bot, member, thread, game_id, seen, surrender_after: int | None = None) -> None:
    """Play the member's seat to the end: the hand's controls, then a preview, the slash step and a pass;
    `surrender_after` placements, the table's Surrender button and its question."""
    placed = 0
    while get_game(bot.db, game_id).status != "finished":
        state = state_of(bot, game_id)
        me = next(i for i, s in enumerate(state.seats) if s.user_id == member.id)
        if state.game.to_move != me:
            await env.advance_time(31)
            continue
        if surrender_after is not None and placed >= surrender_after:
            asked = seen.result(await member.click(thread.last_message, label="降参"))
            seen.result(await member.click(private_message(asked), label="はい、降参します"))
            await env.settle()
            break
        pl = a_placement(state, me)
        if pl is None:
            seen.result(await member.slash(thread, "summon pass"))
        elif placed % 3 == 0:
            hand = seen.result(await member.click(thread.last_message, label="手札"))
            first = seen.result(await member.click(private_message(hand), label="先にプレビュー"))
            for r in await choose_placement(member, private_message(first), pl, preview=True):
                seen.result(r)
            seen.result(await member.click(private_message(r), label="配置"))
        elif placed % 3 == 1:
            seen.result(await member.slash(thread, "summon place", piece=str(pl.piece), rotation=pl.rotation,
                                           cell=cell_code(pl.col, pl.row)))
        else:
            hand = seen.result(await member.click(thread.last_message, label="手札"))
            for r in await choose_placement(member, private_message(hand), pl):
                seen.result(r)
        placed += 1
        await env.settle()
        assert placed < 400
