"""A turn's steps in the reader's words ("move to E5", "Tide Lash at F5"), and a ready-made turn's label
and summary for a reader in another language than the planner's (the planner labels its turns in English,
for its command line and the companion's prompt, which is what an English reader is shown)."""
from __future__ import annotations

from typing import Any

import engine.tactics as tx
from bot.words import SOURCE, current, words

from . import names
from .report import COMPASS
from .turn_labels import label_words


def step_words(step: tx.Step) -> str:
    """One step as a player reads it."""
    if isinstance(step, tx.MoveStep):
        return words("move to {to}", to=step.to)
    if isinstance(step, tx.SkillStep):
        skill = names.skill(step.skill)
        toward = words(COMPASS[step.toward]) if step.toward in COMPASS else step.toward
        return words("{skill} at {at} pushing {toward}", skill=skill, at=step.at, toward=toward) \
            if step.toward else words("{skill} at {at}", skill=skill, at=step.at)
    if isinstance(step, tx.HoldStep):
        return words("hold {reaction}", reaction=names.reaction(step.reaction))
    return words("end")


def turn_words(steps: list[tx.Step] | tuple[tx.Step, ...]) -> str:
    """A whole turn, step by step."""
    return words("; ").join(step_words(s) for s in steps if not isinstance(s, tx.EndStep)) or words("end")


def label(turn: Any) -> str:
    """A ready-made turn's button label: the planner's in English; in another language its steps, damage and
    effects from its preview (turn_labels.py), or its steps alone for a turn kept as it was offered."""
    if current() == SOURCE:
        return turn.label
    said = turn_words(turn.steps)
    return label_words(turn, said) if getattr(turn, "preview", None) is not None else said  # a turn as offered


def summary(turn: Any) -> str:
    """A ready-made turn's summary (the planner's in English): its steps and where it ends."""
    if current() == SOURCE:
        return turn.summary
    preview = getattr(turn, "preview", None)
    said = turn_words(turn.steps)
    return words("{steps}; ends on {tile}", steps=said, tile=preview.end_at) if preview is not None else said
