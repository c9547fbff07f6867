"""Shoves and splats, statuses and surfaces (seed: Shoves and splats)."""
import pytest

from engine.tactics import IllegalStepError, SkillStep, apply_turn
from engine.tactics.rules.fight import Fight
from engine.tactics.rules.scenario import scenario


def shove(rows, toward="E", target="B5", name="Driplet", hero="Tidecaller", extra=()):
    s = scenario(rows, [("hero", hero, "A5"), ("s1", name, target), *extra])
    return apply_turn(s, "hero", [SkillStep(skill="Shove", at=target, toward=toward)])


def test_shove_pushes_one_tile_any_direction():
    assert shove([], "E").get("s1").pos == "C5"
    assert shove([], "S").get("s1").pos == "B6"
    assert shove([], "NE").get("s1").pos == "C4"
    assert shove([], "E").get("s1").hp == 14  # Shove itself does no damage


def test_shove_only_reaches_a_foe_next_to_you():
    s = scenario([], [("hero", "Tidecaller", "A5"), ("s1", "Driplet", "C5")])
    with pytest.raises(IllegalStepError):
        apply_turn(s, "hero", [SkillStep(skill="Shove", at="C5", toward="E")])


def test_pushed_into_shallows_is_soaked_and_prone():
    after = shove(["", "", "", "", "..~"])
    d = after.get("s1")
    assert d.pos == "C5" and d.has("soaked") and d.has("prone") and d.hp == 14


def test_water_stops_the_push_at_the_edge_soaked_and_prone():
    d = shove(["", "", "", "", "..w"]).get("s1")
    assert d.pos == "B5" and d.has("soaked") and d.has("prone") and d.hp == 14


def test_deep_water_sweeps_for_five():
    d = shove(["", "", "", "", "..W"]).get("s1")
    assert d.pos == "B5" and d.has("soaked") and d.has("prone") and d.hp == 14 - 5


@pytest.mark.parametrize("row", ["..#", "..o"])
def test_splat_on_rock_or_barrel_is_three(row):
    d = shove(["", "", "", "", row]).get("s1")
    assert d.pos == "B5" and d.hp == 11 and not d.has("prone")


def test_splat_on_the_edge_of_the_board():
    s = scenario([], [("hero", "Tidecaller", "A5"), ("s1", "Driplet", "A4")])
    after = apply_turn(s, "hero", [SkillStep(skill="Shove", at="A4", toward="W")])
    assert after.get("s1").pos == "A4" and after.get("s1").hp == 11


def test_splat_on_another_fighter():
    after = shove([], "E", extra=[("s2", "Gloomcap", "C5")])
    assert after.get("s1").pos == "B5" and after.get("s1").hp == 11 and after.get("s2").hp == 22


def test_shield_bash_pushes_two_in_a_chosen_direction():
    # Shield Bash 3 damage, then 2 tiles south: B5 -> B7.
    s = scenario([], [("hero", "Sellsword", "A5"), ("s1", "Driplet", "B5")])
    d = apply_turn(s, "hero", [SkillStep(skill="Shield Bash", at="B5", toward="S")]).get("s1")
    assert (d.pos, d.hp) == ("B7", 11)


def test_sod_kick_pushes_two_and_stops_at_a_splat():
    # Sod Kick 2 damage; east: C5 then rock at D5 -> splat 3. 14 - 2 - 3 = 9, lands on C5.
    s = scenario(["", "", "", "", "...#"], [("companion", "Pebbling", "A5"), ("s1", "Driplet", "B5")])
    d = apply_turn(s, "companion", [SkillStep(skill="Sod Kick", at="B5", toward="E")]).get("s1")
    assert (d.pos, d.hp) == ("C5", 9)


def test_other_pushes_go_straight_away():
    # Tide Lash from A5 at C6: direction (+1, +1) -> D7. It cannot choose a direction.
    s = scenario([], [("hero", "Tidecaller", "A5"), ("s1", "Driplet", "C6")])
    assert apply_turn(s, "hero", [SkillStep(skill="Tide Lash", at="C6")]).get("s1").pos == "D7"
    with pytest.raises(IllegalStepError):
        apply_turn(s, "hero", [SkillStep(skill="Tide Lash", at="C6", toward="N")])


def test_negative_push_pulls_toward_you():
    # Vine Lash pulls 2: D5 -> B5; from C5 it stops beside Mossle at B5.
    s = scenario([], [("companion", "Mossle", "A5"), ("s1", "Driplet", "D5")])
    assert apply_turn(s, "companion", [SkillStep(skill="Vine Lash", at="D5")]).get("s1").pos == "B5"
    s2 = scenario([], [("companion", "Mossle", "A5"), ("s1", "Driplet", "C5")])
    d = apply_turn(s2, "companion", [SkillStep(skill="Vine Lash", at="C5")]).get("s1")
    assert d.pos == "B5" and d.hp == 12


def test_pushes_never_provoke():
    # The Driplet is pushed out of the companion's reach: the companion's held attack does not fire.
    s = scenario([], [("hero", "Tidecaller", "A5"), ("companion", "Mossle", "B6"), ("s1", "Driplet", "B5")])
    s.get("companion").held = "opportunity_attack"
    after = apply_turn(s, "hero", [SkillStep(skill="Shove", at="B5", toward="N")])
    assert after.get("s1").hp == 14 and after.get("s1").pos == "B4"


def test_rooted_cannot_move_and_moss_is_left():
    s = scenario([], [("companion", "Mossle", "A5"), ("hero", "Tidecaller", "A1"), ("s1", "Driplet", "C5")])
    after = apply_turn(s, "companion", [SkillStep(skill="Rootgrasp", at="C5")])
    assert after.get("s1").has("rooted") and [m.tile for m in after.surfaces] == ["C5"]


def test_prone_stands_up_for_two_movement_and_soaked_wears_off():
    # A duo member knocked prone and soaked in the strays' phase: at the start of its own phase it
    # stands (2 of its 5 tiles), stays soaked through that phase, and is dry after it.
    s = scenario([], [("hero", "Tidecaller", "A5"), ("s1", "Driplet", "M5")], phase="strays", round_=3)
    fight = Fight(s)
    st = s.get("s1")
    fight.add_status(st, s.get("hero"), "soaked")
    fight.add_status(st, s.get("hero"), "prone")
    fight.end_phase()
    fight.start_duo_phase()
    hero = s.get("hero")
    assert hero.moved == 2 and not hero.has("prone") and hero.has("soaked")
    fight.end_phase()
    assert not hero.has("soaked")


def test_strays_shove_too():
    # Seed: everyone has Shove. A Driplet beside the hero with deep water behind it shoves it in:
    # swept for 5, soaked and prone. With nothing to push the hero into, it shields itself instead.
    from engine.tactics.rules.strays import stray_bonus
    s = scenario(["", "", "", "", "...W"], [("hero", "Tidecaller", "C5"), ("s1", "Driplet", "B5")],
                 phase="strays", round_=3)
    stray_bonus(Fight(s), s.get("s1"))
    hero = s.get("hero")
    assert hero.hp == 25 and hero.has("soaked") and hero.has("prone") and s.get("s1").shield == 0
    s2 = scenario([], [("hero", "Tidecaller", "C5"), ("s1", "Driplet", "B5")], phase="strays", round_=3)
    stray_bonus(Fight(s2), s2.get("s1"))
    assert s2.get("hero").hp == 30 and s2.get("s1").shield == 3
