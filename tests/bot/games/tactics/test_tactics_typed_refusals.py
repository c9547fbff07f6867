"""A typed turn (`/tactics turn steps:`) the engine cannot read: each kind of refusal (a step no skill
starts, a move of two tiles, a tile off the board, a hold of nothing known, a skill aimed nowhere, a
direction that is none, an empty turn) reads in Japanese with the reason first, quoting the step as the
member wrote it, and nothing is played; an English member reads exactly the engine's English."""
from __future__ import annotations

from contextlib import asynccontextmanager

import pytest
import simcord
from support.languages import japanese_server
from support.reading import english_in
from support.world import open_game, world

import engine.tactics as tx
from bot import words
from bot.discord.messages import refusal_text
from bot.games.tactics.quoting import echo
from bot.games.tactics.refusals import reason
from bot.games.tactics.typed import engine_text, written_step
from bot.words import reading
from db.games import get_game
from tools.drive.replies import private_text
from tools.drive.tactics_play import session

CASES = [  # (what the member types, the refusal's code, the step quoted, the Japanese reason)
    ("fly away", "no_such_skill", "fly away", "この手順はあなたの技で始まっていません（あなたの技：潮の鞭、"),
    ("C5へ移動、move C5 D5", "move_one_tile", "move C5 D5", "移動ではマスをひとつ書きます。例：「C5へ移動」"),
    ("C5へ移動；ｍｏｖｅ　Ｑ５", "off_board", "ｍｏｖｅ　Ｑ５", "「Q5」はマスではありません（列A〜M、行1〜9）"),
    ("hold breath", "unknown_reaction", "hold breath", "構えられるのは機会攻撃か流水の構えです"),
    ("Tide Lash", "no_aim", "Tide Lash", "潮の鞭を向けるマスか戦う者を書いてください。例：「潮の鞭→F5」"),
    ("Tide Lash F5 sideways", "not_direction", "Tide Lash F5 sideways", "「sideways」は方向ではありません"),
    (" ; ", "empty_turn", None, "ターンが空です。「C5へ移動、潮の鞭→F5、終了」のように手順を書いてください"),
]


def fight() -> tx.FightState:
    return tx.new_fight("c01", 1, "Tidecaller", "Cindle")


def refused(state: tx.FightState, typed: str) -> tuple[tx.TacticsError, str]:
    """The engine's refusal of the typed turn, and the turn in the engine's words."""
    with reading("ja"):
        engine = engine_text(state, "hero", typed)
    with pytest.raises(tx.TacticsError) as e:
        tx.parse_turn_text(state, "hero", engine)
    return e.value, engine


def typed_words(typed: str) -> tuple[str, ...]:
    """What the member wrote, which a refusal may quote (the whole text, each step, each word)."""
    return (typed, *typed.replace("；", "、").split("、"), *typed.split())


@pytest.mark.parametrize("typed, code, step, japanese", CASES)
def test_each_typed_refusal_reads_as_the_engine_says_it_in_english_and_all_japanese_in_japanese(typed, code, step,
                                                                                               japanese):
    exc, engine = refused(fight(), typed)
    assert exc.code == code, exc
    part = written_step(typed, engine, exc.step)
    assert part == step
    with reading("en"):
        if typed.isascii():
            assert reason(exc, part) == reason(exc) == exc.reason
    words.untranslated.clear()
    with reading("ja"):
        said = reason(exc, part)
    assert not words.untranslated, words.untranslated
    assert japanese in said and english_in(said, typed_words(typed)) == [], said
    if step is not None:
        assert said.startswith(f"「{step}」は読めません："), said


def test_the_step_is_quoted_as_written_only_where_the_steps_line_up():
    assert written_step("Ｃ５へ移動；ｍｏｖｅ　Ｑ５", "move C5; move Q5", 1) == "ｍｏｖｅ　Ｑ５"
    assert written_step("C5へ移動、。move Q5", "move C5; move Q5", 1) == "move Q5", "an empty step is no step"
    assert written_step("C5へ移動 move Q5", "move C5; move Q5", 1) is None, "not one step for each"
    assert written_step("move Q5", "move Q5", None) is None


