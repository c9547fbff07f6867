"""Rounds, Spirit and supers, enrage, goals and the round-10 result (seed: Spirit and supers; How a fight ends)."""
import pytest

from engine.tactics import EndStep, IllegalStepError, MoveStep, SkillStep, apply_turn, new_fight, open_fight, play_turn
from engine.tactics.model.events import CashedIn, SkillUsed, TelegraphFired, TelegraphLocked
from engine.tactics.rules.fight import Fight
from engine.tactics.rules.scenario import scenario


def end_both(s):
    s = apply_turn(s, "hero", [EndStep()])
    return apply_turn(s, "companion", [EndStep()]) if s.phase == "duo" and not s.result else s


def test_spirit_from_damage_dealt_and_taken():
    # Longshot... use exact numbers: Pinning Shot 5 dealt -> floor(5 * 12 / 10) = 6 Spirit.
    s = scenario([], [("hero", "Ranger", "A5"), ("companion", "Mossle", "A9"), ("s1", "Gloomcap", "D5")])
    after = apply_turn(s, "hero", [SkillStep(skill="Pinning Shot", at="D5")])
    assert after.get("hero").spirit == 6
    # The Gloomcap took 5: floor(5 * 10 / 10) = 5 Spirit.
    assert after.get("s1").spirit == 5
    # Running totals: a second 5 makes 10 dealt -> 12 (not 6 + 6 rounded twice).
    after.get("hero").action_used = False
    after2 = apply_turn(after, "hero", [SkillStep(skill="Pinning Shot", at="D5")])
    assert after2.get("hero").spirit == 12


def test_cash_in_soaked_for_lightning_gives_ten():
    # Nookle's Splash Jar soaks the Gloomcap (3 damage -> Nookle 3 Spirit); the Tidecaller's Chain Spark
    # then cashes it in: dealt d in 9..11 -> floor(d * 12 / 10) + 10.
    s = scenario([], [("hero", "Tidecaller", "A5"), ("companion", "Nookle", "B7"), ("s1", "Gloomcap", "D5")])
    s = apply_turn(s, "companion", [SkillStep(skill="Splash Jar", at="D5")])
    assert s.get("companion").spirit == 3
    played = play_turn(s, "hero", [SkillStep(skill="Chain Spark", at="D5")])
    hero = played.state.get("hero")
    assert hero.cashins == 1 and hero.spirit == hero.dealt * 12 // 10 + 10
    assert any(isinstance(e, CashedIn) and e.setup == "soaked" and e.who == "hero" for e in played.events)


def test_own_setup_is_no_cash_in():
    # Tide Lash soaks, but the same fighter's lightning next round... the set-up must be the ally's.
    s = scenario([], [("hero", "Tidecaller", "A5"), ("companion", "Nookle", "A9"), ("s1", "Gloomcap", "C5")])
    s.get("s1").statuses = []
    from engine.tactics.model.state import StatusState
    s.get("s1").statuses = [StatusState(name="soaked", by="hero", round=2, expires=4)]
    after = apply_turn(s, "hero", [SkillStep(skill="Chain Spark", at="C5")])
    assert after.get("hero").cashins == 0


@pytest.mark.parametrize("setup,companion,skill,hero,hero_skill,stand", [
    ("prone", "Pebbling", "Tremor", "Penitent", "Palm Strike", "B5"),
    ("rooted", "Mossle", "Rootgrasp", "Ranger", "Pinning Shot", "A1"),
])
def test_each_cash_in(setup, companion, skill, hero, hero_skill, stand):
    s = scenario([], [("hero", hero, stand), ("companion", companion, "C4"), ("s1", "Thornhorn", "C5")])
    s = apply_turn(s, "companion", [SkillStep(skill=skill, at="C4" if skill == "Tremor" else "C5")])
    after = apply_turn(s, "hero", [SkillStep(skill=hero_skill, at="C5")])
    assert after.get("hero").cashins == 1


