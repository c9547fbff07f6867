"""The engines' one idiom: a state goes in, a new state comes out and the input never changes;
every refusal is a RuleError with a stable code; saved states keep loading; relative imports."""
import ast
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine.tactics as tactics
from db.saved_forms import fight_in_todays_form
from engine.errors import RuleError
from engine.tactics import (
    EndStep,
    FightState,
    HoldStep,
    MoveStep,
    SkillStep,
    apply_turn,
    budget,
    campaign,
    check_turn,
    encounter,
    kit,
    legal_moves,
    legal_steps,
    legal_targets,
    new_fight,
    pass_turn,
    plan_turns,
    preview_skill,
    render_text,
)
from engine.tactics.model.content import companions, heroes

FIXTURES = Path(__file__).parent / "fixtures"
PACKAGE = Path(tactics.__file__).parent
ENCOUNTERS = [e.id for e in campaign()]


def test_every_tactics_error_is_a_rule_error_with_its_own_code():
    classes = [tactics.TacticsError, tactics.InvalidStepError, tactics.IllegalStepError, tactics.NotYourPhaseError,
               tactics.FightOverError, tactics.StaleStateError, tactics.BoardCutError]
    assert all(issubclass(c, RuleError) for c in classes)
    codes = [c.code for c in classes[1:]]
    assert codes == ["bad_step", "illegal_step", "not_your_phase", "fight_over", "stale", "no_board"]
    e = tactics.IllegalStepError(2, "no budget left", "out_of_budget")
    assert (e.step, e.reason, e.code, str(e)) == (2, "no budget left", "out_of_budget", "step 2: no budget left")


@pytest.mark.parametrize("call, code", [
    (lambda: new_fight("c99", 1), "no_such_encounter"),
    (lambda: new_fight("c01", 1, hero="Mossle"), "no_such_hero"),
    (lambda: new_fight("c01", 1, companion="Tidecaller"), "no_such_companion"),
    (lambda: legal_moves(new_fight("c01", 1), "s9"), "no_such_fighter"),
])
def test_bad_names_are_rule_errors_and_still_key_errors(call, code):
    with pytest.raises(RuleError) as e:
        call()
    assert e.value.code == code and isinstance(e.value, KeyError) and str(e.value) == e.value.args[0]


@pytest.mark.parametrize("steps, code", [
    ([{"kind": "move", "to": "Z9"}], "off_board"),
    ([{"kind": "skill", "skill": "Fireball", "at": "E5"}], "no_such_skill"),
    ([{"kind": "move", "to": "M9"}], "out_of_budget"),
    ([{"kind": "dance"}], "malformed"),
    ([{"kind": "end"}, {"kind": "end"}], "after_end"),
])
def test_refused_steps_carry_a_code(steps, code):
    state = new_fight("c01", 1)
    with pytest.raises(tactics.TacticsError) as e:
        apply_turn(state, "hero", steps)
    assert e.value.code == code and e.value.step is not None


def _random_step(rnd: random.Random, state: FightState, fid: str) -> list:
    """A turn built from what legal_steps offers, now and then spoilt with a step that cannot be played."""
    legal = legal_steps(state, fid)
    f = state.get(fid)
    steps: list = []
    if legal["move"] and rnd.random() < 0.7:
        steps.append(MoveStep(to=rnd.choice(legal["move"])))
    if legal["skills"] and rnd.random() < 0.8:
        name = rnd.choice(sorted(legal["skills"]))
        steps.append(SkillStep(skill=name, at=rnd.choice(legal["skills"][name])))
    if legal["hold"] and rnd.random() < 0.5:
        steps.append(HoldStep(reaction=rnd.choice(legal["hold"])))
    junk = rnd.random()
    if junk < 0.1:
        steps.insert(rnd.randrange(len(steps) + 1), {"kind": "skill", "skill": "Nope", "at": "E5"})
    elif junk < 0.2:
        steps.insert(rnd.randrange(len(steps) + 1), {"kind": "move", "to": rnd.choice(["A0", "N4", "E5", "M9"])})
    elif junk < 0.3:
        skill = rnd.choice(sorted(kit(f.name)))
        at = f"{'ABCDEFGHIJKLM'[rnd.randrange(13)]}{rnd.randint(1, 9)}"
        steps.append({"kind": "skill", "skill": skill, "at": at})
    if rnd.random() < 0.8:
        steps.append(EndStep())
    return steps


