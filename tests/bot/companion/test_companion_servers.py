"""Servers that refuse a field of the request: the server's words reach the reason, the field is left out
on one retry (time allowing) and on every later request; answers in plain text still play a turn."""
from __future__ import annotations

import json

import pytest

from engine.tactics import plan_turns
from tools.drive.fake_openai import FakeOpenAI, choose, failing_on_required, refusing, status, text

ROOMY = 10.0   # time for the one retry without the refused field
TIGHT = 1.0    # under FIELD_RETRY_MIN_S: no retry, but the field is still remembered


@pytest.mark.parametrize("server,field,words,left_out", [
    ("openai", "parallel_tool_calls", "Unsupported parameter: 'parallel_tool_calls'", "parallel_tool_calls"),
    ("vllm", "tool_choice", "tool choice requires --enable-auto-tool-choice", "tool_choice"),
    ("openai", "strict", "strict mode is not supported", "strict"),
])
async def test_a_refused_field_is_left_out_on_one_retry_and_remembered(fight, pilots, server, field, words,
                                                                       left_out):
    async with FakeOpenAI([refusing(field, choose(2), server=server)]) as fake:
        pilot = pilots(fake)
        first = await pilot.decide(fight, "companion", timeout=ROOMY)
        second = await pilot.decide(fight, "companion", timeout=ROOMY)
    assert (first.decision, first.number, first.calls) == ("turn", 2, 2)
    refused, retried, later = fake.requests
    sent = (lambda body: any(t["function"].get("strict") for t in body["tools"])) if field == "strict" \
        else (lambda body: field in body)
    assert sent(refused) and not sent(retried) and not sent(later)
    assert (second.decision, second.calls) == ("turn", 1), "remembered: no refusal the second time"
    assert retried["messages"] == refused["messages"] and retried["tools"][0]["function"]["name"] == "choose_turn"
    assert left_out in pilot.accepted.describe()["dropped"]
    assert words in json.loads(first.error_body or "{}").get("error", {}).get("message", first.error_body)


async def test_without_time_for_a_retry_the_pass_says_what_the_server_said(fight, pilots):
    async with FakeOpenAI([refusing("parallel_tool_calls", choose(1))]) as fake:
        pilot = pilots(fake)
        passed = await pilot.decide(fight, "companion", timeout=TIGHT)
        played = await pilot.decide(fight, "companion", timeout=TIGHT)
    assert (passed.decision, passed.code, passed.calls) == ("pass", "http_error", 1)
    assert passed.reason.startswith("the model server answered HTTP 400: Unsupported parameter: "
                                    "'parallel_tool_calls' is not supported with this model.")
    assert "now sent without parallel_tool_calls" in passed.reason
    assert (played.decision, played.calls) == ("turn", 1) and "parallel_tool_calls" not in fake.requests[1]


async def test_a_400_about_something_else_is_not_retried_and_says_why(fight, pilots):
    async with FakeOpenAI([refusing("context", server="other")]) as fake:
        d = await pilots(fake).decide(fight, "companion", timeout=ROOMY)
    assert (d.code, d.calls, len(fake.requests)) == ("http_error", 1, 1)
    assert d.reason == "the model server answered HTTP 400: This model's maximum context length is 512 tokens."


async def test_the_token_cap_takes_the_name_the_server_wants(fight, pilots):
    async with FakeOpenAI([refusing("max_tokens", choose(1))]) as fake:
        pilot = pilots(fake, COMPANION_MAX_TOKENS=300)
        d = await pilot.decide(fight, "companion", timeout=ROOMY)
    first, retried = fake.requests
    assert first["max_tokens"] == 300 and "max_completion_tokens" not in first
    assert retried["max_completion_tokens"] == 300 and "max_tokens" not in retried
    assert d.decision == "turn"


async def test_reasoning_effort_is_sent_when_set_and_dropped_where_refused(fight, pilots):
    async with FakeOpenAI([choose(1)]) as fake:
        await pilots(fake).decide(fight, "companion", timeout=TIGHT)
        await pilots(fake, COMPANION_REASONING_EFFORT="low", COMPANION_TOOL_CHOICE="auto").decide(
            fight, "companion", timeout=TIGHT)
    default, tuned = fake.requests
    assert "reasoning_effort" not in default and default["tool_choice"] == "required" and default["max_tokens"] == 512
    assert tuned["reasoning_effort"] == "low" and tuned["tool_choice"] == "auto"
    async with FakeOpenAI([refusing("reasoning_effort", choose(1))]) as fake:
        pilot = pilots(fake, COMPANION_REASONING_EFFORT="low")
        d = await pilot.decide(fight, "companion", timeout=ROOMY)
    assert d.decision == "turn" and "reasoning_effort" not in fake.requests[1]


