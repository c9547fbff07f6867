"""A Japanese member on a Japanese server reads only Japanese in bowls and formation, and in summon's deck
refusals: a whole bowls puzzle (buttons, the slash step, a refusal, the text board, a forecast, undo, a locked
theme), the formation tutorial's five puzzles and a campaign puzzle (selects, hints, More, a refused battle and
a refused placement, typed Japanese names), and a deck that cannot be played. Everything the member is shown
is scanned for English (support.reading); an English member on the same bot still reads English in her private
answers. The member's and the server's languages are put into SimCord's payloads by support.languages,
standing in for Discord's `locale` and `guild_locale`; the server's language is also set with /settings
language. Every Japanese word a picture draws has its glyph in the pictures' font."""
from __future__ import annotations

import io
import json
import unicodedata
from datetime import date
from pathlib import Path

from PIL import Image
from support.glyphs import boxes_in
from support.languages import japanese_reader
from support.reading import english_in
from support.selects import choose
from support.world import running

import engine.bowls as bowls
import engine.formation as fm
from bot import words
from bot.games.bowls.render import render_board
from bot.games.formation.actions import ChooseSlot, Place
from bot.games.formation.render import render_brief
from bot.render.common import font
from bot.words import catalog, read_in
from db.games import get_game, running_games_of
from engine.bowls.solver import solve
from tools.drive.replies import private_text

ROOT = Path(__file__).resolve().parents[3]
JAPANESE = json.loads((ROOT / "engine" / "formation" / "data" / "words.ja.json").read_text(encoding="utf-8"))
NAMES = ("ゆうき", "ホスト", "alice", "Dragon of Nowhere", "Fire Hound", "Colossus")  # members and what they typed


def a_bowls_puzzle() -> tuple[int, list[int]]:
    """A puzzle with an intro (a modifier it teaches) that takes more than one move, and its solution."""
    for p in bowls.all_puzzles():
        if p.intro and p.moves >= 2:
            moves = solve(bowls.get_puzzle(p.id))
            if moves and len(moves) >= 2:
                return p.id, moves
    raise AssertionError("no puzzle with an intro and two moves")


def an_empty_bowl(game: bowls.BowlsGame) -> int | None:
    return next((n for n in range(1, 13) if not game.bowls[n - 1]), None)


def jp(name: str) -> str:
    return JAPANESE["creatures"][name]["name"]


def puzzle_here(bot, member) -> fm.Puzzle:
    return bot.sessions.load(running_games_of(bot.db, member.id)[0]).puzzle


def winning(puzzle: fm.Puzzle) -> dict[str, str]:
    return dict(puzzle.solution) if puzzle.solution else dict(fm.solve(puzzle, workers=1).example)