def test_fire_on_moss_cashes_in_and_burns_it():
    # Mossle grows moss under the Thornhorn; Cindle's Ember Bolt on it the same round cashes in.
    s = scenario([], [("hero", "Tidecaller", "A1"), ("companion", "Mossle", "A5"), ("s1", "Thornhorn", "C5")])
    s = apply_turn(s, "companion", [SkillStep(skill="Rootgrasp", at="C5")])
    s.get("hero").name = "Cindle"  # a duo of two companions is not offered, but the rule is the same
    after = apply_turn(s, "hero", [SkillStep(skill="Ember Bolt", at="C5")])
    assert after.get("hero").cashins == 1 and after.surfaces == []


def test_super_needs_level_8_and_60_spirit():
    s = scenario([], [("hero", "Sellsword", "A5"), ("companion", "Mossle", "A9"), ("s1", "Gloomcap", "B5")])
    with pytest.raises(IllegalStepError) as e:
        apply_turn(s, "hero", [SkillStep(skill="Whirlwind", at="A5")])
    assert "level 8" in e.value.reason
    s8 = scenario([], [("hero", "Sellsword", "A5"), ("companion", "Mossle", "A9"), ("s1", "Gloomcap", "B5")], level=8)
    with pytest.raises(IllegalStepError) as e:
        apply_turn(s8, "hero", [SkillStep(skill="Whirlwind", at="A5")])
    assert "60 Spirit" in e.value.reason
    s8.get("hero").taken = 60
    Fight(s8).update_spirit(s8.get("hero"))
    assert s8.get("hero").spirit == 60
    after = apply_turn(s8, "hero", [SkillStep(skill="Whirlwind", at="A5")])
    hero = after.get("hero")
    assert hero.spent == 60 and hero.spirit == hero.dealt * 12 // 10 and after.get("s1").hp < 22 - 14


def test_spirit_caps_at_100():
    s = scenario([], [("hero", "Sellsword", "A5"), ("s1", "Gloomcap", "M5")])
    h = s.get("hero")
    h.taken, h.dealt = 90, 50
    Fight(s).update_spirit(h)
    assert h.spirit == 100


def test_round_one_strays_walk_in_and_telegraph():
    opened = open_fight("c03", 7)
    s = opened.state
    assert s.round == 1 and s.phase == "duo" and len(s.telegraphs) == len(s.standing("strays"))
    # no attacks, no bonus skills
    assert opened.events and not any(isinstance(e, TelegraphFired | SkillUsed) for e in opened.events)


def test_round_two_telegraphs_fire_then_strays_move_and_lock_again():
    played = play_turn(apply_turn(new_fight("c06", 7), "hero", [EndStep()]), "companion", [EndStep()])
    assert played.state.round == 2
    fired = [i for i, e in enumerate(played.strays_phase) if isinstance(e, TelegraphFired | SkillUsed)]
    locked = [i for i, e in enumerate(played.strays_phase) if isinstance(e, TelegraphLocked)]
    assert fired and locked and min(fired) < min(locked)


def test_rout_pack_breaks_under_thirty_percent():
    # Start total 14 + 22 = 36; 30% is 10.8. With 10 left they run at the start of their phase.
    s = scenario([], [("hero", "Tidecaller", "A5"), ("companion", "Mossle", "A7"), ("s1", "Driplet", "M1"),
                      ("s2", "Gloomcap", "M9")], goal="rout")
    s.get("s1").hp, s.get("s2").hp = 0, 10
    s.get("s1").down = True
    after = end_both(s)
    assert after.result == "won" and after.get("s2").fled
    s.get("s2").hp = 11  # 11 is 30.6%: no break
    assert end_both(s).result is None


def test_break_only_in_rout_fights():
    s = scenario([], [("hero", "Tidecaller", "A5"), ("companion", "Mossle", "A7"), ("s1", "Driplet", "M1"),
                      ("s2", "Gloomcap", "M9")], goal="hold", hold_round=6)
    s.get("s1").hp, s.get("s1").down, s.get("s2").hp = 0, True, 5
    assert end_both(s).result is None


def test_downing_every_foe_wins_any_goal():
    s = scenario([], [("hero", "Ranger", "A5"), ("companion", "Mossle", "A7"), ("s1", "Driplet", "D5")],
                 goal="break_out", exit_round=5)
    s.get("s1").hp = 4
    assert apply_turn(s, "hero", [SkillStep(skill="Pinning Shot", at="D5")]).result == "won"


