"""The companion's prompts: a golden snapshot of the templates, StrictUndefined, and the size a model reads."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from jinja2 import UndefinedError

from bot.companion.offer import build_offer
from bot.companion.tools import tool_specs
from engine.tactics import apply_turn, campaign, new_fight, pass_turn, plan_turns
from prompts import render

GOLDEN = Path(__file__).parent / "golden"


def test_the_rendered_templates_match_the_golden_file():
    variables = json.loads((GOLDEN / "prompt_vars.json").read_text())
    rendered = "\n\n=====\n\n".join(render(f"companion/{name}", **variables[name])
                                    for name in ("system", "user", "retry"))
    golden = GOLDEN / "prompt.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(rendered + "\n")
    assert rendered + "\n" == golden.read_text(), "prompt changed: rerun with UPDATE_GOLDEN=1 and review the diff"


@pytest.mark.parametrize("name", ["system", "user", "retry"])
def test_a_missing_variable_is_an_error_not_an_empty_string(name):
    variables = json.loads((GOLDEN / "prompt_vars.json").read_text())[name]
    variables.pop(sorted(variables)[0])
    with pytest.raises(UndefinedError):
        render(f"companion/{name}", **variables)


def test_the_prompt_lists_the_view_and_every_offered_turn(fight):
    offer = build_offer(fight, "companion", custom=False, seconds=10)
    system, user = (m["content"] for m in offer.messages)
    assert [m["role"] for m in offer.messages] == ["system", "user"]
    assert "You are Cindle, the companion" in system and "choose_turn(number, say)" in system
    assert "Puddles on the Path | round 1/10 | duo phase" in user          # the engine's text view
    assert "C is you, H is the Tidecaller" in user
    for i, turn in enumerate(offer.turns, 1):
        assert f"\n{i}. {turn.label}. Deals " in user
    assert "After the strays: " in user and "If you pass, after the strays: " in user and "Goal: rout" in user
    assert f"\n{len(offer.turns) + 1}. " not in user


def _estimated_tokens(messages, *, custom: bool) -> float:
    """The whole request a model reads, messages and tool schemas, at about four characters a token."""
    tools = json.dumps(tool_specs(strict=True, custom=custom))
    return (sum(len(m["content"]) for m in messages) + len(tools)) / 4


def test_a_whole_request_stays_under_1600_tokens():
    """Every companion phase of whole fights (planner-played) over the campaign, as the bot sends it
    (custom turns off, the default)."""
    sizes = []
    for encounter in [e.id for e in campaign()]:
        state = new_fight(encounter, 1, "Tidecaller", "Cindle")
        while not state.result:
            for fid in ("hero", "companion"):
                if state.result or state.phase != "duo" or not state.get(fid).standing or state.get(fid).done:
                    continue
                if fid == "companion":
                    offer = build_offer(state, fid, custom=False, seconds=10)
                    sizes.append(_estimated_tokens(offer.messages, custom=False))
                turns = plan_turns(state, fid, limit=1)
                state = apply_turn(state, fid, turns[0].steps) if turns else pass_turn(state, fid)
    assert len(sizes) >= 8
    assert 500 <= min(sizes) and max(sizes) <= 1600, (min(sizes), max(sizes))
