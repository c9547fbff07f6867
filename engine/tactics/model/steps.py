"""Turn steps as small frozen pydantic models (a discriminated union on "kind"), and the typed errors."""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from ...errors import RuleError

Reaction = Literal["opportunity_attack", "flowing_guard"]
Direction = Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]


class MoveStep(BaseModel):
    """Walk to a tile by the cheapest way (fewest opportunity attacks among equally cheap ways)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["move"] = "move"
    to: str


class SkillStep(BaseModel):
    """Use a skill at a tile (a fighter's tile for single-target skills). `toward` picks the push
    direction of Shove, Shield Bash and Sod Kick; without it they push straight away."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["skill"] = "skill"
    skill: str
    at: str
    toward: Direction | None = None


class HoldStep(BaseModel):
    """Hold a hidden reaction until your next phase."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["hold"] = "hold"
    reaction: Reaction


class EndStep(BaseModel):
    """Finish your part of the phase; what is left of your budget is lost."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["end"] = "end"


Step = Annotated[MoveStep | SkillStep | HoldStep | EndStep, Field(discriminator="kind")]
STEPS = TypeAdapter(list[Step])
_STEP = TypeAdapter(Step)


def parse_steps(data: object) -> list[MoveStep | SkillStep | HoldStep | EndStep]:
    """Steps from JSON-like data; a malformed step raises InvalidStepError naming it."""
    if not isinstance(data, list):
        raise InvalidStepError(None, "steps must be a list", "malformed")
    out = []
    for i, item in enumerate(data):
        if isinstance(item, (MoveStep, SkillStep, HoldStep, EndStep)):
            out.append(item)
            continue
        try:
            out.append(_STEP.validate_python(item))
        except ValueError as e:
            first = e.errors()[0] if hasattr(e, "errors") else {"msg": str(e)}
            raise InvalidStepError(i, f"malformed step: {first.get('msg')}", "malformed") from None
    return out


def step_text(step: MoveStep | SkillStep | HoldStep | EndStep) -> str:
    if isinstance(step, MoveStep):
        return f"move to {step.to}"
    if isinstance(step, SkillStep):
        return f"{step.skill} at {step.at}" + (f" pushing {step.toward}" if step.toward else "")
    if isinstance(step, HoldStep):
        return f"hold {step.reaction.replace('_', ' ')}"
    return "end"


class TacticsError(RuleError):
    """Base of every tactics refusal: a `RuleError` whose `step` is the index of the offending step (or
    None when no step is at fault) and `reason` says why in English (for the CLI and the companion's prompt);
    `code` is a short stable word for tools and `facts` what a reader's words are built from (`fighter`,
    `skill`, `tile`, `reach` …, names as the content spells them)."""

    code = "illegal"

    def __init__(self, step: int | None, reason: str, code: str | None = None, **facts: Any) -> None:
        self.step = step
        self.reason = reason
        self.facts: dict[str, Any] = facts
        super().__init__(f"step {step}: {reason}" if step is not None else reason, code)


class InvalidStepError(TacticsError):
    """The step cannot be read: unknown kind, a tile not on the board, a skill the fighter lacks."""

    code = "bad_step"


class IllegalStepError(TacticsError):
    """The step is well formed but not allowed here: out of range, no budget left, blocked, ..."""

    code = "illegal_step"


class NotYourPhaseError(TacticsError):
    """The fighter cannot act now: not a duo member, down, already ended, or the strays' phase."""

    code = "not_your_phase"


class FightOverError(TacticsError):
    """The fight already has a result."""

    code = "fight_over"


class StaleStateError(TacticsError):
    """The caller's state version is not the current one (a step sent against an old board)."""

    code = "stale"


class UnknownNameError(RuleError, KeyError):
    """A name the fight or the content does not know (an encounter, a fighter, a hero). Also a KeyError,
    so callers that looked names up with `except KeyError` keep working."""

    code = "unknown"

    def __str__(self) -> str:   # a KeyError would print its message in quotes
        return str(self.args[0]) if self.args else ""
