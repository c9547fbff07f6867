"""Movement, budgets and opportunity attacks (seed: Moving; Your budget each phase)."""
import pytest

import engine.tactics as tactics
from engine.tactics import EndStep, HoldStep, MoveStep, SkillStep, apply_turn, legal_moves
from engine.tactics.rules.scenario import scenario


def test_ground_and_diagonal_cost_one_each():
    # Tidecaller moves 5: A1 -> F6 is 5 diagonal steps, 5 tiles of movement; G6 would be 6.
    s = scenario([], [("hero", "Tidecaller", "A1"), ("s1", "Driplet", "M9")])
    after = apply_turn(s, "hero", [MoveStep(to="F6")])
    assert after.get("hero").pos == "F6" and after.get("hero").moved == 5
    with pytest.raises(tactics.IllegalStepError) as e:
        apply_turn(s, "hero", [MoveStep(to="G6")])
    assert e.value.step == 0 and "out of reach" in e.value.reason


def test_shallows_cost_two_and_climbing_one_more():
    # Row 1: A1 ground, B1 shallows, C1 ground. A1->B1 costs 2, B1->C1 1: C1 costs 3 in total.
    # Row 3: B3 is level 2: climbing from A3 (level 0) costs 1 + 2 = 3.
    s = scenario([".~.", "~~~", "..."], [("hero", "Tidecaller", "A1"), ("s1", "Driplet", "M9")],
                 levels=["000", "000", "020"])
    assert apply_turn(s, "hero", [MoveStep(to="B1")]).get("hero").moved == 2
    s2 = scenario(["...", "...", "..."], [("hero", "Tidecaller", "A3"), ("s1", "Driplet", "M9")],
                  levels=["000", "000", "020"])
    assert apply_turn(s2, "hero", [MoveStep(to="B3")]).get("hero").moved == 3
    # Going down is free of the climb: B3 -> C3 costs 1.
    s3 = scenario([], [("hero", "Tidecaller", "B3"), ("s1", "Driplet", "M9")], levels=["", "", "020"])
    assert apply_turn(s3, "hero", [MoveStep(to="C3")]).get("hero").moved == 1


@pytest.mark.parametrize("block", ["w", "W", "#", "o"])
def test_water_deep_rock_and_barrels_block(block):
    # A wall of the blocking terrain in column B, rows 1-9: column C is unreachable.
    rows = ["." + block] * 9
    s = scenario(rows, [("hero", "Tidecaller", "A5"), ("s1", "Driplet", "M9")])
    with pytest.raises(tactics.IllegalStepError):
        apply_turn(s, "hero", [MoveStep(to="C5")])
    with pytest.raises(tactics.IllegalStepError) as e:
        apply_turn(s, "hero", [MoveStep(to="B5")])
    assert "blocks the way" in e.value.reason


def test_pass_through_ally_but_not_stop_and_never_through_foe():
    # A corridor in row 2 between rocks: hero A2, companion B2, target C2 is reachable through the ally.
    rows = ["#####", "....", "#####"]
    s = scenario(rows, [("hero", "Tidecaller", "A2"), ("companion", "Mossle", "B2"), ("s1", "Driplet", "M9")])
    assert apply_turn(s, "hero", [MoveStep(to="C2")]).get("hero").pos == "C2"
    with pytest.raises(tactics.IllegalStepError) as e:
        apply_turn(s, "hero", [MoveStep(to="B2")])
    assert "pass an ally but not stop" in e.value.reason
    s2 = scenario(rows, [("hero", "Tidecaller", "A2"), ("s1", "Tussle", "B2")])
    with pytest.raises(tactics.IllegalStepError):
        apply_turn(s2, "hero", [MoveStep(to="C2")])


