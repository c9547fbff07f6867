"""What the planner offers: a ready-made turn, its steps, words, preview and consequences."""
from __future__ import annotations

from pydantic import BaseModel

from ..model.steps import Step
from ..rules.previews import SkillPreview
from .consequences import Consequences


class TurnPreview(BaseModel):
    skills: list[SkillPreview]
    end_at: str
    hp_at_risk: int       # the fighter's HP the strays' next phase takes (one phase ahead)
    score: int
    score_parts: dict[str, int]
    lethal: bool = False  # a duo member would be downed by the turn or the strays' next phase


class PlannedTurn(BaseModel):
    steps: list[Step]
    summary: str
    preview: TurnPreview
    label: str   # the gist in at most 80 characters, for a button; different for every turn of one plan
    consequences: Consequences | None = None   # through the strays' next phase (consequences.py)
