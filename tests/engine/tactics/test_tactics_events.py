"""Typed events: every step of a duo turn and every stray action comes back as a value, and the fight's
end carries a typed reason. The log lines are written from these events (the golden fights pin them)."""
from engine.tactics import (
    EndStep,
    FightState,
    MoveStep,
    SkillStep,
    fight_outcome,
    new_fight,
    play_timeout,
    play_turn,
)
from engine.tactics.model.content import kit
from engine.tactics.model.events import (
    Downed,
    FightEnded,
    Healed,
    Hit,
    Moved,
    PhaseOpened,
    Pushed,
    SkillUsed,
    StatusApplied,
    StrayRan,
    TelegraphFired,
    TelegraphFizzled,
)
from engine.tactics.model.state import Telegraph
from engine.tactics.plan.autoplay import autoplay
from engine.tactics.rules.fight import Fight
from engine.tactics.rules.scenario import scenario
from engine.tactics.rules.strays import lock


def _end_both(s: FightState):
    first = play_turn(s, "hero", [EndStep()])
    second = play_turn(first.state, "companion", [EndStep()])
    return second


def _of(events, kind):
    return [e for e in events if isinstance(e, kind)]


def test_a_fired_area_telegraph_reports_each_hit_before_and_after_luck_and_the_shield():
    # Round 7's duo phase: a Driplet's Splash fires in round 8 (5, enraged +8 = 13) around it; the
    # Sellsword beside it holds a shield of 4, which takes at most half the hit.
    s = scenario([], [("hero", "Sellsword", "E5"), ("companion", "Mossle", "A9"), ("s1", "Driplet", "F5")], round_=7)
    lock(Fight(s), s.get("s1"), kit("Driplet")["Splash"], {"center": (5, 4)})
    s.get("hero").shield = 4
    after = _end_both(s)
    fired = _of(after.strays_phase, TelegraphFired)
    assert [(e.stray, e.skill) for e in fired] == [("s1", "Splash")]
    hit = next(e for e in after.strays_phase if isinstance(e, Hit) and e.cause == "telegraph")
    assert (hit.src, hit.target, hit.skill, hit.base) == ("s1", "hero", "Splash", 13)
    assert 12 <= hit.rolled <= 14 and hit.absorbed == min(4, hit.rolled // 2)
    assert hit.lost == hit.rolled - hit.absorbed and hit.hp == 40 - hit.lost
    assert after.strays_phase.index(fired[0]) < after.strays_phase.index(hit)
    assert after.state.last_phase == list(after.strays_phase)


def _tussle_on_hero(hero_tile: str, companion: str = "Mossle", companion_tile: str = "E5", tussle: str = "I5"):
    s = scenario([], [("hero", "Sellsword", hero_tile), ("companion", companion, companion_tile),
                      ("s1", "Tussle", tussle)])
    s.telegraphs = [Telegraph(stray="s1", skill="Haymaker", shape="single", target="hero", tiles=[hero_tile])]
    return s


def test_a_follower_that_can_reach_fires_and_a_rooted_one_fizzles_saying_so():
    free = _end_both(_tussle_on_hero("F5"))
    assert any(isinstance(e, Hit) and e.src == "s1" and e.cause == "telegraph" for e in free.strays_phase)
    # Mossle roots the Tussle (Rootgrasp, range 4): it can only fire from I5, and the hero is 3 away.
    s = _tussle_on_hero("F5")
    rooted = play_turn(s, "companion", [SkillStep(skill="Rootgrasp", at="I5"), EndStep()])
    after = play_turn(rooted.state, "hero", [EndStep()])
    assert any(isinstance(e, StatusApplied) and e.status == "rooted" and e.who == "s1" for e in rooted.events)
    fizzled = _of(after.strays_phase, TelegraphFizzled)
    assert [(e.stray, e.skill, e.reason, e.target) for e in fizzled] == [("s1", "Haymaker", "rooted", "hero")]
    assert not any(isinstance(e, Hit) and e.cause == "telegraph" for e in after.strays_phase)


def test_a_target_out_of_reach_and_a_stray_pushed_away_fizzle_for_different_reasons():
    far = _end_both(_tussle_on_hero("C5"))   # 6 tiles: 4 of movement and a reach of 1 fall short
    assert [e.reason for e in _of(far.strays_phase, TelegraphFizzled)] == ["out_of_reach"]
    # Pebbling kicks the Tussle from F5 two tiles east (Sod Kick): the hero at B5 is now out of its reach.
    s = _tussle_on_hero("B5", "Pebbling", "E5", "F5")
    kicked = play_turn(s, "companion", [SkillStep(skill="Sod Kick", at="F5", toward="E"), EndStep()])
    push = _of(kicked.events, Pushed)
    assert [(p.who, p.by, p.frm, p.to, p.how) for p in push] == [("s1", "companion", "F5", "H5", "pushed")]
    after = play_turn(kicked.state, "hero", [EndStep()])
    assert [e.reason for e in _of(after.strays_phase, TelegraphFizzled)] == ["pushed_away"]


def test_stepping_out_of_an_area_and_downing_the_attacker_fizzle_its_telegraph():
    s = scenario([], [("hero", "Tidecaller", "F5"), ("companion", "Mossle", "A9"), ("s1", "Skreel", "I5")])
    lock(Fight(s), s.get("s1"), kit("Skreel")["Screech"], {"heading": (-1, 0)})
    assert "F5" in s.telegraphs[0].tiles
    moved = play_turn(s, "hero", [MoveStep(to="F7"), EndStep()])
    assert [(m.who, m.frm, m.to, m.how) for m in _of(moved.events, Moved)] == [("hero", "F5", "F7", "walk")]
    after = play_turn(moved.state, "companion", [EndStep()])
    assert [e.reason for e in _of(after.strays_phase, TelegraphFizzled)] == ["moved_out_of_area"]
    # Down the Skreel first and its telegraph goes with it, said in the turn that downed it.
    s.get("s1").hp = 2
    downed = play_turn(s, "hero", [SkillStep(skill="Chain Spark", at="I5")])
    assert _of(downed.events, Downed) == [Downed(who="s1", by="hero", skill="Chain Spark", cause="skill")]
    assert [(e.stray, e.reason) for e in _of(downed.events, TelegraphFizzled)] == [("s1", "attacker_down")]
    assert _of(downed.events, FightEnded)[0].reason == "all_strays_down"
    assert downed.outcome is not None and downed.state.outcome == downed.outcome


def test_a_telegraph_whose_target_fell_first_fizzles():
    s = scenario([], [("hero", "Tidecaller", "A1"), ("companion", "Mossle", "E5"), ("s1", "Driplet", "F5"),
                      ("s2", "Driplet", "H5")])
    lock(Fight(s), s.get("s1"), kit("Driplet")["Splash"], {"center": (5, 4)})
    s.telegraphs.append(Telegraph(stray="s2", skill="Spit", shape="single", target="companion", tiles=["E5"]))
    s.get("companion").hp = 1
    after = _end_both(s)
    assert [(e.who, e.by) for e in _of(after.strays_phase, Downed)] == [("companion", "s1")]
    assert [(e.stray, e.reason) for e in _of(after.strays_phase, TelegraphFizzled)] == [("s2", "target_down")]


def test_a_splat_on_an_ally_names_the_ally_and_leaves_it_unhurt_and_a_pull_says_it_pulls():
    s = scenario([], [("hero", "Sellsword", "F4"), ("companion", "Mossle", "F7"), ("s1", "Driplet", "F5")])
    bash = play_turn(s, "hero", [SkillStep(skill="Shield Bash", at="F5", toward="S")])
    push = _of(bash.events, Pushed)[0]
    assert (push.how, push.blocker, push.damage, push.blocker_hurt, push.to) == ("splat", "companion", 3, False, "F6")
    assert bash.state.get("companion").hp == 30
    assert [h.cause for h in _of(bash.events, Hit)] == ["skill", "splat"]
    s = scenario([], [("hero", "Sellsword", "A1"), ("companion", "Mossle", "B5"), ("s1", "Driplet", "E5")])
    pulled = play_turn(s, "companion", [SkillStep(skill="Vine Lash", at="E5")])
    push = _of(pulled.events, Pushed)[0]
    assert (push.pull, push.frm, push.to, push.skill) == (True, "E5", "C5", "Vine Lash")


def test_a_heal_says_who_healed_whom():
    s = scenario([], [("hero", "Sellsword", "A1"), ("companion", "Mossle", "B5"), ("s1", "Driplet", "M5")])
    s.get("companion").hp = 10
    mend = play_turn(s, "companion", [SkillStep(skill="Mend", at="B5")])
    assert _of(mend.events, Healed) == [Healed(by="companion", who="companion", amount=9)]
    assert _of(mend.events, SkillUsed)[0].targets == ("companion",)


def test_the_fight_ends_with_a_typed_reason_for_each_way_it_can_end():
    # The pack breaks under 30 % of its HP: the rest run at the start of their phase.
    s = scenario([], [("hero", "Tidecaller", "A5"), ("companion", "Mossle", "A9"), ("s1", "Driplet", "D5"),
                      ("s2", "Thornhorn", "M1")])
    s.get("s2").hp = 10
    s.get("s1").hp = 2
    rout = play_turn(s, "hero", [SkillStep(skill="Chain Spark", at="D5")])
    rout = play_timeout(rout.state)
    assert [e.who for e in _of(rout.strays_phase, StrayRan)] == ["s2"]
    assert rout.outcome is not None and (rout.outcome.result, rout.outcome.reason) == ("won", "rout")
    held = _end_both(scenario([], [("hero", "Tidecaller", "A5"), ("companion", "Mossle", "A9"),
                                   ("s1", "Driplet", "M5")], goal="hold", hold_round=2))
    assert held.outcome is not None and (held.outcome.reason, held.outcome.hold_round) == ("held", 2)
    out = _end_both(scenario(["EE"], [("hero", "Tidecaller", "A1"), ("companion", "Mossle", "B1"),
                                      ("s1", "Driplet", "M5")], goal="break_out", exit_round=2))
    assert out.outcome is not None and out.outcome.reason == "broke_out"
    late = scenario([], [("hero", "Tidecaller", "A5"), ("companion", "Mossle", "A9"), ("s1", "Driplet", "M5")],
                    round_=10)
    late.get("s1").hp = 7
    share = _end_both(late)
    assert share.outcome is not None and (share.outcome.result, share.outcome.reason) == ("won", "share_win")
    assert (share.outcome.duo_hp, share.outcome.strays_hp, share.outcome.strays_start) == (60, 7, 14)


def test_the_duo_going_down_ends_the_fight_lost():
    s = scenario([], [("hero", "Tidecaller", "E5"), ("companion", "Mossle", "E4"), ("s1", "Driplet", "F5")])
    lock(Fight(s), s.get("s1"), kit("Driplet")["Splash"], {"center": (5, 4)})
    s.get("hero").hp = s.get("companion").hp = 1
    after = _end_both(s)
    assert after.outcome is not None and (after.outcome.result, after.outcome.reason) == ("lost", "duo_down")


def test_a_time_out_passes_exactly_the_fighters_still_due():
    s = new_fight("c01", 1)
    hero_done = play_turn(s, "hero", [EndStep()]).state
    timed = play_timeout(hero_done)
    assert timed.state.round == 2 and timed.state.phase == "duo"
    assert [e for e in timed.events if isinstance(e, PhaseOpened)] == [
        PhaseOpened(round=2, phase="strays"), PhaseOpened(round=2, phase="duo")]
    assert timed.strays_phase[0] == PhaseOpened(round=2, phase="strays")
    # Nobody due: nothing happens.
    assert play_timeout(timed.state.model_copy(update={"phase": "strays"})).events == ()


def test_the_last_phase_and_the_result_survive_a_save_and_no_words_are_saved():
    s = new_fight("c02", 3)
    again = FightState.model_validate_json(s.model_dump_json())
    assert again.last_phase == s.last_phase and any(isinstance(e, PhaseOpened) for e in again.last_phase)
    done = autoplay("c02", 3)
    assert done.outcome is not None and fight_outcome(done) == done.outcome
    assert FightState.model_validate_json(done.model_dump_json()).outcome == done.outcome
    assert "log" not in done.model_dump(), "the saved fight keeps its events, not their words"


def test_a_time_out_stops_at_the_phase_it_ran_out_in():
    # The companion has ended; the hero's pass closes the phase, and round 2's duo phase opens with both
    # due: the time-out that closed round 1 passes no one of round 2.
    s = new_fight("c01", 1)
    companion_done = play_turn(s, "companion", [EndStep()]).state
    timed = play_timeout(companion_done)
    assert (timed.state.round, timed.state.phase) == (2, "duo")
    assert not timed.state.get("hero").done and not timed.state.get("companion").done
    assert timed.state.seq == companion_done.seq + 1, "one pass: the hero's"