async def test_a_japanese_member_plays_bowls_formation_and_a_bad_deck_in_japanese(make_real_bot, monkeypatch):
    bot = make_real_bot()
    async with running(bot, "ゆうき", "alice") as (env, guild, channel, yuki, alice):
        seen = await japanese_reader(monkeypatch, env, guild, channel, yuki)
        words.untranslated.clear()
        for game in ("bowls", "formation"):
            seen.result(await yuki.slash(channel, "help", game=game))

        # --- a bowls puzzle, start to finish -------------------------------------------------------
        number, moves = a_bowls_puzzle()
        seen.result(await yuki.slash(channel, "bowls puzzle", number=number))
        thread = channel.threads[-1]
        game_id = running_games_of(bot.db, yuki.id)[0].id
        seen.result(await yuki.click(thread.last_message, label="テキスト盤"))
        seen.result(await yuki.slash(thread, "bowls forecast", setting="on"))
        seen.result(await yuki.slash(channel, "bowls theme", name="Space"))  # locked: a refusal and a preview
        seen.result(await yuki.click(thread.last_message, label=str(moves[0])))
        seen.result(await yuki.click(thread.last_message, label=f"{moves[0]}をまく"))
        state = bot.sessions.load(get_game(bot.db, game_id))
        if (empty := an_empty_bowl(state.game)) is not None:
            refused = seen.result(await yuki.slash(thread, "bowls sow", bowl=empty))
            assert f"ボウル{empty}は空です" in private_text(refused)
        seen.result(await yuki.click(thread.last_message, label="取り消し"))
        for bowl in moves:
            seen.result(await yuki.click(thread.last_message, label=str(bowl)))
            seen.result(await yuki.click(thread.last_message, label=f"{bowl}をまく"))
        assert get_game(bot.db, game_id).status == "finished"
        assert "パズルクリア" in thread.last_message.content
        seen.thread(thread)

        # --- the formation tutorial, all five puzzles, then a campaign puzzle ------------------------
        seen.result(await yuki.slash(channel, "formation tutorial"))
        thread = channel.threads[-1]
        for lesson in range(len(fm.tutorial())):
            puzzle = puzzle_here(bot, yuki)
            seen.result(await yuki.click(thread.last_message, label="ヒント"))
            seen.result(await yuki.click(thread.last_message, label="詳しく"))
            for slot, name in winning(puzzle).items():
                if slot in puzzle.fixed:
                    continue
                seen.result(await choose(yuki, thread.last_message, ChooseSlot(slot)))
                seen.result(await choose(yuki, thread.last_message, Place(slot, name)))
            seen.result(await yuki.click(thread.last_message, label="バトル"))
            if lesson + 1 < len(fm.tutorial()):  # the last win ends the tutorial: its board has no controls
                seen.result(await yuki.click(thread.last_message, label="詳しく"))
                seen.result(await yuki.click(thread.last_message, label="次のパズル"))
        await env.settle()
        seen.thread(thread)

        seen.result(await yuki.slash(channel, "formation puzzle", id="c1-01"))
        thread = channel.threads[-1]
        puzzle = puzzle_here(bot, yuki)
        seen.result(await yuki.slash(thread, "formation battle"))  # every slot empty: refused
        solution = winning(puzzle)
        for slot, name in solution.items():
            seen.result(await yuki.slash(thread, "formation place", slot=slot, creature=jp(name)))
        seen.result(await yuki.click(thread.last_message, label="ヒント"))
        seen.result(await yuki.click(thread.last_message, label="バトル"))
        assert "勝ちました" in thread.last_message.content
        seen.thread(thread)

        # --- a summon deck that cannot be played ---------------------------------------------------
        for command, options in (("summon deck add", {"piece": "Fire Hound"}), ("summon ai", {}),
                                 ("summon deck add", {"piece": "Dragon of Nowhere"}),
                                 ("summon deck remove", {"piece": "Colossus"})):
            seen.result(await yuki.slash(channel, command, **options))
        seen.result(await yuki.slash(channel, "profile"))

        shown = "\n".join(seen.texts)
        for part in ("テキスト盤", "予報：", "レッスン1", "ヒント1：", "**前回のバトル、ラウンドごと：**", jp("Mallow"),
                     "はじめのさざ波", "バトル：", "デッキ"):
            assert part in shown, f"the member was shown {part}"
        left = seen.english(NAMES)
        assert left == [], "\n".join(f"{found}: {text[:300]}" for text, found in left[:12])
        assert words.untranslated == set(), "every word looked up has its Japanese"

        # --- an English member on the same bot and server reads her private answers in English ----------
        theme = await alice.slash(channel, "bowls theme", name="Space")
        assert "still locked" in private_text(theme)
        piece = await alice.slash(channel, "summon deck add", piece="Dragon of Nowhere")
        assert "there is no piece" in private_text(piece)
        nothing = await alice.slash(channel, "formation puzzle", id="nope")
        assert "There is no puzzle" in private_text(nothing)
        await alice.slash(channel, "summon deck add", piece="Fire Hound")
        refused = await alice.slash(channel, "summon ai")
        assert "30 to 60 pieces" in private_text(refused) and english_in(private_text(refused), ()) != []


def test_the_scan_lets_marks_japanese_games_write_through():
    assert english_in("ルナ 34/34 HP · R3: 与ダメージ12 · +20 XP · c1-01", ()) == []
    assert english_in("マロウ stands at 前列左", ()) == ["stands", "at"]
    assert english_in("```\n 1: 赤 [reverse]\n```", ()) == ["reverse"], "a code block's lines are read too"


def test_every_japanese_word_the_pictures_draw_has_its_glyph():
    """Every letter, digit and punctuation mark of the catalog's Japanese and of formation's Japanese data
    (creature names, titles) draws as a glyph (the messages' emoji are Discord's to draw)."""
    book = catalog("ja")
    assert book is not None
    text = "".join(m.string for m in book if m.id and isinstance(m.string, str))
    text += json.dumps(JAPANESE, ensure_ascii=False)
    letters = "".join(sorted(ch for ch in set(text) if unicodedata.category(ch)[0] in "LNP"))
    assert len(letters) > 500 and boxes_in(letters, font(18)) == []


