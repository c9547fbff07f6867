"""A Japanese member on a Japanese server reads only Japanese in tactics: the tutorial's four steps (a
refused pass, a ready-made turn sent from its preview, moves, a typed turn with a Japanese skill name),
then the first campaign fight played to its result with the board's ready-made turns, with the skill
previews, the Text map and What happened looked at on the way. Everything the member is shown is scanned
for English (support.reading); an English member on the same bot still reads English. The pictures draw
every Japanese name with a glyph, and the names are data (engine/tactics/words/words.ja.json) that keep up
with the content."""
from __future__ import annotations

import json
import unicodedata
from pathlib import Path

from support.glyphs import boxes_in
from support.languages import japanese_reader
from support.reading import Reader
from support.world import running

import engine.tactics as tx
from bot import words
from bot.render.common import font
from bot.words import reading
from db.games import get_game
from tools.drive.replies import private_text
from tools.drive.tactics_play import labels, last_private, session

ROOT = Path(__file__).resolve().parents[4]
JAPANESE = json.loads((ROOT / "engine" / "tactics" / "words" / "words.ja.json").read_text(encoding="utf-8"))
NAMES = ("ゆうき", "ホスト", "alice")
ROUNDS_MOST = 12  # a fight ends by round 10; a few presses more cover the phases' own steps


def jp(kind: str, name: str) -> str:
    found = JAPANESE[kind][name]
    return found["name"] if isinstance(found, dict) else found


async def send_first(member, board, seen: Reader) -> bool:
    """Press the board's first ready-made turn and Send it; False when the board offers none."""
    label = next((label for label in labels(board) if label and label.startswith("1. ")), None)
    if label is None:
        return False
    shown = seen.result(await member.click(board, label=label))
    seen.result(await member.click(last_private(shown), label="送信"))
    return True


async def test_a_japanese_member_plays_the_tactics_tutorial_and_a_fight_in_japanese(make_real_bot, monkeypatch):
    bot = make_real_bot()
    async with running(bot, "ゆうき", "alice", "はると") as (env, guild, channel, yuki, alice, haruto):
        seen = await japanese_reader(monkeypatch, env, guild, channel, yuki, haruto)
        words.untranslated.clear()
        seen.result(await yuki.slash(channel, "help", game="tactics"))

        # --- the tutorial: four steps ----------------------------------------------------------------
        seen.result(await yuki.slash(channel, "tactics tutorial"))
        thread = channel.threads[-1]
        hero = jp("fighters", session(bot).fight.get("hero").name)
        refused = seen.result(await yuki.click(thread.last_message, label=f"パス（{hero}）"))
        assert session(bot).tutorial == 1, private_text(refused)
        seen.result(await yuki.click(thread.last_message, label="スキルの予告"))
        assert await send_first(yuki, thread.last_message, seen)
        assert session(bot).tutorial == 2
        seen.result(await yuki.click(thread.last_message, label="テキスト盤"))
        seen.result(await yuki.slash(thread, "tactics move", to="C3"))
        seen.result(await yuki.slash(thread, "tactics end"))
        assert session(bot).tutorial == 3
        seen.result(await yuki.slash(thread, "tactics turn", steps="move A5; end"))  # not a root: again
        seen.result(await yuki.slash(thread, "tactics preview", name=jp("skills", "Pinning Shot"), at="H5"))
        seen.result(await yuki.slash(thread, "tactics turn", steps=f"{jp('skills', 'Pinning Shot')} H5、終了"))
        assert session(bot).tutorial == 4
        seen.result(await yuki.slash(thread, "tactics turn", steps="Longshot G5; end"))  # the engine's words too
        state = session(bot)
        assert (state.tutorial, state.mode) == (0, "campaign"), "the first campaign fight has begun"

        # --- the first campaign fight, to its result ------------------------------------------------
        game = get_game(bot.db, 1)
        for _ in range(ROUNDS_MOST * 3):
            await env.settle()
            if get_game(bot.db, game.id).status == "finished":
                break
            board = thread.last_message
            if "何が起きたか" in labels(board):
                seen.result(await yuki.click(board, label="何が起きたか"))
            if not await send_first(yuki, thread.last_message, seen):
                await env.advance_time(31)
        await env.settle()
        assert get_game(bot.db, game.id).status == "finished"
        refused = seen.result(await haruto.click(thread.last_message, label="もう一度"))
        assert private_text(refused).startswith("もう一度：できるのはデュオを率いる"), private_text(refused)
        seen.thread(thread)

        shown = "\n".join(seen.texts)
        for part in ("タクティクスのチュートリアル", "野良のフェイズ", "デュオのフェイズ", "テキスト盤", "凡例：",
                     hero, jp("fighters", "Cindle"), "ラウンド", "XP"):
            assert part in shown, f"the member was shown {part}"
        left = seen.english(NAMES)
        assert left == [], "\n".join(f"{found}: {text[:300]}" for text, found in left[:12])
        assert words.untranslated == set(), "every word looked up has its Japanese"

        # --- an English member on the same server: the board is the server's, her answers are hers ------
        ready = await alice.slash(channel, "tactics tutorial")
        assert "your game is ready" in private_text(ready)
        thread = channel.threads[-1]
        assert "タクティクスのチュートリアル" in thread.last_message.content, "a public board reads as its server"
        skills = await alice.click(thread.last_message, label="スキルの予告")
        assert "**Ranger's skills**" in private_text(skills) and "Longshot" in private_text(skills)
        refused = await alice.slash(thread, "tactics turn", steps="fly away")
        assert private_text(refused).startswith("Turn: "), private_text(refused)


def test_the_names_keep_up_with_the_content_and_draw_as_glyphs():
    """Every fighter, skill and campaign fight has its Japanese name, and every letter of them draws."""
    content = tx.fighters()
    assert set(JAPANESE["fighters"]) == set(content)
    skills = {s for name in content for s in tx.kit(name)}
    assert skills - set(JAPANESE["skills"]) == set()
    assert {e.id for e in tx.campaign()} == set(JAPANESE["encounters"])
    text = json.dumps(JAPANESE, ensure_ascii=False)
    letters = "".join(sorted(ch for ch in set(text) if unicodedata.category(ch)[0] in "LNP"))
    assert boxes_in(letters, font(18)) == []


def test_the_same_events_word_in_either_language():
    """The strays' phase of a fight, worded from its events: English for an English reader, Japanese with
    no English left for a Japanese one."""
    from support.reading import english_in

    from bot.games.tactics.report import duo_hp_line, full_list, grouped

    fight = tx.new_fight("c01", 1, "Tidecaller", "Cindle")
    events: list = []
    while not fight.result and all(fight.get(fid).standing for fid in ("hero", "companion")):
        fight = tx.play_pass(tx.play_pass(fight, "hero").state, "companion").state
        events += fight.last_phase
    assert events, "the strays acted"
    with reading("en"):
        english = [duo_hp_line(fight, events), *grouped(fight, events), *full_list(fight, events)]
    with reading("ja"):
        japanese = [duo_hp_line(fight, events), *grouped(fight, events), *full_list(fight, events)]
    assert "Tidecaller" in english[0] and "潮呼び" in japanese[0]
    assert len(english) == len(japanese)
    assert [english_in(line, ()) for line in japanese] == [[]] * len(japanese)