def test_movement_splits_around_the_action():
    # Tidecaller: 2 tiles, Chain Spark, then 3 more tiles; a 4th is over budget.
    s = scenario([], [("hero", "Tidecaller", "A5"), ("s1", "Gloomcap", "G5")])
    after = apply_turn(s, "hero", [MoveStep(to="C5"), SkillStep(skill="Chain Spark", at="G5"), MoveStep(to="C2")])
    assert after.get("hero").moved == 5 and after.get("s1").hp == 22 - 8
    with pytest.raises(tactics.IllegalStepError) as e:
        apply_turn(s, "hero", [MoveStep(to="C5"), SkillStep(skill="Chain Spark", at="G5"), MoveStep(to="C1")])
    assert e.value.step == 2


def test_one_action_one_bonus():
    s = scenario([], [("hero", "Tidecaller", "A5"), ("s1", "Gloomcap", "C5")])
    with pytest.raises(tactics.IllegalStepError) as e:
        apply_turn(s, "hero", [SkillStep(skill="Chain Spark", at="C5"), SkillStep(skill="Tide Lash", at="C5")])
    assert e.value.step == 1 and "action is already used" in e.value.reason
    with pytest.raises(tactics.IllegalStepError) as e:
        apply_turn(s, "hero", [SkillStep(skill="Brine Ward", at="A5"), SkillStep(skill="Brine Ward", at="A5")])
    assert "bonus action is already used" in e.value.reason


def test_leaving_reach_provokes_five_once_a_round():
    # Driplet at B5 holds its opportunity attack. Hero leaves its reach A5 -> A3: 5 damage.
    # Coming back into reach and leaving again the same round: no second attack.
    s = scenario([], [("hero", "Tidecaller", "A5"), ("s1", "Driplet", "B5")])
    after = apply_turn(s, "hero", [MoveStep(to="A3")])
    assert after.get("hero").hp == 30 - 5
    after2 = apply_turn(after, "hero", [MoveStep(to="A4")])
    after3 = apply_turn(after2, "hero", [MoveStep(to="A2")])
    assert after3.get("hero").hp == 25


def test_moving_within_reach_does_not_provoke():
    s = scenario([], [("hero", "Tidecaller", "A5"), ("s1", "Driplet", "B5")])
    assert apply_turn(s, "hero", [MoveStep(to="A6")]).get("hero").hp == 30


@pytest.mark.parametrize("hero,skill,to", [("Penitent", "Step of Wind", "A2"), ("Ranger", "Vault", "A3")])
def test_dashes_and_leaps_never_provoke(hero, skill, to):
    s = scenario([], [("hero", hero, "A5"), ("s1", "Driplet", "B5")])
    after = apply_turn(s, "hero", [SkillStep(skill=skill, at=to)])
    assert after.get("hero").pos == to and after.get("hero").hp == after.get("hero").max_hp


def test_nook_slip_never_provokes():
    s = scenario([], [("companion", "Nookle", "A5"), ("s1", "Driplet", "B5")])
    after = apply_turn(s, "companion", [SkillStep(skill="Nook Slip", at="A2")])
    assert after.get("companion").pos == "A2" and after.get("companion").hp == 24


def test_duo_opportunity_attack_needs_a_held_reaction():
    # In the strays' phase a stray leaving the hero's reach is hit for 5 only if the hero held it.
    from engine.tactics.rules.fight import Fight
    s = scenario([], [("hero", "Tidecaller", "A5"), ("s1", "Driplet", "B5")], phase="strays")
    for held, expect in ((None, 14), ("opportunity_attack", 9)):
        st = s.model_copy(deep=True)
        st.get("hero").held = held
        fight = Fight(st)
        d = st.get("s1")
        reach = fight.paths(d, 5)
        fight.walk(d, reach, (4, 4))
        assert d.hp == expect


def test_penitent_only_may_hold_flowing_guard():
    s = scenario([], [("hero", "Tidecaller", "A5"), ("s1", "Driplet", "M5")])
    with pytest.raises(tactics.IllegalStepError) as e:
        apply_turn(s, "hero", [HoldStep(reaction="flowing_guard")])
    assert "only the Penitent" in e.value.reason
    s2 = scenario([], [("hero", "Penitent", "A5"), ("s1", "Driplet", "M5")])
    assert apply_turn(s2, "hero", [HoldStep(reaction="flowing_guard")]).get("hero").held == "flowing_guard"


