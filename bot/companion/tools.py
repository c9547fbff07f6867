"""The companion's tools: pydantic models of their arguments and the strict JSON schemas sent to the model.

A contract: `choose_turn(number, say)`, `pass_turn(reason)` and, when custom turns are on,
`custom_turn(steps, say)`. The schemas are generated once from the models below and made strict-mode
safe (every property required, no extra properties, no defaults, no oneOf; a field that may be unused
is nullable instead), so they are the same bytes on every call and any OpenAI-compatible server can
turn them into a grammar.
"""
from __future__ import annotations

import copy
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

CHOOSE, PASS, CUSTOM = "choose_turn", "pass_turn", "custom_turn"
MAX_TURNS = 6


class ChooseTurn(BaseModel):
    """Send one of the ready-made turns exactly as it is listed."""

    model_config = ConfigDict(extra="forbid")
    number: Literal[1, 2, 3, 4, 5, 6] = Field(description="The number of the ready-made turn to send (1-6).")
    say: str = Field(description="One short line the companion says in the fight's thread (under 100 characters).")


class PassTurn(BaseModel):
    """Do nothing this phase."""

    model_config = ConfigDict(extra="forbid")
    reason: str = Field(description="Why the companion passes, in a few words.")


class CustomStep(BaseModel):
    """One step of a custom turn. Fill the fields its kind uses and set the others to null:
    move uses `to`; skill uses `skill`, `at` and maybe `toward`; hold uses `reaction`; end uses none."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["move", "skill", "hold", "end"]
    to: str | None = Field(description="move: the tile to walk to, e.g. C5.")
    skill: str | None = Field(description="skill: the skill's name, e.g. Ember Bolt.")
    at: str | None = Field(description="skill: the tile to aim at, e.g. F5.")
    toward: Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"] | None = Field(
        description="skill: push direction for Shove and Sod Kick; null pushes straight away.")
    reaction: Literal["opportunity_attack", "flowing_guard"] | None = Field(description="hold: the reaction to hold.")

    def engine_step(self) -> dict:
        """The step as the engine reads it (unused fields left out)."""
        return {k: v for k, v in self.model_dump().items() if v is not None}


class CustomTurn(BaseModel):
    """Send a turn of your own steps; the rules check it all or nothing before it is sent."""

    model_config = ConfigDict(extra="forbid")
    steps: list[CustomStep] = Field(description="The steps in order; end with an end step.")
    say: str = Field(description="One short line the companion says in the fight's thread (under 100 characters).")


ARGUMENTS: dict[str, type[BaseModel]] = {CHOOSE: ChooseTurn, PASS: PassTurn, CUSTOM: CustomTurn}


def strict_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The model's JSON schema in the strict-mode subset: $refs inlined, titles dropped, `X | None` as a
    type list, every object closed with all its properties required."""
    raw = model.model_json_schema()
    defs = raw.pop("$defs", {})
    raw.pop("description", None)  # the function's description already says it

    def fix(node: Any) -> Any:
        if isinstance(node, list):
            return [fix(n) for n in node]
        if not isinstance(node, dict):
            return node
        if "$ref" in node:
            return fix(copy.deepcopy(defs[node["$ref"].rsplit("/", 1)[-1]]))
        node = {k: fix(v) for k, v in node.items() if k not in ("title", "default")}
        options = node.get("anyOf")
        if options and len(options) == 2 and {"type": "null"} in options:
            (real,) = [o for o in options if o != {"type": "null"}]
            node.pop("anyOf")
            node = {**real, **node, "type": [real["type"], "null"]}
            if "enum" in node:
                node["enum"] = [*node["enum"], None]
        if node.get("type") == "object":
            node["additionalProperties"] = False
            node["required"] = list(node.get("properties", {}))
        return node

    return fix(raw)


@cache
def _tool(name: str, strict: bool) -> dict[str, Any]:
    model = ARGUMENTS[name]
    function: dict[str, Any] = {"name": name, "description": " ".join((model.__doc__ or "").split()),
                                "parameters": strict_schema(model)}
    if strict:
        function["strict"] = True
    return {"type": "function", "function": function}


def tool_specs(*, strict: bool, custom: bool) -> list[dict[str, Any]]:
    """The tools for one request (fresh copies of fixed data, so a caller cannot alter the next call's)."""
    names = [CHOOSE, PASS] + ([CUSTOM] if custom else [])
    return [copy.deepcopy(_tool(n, strict)) for n in names]
