"""Whole fights played by the planner: both duo members send their first ready-made turn each phase."""
from __future__ import annotations

from ..engine import DEFAULT_COMPANION, DEFAULT_HERO, apply_turn, new_fight, pass_turn
from ..model.progress import expected_level
from ..model.state import FightState
from .planner import plan_turns

MAX_TURNS = 200  # a safety net; fights end by round 10


def autoplay_state(state: FightState, record: list | None = None) -> FightState:
    for _ in range(MAX_TURNS):
        if state.result:
            break
        for fid in ("hero", "companion"):
            if state.result or state.phase != "duo":
                break
            f = state.get(fid)
            if not f.standing or f.done:
                continue
            turns = plan_turns(state, fid, limit=1)
            if turns:
                if record is not None:
                    record.append({"round": state.round, "fighter": fid, "summary": turns[0].summary,
                                   "steps": [s.model_dump(exclude_none=True) for s in turns[0].steps]})
                state = apply_turn(state, fid, turns[0].steps)
            else:
                state = pass_turn(state, fid)
    return state


def autoplay(encounter_id: str, seed: int, hero: str = DEFAULT_HERO, companion: str = DEFAULT_COMPANION,
             record: list | None = None, level: int | None = None, vary_start: bool = False) -> FightState:
    """A whole fight played by the planner, the duo at `level` (default: the level a player reaches
    this encounter at, progress.expected_level); `vary_start`: the seed also draws the strays' tiles."""
    lvl = expected_level(encounter_id) if level is None else level
    return autoplay_state(new_fight(encounter_id, seed, hero, companion, level=lvl, vary_start=vary_start), record)