def test_hold_wins_at_the_end_of_the_named_round():
    s = scenario([], [("hero", "Tidecaller", "A5"), ("companion", "Mossle", "A7"), ("s1", "Driplet", "M1")],
                 goal="hold", hold_round=4, round_=3)
    assert end_both(s).result is None
    s4 = scenario([], [("hero", "Tidecaller", "A5"), ("companion", "Mossle", "A7"), ("s1", "Driplet", "M1")],
                  goal="hold", hold_round=4, round_=4)
    assert end_both(s4).result == "won"


def test_break_out_needs_every_standing_member_on_an_open_exit():
    rows = ["", "", "", "", "...E", "...E"]
    fighters = [("hero", "Tidecaller", "D5"), ("companion", "Mossle", "D6"), ("s1", "Driplet", "M1")]
    assert end_both(scenario(rows, fighters, goal="break_out", exit_round=3, round_=3)).result == "won"
    # Exits not open yet (they open in round 4).
    assert end_both(scenario(rows, fighters, goal="break_out", exit_round=4, round_=3)).result is None
    # One member off the exits.
    off = [("hero", "Tidecaller", "D5"), ("companion", "Mossle", "B6"), ("s1", "Driplet", "M1")]
    assert end_both(scenario(rows, off, goal="break_out", exit_round=3, round_=3)).result is None
    # A downed member does not need to be out.
    s = scenario(rows, off, goal="break_out", exit_round=3, round_=3)
    s.get("companion").hp, s.get("companion").down = 0, True
    assert apply_turn(s, "hero", [EndStep()]).result == "won"


@pytest.mark.parametrize("hero_hp,comp_hp,stray_hp,result", [(30, 5, 10, "won"), (5, 5, 20, "lost"),
                                                               (15, 15, 11, "draw")])
def test_round_ten_larger_share_wins(hero_hp, comp_hp, stray_hp, result):
    # Duo total 30 + 30 = 60, strays 22. 35/60 = 0.58 > 10/22 = 0.45 won; 10/60 < 20/22 lost;
    # 30/60 = 11/22 exactly: a draw.
    s = scenario([], [("hero", "Tidecaller", "A5"), ("companion", "Mossle", "A7"), ("s1", "Gloomcap", "M1")],
                 goal="rout", round_=10)
    s.get("hero").hp, s.get("companion").hp, s.get("s1").hp = hero_hp, comp_hp, stray_hp
    assert end_both(s).result == result


def test_no_result_before_round_ten_ends():
    s = scenario([], [("hero", "Tidecaller", "A5"), ("companion", "Mossle", "A7"), ("s1", "Gloomcap", "M1")],
                 goal="hold", hold_round=8, round_=7)
    after = end_both(s)
    assert after.result is None and after.round == 8


def test_all_duo_down_is_lost():
    s = scenario([], [("hero", "Tidecaller", "A5"), ("companion", "Mossle", "A9"), ("s1", "Driplet", "B5")])
    s.get("companion").hp, s.get("companion").down = 0, True
    s.get("hero").hp = 3
    after = apply_turn(s, "hero", [MoveStep(to="A3")])  # leaving reach: 5 damage
    assert after.result == "lost"


def test_phase_timer_closes_early_for_an_absent_model():
    from engine.tactics import phase_timer
    s = scenario([], [("hero", "Tidecaller", "A5"), ("companion", "Mossle", "A7"), ("s1", "Driplet", "M1")])
    assert phase_timer(s, model_connected=False) == 30
    s = apply_turn(s, "hero", [EndStep()])
    assert phase_timer(s, model_connected=False) == 10 and phase_timer(s, model_connected=True) == 30


def test_timer_pass_keeps_what_was_done():
    from engine.tactics import pass_turn
    s = scenario([], [("hero", "Tidecaller", "A5"), ("companion", "Mossle", "A7"), ("s1", "Driplet", "M1")])
    s = apply_turn(s, "hero", [MoveStep(to="B5")])
    s = pass_turn(s, "hero")
    assert s.get("hero").pos == "B5" and s.get("hero").done
