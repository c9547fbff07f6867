"""python -m bot.companion play|eval as a user runs them: a subprocess pointed at the fake server."""
from __future__ import annotations

import asyncio
import json
import os
import sys

from tools.drive.fake_openai import MODEL, FakeOpenAI, choose, failing_on_required, pass_, refusing, status

PLAY_KEYS = {"round", "decision", "number", "reason", "latency_s", "tokens_in", "tokens_out"}
SUMMARY_KEYS = {"result", "decisions", "passes", "latency_p50_s", "latency_max_s"}


async def run_cli(*args: str, base_url: str | None, model: str | None = MODEL) -> tuple[int, list[dict], str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "COMPANION_"))}
    env.update({"OPENAI_BASE_URL": base_url or "", "COMPANION_MODEL": model or ""})
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot.companion", *args, env=env,
                                                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await proc.communicate()
    lines = [json.loads(line) for line in out.decode().splitlines() if line.startswith("{")]
    return proc.returncode, lines, out.decode() + err.decode()


async def test_play_prints_one_line_per_decision_then_a_summary():
    async with FakeOpenAI([choose(1, "Burn!"), pass_("saving my strength"), choose(1)]) as fake:
        code, lines, text = await run_cli("play", "--encounter", "c01", "--seed", "1", base_url=fake.base_url)
    assert code == 0, text
    *decisions, summary = lines
    assert decisions and all(PLAY_KEYS <= set(d) for d in decisions)
    assert [d["decision"] for d in decisions[:3]] == ["turn", "pass", "turn"]
    assert decisions[1]["reason"] == "saving my strength" and decisions[1]["number"] is None
    assert decisions[0]["tokens_in"] == 900 and decisions[0]["tokens_out"] == 20
    assert [d["round"] for d in decisions] == sorted(d["round"] for d in decisions)
    assert SUMMARY_KEYS <= set(summary) and summary["result"] in ("won", "lost", "draw")
    assert summary["decisions"] == len(decisions) == len(fake.requests)
    assert summary["passes"] == 1
    assert summary["latency_max_s"] == max(d["latency_s"] for d in decisions)


async def test_play_with_the_auto_pilot_needs_no_server():
    code, lines, text = await run_cli("play", "--encounter", "c01", "--seed", "1", "--pilot", "auto",
                                      "--companion", "Cindle", "--level", "2", base_url=None, model=None)
    assert code == 0, text
    assert lines[-1]["passes"] == 0 and all(d["number"] == 1 and d["tokens_in"] == 0 for d in lines[:-1])


async def test_play_without_a_model_is_refused_in_one_line():
    code, lines, text = await run_cli("play", "--encounter", "c01", "--seed", "1", base_url=None, model=None)
    assert code == 2 and lines == [] and text.strip() == (
        "error: COMPANION_MODEL is not set: no model to pilot the companion (use --pilot auto)")


async def test_eval_puts_the_model_beside_auto():
    async with FakeOpenAI([choose(1)]) as fake:
        code, lines, text = await run_cli("eval", "--encounters", "c01,c02", "--seeds", "1", "--pilots",
                                          "model,auto,first", base_url=fake.base_url)
    assert code == 0, text
    model, auto, first = lines
    assert (model["pilot"], model["model"], auto["pilot"], auto["model"]) == ("model", MODEL, "auto", None)
    for row in lines:
        assert row["fights"] == 2 and {"win_rate", "hp_share_mean", "pass_rate", "latency_p50_s", "latency_p95_s",
                                       "latency_max_s", "tokens_per_fight"} <= set(row)
    # A model that always sends turn 1 plays exactly as `first` (the list is best forecast first), which
    # keeps more HP than auto (the planner's first choice) in these fights.
    assert (model["win_rate"], model["hp_share_mean"], model["pass_rate"]) == (
        first["win_rate"], first["hp_share_mean"], first["pass_rate"])
    assert model["hp_share_mean"] > auto["hp_share_mean"]
    assert model["tokens_per_fight"] == 920 * len(fake.requests) / 2 and auto["tokens_per_fight"] == 0


