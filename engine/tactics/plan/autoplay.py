"""Whole fights played by the planner: both duo members send their first ready-made turn each phase."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine import DEFAULT_COMPANION, DEFAULT_HERO, open_fight, play_pass, play_turn
from ..model.progress import expected_level
from ..model.state import FightState
from .planner import plan_turns
from .turns import PlannedTurn

MAX_TURNS = 200  # a safety net; fights end by round 10
Planner = Callable[[FightState, str], Sequence[PlannedTurn]]


def first_turn(state: FightState, fighter_id: str) -> Sequence[PlannedTurn]:
    return plan_turns(state, fighter_id, limit=1)


def autoplay_state(state: FightState, record: list | None = None, events: list | None = None,
                   planner: Planner = first_turn) -> FightState:
    """The fight played on to its end: each fighter due sends `planner`'s first turn, or passes without
    one. `record` gets each turn sent, `events` everything the fight played (both when given);
    `planner` lets a caller see each call (the benchmark times it), plan_turns' best turn by default."""
    for _ in range(MAX_TURNS):
        if state.result:
            break
        for fid in ("hero", "companion"):
            if state.result or state.phase != "duo":
                break
            f = state.get(fid)
            if not f.standing or f.done:
                continue
            turns = planner(state, fid)
            if turns and record is not None:
                record.append({"round": state.round, "fighter": fid, "summary": turns[0].summary,
                               "steps": [s.model_dump(exclude_none=True) for s in turns[0].steps]})
            played = play_turn(state, fid, turns[0].steps) if turns else play_pass(state, fid)
            state = played.state
            if events is not None:
                events.extend(played.events)
    return state


def autoplay(encounter_id: str, seed: int, hero: str = DEFAULT_HERO, companion: str = DEFAULT_COMPANION,
             record: list | None = None, level: int | None = None, vary_start: bool = False,
             events: list | None = None) -> FightState:
    """A whole fight played by the planner, the duo at `level` (default: the level a player reaches
    this encounter at, progress.expected_level); `vary_start`: the seed also draws the strays' tiles.
    `events`, when given, gets everything the fight played from its start."""
    lvl = expected_level(encounter_id) if level is None else level
    opened = open_fight(encounter_id, seed, hero, companion, level=lvl, vary_start=vary_start)
    if events is not None:
        events.extend(opened.events)
    return autoplay_state(opened.state, record, events)
