"""Hitting: skill damage, the modifier table, luck, shields, Flowing Guard, area skills (seed: Hitting)."""
import pytest

from engine.tactics import HoldStep, IllegalStepError, SkillStep, apply_turn, preview_skill
from engine.tactics.model.state import StatusState, Telegraph
from engine.tactics.rules.fight import Fight
from engine.tactics.rules.figures import enrage_bonus, luck_offset
from engine.tactics.rules.scenario import scenario
from engine.tactics.rules.strays import fire_telegraph


def test_plain_hit_is_the_skill_damage():
    # Pinning Shot does 5; under 10 nothing varies: Driplet 14 -> 9.
    s = scenario([], [("hero", "Ranger", "A5"), ("s1", "Driplet", "D5")])
    assert apply_turn(s, "hero", [SkillStep(skill="Pinning Shot", at="D5")]).get("s1").hp == 9


def test_high_ground_adds_two_to_ranged_hits_and_one_tile_to_shots():
    # Ranger on level 1 at A5, Driplet at E5 on level 0: Pinning Shot 5 + 2 = 7 -> 14 - 7 = 7.
    s = scenario([], [("hero", "Ranger", "A5"), ("s1", "Driplet", "E5")], levels=["", "", "", "", "1"])
    assert preview_skill(s, "hero", "Pinning Shot", "E5").targets[0].modifiers == ["high ground +2"]
    assert apply_turn(s, "hero", [SkillStep(skill="Pinning Shot", at="E5")]).get("s1").hp == 7
    # F5 is 5 away: beyond Pinning Shot's 4, reachable only from the higher ground.
    s2 = scenario([], [("hero", "Ranger", "A5"), ("s1", "Driplet", "F5")], levels=["", "", "", "", "1"])
    assert apply_turn(s2, "hero", [SkillStep(skill="Pinning Shot", at="F5")]).get("s1").hp == 7
    s3 = scenario([], [("hero", "Ranger", "A5"), ("s1", "Driplet", "F5")])
    with pytest.raises(IllegalStepError):
        apply_turn(s3, "hero", [SkillStep(skill="Pinning Shot", at="F5")])


def test_flank_adds_two_to_melee():
    # Penitent A5 kicks Driplet at B5; the companion on C5 is on its far side: 6 + 2 = 8 -> 6 left.
    s = scenario([], [("hero", "Penitent", "A5"), ("companion", "Mossle", "C5"), ("s1", "Driplet", "B5")])
    after = apply_turn(s, "hero", [SkillStep(skill="Sweeping Kick", at="B5")])
    assert after.get("s1").hp == 6
    # Without the ally across, just 6.
    s2 = scenario([], [("hero", "Penitent", "A5"), ("companion", "Mossle", "C7"), ("s1", "Driplet", "B5")])
    assert apply_turn(s2, "hero", [SkillStep(skill="Sweeping Kick", at="B5")]).get("s1").hp == 8


def test_prone_adds_two_to_melee():
    s = scenario([], [("hero", "Penitent", "A5"), ("s1", "Driplet", "B5")])
    s.get("s1").statuses = [StatusState(name="prone", by="companion", round=2, expires=4)]
    assert apply_turn(s, "hero", [SkillStep(skill="Sweeping Kick", at="B5")]).get("s1").hp == 14 - 8


def test_lightning_on_soaked_adds_two():
    # Chain Spark 8 + 2 = 10; at 10 luck can move it by 10 * 0.1 = 1 either way.
    s = scenario([], [("hero", "Tidecaller", "A5"), ("s1", "Gloomcap", "C5")])
    s.get("s1").statuses = [StatusState(name="soaked", by="companion", round=2, expires=4)]
    pv = preview_skill(s, "hero", "Chain Spark", "C5")
    assert pv.targets[0].damage == 10 and "lightning on soaked +2" in pv.targets[0].modifiers
    assert 22 - apply_turn(s, "hero", [SkillStep(skill="Chain Spark", at="C5")]).get("s1").hp in (9, 10, 11)


def test_cover_takes_three_off_a_shot():
    # Rock at D5 sits beside the Driplet at E5 on the Ranger's side: Pinning Shot 5 - 3 = 2.
    s = scenario(["", "", "", "", "...#"], [("hero", "Ranger", "A5"), ("s1", "Driplet", "E5")])
    assert apply_turn(s, "hero", [SkillStep(skill="Pinning Shot", at="E5")]).get("s1").hp == 12
    # Rock on the far side (F5) gives no cover.
    s2 = scenario(["", "", "", "", ".....#"], [("hero", "Ranger", "A5"), ("s1", "Driplet", "E5")])
    assert apply_turn(s2, "hero", [SkillStep(skill="Pinning Shot", at="E5")]).get("s1").hp == 9


def test_enrage_table():
    assert [enrage_bonus(r) for r in range(1, 11)] == [0, 0, 0, 0, 2, 4, 6, 8, 10, 10]