@asynccontextmanager
async def first_fight(bot, name: str, monkeypatch=None):
    """`name`'s first campaign fight (the auto pilot flying Cindle): (member, thread). With `monkeypatch`,
    on a Japanese server for a Japanese member (it stands in for Discord's locale fields)."""
    async with simcord.run(bot) as env:
        guild, channel, member = world(env, name)
        if monkeypatch is not None:
            await japanese_server(monkeypatch, env, guild, channel, member)
        yield member, await open_game(member, channel, "tactics campaign", pilot="auto", companion="Cindle")


async def test_a_japanese_member_reads_every_typed_refusal_in_japanese_and_nothing_is_played(make_real_bot,
                                                                                             monkeypatch):
    bot = make_real_bot()
    async with first_fight(bot, "ゆうき", monkeypatch) as (yuki, thread):
        before = get_game(bot.db, 1).state
        for typed, _, _, japanese in CASES:
            said = private_text(await yuki.slash(thread, "tactics turn", steps=typed))
            assert said.startswith("ターン：") and said.index(japanese) < said.index("。入力は"), said
            assert english_in(said, ("ゆうき", *typed_words(typed))) == [], said
        assert get_game(bot.db, 1).state == before, "nothing was played"


async def test_an_english_member_reads_the_engines_english_as_before(make_real_bot):
    bot = make_real_bot()
    async with first_fight(bot, "alice") as (alice, thread):
        before = get_game(bot.db, 1).state
        said = private_text(await alice.slash(thread, "tactics turn", steps="move Q5"))
        assert said == "Turn: cannot read 'move Q5': 'Q5' is not a tile (columns A-M, rows 1-9). You wrote 'move Q5'."
        for typed, *_ in CASES:
            if typed.isascii():
                exc, _ = refused(session(bot).fight, typed)
                said = private_text(await alice.slash(thread, "tactics turn", steps=typed))
                assert said == refusal_text(f"Turn: {exc.reason}. You wrote {echo(typed)}."), said
        assert get_game(bot.db, 1).state == before, "nothing was played"


async def test_a_typed_step_naming_no_skill_shows_the_whole_reason_between_its_two_short_quotes(make_real_bot):
    bot = make_real_bot()
    async with first_fight(bot, "alice") as (alice, thread):
        said = private_text(await alice.slash(thread, "tactics turn", steps="fly away"))
        assert said.startswith("Turn: cannot read 'fly away': no skill of yours starts this step (yours: "), said
        assert said.endswith("; or move, hold, end). You wrote 'fly away'.") and "characters)" not in said, said


COMPASS_LETTERS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")  # what a member types in `toward:`
SLASH_CASES = [  # (the slash step, its options, what a Japanese member reads first)
    ("tactics move", {"to": "Z9"}, "「Z9」への移動：盤上のマスではありません"),
    ("tactics preview", {"name": "Tide Lash", "at": "F5!"}, "狙う先はF5のようなマスか"),
    ("tactics preview", {"name": "Tide Lash", "at": "F5:up"}, "押す方向はN・NE・E・SE・S・SW・W・NW のいずれかです"),
    ("tactics tell", {"message": "あ" * 201}, "伝える：相棒への言葉は200文字までです（これは201文字です）"),
    ("tactics turn", {"steps": "C5へ移動、" * 60}, "ターン：ターンは短い手順をいくつか書いたもので、300文字までです"),
]


async def test_a_slash_steps_option_that_does_not_read_is_refused_in_japanese_reason_first(make_real_bot,
                                                                                          monkeypatch):
    bot = make_real_bot()
    async with first_fight(bot, "ゆうき", monkeypatch) as (yuki, thread):
        before = get_game(bot.db, 1).state
        for command, options, japanese in SLASH_CASES:
            said = private_text(await yuki.slash(thread, command, **options))
            assert said.startswith(japanese), said
            typed = [part for o in options.values() if o.isascii() for part in o.split(":")]
            assert english_in(said, ("ゆうき", *typed, *COMPASS_LETTERS, "toward:")) == [], said
        assert get_game(bot.db, 1).state == before, "nothing was played"