async def test_a_model_without_tools_is_asked_in_words_and_its_turn_is_played(fight, pilots):
    async with FakeOpenAI([refusing("tools", text("<think>turn 1? turn 3?</think>I pick turn 2."),
                                    server="ollama")]) as fake:
        pilot = pilots(fake)
        d = await pilot.decide(fight, "companion", timeout=ROOMY)
    refused, retried = fake.requests
    assert "tools" in refused and "does not support tools" in (d.error_body or "")
    assert not {"tools", "tool_choice", "parallel_tool_calls"} & set(retried)
    assert retried["messages"][-1]["role"] == "user" and '"turn N"' in retried["messages"][-1]["content"]
    assert (d.decision, d.code, d.number) == ("turn", "text_turn", 2)
    listed_second = next(t for t in plan_turns(fight, "companion") if t.label == d.offered[1])  # as the prompt lists
    assert d.steps == [s.model_dump(exclude_none=True) for s in listed_second.steps]
    assert d.answer == "<think>turn 1? turn 3?</think>I pick turn 2."


async def test_the_prompt_is_written_to_the_transcripts_folder_under_its_hash(fight, pilots, tmp_path):
    folder = tmp_path / "transcripts"
    async with FakeOpenAI([choose(1)]) as fake:
        d = await pilots(fake, COMPANION_TRANSCRIPTS=str(folder)).decide(fight, "companion", timeout=TIGHT)
    (path,) = folder.iterdir()
    assert path.name == f"{d.prompt_hash}.json"
    saved = json.loads(path.read_text())
    assert saved["messages"] == fake.requests[0]["messages"] and saved["tools"] == fake.requests[0]["tools"]
    assert saved["model"] == "fake-model"


async def test_without_tools_a_correction_asks_for_the_turn_in_words(fight, pilots):
    async with FakeOpenAI([refusing("tools", server="ollama"), text("Hmm, let me think."), text("turn 1")]) as fake:
        d = await pilots(fake).decide(fight, "companion", timeout=ROOMY)
    refused, asked, corrected = fake.requests
    assert "tool call" not in corrected["messages"][-1]["content"]
    assert '"turn N" with N from 1 to' in corrected["messages"][-1]["content"]
    assert (d.decision, d.code, d.number, d.calls) == ("turn", "text_turn", 1, 3)


def test_a_setting_the_companion_does_not_know_stops_start_up_with_its_name():
    from bot.settings import SettingsError, load_settings

    with pytest.raises(SettingsError, match="COMPANION_TOOL_CHOICE"):
        load_settings(_env_file=None, COMPANION_TOOL_CHOICE="sometimes")
    with pytest.raises(SettingsError, match="COMPANION_REASONING_EFFORT"):
        load_settings(_env_file=None, COMPANION_REASONING_EFFORT="max")
    with pytest.raises(SettingsError, match="COMPANION_MAX_REQUESTS"):
        load_settings(_env_file=None, COMPANION_MAX_REQUESTS=0)


async def test_a_server_error_on_the_first_request_leaves_out_required_strict_and_parallel_calls(fight, pilots):
    """llama-cpp-python's chatml-function-calling fails (HTTP 500, no message) on tool_choice "required"."""
    async with FakeOpenAI([failing_on_required(choose(2))]) as fake:
        pilot = pilots(fake)
        first = await pilot.decide(fight, "companion", timeout=ROOMY)
        second = await pilot.decide(fight, "companion", timeout=ROOMY)
    failed, retried, later = fake.requests
    assert failed["tool_choice"] == "required" and failed["parallel_tool_calls"] is False
    assert failed["tools"][0]["function"]["strict"] is True
    for body in (retried, later):
        assert body["tool_choice"] == "auto" and "parallel_tool_calls" not in body
        assert not any(t["function"].get("strict") for t in body["tools"])
    assert (first.decision, first.number, first.calls) == ("turn", 2, 2)
    assert (second.decision, second.calls) == ("turn", 1), "remembered for this server"
    assert "COMPANION_TOOL_CHOICE=auto" in pilot.accepted.advice()


async def test_a_server_error_once_the_server_has_answered_is_only_a_pass(fight, pilots):
    async with FakeOpenAI([choose(1), status(500), choose(1)]) as fake:
        pilot = pilots(fake)
        await pilot.decide(fight, "companion", timeout=ROOMY)
        failed = await pilot.decide(fight, "companion", timeout=ROOMY)
        await pilot.decide(fight, "companion", timeout=ROOMY)
    assert (failed.decision, failed.code, failed.calls) == ("pass", "http_error", 1)
    assert [body["tool_choice"] for body in fake.requests] == ["required"] * 3
    assert pilot.accepted.advice() == ""


@pytest.mark.parametrize("code", [503, 504])
async def test_a_busy_server_on_the_first_request_changes_nothing(fight, pilots, code):
    async with FakeOpenAI([status(code), choose(1)]) as fake:
        pilot = pilots(fake)
        busy = await pilot.decide(fight, "companion", timeout=ROOMY)
        await pilot.decide(fight, "companion", timeout=ROOMY)
    assert (busy.code, busy.calls) == ("http_error", 1)
    assert [body["tool_choice"] for body in fake.requests] == ["required"] * 2
