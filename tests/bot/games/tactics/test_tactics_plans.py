"""The `auto` companion's decision is planned once per position and shared: every fight that reaches the
position gets the planner's own decision, each in a copy of its own."""
from __future__ import annotations

import asyncio

import engine.tactics as tx
from bot.companion.auto import auto_decision
from bot.games.tactics import plans


def _opening(encounter: str, seed: int) -> tx.FightState:
    return tx.new_fight(encounter, seed, "Tidecaller", "Mossle", level=tx.expected_level(encounter))


def test_the_same_position_gets_the_planners_decision_in_a_copy_of_its_own():
    fight = _opening("c03", 2)
    first = asyncio.run(plans.auto_decided(fight))
    assert first == auto_decision(fight, "companion")
    first.latency_s = 9.9  # the pilot stamps its copy
    first.steps.clear()
    again = asyncio.run(plans.auto_decided(tx.FightState.model_validate_json(fight.model_dump_json())))
    assert again == auto_decision(fight, "companion"), "the kept decision is not changed by a caller"
    assert again is not first


def test_another_position_is_planned_for_itself():
    ones = {_opening("c05", seed).model_dump_json(): asyncio.run(plans.auto_decided(_opening("c05", seed)))
            for seed in (1, 2, 3)}
    for saved, decision in ones.items():
        assert decision == auto_decision(tx.FightState.model_validate_json(saved), "companion")
