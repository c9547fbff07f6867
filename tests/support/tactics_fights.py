"""Random tactics fights for the engine's property tests: any campaign encounter, seed, hero and companion."""
from __future__ import annotations

from collections.abc import Callable

from hypothesis import strategies as st

from engine.tactics import FightState, apply_turn, campaign, new_fight, pass_turn, plan_turns
from engine.tactics.model.content import companions, heroes
from engine.tactics.plan.weights import MAX_TURNS

ENCOUNTERS = [e.id for e in campaign()]


def new_fights() -> st.SearchStrategy[FightState]:
    """A fight's first state: any campaign encounter, seed (0 to 10,000), hero and companion."""
    return st.builds(new_fight, st.sampled_from(ENCOUNTERS), st.integers(0, 10_000), st.sampled_from(heroes()),
                     st.sampled_from(companions()))


def play_first_turns(state: FightState, rounds: int, *, limit: int = MAX_TURNS,
                     each_plan: Callable[[list], object] | None = None,
                     each_state: Callable[[FightState], object] | None = None) -> FightState:
    """Play up to `rounds` rounds with the planner's first turn (a pass when it plans none), so positions
    vary: `each_plan` sees every plan (of up to `limit` turns) on the way, `each_state` every state after it."""
    target = state.round + rounds
    while not state.result and state.round < target:
        for fid in ("hero", "companion"):
            if state.result or state.phase != "duo":
                break
            if state.get(fid).standing and not state.get(fid).done:
                turns = plan_turns(state, fid, limit=limit)
                if each_plan:
                    each_plan(turns)
                state = apply_turn(state, fid, turns[0].steps) if turns else pass_turn(state, fid)
                if each_state:
                    each_state(state)
    return state
