"""What a skill use will do before luck (a preview per target) and why a step cannot be played."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel


class Problem(str):
    """Why a step cannot be played: the English reason, with a short stable `.code` and the `.facts`
    a reader's words are built from."""

    code: str
    facts: dict[str, Any]

    def __new__(cls, code: str, reason: str, **facts: Any) -> Problem:
        self = super().__new__(cls, reason)
        self.code = code
        self.facts = facts
        return self




class TargetPreview(BaseModel):
    fighter: str
    name: str
    tile: str
    damage: int = 0
    modifiers: list[str] = []
    heal: int = 0
    shield: int = 0
    push_to: str | None = None
    push_outcome: str | None = None
    push_damage: int = 0
    statuses: list[str] = []
    downs: bool = False
    # The push as data, for words that match it: how it ended (events.PushHow), what stopped it ("edge",
    # "rock", "barrel" or a fighter id), whether the target leaves its tile, and whether it is a pull.
    # The fighter a target is splatted on is never hurt (only the pushed fighter takes the splat).
    push_how: str | None = None
    push_blocker: str | None = None
    push_moves: bool = False
    pull: bool = False


class SkillPreview(BaseModel):
    """What a skill use will do, before luck: damage per target, where pushes land, statuses, surfaces."""

    user: str
    skill: str
    at: str
    tiles: list[str] = []
    targets: list[TargetPreview] = []
    surfaces: list[str] = []
    cashin: str | None = None
    moves_to: str | None = None

    @property
    def damage(self) -> int:
        return sum(t.damage + t.push_damage for t in self.targets if t.fighter != self.user)

