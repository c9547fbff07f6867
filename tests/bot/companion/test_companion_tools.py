"""The tool schemas pass a lint of OpenAI's strict-mode rules, and the request body keeps the contract."""
from __future__ import annotations

import json

import pytest

from bot.companion.offer import build_offer
from bot.companion.request import Accepted
from bot.companion.tools import tool_specs
from bot.settings import Settings
from tools.drive.fake_openai import FakeOpenAI, choose, text

ALLOWED_KEYS = {"type", "properties", "required", "additionalProperties", "items", "enum", "description"}


def strict_problems(schema: dict, where: str = "$") -> list[str]:
    """What breaks OpenAI's strict structured-output rules (and what local grammar servers choke on)."""
    problems = []
    for key in set(schema) - ALLOWED_KEYS:
        problems.append(f"{where}: keyword {key!r} is not in the strict subset")
    kinds = schema.get("type")
    kinds = kinds if isinstance(kinds, list) else [kinds]
    if "object" in kinds:
        props = schema.get("properties", {})
        if schema.get("additionalProperties") is not False:
            problems.append(f"{where}: additionalProperties must be false")
        if sorted(schema.get("required", [])) != sorted(props):
            problems.append(f"{where}: every property must be required")
        for name, sub in props.items():
            problems += strict_problems(sub, f"{where}.{name}")
    if "array" in kinds:
        if "items" not in schema:
            problems.append(f"{where}: an array needs items")
        else:
            problems += strict_problems(schema["items"], f"{where}[]")
    if "enum" in schema and None in schema["enum"] and "null" not in kinds:
        problems.append(f"{where}: a null enum value needs the null type")
    return problems


@pytest.mark.parametrize("custom", [False, True])
def test_the_schemas_are_strict_mode_safe(custom):
    tools = tool_specs(strict=True, custom=custom)
    assert [t["function"]["name"] for t in tools] == ["choose_turn", "pass_turn"] + (["custom_turn"] if custom else [])
    for t in tools:
        assert set(t) == {"type", "function"} and t["type"] == "function"
        assert set(t["function"]) == {"name", "description", "parameters", "strict"} and t["function"]["strict"] is True
        params = t["function"]["parameters"]
        assert params["type"] == "object"
        assert strict_problems(params) == [], t["function"]["name"]
    text_of = json.dumps(tools)
    for banned in ("oneOf", "anyOf", "allOf", "$ref", "$defs", "default", "title"):
        assert banned not in text_of


def test_the_lint_catches_what_strict_mode_refuses():
    assert strict_problems({"type": "object", "properties": {"a": {"type": "string", "default": "x"}},
                            "required": [], "oneOf": []}) == [
        "$: keyword 'oneOf' is not in the strict subset", "$: additionalProperties must be false",
        "$: every property must be required", "$.a: keyword 'default' is not in the strict subset"]


def test_the_tools_name_the_issues_fields():
    by_name = {t["function"]["name"]: t["function"]["parameters"] for t in tool_specs(strict=True, custom=True)}
    assert by_name["choose_turn"]["properties"]["number"] == {
        "type": "integer", "enum": [1, 2, 3, 4, 5, 6],
        "description": by_name["choose_turn"]["properties"]["number"]["description"]}
    assert list(by_name["choose_turn"]["properties"]) == ["number", "say"]
    assert list(by_name["pass_turn"]["properties"]) == ["reason"]
    assert list(by_name["custom_turn"]["properties"]) == ["steps", "say"]
    step = by_name["custom_turn"]["properties"]["steps"]["items"]
    assert list(step["properties"]) == ["kind", "to", "skill", "at", "toward", "reaction"]
    assert step["properties"]["kind"]["enum"] == ["move", "skill", "hold", "end"]
    assert all(step["properties"][f]["type"][-1] == "null" for f in ("to", "skill", "at", "toward", "reaction"))


def test_without_strict_the_fields_servers_reject_are_dropped():
    loose = Accepted().options(Settings(_env_file=None, COMPANION_STRICT=False))
    assert set(loose) == {"tools", "tool_choice", "max_tokens"} and loose["tool_choice"] == "required"
    assert all("strict" not in t["function"] for t in loose["tools"])
    strict = Accepted().options(Settings(_env_file=None))
    assert strict["parallel_tool_calls"] is False
    # The same schemas either way: only the flag differs.
    parameters = [t["function"]["parameters"] for t in strict["tools"]]
    assert [t["function"]["parameters"] for t in loose["tools"]] == parameters


async def test_the_request_body_keeps_the_contract(fight, pilots):
    async with FakeOpenAI([text("?"), choose(1)]) as fake:
        pilot = pilots(fake, COMPANION_FORECAST_SECONDS=0)   # the forecasts' words: test_companion_forecasts
        await pilot.decide(fight, "companion", timeout=10.0, guild_id=987654321012, game_id=4242)
        await pilot.decide(fight, "companion", timeout=10.0, guild_id=987654321012, game_id=4242)
    first, retry, second = fake.requests
    for body in (first, retry, second):
        assert body["model"] == "fake-model"
        assert body["tools"] == tool_specs(strict=True, custom=False)          # fixed from call to call
        assert body["tool_choice"] == "required" and body["parallel_tool_calls"] is False
        assert "stream" not in body or body["stream"] is False
    # The prompt is exactly the engine's offer: nothing else (no ids, no names) rides along.
    offer = build_offer(fight, "companion", custom=False, seconds=10)
    assert first["messages"] == offer.messages == second["messages"]
    assert "987654321012" not in json.dumps(fake.requests) and "4242" not in json.dumps(fake.requests)


async def test_with_strict_off_the_body_has_no_strict_and_no_parallel_flag(fight, pilots):
    async with FakeOpenAI([choose(1)]) as fake:
        await pilots(fake, COMPANION_STRICT=False).decide(fight, "companion", timeout=1.0)
    (body,) = fake.requests
    assert "parallel_tool_calls" not in body and body["tool_choice"] == "required"
    assert body["tools"] == tool_specs(strict=False, custom=False)


async def test_custom_turn_is_offered_only_when_switched_on(fight, pilots):
    async with FakeOpenAI([choose(1)]) as fake:
        await pilots(fake, COMPANION_CUSTOM_TURNS=True).decide(fight, "companion", timeout=1.0)
        await pilots(fake).decide(fight, "companion", timeout=1.0)
    on, off = fake.requests
    assert [t["function"]["name"] for t in on["tools"]] == ["choose_turn", "pass_turn", "custom_turn"]
    assert [t["function"]["name"] for t in off["tools"]] == ["choose_turn", "pass_turn"]
    assert "custom_turn(steps, say)" in on["messages"][0]["content"]
    assert "custom_turn" not in off["messages"][0]["content"]
