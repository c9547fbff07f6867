"""Button labels of planned turns: at most 80 characters, a capital first, the gist, all different in a plan."""
import json

from hypothesis import given
from hypothesis import strategies as st

from engine.tactics import HoldStep, apply_turn, campaign, new_fight, pass_turn, plan_turns
from engine.tactics.content import companions, heroes
from engine.tactics.labels import MAX_LABEL, distinct_labels
from engine.tactics.scenario import scenario

ENCOUNTERS = [e.id for e in campaign()]


def check_labels(turns):
    labels = [t.label for t in turns]
    for lb in labels:
        assert lb and len(lb) <= MAX_LABEL == 80 and lb[0].isupper(), lb
        assert lb == lb.strip() and "\n" not in lb, lb
    assert len(set(labels)) == len(labels), labels


def play(state, rounds, check=None):
    """Play up to `rounds` rounds with the planner's first turn, checking every plan on the way."""
    target = state.round + rounds
    while not state.result and state.round < target:
        for fid in ("hero", "companion"):
            if state.result or state.phase != "duo":
                break
            if state.get(fid).standing and not state.get(fid).done:
                turns = plan_turns(state, fid)
                if check:
                    check(turns)
                state = apply_turn(state, fid, turns[0].steps) if turns else pass_turn(state, fid)
    return state


def test_labels_over_the_campaign():
    # Every encounter, two duos, whole fights: every plan on the way.
    plans = []
    for enc in ENCOUNTERS:
        for seed, (hero, companion) in enumerate((("Tidecaller", "Mossle"), ("Penitent", "Nookle"))):
            play(new_fight(enc, seed, hero, companion), 10, lambda turns: (check_labels(turns), plans.append(turns)))
    assert len(plans) > 100


@given(enc=st.sampled_from(ENCOUNTERS), seed=st.integers(0, 10_000), hero=st.sampled_from(heroes()),
       companion=st.sampled_from(companions()), rounds=st.integers(0, 4))
def test_labels_of_random_fights(enc, seed, hero, companion, rounds):
    state = play(new_fight(enc, seed, hero, companion), rounds)
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
    assert [t.label for t in plan_turns(s, "hero")] == [
        "C4 · Tide Lash Driplet F5 for 7, push into water",
        "B4 · Chain Spark Driplet F5 for 8",
        "No attack · Brine Ward shields you for 6",
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
    assert labels == [base + " · with Brine Ward on you", base]
    labels = distinct_labels([lash, no_hold], "hero", "Tidecaller", "A5")
    assert labels == [base + " · holds attack", base + " · no reaction"]
    labels = distinct_labels([lash, lash, lash], "hero", "Tidecaller", "A5")
    assert len(set(labels)) == 3 and all(len(lb) <= MAX_LABEL for lb in labels)


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
    assert turns and all(set(t) == {"steps", "summary", "preview", "label"} for t in turns)
    assert [t["label"] for t in turns] == [t.label for t in plan_turns(new_fight("c03", 4, "Ranger", "Cindle"), "hero")]
