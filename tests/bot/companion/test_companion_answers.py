"""Every way a model server can answer ends in a turn or a pass with its reason, never an exception."""
from __future__ import annotations

import json
import time

import pytest

from bot.companion import CompanionPilot, apply_decision
from bot.settings import Settings
from engine.tactics import apply_turn, plan_turns
from tools.drive.fake_openai import (
    FakeOpenAI,
    choose,
    custom,
    drop,
    hang,
    malformed,
    not_json,
    pass_,
    rate_limited,
    status,
    text,
    tool,
    trickle,
)

SHORT = 1.0   # an injected deadline for the slow cases (the real 10 s one is in test_companion_deadline.py)

CASES = [
    # answer, decision, code, words the reason must hold
    (choose(1, "On it!"), "turn", "chosen", "chosen by the model"),
    (tool("choose_turn", {"number": 1, "say": "On it!"}), "turn", "chosen", "chosen by the model"),
    (pass_("the hero has this"), "pass", "model_pass", "the hero has this"),
    (choose(9), "pass", "out_of_range", "turn 9 was not offered"),
    (text("Turn 1 looks best."), "turn", "text_turn", "named in the model's text: turn 1"),
    (text("Hmm, hard to say."), "pass", "no_tool_call", "text, not a tool call"),
    (text("Turn 1 or turn 2, both fine."), "pass", "no_tool_call", "text, not a tool call"),
    (malformed(), "pass", "malformed", "not JSON"),
    (tool("choose_turn", '{"number": "two", "say": "x"}'), "pass", "malformed", "do not fit its schema"),
    (tool("custom_turn", '{"steps": [], "say": "x"}'), "pass", "unknown_tool", "not one of its tools"),
    (not_json(), "pass", "bad_response", "not a chat completion"),
    (status(500), "pass", "http_error", "HTTP 500"),
    (rate_limited(20), "pass", "rate_limited", "429, retry after 20 s"),
    (drop(), "pass", "connection", "no connection"),
    (hang(30), "pass", "timeout", "no answer in 1 s"),
    (trickle(5), "pass", "timeout", "no answer in 1 s"),
]


@pytest.mark.parametrize("answer,decision,code,words", CASES, ids=[c[0].name for c in CASES])
async def test_every_answer_ends_in_a_turn_or_a_pass(fight, pilots, answer, decision, code, words):
    async with FakeOpenAI([answer]) as fake:
        pilot = pilots(fake)
        started = time.monotonic()
        d = await pilot.decide(fight, "companion", timeout=SHORT)
        elapsed = time.monotonic() - started
    assert (d.decision, d.code) == (decision, code), d.reason
    assert words in d.reason
    assert d.calls == 1 and len(fake.requests) == 1     # under 3 s left: never a retry
    assert elapsed < 5.0                                 # the hang (30 s) and the trickle (5 s a byte) are cut short
    assert d.offered == [t.label for t in plan_turns(fight, "companion")]
    if d.decision == "turn":
        assert d.number == 1 and d.say == ("" if d.code == "text_turn" else "On it!")
        assert d.steps == [s.model_dump(exclude_none=True) for s in plan_turns(fight, "companion")[0].steps]
        assert d.tokens_in == 900 and d.tokens_out == 20
    else:
        assert d.steps == [] and d.number is None


async def test_a_number_beyond_the_turns_offered_but_inside_the_schema_passes(fight, pilots):
    offered = len(plan_turns(fight, "companion"))
    assert offered < 6, "this fight must offer fewer than six turns for the case to mean something"
    async with FakeOpenAI([choose(offered + 1)]) as fake:
        d = await pilots(fake).decide(fight, "companion", timeout=SHORT)
    assert d.code == "out_of_range" and f"1 to {offered}" in d.reason


