"""Per-turn consequences through the strays' next phase, on hand-built and saved positions: each field
said by the engine, the same data the preview and the companion's prompt read."""
import json
from pathlib import Path

from db.saved_forms import fight_in_todays_form
from engine.tactics import EndStep, FightState, MoveStep, SkillStep, consequences, plan_turns, play_turn
from engine.tactics.model.content import kit
from engine.tactics.model.state import Telegraph
from engine.tactics.rules.fight import Fight
from engine.tactics.rules.scenario import scenario
from engine.tactics.rules.strays import lock

FIXTURES = Path(__file__).parent / "fixtures"


def c09_round_4() -> FightState:
    """c09 (hold to the end of round 6), seed 0, Tidecaller and Mossle, as the planner before the look
    ahead left it at round 4: the hero has 9 HP and three telegraphs follow it (Haymaker, Gloom Bite,
    Spit); the Gloomcap on F5 has 3 HP, with rock beyond it on G5."""
    saved = json.loads((FIXTURES / "c09_round4_before_lookahead.json").read_text())
    fight_in_todays_form(saved)   # saved with its log's lines, as the store's migration finds it
    return FightState.model_validate(saved)


SHOVE_INTO_ROCK = [SkillStep(skill="Shove", at="F5", toward="E"), EndStep()]
ROOT_THE_TUSSLE = [SkillStep(skill="Rootgrasp", at="F3"), EndStep()]


def test_passing_in_c09_round_4_is_lethal_for_the_hero_and_says_which_telegraph_downs_it():
    s = c09_round_4()
    c = consequences(s, "hero", [EndStep()], ally=False)
    assert [a.fighter for a in c.fighters][:2] == ["hero", "companion"]   # the hero's first
    assert c.lethal and c.downed == ("hero",) and c.after("hero").hp_after == 0 and c.after("hero").hp_now == 9
    fates = {t.stray: t for t in c.telegraphs}
    assert (fates["s1"].fate, fates["s1"].damage) == ("fires", 9)          # the Haymaker lands first
    assert fates["s2"].reason == fates["s3"].reason == "target_down"       # the rest find the hero down
    assert c.hp_lost == 9 and c.defused == ()
    # Mossle still stands, so the duo holds round 4 of the 6 it must.
    assert (c.goal, c.rounds_held, c.hold_round) == ("hold", 4, 6)


def test_rooting_the_tussle_defuses_its_haymaker_and_downing_the_gloomcap_defuses_its_bite():
    s = c09_round_4()
    rooted = consequences(s, "companion", ROOT_THE_TUSSLE, ally=False)
    fates = {t.stray: t for t in rooted.telegraphs}
    assert (fates["s1"].fate, fates["s1"].reason, fates["s1"].defused) == ("fizzles", "rooted", True)
    assert fates["s2"].fate == "fires" and rooted.lethal     # the Gloom Bite still downs the hero
    shove = consequences(s, "hero", SHOVE_INTO_ROCK, ally=False)
    assert shove.kills == ("s2",) and shove.damage_dealt == 3 and shove.attacks   # a splat kill is an attack
    s2 = next(t for t in shove.telegraphs if t.stray == "s2")
    assert (s2.fate, s2.reason, s2.defused) == ("fizzles", "attacker_down", True)
    assert (shove.pack_hp, shove.pack_start, shove.break_hp) == (41, 90, 27) and not shove.routs
    assert dict(shove.spirit_gained)["hero"] > 0


def test_a_push_out_of_reach_defuses_and_the_ally_turn_is_part_of_the_look_ahead():
    s = c09_round_4()
    # Mossle downs the Gloomcap; the hero's planned turns all aimed at it, so the hero is planned again on
    # the board Mossle leaves: Tide Lash pushes the Tussle and the hero steps away to E8, out of its reach.
    c = consequences(s, "companion", [SkillStep(skill="Rootgrasp", at="F5"), EndStep()])
    assert any(isinstance(x, SkillStep) and x.skill == "Tide Lash" for x in c.ally_turn)
    assert not c.lethal and c.after("hero").hp_after > 0
    assert [(t.stray, t.reason) for t in c.defused] == [("s1", "pushed_away")]
    # Offered as the companion's first ready-made turn, with the same facts.
    best = plan_turns(s, "companion")[0]
    assert best.steps[0] == SkillStep(skill="Rootgrasp", at="F5") and best.consequences == c
    assert "lethal" not in best.summary and not best.preview.lethal