def test_enraged_stray_hits_harder():
    # Round 6: Driplet's Spit 5 + 4 = 9 (no luck under 10): Tidecaller 30 -> 21.
    s = scenario([], [("hero", "Tidecaller", "A5"), ("s1", "Driplet", "C5")], phase="strays", round_=6)
    fight = Fight(s)
    fire_telegraph(fight, Telegraph(stray="s1", skill="Spit", shape="single", target="hero", tiles=["A5"]))
    assert s.get("hero").hp == 21


def test_luck_is_at_most_ten_percent_truncated_toward_zero():
    assert luck_offset(19, -100) == -1 and luck_offset(19, 100) == 1 and luck_offset(24, 50) == 1
    assert luck_offset(9, 100) == 0 and luck_offset(10, -99) == 0
    fight = Fight(scenario([], [("hero", "Tidecaller", "A5"), ("s1", "Driplet", "M5")]))
    before = fight.rng.state
    assert fight.luck(9) == 9 and fight.rng.state == before  # under 10: no draw at all
    seen = {fight.luck(20) for _ in range(300)}
    assert seen <= {18, 19, 20, 21, 22} and len(seen) >= 4


def test_shield_takes_at_most_half_a_hit():
    # Shield 10, Pinning Shot 5: absorbs 5 // 2 = 2, HP takes 3, 8 shield left.
    s = scenario([], [("hero", "Ranger", "A5"), ("s1", "Driplet", "D5")])
    s.get("s1").shield = 10
    after = apply_turn(s, "hero", [SkillStep(skill="Pinning Shot", at="D5")])
    assert after.get("s1").hp == 11 and after.get("s1").shield == 8


def test_flowing_guard_takes_three_and_strikes_back_six():
    # Gloom Bite 8 melee on a Penitent holding Flowing Guard: 8 - 3 = 5 taken, Gloomcap takes 6.
    s = scenario([], [("hero", "Penitent", "A5"), ("s1", "Gloomcap", "B5")], phase="strays", round_=3)
    s.get("hero").held = "flowing_guard"
    fight = Fight(s)
    fire_telegraph(fight, Telegraph(stray="s1", skill="Gloom Bite", shape="single", target="hero", tiles=["A5"]))
    assert s.get("hero").hp == 34 - 5 and s.get("s1").hp == 22 - 6
    # Once a round: a second melee hit the same round is not guarded.
    fire_telegraph(fight, Telegraph(stray="s1", skill="Gloom Bite", shape="single", target="hero", tiles=["A5"]))
    assert s.get("hero").hp == 29 - 8


def test_flowing_guard_ignores_ranged_hits():
    s = scenario([], [("hero", "Penitent", "A5"), ("s1", "Driplet", "C5")], phase="strays", round_=3)
    s.get("hero").held = "flowing_guard"
    fire_telegraph(Fight(s), Telegraph(stray="s1", skill="Spit", shape="single", target="hero", tiles=["A5"]))
    assert s.get("hero").hp == 34 - 5 and s.get("s1").hp == 14


def test_area_skills_spare_allies():
    # Flame Fan (cone 2) from A5 toward E covers B4-B6 and C3-C7: the ally on B5 is spared, the foe on C5 burns.
    s = scenario([], [("companion", "Cindle", "A5"), ("hero", "Sellsword", "B5"), ("s1", "Gloomcap", "C5")])
    after = apply_turn(s, "companion", [SkillStep(skill="Flame Fan", at="B5")])
    assert after.get("hero").hp == 40 and after.get("s1").hp == 22 - 6


def test_single_target_skills_hit_what_you_aim_at():
    # Tide Lash aimed at the ally hits the ally (7) and soaks it.
    s = scenario([], [("hero", "Tidecaller", "A5"), ("companion", "Pebbling", "B5"), ("s1", "Driplet", "M5")])
    after = apply_turn(s, "hero", [SkillStep(skill="Tide Lash", at="B5")])
    assert after.get("companion").hp == 36 - 7 and after.get("companion").has("soaked")


def test_preview_shows_damage_push_statuses_and_surfaces():
    s = scenario(["", "", "", "", "...~"], [("hero", "Tidecaller", "A5"), ("companion", "Mossle", "A7"),
                                             ("s1", "Driplet", "C5")])
    pv = preview_skill(s, "hero", "Tide Lash", "C5")
    t = pv.targets[0]
    assert (t.damage, t.push_to, t.statuses) == (7, "D5", ["soaked", "prone"])
    pv2 = preview_skill(s, "companion", "Rootgrasp", "C5")
    assert pv2.surfaces == ["C5"] and pv2.targets[0].statuses == ["rooted"]
    with pytest.raises(IllegalStepError):
        preview_skill(s, "companion", "Rootgrasp", "M9")


def test_held_reaction_is_stored():
    s = scenario([], [("hero", "Tidecaller", "A5"), ("s1", "Driplet", "M5")])
    assert apply_turn(s, "hero", [HoldStep(reaction="opportunity_attack")]).get("hero").held == "opportunity_attack"