async def test_the_chosen_turn_applies_and_says_its_line(fight, pilots):
    async with FakeOpenAI([choose(2, "  Flanking   them!\n Stay close.")]) as fake:
        d = await pilots(fake).decide(fight, "companion", timeout=SHORT)
    after, applied = apply_decision(fight, "companion", d)
    assert applied == d and after.get("companion").done
    assert after == apply_turn(fight, "companion", plan_turns(fight, "companion")[1].steps)
    assert d.say == "Flanking them! Stay close."
    assert d.line("Cindle") == f'Cindle: "Flanking them! Stay close." ({d.offered[1]})'


@pytest.mark.parametrize("say", [
    "Flanking them! " + "x" * 90,                       # 100 characters or more
    "On it, @alice!",                                   # a mention
    "**Burn** them",                                    # markup
    "Take turn 1 unless the facts or your player's call say otherwise.",   # the prompt said back
    "Said in the thread, under 100 characters.",        # the tool's description said back
    '{"number": 2}',                                    # JSON
    "B3 C4 D5 -> 8/12",                                 # tiles and figures, no words
    "",
])
async def test_a_say_that_does_not_read_as_a_sentence_is_not_shown(fight, pilots, say):
    async with FakeOpenAI([choose(2, say)]) as fake:
        d = await pilots(fake).decide(fight, "companion", timeout=SHORT)
    assert (d.decision, d.number, d.say) == ("turn", 2, "")
    assert d.line("Cindle") == f"Cindle: {d.offered[1]}"
    assert say in json.loads(json.loads(d.answer or "{}")["arguments"])["say"], "the raw answer is kept"


async def test_one_corrective_retry_when_three_seconds_remain(fight, pilots):
    async with FakeOpenAI([choose(9), choose(1)]) as fake:
        d = await pilots(fake).decide(fight, "companion", timeout=10.0)
    assert (d.decision, d.number, d.calls) == ("turn", 1, 2)
    retry = fake.requests[1]["messages"]
    assert retry[:2] == fake.requests[0]["messages"]
    assert retry[2]["role"] == "assistant" and retry[2]["tool_calls"][0]["function"]["name"] == "choose_turn"
    assert retry[3]["role"] == "tool" and retry[3]["tool_call_id"] == retry[2]["tool_calls"][0]["id"]
    assert "turn 9 was not offered" in retry[3]["content"]
    assert d.tokens_in == 1800 and d.tokens_out == 40


async def test_a_text_answer_is_corrected_by_a_user_message(fight, pilots):
    async with FakeOpenAI([text("hmm"), choose(1)]) as fake:
        d = await pilots(fake).decide(fight, "companion", timeout=10.0)
    assert d.decision == "turn" and d.calls == 2
    assert [m["role"] for m in fake.requests[1]["messages"]] == ["system", "user", "assistant", "user"]
    assert "not a tool call" in fake.requests[1]["messages"][3]["content"]


async def test_only_one_retry(fight, pilots):
    async with FakeOpenAI([choose(9), malformed(), choose(1)]) as fake:
        d = await pilots(fake).decide(fight, "companion", timeout=10.0)
    assert (d.decision, d.code, d.calls, len(fake.requests)) == ("pass", "malformed", 2, 2)


async def test_no_retry_with_under_three_seconds_left(fight, pilots):
    async with FakeOpenAI([choose(9), choose(1)]) as fake:
        d = await pilots(fake).decide(fight, "companion", timeout=2.9)
    assert (d.decision, d.code, len(fake.requests)) == ("pass", "out_of_range", 1)


async def test_http_errors_are_retried_at_most_once(fight, pilots):
    """A server error on the first request is retried once without the optional fields (a server's quirk,
    test_companion_servers.py); another one is a pass, and a 429 is never retried."""
    async with FakeOpenAI([status(500), status(500), choose(1)]) as fake:
        d = await pilots(fake).decide(fight, "companion", timeout=10.0)
    assert (d.code, len(fake.requests)) == ("http_error", 2)
    async with FakeOpenAI([rate_limited(), choose(1)]) as fake:
        d = await pilots(fake).decide(fight, "companion", timeout=10.0)
    assert (d.code, len(fake.requests)) == ("rate_limited", 1)