def _unchanged(state: FightState, call, *args, **kwargs):
    """Run call(state, *args, **kwargs); the state's dump must be the same afterwards, refused or not."""
    before = state.model_dump()
    try:
        return call(state, *args, **kwargs)
    except RuleError as e:
        assert isinstance(e.code, str) and e.code and e.code != "illegal", (type(e), e)
        return e
    finally:
        assert state.model_dump() == before, "the engine changed the state it was given"


@settings(max_examples=25, deadline=None)
@given(enc=st.sampled_from(ENCOUNTERS), seed=st.integers(0, 10_000), hero=st.sampled_from(heroes()),
       companion=st.sampled_from(companions()), play=st.integers(0, 2**32 - 1))
def test_random_play_never_changes_its_input_and_refuses_with_codes(enc, seed, hero, companion, play):
    rnd = random.Random(play)
    state = new_fight(enc, seed, hero, companion, level=rnd.choice([1, 8]))
    for _ in range(40):
        if state.result:
            break
        fid = rnd.choice(["hero", "companion"])
        for look in (plan_turns, legal_steps, legal_moves, budget, render_text):
            _unchanged(state, look, fid)
        f = state.get(fid)
        if f.standing and not f.done:
            skills = sorted(kit(f.name))
            name = rnd.choice(skills)
            targets = _unchanged(state, legal_targets, fid, name)
            if targets:
                _unchanged(state, preview_skill, fid, name, rnd.choice(targets))
        _unchanged(state, apply_turn, fid, [EndStep()], seq=state.seq + 1)   # stale
        choice = rnd.random()
        if choice < 0.4:
            turns = _unchanged(state, plan_turns, fid)
            steps = turns[rnd.randrange(len(turns))].steps if turns else [EndStep()]
        elif choice < 0.9:
            steps = _random_step(rnd, state, fid)
        else:
            nxt = _unchanged(state, pass_turn, fid)
            state = nxt if isinstance(nxt, FightState) else state
            continue
        _unchanged(state, check_turn, fid, steps)
        nxt = _unchanged(state, apply_turn, fid, steps, seq=state.seq)
        if isinstance(nxt, FightState):
            assert nxt.seq == state.seq + 1
            state = nxt


LATER_FIELDS = ("outcome", "last_phase", "history", "moments")


def _without_later_fields(dump: dict) -> dict:
    dump = {k: v for k, v in dump.items() if k not in LATER_FIELDS}
    dump["telegraphs"] = [{k: v for k, v in t.items() if k not in ("pushed", "caught")} for t in dump["telegraphs"]]
    return dump


def test_a_state_saved_before_issue_9_still_loads_and_plays():
    # Saved by the engine as it stood before the one-idiom change (c05, round 3, the hero has ended and
    # holds Flowing Guard, both duo members soaked, three telegraphs locked).
    raw = (FIXTURES / "fight_saved_before_issue_9.json").read_text()
    saved = json.loads(raw)
    assert fight_in_todays_form(saved)   # the store's migration drops its log's lines
    state = FightState.model_validate(saved)
    # Everything else saved loads unchanged; what later engines record (the result's reason, the last
    # phase's events, a pushed telegraph's mark) starts empty.
    assert _without_later_fields(state.model_dump(mode="json")) == {k: v for k, v in json.loads(raw).items()
                                                                    if k != "log"}
    assert state.outcome is None and state.last_phase == [] and not any(t.pushed for t in state.telegraphs)
    assert (state.encounter, state.round, state.phase, state.get("hero").held) == ("c05", 3, "duo", "flowing_guard")
    with pytest.raises(tactics.NotYourPhaseError):
        apply_turn(state, "hero", [EndStep()])
    turns = plan_turns(state, "companion")
    after = apply_turn(state, "companion", turns[0].steps)
    assert after.seq == state.seq + 1 and (after.round == 4 or after.result)


def test_imports_inside_the_engine_package_are_relative():
    for path in sorted(PACKAGE.glob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                assert not (node.module or "").startswith("engine"), f"{path.name}: from {node.module} import ..."
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("engine") for a in node.names), path.name


def test_encounter_lookup_error_names_the_encounter():
    with pytest.raises(KeyError) as e:
        encounter("c99")
    assert str(e.value) == "no encounter 'c99'"
