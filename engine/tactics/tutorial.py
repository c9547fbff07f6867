"""The tutorial's scripted positions (tutorial.json): small fights, one idea each, with a fixed duo —
a ready-made turn and its preview, a move out of a telegraphed area, a root that makes a telegraph
fizzle, the companion acting beside the hero. Each step starts as a normal fight in the duo's phase
with its strays' telegraphs locked; `achieved` tells from a played phase's events whether the hero did
what the step's line says (the bot words the line, plays the phase and starts the step over if not)."""
from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from .model.content import kit
from .model.events import Event, Hit, TelegraphFizzled
from .model.state import FightState
from .model.steps import TacticsError
from .rules.fight import Fight
from .rules.scenario import scenario
from .rules.strays import lock

Expect = Literal["ready_turn", "step_out", "defuse", "together"]
DEFUSED = ("rooted", "pushed_away")   # the fizzles a root or a push brings about


class TutorialError(TacticsError):
    code = "no_such_step"


class TutorialStep(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    number: int = 0           # 1-based, from the order in the file
    key: str
    expect: Expect
    companion: Literal["waits", "acts"]   # the companion passes, or plays the planner's first turn
    line: str                 # what the step asks, one line
    hint: str                 # why a turn that missed the idea did not do it
    fighters: list[tuple[str, str, str]]
    locks: list[tuple[str, str, dict[str, Any]]]


class Tutorial(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    duo: dict[str, str]
    steps: tuple[TutorialStep, ...]


@lru_cache(maxsize=1)
def _tutorial() -> Tutorial:
    raw = json.loads(resources.files(__package__).joinpath("tutorial.json").read_text(encoding="utf-8"))
    raw["steps"] = [{**s, "number": i + 1} for i, s in enumerate(raw["steps"])]
    return Tutorial.model_validate(raw)


def tutorial_steps() -> tuple[TutorialStep, ...]:
    return _tutorial().steps


def tutorial_duo() -> tuple[str, str]:
    """The tutorial's hero and companion (the same in every step)."""
    duo = _tutorial().duo
    return duo["hero"], duo["companion"]


def tutorial_step(n: int) -> tuple[TutorialStep, FightState]:
    """Step `n` (1-based) and its fight: the duo's phase open, the strays' telegraphs locked."""
    steps = tutorial_steps()
    if not 1 <= n <= len(steps):
        raise TutorialError(None, f"no tutorial step {n}: the tutorial has steps 1 to {len(steps)}")
    step = steps[n - 1]
    state = scenario([], list(step.fighters), round_=1)
    fight = Fight(state)
    for stray, skill, how in step.locks:
        st = state.get(stray)
        lock(fight, st, kit(st.name)[skill], {k: tuple(v) if isinstance(v, list) else v for k, v in how.items()})
    state.encounter, state.encounter_name = "tutorial", f"Tutorial {n} of {len(steps)}"
    return step, state


def achieved(step: TutorialStep, events: Sequence[Event], ready_made: bool = False) -> bool:
    """Whether a duo phase and the strays' phase after it (`events`) show what the step teaches;
    `ready_made`: the hero's turn was a ready-made one sent from its preview."""
    fizzled = [e for e in events if isinstance(e, TelegraphFizzled)]
    if step.expect == "ready_turn":
        return ready_made
    if step.expect == "step_out":
        return any(e.reason == "moved_out_of_area" for e in fizzled)
    if step.expect == "defuse":
        return any(e.reason in DEFUSED for e in fizzled)
    hits = [e for e in events if isinstance(e, Hit) and e.target.startswith("s")]
    return any(e.src == "hero" for e in hits) and any(e.src == "companion" for e in hits)


__all__ = ["TutorialError", "TutorialStep", "achieved", "tutorial_duo", "tutorial_step", "tutorial_steps"]