def test_a_hero_with_4_hp_facing_a_bigger_hit_reads_lethal_not_hp_at_risk():
    s = scenario([], [("hero", "Tidecaller", "E5"), ("companion", "Mossle", "A9"), ("s1", "Gloomcap", "G5")])
    lock(Fight(s), s.get("s1"), kit("Gloomcap")["Spore Cone"], {"heading": (-1, 0)})
    s.get("hero").hp = 4
    s.get("companion").done = True
    stay = next(t for t in plan_turns(s, "hero") if t.preview.end_at == "E5")
    assert stay.preview.lethal and stay.summary.endswith("(lethal: you would be downed)")
    assert "HP at risk" not in stay.summary


def test_the_pack_breaking_is_a_rout_one_phase_ahead():
    s = scenario([], [("hero", "Tidecaller", "A5"), ("companion", "Mossle", "A9"), ("s1", "Driplet", "D5"),
                      ("s2", "Thornhorn", "M1")])
    s.get("s1").hp, s.get("s2").hp = 2, 10   # 12 of 50: one kill leaves 10, under the break line of 15
    c = consequences(s, "hero", [SkillStep(skill="Chain Spark", at="D5"), EndStep()], ally=False)
    assert (c.pack_hp, c.pack_start, c.break_hp) == (10, 50, 15)
    assert c.routs and c.result is not None and c.result.reason == "rout" and c.kills == ("s1",)
    assert c.after("s2").ran and not c.lethal


def test_break_out_reports_the_distance_to_the_exits_and_offers_a_turn_toward_them():
    rows = ["", "", "", "", "", "", "", "", "...........EE"]
    s = scenario(rows, [("hero", "Sellsword", "A9"), ("companion", "Mossle", "A1"), ("s1", "Driplet", "H2")],
                 goal="break_out", exit_round=2)
    c = consequences(s, "hero", [MoveStep(to="E9"), EndStep()], ally=False)
    assert c.exits_open and dict(c.exit_distance) == {"hero": 7, "companion": 11}
    turns = plan_turns(s, "hero")
    toward = [t for t in turns if t.preview.score_parts.get("toward_exit")]
    assert toward and toward[0].preview.end_at[0] == "E"   # 4 tiles of movement, all of them east
    assert dict(toward[0].consequences.exit_distance)["hero"] == 7   # from 11 at the start


def test_consequences_never_change_the_fight_or_draw_luck():
    s = c09_round_4()
    before = s.model_dump_json()
    consequences(s, "hero", SHOVE_INTO_ROCK)
    plan_turns(s, "hero")
    assert s.model_dump_json() == before
    # What the real turn then does is what the look ahead said it would do to the Gloomcap.
    real = play_turn(s, "hero", SHOVE_INTO_ROCK)
    assert real.state.get("s2").down


def test_an_area_telegraph_stepped_out_of_is_defused_by_moving():
    s = scenario([], [("hero", "Tidecaller", "F5"), ("companion", "Mossle", "A9"), ("s1", "Skreel", "I5")])
    s.telegraphs = []
    lock(Fight(s), s.get("s1"), kit("Skreel")["Screech"], {"heading": (-1, 0)})
    c = consequences(s, "hero", [MoveStep(to="F7"), EndStep()], ally=False)
    assert [(t.stray, t.fate, t.reason, t.defused) for t in c.telegraphs] == [
        ("s1", "fizzles", "moved_out_of_area", True)]
    assert c.hp_lost == 0 and not c.attacks and c.kills == () and c.damage_dealt == 0
    assert isinstance(s.telegraphs[0], Telegraph)