def test_the_pictures_draw_their_words_in_the_readers_language():
    game = bowls.new_puzzle(1)
    lesson = fm.tutorial()[0]
    for draw in (lambda: render_board(game), lambda: render_brief(lesson, dict(fm.starting_formation(lesson)))):
        english, japanese = read_in("en", draw), read_in("ja", draw)
        assert english != japanese
        assert Image.open(io.BytesIO(japanese)).size == Image.open(io.BytesIO(english)).size


def test_every_shipped_puzzle_and_creature_has_its_japanese_and_each_brief_names_the_same_creatures():
    """words.ja.json keeps up with the content it translates: a puzzle added or a brief rewritten by the
    design tool without its Japanese fails here."""
    assert set(JAPANESE["creatures"]) == set(fm.NAMES)
    assert all({"name", "animal", "ability", "text"} <= set(c) for c in JAPANESE["creatures"].values())
    assert set(JAPANESE["guilds"]) == set(fm.GUILDS)
    for p in fm.shipped_puzzles():
        told = JAPANESE["puzzles"].get(p.id)
        assert told and told["title"] and told["brief"], p.id
        assert (told["lesson"] is None) == (p.lesson is None), p.id
        named = [n for n in fm.NAMES if n in p.brief]
        assert [n for n in named if jp(n) not in told["brief"]] == [], p.id


def test_endless_and_daily_bowls_and_a_daily_formation_flight_read_in_japanese():
    """What the whole-game scan does not reach: refills, events and overflows of endless, the daily's
    words, and formation's daily flight (generated, so worded from what the engine says)."""
    from bot.games.bowls import text as bowls_words
    from bot.games.bowls.kind import text_board
    from bot.games.formation.kind import board_text, brief_view, new_session
    from bot.words import reading

    found: list[str] = []
    with reading("ja"):
        for game in (bowls.new_endless(7), bowls.new_daily(date(2026, 12, 2))):
            for _ in range(60):
                legal = bowls.legal_bowls(game)
                if not legal:
                    break
                found += english_in(bowls_words.describe(bowls.forecast(game, legal[-1])), ())
                game, report = bowls.sow(game, legal[-1])
                found += english_in(bowls_words.describe(report) + text_board(game) + bowls_words.render_text(game),
                                    ())
        flight = fm.daily_flight(date(2026, 12, 2))
        for i, p in enumerate(flight):
            session = new_session("daily", list(flight), i, day=date(2026, 12, 2))
            session = session.model_copy(update={"hints": fm.hint_count(p)})
            found += english_in(board_text(session) + brief_view(session), ())
    assert found == []


def test_each_deck_refusal_is_worded_from_its_code_and_facts_in_both_languages():
    """The engine's deck refusals carry their facts (and keep them through a worker's pickle); the bot words
    each one, never falling back to the generic line, and the Japanese has no English left."""
    import pickle

    from bot.games.summon.decks import deck_reason
    from bot.words import reading
    from engine.errors import RuleError
    from engine.summon import validate_deck
    from engine.summon.progress import add_piece, find_piece, remove_piece

    def refusal(fn, *args) -> RuleError:
        try:
            fn(*args)
        except RuleError as exc:
            return pickle.loads(pickle.dumps(exc))
        raise AssertionError(f"{fn.__name__} accepted {args}")

    refusals = [refusal(validate_deck, ["r02"]), refusal(validate_deck, ["r02"] * 61),
                refusal(validate_deck, ["r02"] * 29 + ["zz9"]), refusal(find_piece, "Dragon of Nowhere"),
                refusal(add_piece, ["n01"] * 60, "n01"), refusal(remove_piece, ["n01"] * 30, "Colossus")]
    with reading("en"):
        generic = deck_reason(RuleError("?"))
        english = [deck_reason(exc) for exc in refusals]
    with reading("ja"):
        japanese = [deck_reason(exc) for exc in refusals]
    assert generic not in english and len(set(english)) == len(refusals)
    assert "this one has 1 (add at least 29)" in english[0] and "remove at least 1" in english[1]
    assert "zz9" in english[2] and "Colossus" in english[5]
    assert [english_in(j, ("Dragon of Nowhere", "zz9")) for j in japanese] == [[]] * len(refusals)
