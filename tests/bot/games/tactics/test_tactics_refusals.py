"""Tactics' refusals in the reader's words: each one the rules make (a downed fighter's turn, a skill out of
range or with its action spent, a taken tile, a step after `end` …) reads in Japanese with no English left,
names in Japanese, and in English exactly as the engine says it (its reason is the CLI's and the
companion prompt's too). The Japanese server test plays them through SimCord, reason first."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest
from support.languages import japanese_server
from support.reading import english_in
from support.world import open_game, running

import engine.tactics as tx
from bot import words
from bot.games.tactics import names
from bot.games.tactics.refusals import reason
from bot.words import reading
from db.games import get_game, save_game
from engine.tactics.model.steps import EndStep, HoldStep, MoveStep, SkillStep
from engine.tactics.rules.scenario import scenario
from tools.drive.replies import private_text
from tools.drive.tactics_play import KIND, session

DUO = [("hero", "Tidecaller", "C5"), ("companion", "Mossle", "C6"), ("s1", "Driplet", "D5"), ("s2", "Driplet", "L5")]
TYPED = ("Fireball", "Driplet")  # what the player typed, echoed


def fight(**hero) -> tx.FightState:
    state = scenario(["...#"], DUO)
    state.get("hero").__dict__.update(hero)
    return state


def down() -> tx.FightState:
    return fight(down=True, hp=0)


def strays() -> tx.FightState:
    return scenario([], DUO, phase="strays")


CASES = [  # (the fight, the fighter's steps, the refusal's code)
    (down, [EndStep()], "down"),
    (lambda: fight(done=True), [EndStep()], "already_ended"),
    (strays, [EndStep()], "strays_phase"),
    (fight, [SkillStep(skill="Tide Lash", at="L5")], "out_of_range"),
    (fight, [SkillStep(skill="Tide Lash", at="D5"), SkillStep(skill="Chain Spark", at="D5")], "out_of_budget"),
    (lambda: fight(action_used=True), [SkillStep(skill="Tide Lash", at="D5")], "out_of_budget"),
    (lambda: fight(bonus_used=True), [SkillStep(skill="Brine Ward", at="C6")], "out_of_budget"),
    (fight, [MoveStep(to="C6")], "occupied"),
    (fight, [MoveStep(to="D1")], "blocked"),
    (fight, [MoveStep(to="M9")], "out_of_budget"),
    (fight, [MoveStep(to="C5")], "no_move"),
    (fight, [EndStep(), MoveStep(to="C4")], "after_end"),
    (fight, [SkillStep(skill="Fireball", at="D5")], "no_such_skill"),
    (fight, [SkillStep(skill="Tide Lash", at="B5")], "no_target"),
    (fight, [SkillStep(skill="Shove", at="C6")], "foes_only"),
    (fight, [SkillStep(skill="Brine Ward", at="D5")], "needs_ally"),
    (fight, [SkillStep(skill="Tide Lash", at="D5", toward="N")], "no_choice"),
    (fight, [SkillStep(skill="Maelstrom", at="D5")], "locked"),
    (lambda: fight(level=8), [SkillStep(skill="Maelstrom", at="D5")], "no_spirit"),
    (fight, [SkillStep(skill="Shove", at="D5", toward="W")], "push_into_yourself"),
    (fight, [SkillStep(skill="Tide Lash", at="Driplet")], "ambiguous"),
    (fight, [HoldStep(reaction="flowing_guard")], "no_such_reaction"),
    (lambda: fight(held="opportunity_attack"), [HoldStep(reaction="opportunity_attack")], "out_of_budget"),
]


def refused(make, steps) -> tx.TacticsError:
    with pytest.raises(tx.TacticsError) as e:
        tx.play_turn(make(), "hero", steps)
    return e.value


@pytest.mark.parametrize("make, steps, code", CASES)
def test_each_refusal_reads_as_the_engine_says_it_in_english_and_all_japanese_in_japanese(make, steps, code):
    exc = refused(make, steps)
    assert exc.code == code, exc
    with reading("en"):
        assert reason(exc) == exc.reason
    words.untranslated.clear()
    with reading("ja"):
        said = reason(exc)
        known = (*(names.fighter(f.name) for f in make().fighters), *map(names.skill, tx.kit("Tidecaller")), *TYPED)
    assert not words.untranslated, words.untranslated
    assert said != exc.reason and english_in(said, known) == [], said


async def test_refusals_in_a_japanese_server_say_the_reason_in_japanese(make_real_bot, monkeypatch):
    bot = make_real_bot()
    async with running(bot, "ゆうき") as (env, guild, channel, yuki):
        host, _ = await japanese_server(monkeypatch, env, guild, channel, yuki)
        thread = await open_game(yuki, channel, "tactics campaign", pilot="auto", companion="Mossle")

        def put(state: tx.FightState) -> None:
            game = get_game(bot.db, 1)
            kept = session(bot).model_copy(update={"fight": state.model_copy(update={"seq": session(bot).fight.seq})})
            save_game(bot.db, game, now=datetime.now(UTC), state=KIND.dump(kept))

        with reading("ja"):
            hero, ally, lash = names.fighter("Tidecaller"), names.fighter("Mossle"), names.skill("Tide Lash")
            known = (hero, ally, names.fighter("Driplet"), lash, "ゆうき")
        put(fight())
        said = [private_text(await yuki.slash(thread, "tactics move", to="C6")),
                private_text(await yuki.slash(thread, "tactics skill", name=lash, at="L5")),
                private_text(await yuki.slash(thread, "tactics turn", steps="end; move C4"))]
        put(fight(action_used=True))
        said.append(private_text(await yuki.slash(thread, "tactics skill", name=lash, at="D5")))
        put(down())
        said.append(private_text(await yuki.slash(thread, "tactics end")))
        assert f"C6には{ally}がいます" in said[0]
        assert f"L5は9マス先です。{lash}が届くのは3マスまでです" in said[1]
        assert "「終了」はターンの最後の手順にしてください" in said[2]
        assert "このフェイズのアクションはもう使いました" in said[3]
        assert said[4], "a downed hero's step is refused before the rules (not its turn), in Japanese too"
        for text in said:
            assert english_in(text, known) == [], text
