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
SAY = "Said in the thread, under 100 characters."


class ChooseTurn(BaseModel):
    """Send a ready-made turn as listed."""

    model_config = ConfigDict(extra="forbid")
    number: Literal[1, 2, 3, 4, 5, 6] = Field(description="The turn's number.")
    say: str = Field(description=SAY)


class PassTurn(BaseModel):
    """Do nothing this phase."""

    model_config = ConfigDict(extra="forbid")
    reason: str = Field(description="In a few words.")


class CustomStep(BaseModel):
    """One step: move has `to` (a tile, e.g. C5); skill has `skill` (its name), `at` (a tile), maybe `toward`;
    hold has `reaction`; others null."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["move", "skill", "hold", "end"]
    to: str | None
    skill: str | None
    at: str | None
    toward: Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"] | None = Field(
        description="A chosen push's direction; null: straight away.")
    reaction: Literal["opportunity_attack", "flowing_guard"] | None

    def engine_step(self) -> dict:
        """The step as the engine reads it (unused fields left out)."""
        return {k: v for k, v in self.model_dump().items() if v is not None}


class CustomTurn(BaseModel):
    """Your own steps, checked all or nothing."""

    model_config = ConfigDict(extra="forbid")
    steps: list[CustomStep] = Field(description="In order, the last an end step.")
    say: str = Field(description=SAY)


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
