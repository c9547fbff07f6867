"""A typed turn (`/tactics turn steps:`) in Japanese: the skills', fighters' and reactions' Japanese names
and the Japanese words for move, hold and end are read as the engine's; an unknown name is refused in
Japanese, saying which step and why, and nothing is played; English steps still read on the same server."""
from __future__ import annotations

import json
from pathlib import Path

import simcord
from support.languages import speak
from support.reading import english_in
from support.world import add_host, world

import engine.tactics as tx
from bot.core.kinds import GameError
from bot.games.tactics.typed import engine_text
from bot.words import reading
from db.games import get_game
from tools.drive.replies import private_text
from tools.drive.tactics_play import session

ROOT = Path(__file__).resolve().parents[4]
JAPANESE = json.loads((ROOT / "engine" / "tactics" / "words" / "words.ja.json").read_text(encoding="utf-8"))
COMPASS_JA = {"N": "北", "NE": "北東", "E": "東", "SE": "南東", "S": "南", "SW": "南西", "W": "西", "NW": "北西"}


def in_japanese(fight: tx.FightState, steps) -> str:
    """A planned turn as a Japanese player types it: the Japanese names, the tile or the fighter's name."""
    said = []
    for step in steps:
        if isinstance(step, tx.MoveStep):
            said.append(f"{step.to}へ移動")
        elif isinstance(step, tx.SkillStep):
            toward = f"（{COMPASS_JA[step.toward]}へ押す）" if step.toward else ""
            said.append(f"{JAPANESE['skills'][step.skill]}→{step.at}{toward}")
        elif isinstance(step, tx.HoldStep):
            said.append(f"{JAPANESE['reactions'][step.reaction]}を構える")
        else:
            said.append("終了")
    return "、".join(said)


async def start(env, monkeypatch, language: str = "ja"):
    guild, channel, yuki = world(env, "ゆうき")
    host = add_host(env, guild, "ホスト")
    speak(monkeypatch, env, members={yuki.id: language, host.id: language}, servers={guild.id: language})
    await host.slash(channel, "settings language", language=language)
    await yuki.slash(channel, "tactics campaign", pilot="auto", companion="Cindle")
    return yuki, channel.threads[-1]


async def test_a_turn_typed_with_japanese_names_plays_as_its_english_would(make_real_bot, monkeypatch):
    bot = make_real_bot()
    async with simcord.run(bot) as env:
        yuki, thread = await start(env, monkeypatch)
        fight = session(bot).fight
        planned = tx.plan_turns(fight, "hero")[0]
        typed = in_japanese(fight, planned.steps)
        assert english_in(typed, ()) == [], f"no English word typed: {typed}"
        said = await yuki.slash(thread, "tactics turn", steps=typed)
        after = session(bot).fight
        assert after.get("hero").done or after.round > fight.round, private_text(said)
        assert after.get("hero").pos == planned.preview.end_at, "the same steps as the planner's turn"
        line = next(m.content for m in reversed(thread.history()) if "潮呼び" in m.content)
        assert english_in(line, ("ゆうき", "ホスト")) == [], line


async def test_an_unknown_name_is_refused_in_japanese_and_nothing_is_played(make_real_bot, monkeypatch):
    bot = make_real_bot()
    async with simcord.run(bot) as env:
        yuki, thread = await start(env, monkeypatch)
        before = get_game(bot.db, 1).state
        for steps, named in (("C5へ移動、ドラゴン→F5、終了", "「ドラゴン」"),
                             ("火の粉弾 F5", "火の粉弾は潮呼びの技ではありません")):
            said = private_text(await yuki.slash(thread, "tactics turn", steps=steps))
            assert said.startswith("ターン：手順"), said
            assert named in said and english_in(said, ()) == [], said
        assert get_game(bot.db, 1).state == before, "nothing was played"
        tile = next(s.to for t in tx.plan_turns(session(bot).fight, "hero") for s in t.steps
                    if isinstance(s, tx.MoveStep))
        played = await yuki.slash(thread, "tactics turn", steps=f"move {tile}; end")  # the engine's words still read
        assert session(bot).fight.get("hero").done or session(bot).fight.round > 1, private_text(played)


async def test_an_english_server_reads_english_steps_and_refuses_in_english(make_real_bot, monkeypatch):
    bot = make_real_bot()
    async with simcord.run(bot) as env:
        yuki, thread = await start(env, monkeypatch, "en")
        refused = private_text(await yuki.slash(thread, "tactics turn", steps="fly away"))
        assert refused.startswith("Turn: ") and "no skill of yours starts this step" in refused, refused
        tile = next(s.to for t in tx.plan_turns(session(bot).fight, "hero") for s in t.steps
                    if isinstance(s, tx.MoveStep))
        await yuki.slash(thread, "tactics turn", steps=f"move {tile}; end")
        assert session(bot).fight.get("hero").done or session(bot).fight.round > 1


def test_full_width_letters_japanese_separators_and_fighter_names_read_as_the_engines():
    fight = tx.new_fight("c01", 1, "Tidecaller", "Cindle")
    skreel = next(f for f in fight.fighters if f.name == "Skreel")
    with reading("ja"):
        assert engine_text(fight, "hero", "Ｃ５へ移動；潮の鞭→Ｆ５（北東へ押す）；終了") == \
            "move C5; Tide Lash F5 toward NE; end"
        assert engine_text(fight, "hero", "スクリールに押し出し、機会攻撃を構える") == \
            f"Shove {skreel.id}; hold opportunity attack"
        assert engine_text(fight, "hero", "move C5; Tide Lash F5; end") == "move C5; Tide Lash F5; end"
        driplets = [f.pos for f in fight.fighters if f.name == "Driplet"]
        try:
            engine_text(fight, "hero", "潮の鞭 ドリプレット")
        except GameError as e:
            assert all(tile in str(e) for tile in driplets) and english_in(str(e), ()) == [], str(e)
        else:
            raise AssertionError("two Driplets stand: the name alone does not say which")
