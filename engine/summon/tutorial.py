"""The tutorial's scripted positions (tutorial.json): fixed hands and boards that show, one line each,
a piece with no tabs summoning at once, a tab joined into a blank, a double summon and its order, and
a slide pushing a piece off. Each step starts as a normal game state (the player is p1 and places
first); `achieved` tells from a placement's events whether it did what the step's line says."""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from ..errors import RuleError
from ..rng import seed_from
from .deck import auto_deck
from .events import BoardSlid, Event, PiecePlaced, Summoned
from .scenario import scenario
from .state import Place, SummonState

Expect = Literal["summons_at_once", "joins", "double_summon", "pushes_off"]


class TutorialError(RuleError):
    code = "no_such_step"


class StepPlace(BaseModel):
    """The step's intended placement: which hand piece (0–2, in hand order), turned how, where."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    hand: int
    rotation: int
    col: int
    row: int


class TutorialStep(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    number: int = 0  # 1-based, set from the order in the file
    key: str
    expect: Expect
    line: str  # the one line of text the step shows
    you: dict[str, Any]
    rival: dict[str, Any]
    place: StepPlace

    def intended(self, state: SummonState) -> Place:
        """The placement the step teaches, as an action on the step's starting state."""
        hp = state.players[0].hand[self.place.hand]
        return Place(player=0, piece=hp.uid, rotation=self.place.rotation, col=self.place.col, row=self.place.row,
                     version=state.version)


@lru_cache(maxsize=1)
def tutorial_steps() -> tuple[TutorialStep, ...]:
    text = resources.files(__package__).joinpath("tutorial.json").read_text(encoding="utf-8")
    raw = json.loads(text)["steps"]
    return tuple(TutorialStep.model_validate({**s, "number": i + 1}) for i, s in enumerate(raw))


def tutorial_step(n: int) -> tuple[TutorialStep, SummonState]:
    """Step `n` (1-based) and its starting state: a normal game where p1 (the player) is to place,
    with the step's hand and board, and decks so that play can go on after it."""
    steps = tutorial_steps()
    if not 1 <= n <= len(steps):
        raise TutorialError(f"no tutorial step {n}: the tutorial has steps 1 to {len(steps)}")
    step = steps[n - 1]
    sides = []
    for who, spec in enumerate((step.you, step.rival)):
        deck = auto_deck(seed_from("summon-tutorial", who))
        sides.append({**spec, "deck": deck})
    st = scenario(sides[0], sides[1], first=0, seed=seed_from("summon-tutorial-game", n))
    return step, st


def achieved(step: TutorialStep, events: list[Event] | tuple[Event, ...]) -> bool:
    """Whether a placement's events show what the step teaches (a player may place elsewhere)."""
    placed = next((e for e in events if isinstance(e, PiecePlaced)), None)
    summons = [e for e in events if isinstance(e, Summoned)]
    if placed is None:
        return False
    if step.expect == "summons_at_once":
        return not placed.sides.tabs and any(s.placed for s in summons)
    if step.expect == "joins":
        joined = any(n.joined and n.tab_of == "placed" for n in placed.neighbours)
        return joined and any(s.placed for s in summons)
    if step.expect == "double_summon":
        return len(summons) >= 2 and summons[0].placed and not summons[1].placed
    return any(isinstance(e, BoardSlid) and e.falls for e in events)
