"""What the Discord front-end needs from the engine: ready-made turns applied by number, targets per skill,
a text view from one side, and a whole turn written as text (all or nothing)."""
import pytest

from engine.tactics import (
    EndStep,
    HoldStep,
    IllegalStepError,
    InvalidStepError,
    MoveStep,
    SkillStep,
    StaleStateError,
    apply_planned,
    apply_turn,
    new_fight,
    parse_turn_text,
    plan_turns,
    render_text,
    target_options,
)
from engine.tactics.rules.scenario import scenario


def _duel():
    return scenario([], [("hero", "Tidecaller", "A5"), ("companion", "Mossle", "A9"),
                         ("s1", "Driplet", "F5"), ("s2", "Gloomcap", "H3")])


def test_a_whole_turn_written_as_text_reads_into_steps():
    s = _duel()
    assert parse_turn_text(s, "hero", "move C5; Tide Lash F5; end") == [
        MoveStep(to="C5"), SkillStep(skill="Tide Lash", at="F5"), EndStep()]
    assert parse_turn_text(s, "hero", "Move to c5\nskill chain spark at s1; hold OA; pass") == [
        MoveStep(to="C5"), SkillStep(skill="Chain Spark", at="s1"), HoldStep(reaction="opportunity_attack"), EndStep()]
    assert parse_turn_text(s, "hero", "move B5; shove Driplet toward north-east") == [
        MoveStep(to="B5"), SkillStep(skill="Shove", at="Driplet", toward="NE")]


@pytest.mark.parametrize("text, step, code, words", [
    ("move C5; Fireball F5; end", 1, "no_such_skill", "'Fireball F5'"),
    ("move Q5; end", 0, "off_board", "'move Q5'"),
    ("move C5; Tide Lash; end", 1, "no_aim", "say where to aim Tide Lash"),
    ("Shove F5 sideways", 0, "not_direction", "not a direction"),
    ("hold breath", 0, "unknown_reaction", "'hold breath'"),
    ("move C5 D5", 0, "move_one_tile", "a move names one tile"),
    ("  ;  ", None, "empty_turn", "empty"),
])
def test_a_turn_text_that_cannot_be_read_names_the_step(text, step, code, words):
    with pytest.raises(InvalidStepError) as e:
        parse_turn_text(_duel(), "hero", text)
    assert (e.value.step, e.value.code) == (step, code) and words in str(e.value)


def test_a_turn_text_applies_all_or_nothing():
    s = _duel()
    ok = apply_turn(s, "hero", parse_turn_text(s, "hero", "move C5; Tide Lash Driplet; end"))
    assert ok.get("hero").pos == "C5" and ok.get("s1").hp < s.get("s1").hp and ok.get("hero").done
    # Reads fine, but the Brine Ward and the Shove are two bonus skills: nothing happens.
    steps = parse_turn_text(s, "hero", "move C5; Brine Ward C5; Shove D5")
    with pytest.raises(IllegalStepError) as e:
        apply_turn(s, "hero", steps)
    assert e.value.step == 2 and e.value.code == "out_of_budget"


def test_a_planned_turn_applies_by_its_number_and_only_on_the_board_it_was_planned_for():
    s = new_fight("c03", 4, "Ranger", "Cindle")
    turns = plan_turns(s, "hero")
    assert 1 <= len(turns) <= 6 and all(t.label and t.summary for t in turns)
    n = len(turns) - 1
    assert apply_planned(s, "hero", n, seq=s.seq) == apply_turn(s, "hero", turns[n].steps)
    with pytest.raises(IllegalStepError) as e:
        apply_planned(s, "hero", len(turns))
    assert e.value.code == "no_such_turn"
    moved = apply_planned(s, "companion", 0)
    with pytest.raises(StaleStateError):
        apply_planned(moved, "hero", 0, seq=s.seq)


def test_target_options_name_the_fighter_on_each_legal_tile():
    s = apply_turn(_duel(), "hero", [MoveStep(to="C5")])
    # Chain Spark reaches 4: the Driplet 3 away and Mossle 4 away (single-target skills hit what you aim
    # at), not the Gloomcap 5 away. A foe comes first for an attack, named by its board letter, never its id.
    assert target_options(s, "hero", "Chain Spark") == [
        {"at": "F5", "fighter": "s1", "text": "Driplet a at F5"},
        {"at": "A9", "fighter": "companion", "text": "Mossle at A9"}]
    assert [o["fighter"] for o in target_options(s, "hero", "Brine Ward")] == ["hero"]   # reach 3
    assert target_options(s, "hero", "Fireball") == []


def test_the_text_view_from_each_side_shows_the_duos_hidden_reaction_to_the_duo_only():
    s = apply_turn(_duel(), "hero", [HoldStep(reaction="opportunity_attack")])
    for side in ("hero", "companion", "duo"):
        assert "holds opportunity attack" in render_text(s, side)
    for side in ("strays", None):
        assert "holds" not in render_text(s, side)
    assert "duo level 1" in render_text(new_fight("c13", 1)).splitlines()[0]


def test_the_text_view_names_the_phase_as_the_board_does():
    s = _duel()
    assert "| duo phase |" in render_text(s).splitlines()[0]
    ended_in_the_strays_phase = s.model_copy(update={"phase": "strays"})
    assert "| strays' phase |" in render_text(ended_in_the_strays_phase).splitlines()[0]