async def test_eval_table_is_side_by_side():
    async with FakeOpenAI([choose(1)]) as fake:
        code, _, text = await run_cli("eval", "--encounters", "c01", "--seeds", "1", "--table", base_url=fake.base_url)
    assert code == 0
    assert text.splitlines()[0] == f"| | model ({MODEL}) | auto |"
    first_table = text.split("\n\n")[0].splitlines()
    rows = {cells[0]: cells[1:] for cells in
            ([c.strip() for c in line.strip("|").split("|")] for line in first_table[2:])}
    assert list(rows) == ["fights", "win rate", "mean HP share left", "pass rate", "latency p50 (s)",
                          "latency p95 (s)", "latency max (s)", "tokens per fight"]
    assert rows["fights"] == ["1", "1"] and rows["win rate"][0] == rows["win rate"][1]
    assert float(rows["tokens per fight"][0]) > 0 and rows["tokens per fight"][1] == "0.0"


async def test_eval_puts_every_baseline_beside_auto_per_encounter():
    code, lines, text = await run_cli("eval", "--encounters", "c01,c07", "--seeds", "2",
                                      "--pilots", "auto,expert,reader,random,pass", base_url=None, model=None)
    assert code == 0, text
    rows = {row["pilot"]: row for row in lines}
    assert list(rows) == ["auto", "expert", "reader", "random", "pass"]
    assert all(set(row["per_encounter"]) == {"c01", "c07"} and row["fights"] == 4 for row in lines)
    assert rows["expert"]["win_rate"] >= rows["auto"]["win_rate"] >= rows["pass"]["win_rate"]
    assert rows["pass"]["pass_reasons"] and rows["pass"]["pass_rate"] == 1.0
    assert "vs_auto" in rows["expert"] and "vs_auto" not in rows["auto"]


async def test_eval_refuses_an_unknown_pilot_in_one_line():
    code, lines, text = await run_cli("eval", "--seeds", "1", "--pilots", "auto,oracle", base_url=None, model=None)
    assert code == 2 and lines == [] and text.strip().startswith("error: unknown pilot 'oracle'")


async def run_check(base_url: str, **env: str) -> tuple[int, dict, str]:
    extra = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "COMPANION_"))}
    extra.update({"OPENAI_BASE_URL": base_url, "COMPANION_MODEL": MODEL, **env})
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot.companion", "check", env=extra,
                                                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await proc.communicate()
    text = out.decode()
    return proc.returncode, json.loads(text) if text.startswith("{") else {}, text + err.decode()


async def test_check_prints_what_the_server_accepted():
    async with FakeOpenAI([refusing("parallel_tool_calls", refusing("max_tokens", choose(2)))]) as fake:
        code, report, text = await run_check(fake.base_url)
    assert code == 0, text
    assert report["usable"] and report["models_list"] and (report["code"], report["number"]) == ("chosen", 2)
    assert report["first_request"] == {"tools": True, "strict": True, "tool_choice": "required",
                                       "parallel_tool_calls": False, "reasoning_effort": None,
                                       "token_field": "max_tokens"}
    assert report["accepted"] == {**report["first_request"], "parallel_tool_calls": None,
                                  "token_field": "max_completion_tokens"}
    assert report["left_out"] == ["parallel_tool_calls"] and report["requests"] == len(fake.requests) == 3
    assert "tools" in fake.requests[0], "one real request with the tools"


async def test_check_says_why_a_server_cannot_pilot():
    async with FakeOpenAI([status(503)]) as fake:
        code, report, text = await run_check(fake.base_url)
    assert code == 1 and not report["usable"]
    assert report["reason"] == "the model server answered HTTP 503: the fake server failed"
    assert json.loads(report["error_body"])["error"]["message"] == "the fake server failed"


async def test_check_says_which_setting_a_server_failing_on_required_needs():
    async with FakeOpenAI([failing_on_required(choose(1))]) as fake:
        code, report, text = await run_check(fake.base_url)
    assert code == 0, text
    assert report["usable"] and report["code"] == "chosen" and report["accepted"]["tool_choice"] == "auto"
    assert report["left_out"] == ["parallel_tool_calls", "required", "strict"]
    assert report["advice"].startswith('set COMPANION_TOOL_CHOICE=auto (it fails on tool_choice "required")')
