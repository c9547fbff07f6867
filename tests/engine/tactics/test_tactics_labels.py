"""Button labels of planned turns: at most 80 characters, a capital first, the gist, all different in a plan."""
import json

from hypothesis import given
from hypothesis import strategies as st
from support.tactics_fights import ENCOUNTERS, new_fights, play_first_turns

from engine.tactics import HoldStep, SkillStep, new_fight, plan_turns
from engine.tactics.engine import run_steps
from engine.tactics.rules.scenario import scenario
from engine.tactics.words.labels import MAX_LABEL, distinct_labels, turn_label


def check_labels(turns):
    labels = [t.label for t in turns]
    for lb in labels:
        assert lb and len(lb) <= MAX_LABEL == 80 and lb[0].isupper(), lb
        assert lb == lb.strip() and "\n" not in lb, lb
    assert len(set(labels)) == len(labels), labels


def test_labels_over_the_campaign():
    # Every encounter, two duos, whole fights: every plan on the way.
    plans = []
    for enc in ENCOUNTERS:
        for seed, (hero, companion) in enumerate((("Tidecaller", "Mossle"), ("Penitent", "Nookle"))):
            play_first_turns(new_fight(enc, seed, hero, companion), 10,
                             each_plan=lambda turns: (check_labels(turns), plans.append(turns)))
    assert len(plans) > 100


@given(fight=new_fights(), rounds=st.integers(0, 4))
def test_labels_of_random_fights(fight, rounds):
    state = play_first_turns(fight, rounds)
    if state.result:
        return
    for fid in ("hero", "companion"):
        if state.get(fid).standing and not state.get(fid).done:
            turns = plan_turns(state, fid)
            check_labels(turns)


def test_label_reads_like_the_issue_example():
    # Tidecaller at A5, a Driplet at F5 with water behind it at G5: from C4, Tide Lash pushes it in (3
    # east and 1 south is east, the nearest of the eight headings).
    s = scenario(["", "", "", "", "......w"], [("hero", "Tidecaller", "A5"), ("companion", "Mossle", "A9"),
                                                ("s1", "Driplet", "F5")])
    # The bonus skill is said while there is room; a shield on oneself names the fighter, so a
    # companion's label never reads as shielding the player.
    assert [t.label for t in plan_turns(s, "hero")] == [
        "C4 · Tide Lash Driplet F5 for 7, push into water · with Brine Ward on Tidecaller",
        "B4 · Chain Spark Driplet F5 for 8 · with Brine Ward on Tidecaller",
        "No attack · Brine Ward shields Tidecaller for 6",
    ]


def test_label_says_kills_statuses_and_staying_put():
    s = scenario([], [("hero", "Ranger", "A5"), ("companion", "Mossle", "A9"), ("s1", "Driplet", "E5"),
                      ("s2", "Gloomcap", "E7")])
    s.get("s1").hp = 5
    labels = [t.label for t in plan_turns(s, "hero")]
    assert "Longshot Driplet E5 for 9, downs it" in labels
    assert "Pinning Shot Gloomcap E7 for 5, rooted" in labels
    assert labels[-1] == "No attack · stay at A5"


def test_turns_that_would_read_alike_get_what_differs():
    s = scenario(["", "", "", "", "......w"], [("hero", "Tidecaller", "A5"), ("companion", "Mossle", "A9"),
                                                ("s1", "Driplet", "F5")])
    lash = plan_turns(s, "hero")[0]
    base = lash.label
    # The same turn without its Brine Ward, and without its held reaction: the gist is the same.
    no_ward = lash.model_copy(update={"steps": [x for x in lash.steps if getattr(x, "skill", "") != "Brine Ward"],
                                      "preview": lash.preview.model_copy(
                                          update={"skills": lash.preview.skills[:1]})})
    no_hold = lash.model_copy(update={"steps": [x for x in lash.steps if not isinstance(x, HoldStep)]})
    labels = distinct_labels([lash, no_ward], "hero", "Tidecaller", "A5")
    assert labels == [base, base.removesuffix(" · with Brine Ward on Tidecaller")]
    labels = distinct_labels([lash, no_hold], "hero", "Tidecaller", "A5")
    assert labels[0].endswith(" · holds attack") and labels[1].endswith(" · no reaction")
    assert all(lb.startswith("C4 · Tide Lash Driplet F5 for 7") and len(lb) <= MAX_LABEL for lb in labels)
    labels = distinct_labels([lash, lash, lash], "hero", "Tidecaller", "A5")
    assert len(set(labels)) == 3 and all(len(lb) <= MAX_LABEL for lb in labels)


def test_a_kill_with_a_bonus_skill_is_an_attack_and_a_pull_is_said():
    # The Sellsword's Shove downs a 2-HP Driplet into rock with its bonus action alone: not "No attack".
    s = scenario(["", "", "", "", ".....#"], [("hero", "Sellsword", "D5"), ("companion", "Mossle", "A9"),
                                               ("s1", "Driplet", "E5"), ("s2", "Thornhorn", "M1")])
    s.get("s1").hp = 2
    s.get("hero").action_used = True
    turns = plan_turns(s, "hero")
    shove = next(t for t in turns if any(getattr(x, "skill", "") == "Shove" for x in t.steps))
    assert not shove.label.startswith("No attack") and "downs it" in shove.label
    assert not shove.summary.startswith("No attack") and shove.consequences.attacks
    assert shove.consequences.kills == ("s1",) and shove.consequences.damage_dealt == 2
    # Mossle's Vine Lash pulls: alone it is the label's main skill; beside Rootgrasp it is still said.
    s = scenario([], [("hero", "Sellsword", "A1"), ("companion", "Mossle", "B5"), ("s1", "Driplet", "E5")])
    alone = plan_turns(s.model_copy(update={"fighters": [
        f.model_copy(update={"action_used": True}) if f.id == "companion" else f for f in s.fighters]}), "companion")
    assert alone[0].label == "Vine Lash Driplet E5 for 2, pull to C5"
    steps = [SkillStep(skill="Rootgrasp", at="E5"), SkillStep(skill="Vine Lash", at="E5")]
    _, previews = run_steps(s, "companion", steps)
    label = turn_label("companion", "Mossle", "B5", steps, previews, "B5")
    assert label == "Rootgrasp Driplet E5 for 4, rooted · with Vine Lash pulls Driplet to C5"


def test_cli_plan_includes_the_label(capsys):
    import io
    import sys

    from engine.tactics.__main__ import main
    state = new_fight("c03", 4, "Ranger", "Cindle").model_dump(mode="json")
    old = sys.stdin
    sys.stdin = io.StringIO(json.dumps(state))
    try:
        assert main(["plan", "--fighter", "hero"]) == 0
    finally:
        sys.stdin = old
    turns = json.loads(capsys.readouterr().out)["turns"]
    assert turns and all(set(t) == {"steps", "summary", "preview", "label", "consequences"} for t in turns)
    assert all(t["consequences"]["fighters"][0]["fighter"] == "hero" for t in turns)
    assert [t["label"] for t in turns] == [t.label for t in plan_turns(new_fight("c03", 4, "Ranger", "Cindle"), "hero")]