def test_turn_is_all_or_nothing_and_names_the_step():
    s = scenario([], [("hero", "Tidecaller", "A5"), ("s1", "Gloomcap", "C5")])
    before = s.model_dump()
    with pytest.raises(tactics.IllegalStepError) as e:
        apply_turn(s, "hero", [MoveStep(to="A4"), SkillStep(skill="Chain Spark", at="M9")])
    assert e.value.step == 1 and "no fighter stands on M9" in e.value.reason
    assert isinstance(e.value, ValueError)
    assert s.model_dump() == before


def test_bad_tile_and_unknown_skill_are_invalid_steps():
    s = scenario([], [("hero", "Tidecaller", "A5"), ("s1", "Gloomcap", "C5")])
    with pytest.raises(tactics.InvalidStepError) as e:
        apply_turn(s, "hero", [MoveStep(to="Z9")])
    assert e.value.step == 0
    with pytest.raises(tactics.InvalidStepError) as e:
        apply_turn(s, "hero", [HoldStep(reaction="opportunity_attack"), SkillStep(skill="Fireball", at="C5")])
    assert e.value.step == 1 and "no skill 'Fireball'" in e.value.reason
    with pytest.raises(tactics.InvalidStepError):
        apply_turn(s, "hero", [{"kind": "jump", "to": "A1"}])


def test_end_must_be_last_and_ends_the_phase():
    s = scenario([], [("hero", "Tidecaller", "A5"), ("companion", "Mossle", "A7"), ("s1", "Gloomcap", "M5")])
    with pytest.raises(tactics.IllegalStepError) as e:
        apply_turn(s, "hero", [EndStep(), MoveStep(to="A4")])
    assert e.value.step == 0
    after = apply_turn(s, "hero", [EndStep()])
    assert after.get("hero").done
    with pytest.raises(tactics.NotYourPhaseError):
        apply_turn(after, "hero", [MoveStep(to="A4")])
    with pytest.raises(tactics.NotYourPhaseError):
        apply_turn(after, "s1", [EndStep()])


def test_legal_moves_match_apply():
    s = scenario(["..~w#"], [("hero", "Tidecaller", "A1"), ("s1", "Driplet", "M9")])
    tiles = legal_moves(s, "hero")
    assert "C1" in tiles and "D1" not in tiles and "A1" not in tiles
    for t in tiles:
        apply_turn(s, "hero", [MoveStep(to=t)])


def test_legal_steps_lists_moves_skills_and_reactions():
    from engine.tactics import legal_steps
    s = scenario([], [("hero", "Penitent", "A5"), ("companion", "Mossle", "A9"), ("s1", "Driplet", "B5")])
    ls = legal_steps(s, "hero")
    assert ls["end"] and set(ls["hold"]) == {"opportunity_attack", "flowing_guard"}
    assert ls["skills"]["Palm Strike"] == ["B5"] and "Hundred Palms" not in ls["skills"]
    assert "A6" in ls["move"]
    for name, tiles in ls["skills"].items():
        for t in tiles:
            apply_turn(s, "hero", [SkillStep(skill=name, at=t)])


def test_step_models_give_json_schemas():
    from pydantic import TypeAdapter

    from engine.tactics import Step
    schema = TypeAdapter(Step).json_schema()
    assert schema["discriminator"]["propertyName"] == "kind"
    assert set(schema["discriminator"]["mapping"]) == {"move", "skill", "hold", "end"}


def test_stale_state_and_finished_fight_are_refused():
    s = scenario([], [("hero", "Tidecaller", "A5"), ("companion", "Mossle", "A7"), ("s1", "Driplet", "M1")])
    after = apply_turn(s, "hero", [MoveStep(to="A4")], seq=0)
    assert after.seq == 1
    with pytest.raises(tactics.StaleStateError):
        apply_turn(after, "hero", [MoveStep(to="A3")], seq=0)
    over = after.model_copy(deep=True)
    over.result = "won"
    with pytest.raises(tactics.FightOverError):
        apply_turn(over, "hero", [MoveStep(to="A3")])