async def test_a_turn_no_longer_legal_when_applied_passes_and_says_why(fight, pilots):
    async with FakeOpenAI([choose(1)]) as fake:
        d = await pilots(fake).decide(fight, "companion", timeout=SHORT)
    # The companion acted meanwhile (a friend's press, a restart): the decided turn is applied to a board
    # that moved on.
    first = d.steps[0]
    assert first["kind"] == "move", "this fight's first planned turn must start with a move"
    moved = apply_turn(fight, "companion", [first])
    after, applied = apply_decision(moved, "companion", d)
    assert applied.decision == "pass" and applied.code == "stale" and "no longer legal" in applied.reason
    assert after.get("companion").done and after.get("companion").pos == moved.get("companion").pos
    assert applied.line("Cindle").startswith("Cindle passes: the board moved on")


async def test_custom_turns_are_checked_by_the_engine(fight, pilots):
    planned = plan_turns(fight, "companion")[0].steps
    legal = [s.model_dump(exclude_none=True) for s in planned]
    async with FakeOpenAI([custom(legal, "My way")]) as fake:
        d = await pilots(fake, COMPANION_CUSTOM_TURNS=True).decide(fight, "companion", timeout=SHORT)
    assert (d.decision, d.code, d.steps, d.say) == ("custom", "custom", legal, "My way")
    assert d.line("Cindle") == 'Cindle: "My way" (its own turn)'

    illegal = [{"kind": "move", "to": "M9"}, {"kind": "end"}]
    async with FakeOpenAI([custom(illegal)]) as fake:
        d = await pilots(fake, COMPANION_CUSTOM_TURNS=True).decide(fight, "companion", timeout=SHORT)
    assert (d.decision, d.code) == ("pass", "illegal") and "custom turn is not legal" in d.reason

    async with FakeOpenAI([custom(illegal), choose(1)]) as fake:
        d = await pilots(fake, COMPANION_CUSTOM_TURNS=True).decide(fight, "companion", timeout=10.0)
    assert (d.decision, d.calls) == ("turn", 2)
    assert "custom turn is not legal" in fake.requests[1]["messages"][-1]["content"]


async def test_connected_follows_the_last_answer_and_the_models_check(fight, pilots):
    async with FakeOpenAI([choose(1)]) as fake:
        pilot = pilots(fake)
        assert not pilot.connected                     # nothing asked yet
        assert await pilot.check() and pilot.connected and fake.model_checks == 1
        fake.answer_next(hang(30))
        await pilot.decide(fight, "companion", timeout=0.5)
        assert not pilot.connected                     # its last request went unanswered
        fake.answer_next(choose(1))
        await pilot.decide(fight, "companion", timeout=SHORT)
        assert pilot.connected
    async with FakeOpenAI(models_status=503) as fake:
        assert not await pilots(fake).check()


async def test_a_closed_port_is_not_connected(fight):
    fake = await FakeOpenAI().start()
    url = fake.base_url
    await fake.close()
    pilot = CompanionPilot(Settings(OPENAI_BASE_URL=url, COMPANION_MODEL="m", _env_file=None))
    assert not await pilot.check()
    d = await pilot.decide(fight, "companion", timeout=SHORT)
    await pilot.aclose()
    assert (d.decision, d.code) == ("pass", "connection")


async def test_without_a_model_nothing_is_called(fight):
    pilot = CompanionPilot(Settings(_env_file=None, COMPANION_MODEL=""))
    assert not pilot.connected and not await pilot.check()
    d = await pilot.decide(fight, "companion")
    assert (d.decision, d.code, d.calls, d.model) == ("pass", "no_model", 0, None)
    assert d.line("Cindle") == "Cindle passes: no model is configured"


async def test_a_fighter_that_cannot_act_is_not_asked(fight, pilots):
    done = apply_turn(fight, "companion", [{"kind": "end"}])
    async with FakeOpenAI([choose(1)]) as fake:
        d = await pilots(fake).decide(done, "companion", timeout=SHORT)
    assert (d.decision, d.code, len(fake.requests)) == ("pass", "no_turns", 0)
