"""The recap data: each round's HP and downs, the moments that decided a fight, and why a fight paid
the XP it did."""
import pytest

from engine.tactics import EndStep, FightState, SkillStep, TacticsProgress, autoplay, campaign, encounter, play_turn
from engine.tactics.model.content import kit
from engine.tactics.model.progress import record_fight, xp_for, xp_reason
from engine.tactics.model.recap import Moment, deciding_moments, ending_moment
from engine.tactics.rules.fight import Fight
from engine.tactics.rules.scenario import scenario
from engine.tactics.rules.strays import lock


def test_every_round_keeps_each_fighters_hp_and_the_downs_of_that_round():
    s = autoplay("c09", 1, vary_start=True)
    rounds = [m.round for m in s.history]
    assert rounds == list(range(1, s.round + 1))
    last = s.history[-1]
    assert last.hp == {f.id: f.hp for f in s.fighters}
    downed = [f for m in s.history for f in m.downs]
    assert sorted(downed) == sorted(f.id for f in s.fighters if f.down) and len(set(downed)) == len(downed)
    again = FightState.model_validate_json(s.model_dump_json())
    assert again.history == s.history and again.moments == s.moments


def test_the_deciding_moments_are_the_downs_the_biggest_hit_and_a_dodged_telegraph():
    # The Tidecaller steps out of a Skreel's Screech (dodged), then Chain Spark downs the Skreel.
    s = scenario([], [("hero", "Tidecaller", "F5"), ("companion", "Mossle", "A9"), ("s1", "Skreel", "I5"),
                      ("s2", "Driplet", "M9")])
    lock(Fight(s), s.get("s1"), kit("Skreel")["Screech"], {"heading": (-1, 0)})
    s = play_turn(s, "hero", [SkillStep(skill="Chain Spark", at="I5"), SkillStep(skill="Brine Ward", at="F5"),
                              EndStep()]).state
    s.get("hero").pos = "F7"   # as if it had stepped away: the Screech along row 5 misses
    s = play_turn(s, "companion", [EndStep()]).state
    kinds = [(m.kind, m.who) for m in s.moments]
    assert ("dodged", "hero") in kinds and ("hit", "s1") in kinds
    s.get("s1").hp = 1
    done = play_turn(s, "hero", [SkillStep(skill="Chain Spark", at=s.get("s1").pos), EndStep()]).state
    picked = deciding_moments(done)
    assert 1 <= len(picked) <= 3 and all(isinstance(m, Moment) for m in picked)
    assert any(m.kind == "down" and m.who == "s1" and m.by == "hero" for m in picked)
    assert any(m.kind == "dodged" and m.reason == "moved_out_of_area" for m in picked)
    assert [m.round for m in picked] == sorted(m.round for m in picked)


def test_a_lost_fight_names_the_duos_downs_first():
    s = scenario([], [("hero", "Tidecaller", "E5"), ("companion", "Mossle", "E4"), ("s1", "Driplet", "F5")])
    lock(Fight(s), s.get("s1"), kit("Driplet")["Splash"], {"center": (5, 4)})
    s.get("hero").hp = s.get("companion").hp = 1
    s = play_turn(play_turn(s, "hero", [EndStep()]).state, "companion", [EndStep()]).state
    assert s.result == "lost"
    picked = deciding_moments(s)
    assert [(m.kind, m.who) for m in picked[:2]] == [("down", "hero"), ("down", "companion")]
    assert s.history[-1].downs == ("hero", "companion")


@pytest.mark.parametrize("enc", [e.id for e in campaign()])
def test_first_win_xp_comes_with_its_reason(enc):
    e = encounter(enc)
    why = xp_reason("won", e, True)
    assert why.xp == xp_for("won", e, True)
    # A first win pays the climb to the next fight's recommended level, or the floor when it is the same.
    assert why.kind == ("floor" if why.to_level == why.from_level else "climb")


def test_why_c02_pays_55_and_c01_pays_305():
    c01, c02 = xp_reason("won", encounter("c01"), True), xp_reason("won", encounter("c02"), True)
    assert (c01.kind, c01.xp, c01.from_level, c01.to_level, c01.next_encounter) == ("climb", 305, 1, 2, "c02")
    assert (c02.kind, c02.xp, c02.from_level, c02.to_level, c02.next_encounter) == ("floor", 55, 2, 2, "c03")
    _, reward = record_fight(TacticsProgress(), encounter("c01"), "won")
    assert reward.why == c01 and reward.xp == 305
    _, again = record_fight(TacticsProgress(won=["c01"]), encounter("c01"), "won")
    assert again.why is not None and again.why.kind == "repeat" and again.xp == again.why.xp
    _, lost = record_fight(TacticsProgress(), encounter("c01"), "lost")
    assert lost.why is not None and (lost.why.kind, lost.xp) == ("no_win", 5)


@pytest.mark.parametrize(("enc", "reason", "kind", "who", "by"), [
    ("c04", "all_strays_down", "down", "s1", "hero"),
    ("c01", "rout", "broke_pack", "s3", "companion"),
    ("c13", "broke_out", "reached_exit", "hero", "hero"),
    ("c08", "duo_down", "down", "companion", "s3"),
])
def test_what_ended_a_fight_is_kept_as_a_moment(enc, reason, kind, who, by):
    s = autoplay(enc, 1)
    end = ending_moment(s)
    assert s.outcome is not None and s.outcome.reason == reason
    assert end is not None and (end.kind, end.who, end.by) == (kind, who, by)
    # A broken pack runs at the start of the next strays' phase; every other end comes in the blow's round.
    assert end.round == (s.round - 1 if reason == "rout" else s.round)
    if kind == "reached_exit":
        assert s.get(who).pos == end.at
    if kind == "down":
        assert end.skill and end.cause in ("skill", "telegraph")
    again = FightState.model_validate_json(s.model_dump_json())
    assert ending_moment(again) == end


def test_a_hold_has_no_blow_that_ended_it():
    s = autoplay("c05", 1)
    assert s.outcome is not None and s.outcome.reason == "held" and ending_moment(s) is None
