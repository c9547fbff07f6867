"""The tactics tutorial's scripted steps: each starts in the duo's phase with its telegraph locked, the
turn it teaches achieves it, and a turn that misses the idea does not."""
from __future__ import annotations

import engine.tactics as tx
from engine.tactics.model.steps import EndStep, MoveStep, SkillStep
from engine.tactics.tutorial import achieved, tutorial_duo, tutorial_step, tutorial_steps


def phase(fight, steps, companion_acts=False):
    """The hero's turn, the companion's (the planner's first, or a pass) and the strays' phase: its events."""
    hero = tx.play_turn(fight, "hero", steps)
    companion = tx.play_planned(hero.state, "companion", 0) if companion_acts else tx.play_pass(hero.state, "companion")
    return (*hero.events, *companion.events)


def test_every_step_opens_the_duo_phase_with_a_telegraph_and_the_tutorial_duo():
    for step in tutorial_steps():
        _, fight = tutorial_step(step.number)
        assert fight.phase == "duo" and fight.telegraphs and not fight.last_phase and not fight.moments
        assert (fight.get("hero").name, fight.get("companion").name) == tutorial_duo()


def test_stepping_out_of_the_screech_achieves_step_2_and_staying_does_not():
    step, fight = tutorial_step(2)
    assert achieved(step, phase(fight, [MoveStep(to="C3"), EndStep()]))
    assert not achieved(step, phase(fight, [SkillStep(skill="Longshot", at="G5"), EndStep()]))


def test_a_root_achieves_step_3_and_running_out_of_reach_does_not():
    step, fight = tutorial_step(3)
    assert achieved(step, phase(fight, [SkillStep(skill="Pinning Shot", at="H5"), EndStep()]))
    assert not achieved(step, phase(fight, [MoveStep(to="A5"), EndStep()]))


def test_step_4_needs_the_hero_and_the_companion_both_to_hit():
    step, fight = tutorial_step(4)
    assert achieved(step, phase(fight, [SkillStep(skill="Longshot", at="G5"), EndStep()], companion_acts=True))
    assert not achieved(step, phase(fight, [EndStep()], companion_acts=True))


def test_step_1_is_the_ready_made_turn_sent():
    step, fight = tutorial_step(1)
    assert achieved(step, (), ready_made=True) and not achieved(step, (), ready_made=False)


def test_a_step_past_the_last_is_refused_saying_which_steps_there_are():
    import pytest

    from engine.tactics.tutorial import TutorialError
    with pytest.raises(TutorialError, match="the tutorial has steps 1 to 4"):
        tutorial_step(5)
