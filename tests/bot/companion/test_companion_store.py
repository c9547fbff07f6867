"""Every decision is stored; the stored records drive /tactics companion, the eval and the daily budget."""
from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta

import sqlite_utils

from bot.companion.decision import CompanionDecision
from bot.companion.said import budget_notice
from bot.companion.transcript import prompt_hash
from db import companion as decisions
from db.store import MIGRATIONS, migrate, open_store
from engine.tactics import plan_turns
from tools.drive.fake_openai import FakeOpenAI, choose, hang, status

NOON = datetime(2025, 3, 14, 12, 0, tzinfo=UTC)


def clock_at(moment):
    return lambda: moment


async def test_each_decision_is_stored_with_what_was_offered(fight, pilots, store):
    async with FakeOpenAI([choose(2, "Here I go"), status(500)]) as fake:
        pilot = pilots(fake, store=store, clock=clock_at(NOON))
        turn = await pilot.decide(fight, "companion", timeout=1.0, guild_id=7, game_id=31)
        passed = await pilot.decide(fight, "companion", timeout=1.0, guild_id=7, game_id=31)
    rows = decisions.decisions(store, 31)
    assert [(r["decision"], r["code"], r["number"]) for r in rows] == [("turn", "chosen", 2),
                                                                       ("pass", "http_error", None)]
    first, last = rows
    assert first["offered"] == [t.label for t in plan_turns(fight, "companion")] == turn.offered
    assert first["steps"] == turn.steps and first["say"] == "Here I go"
    assert (first["round"], first["fighter"], first["model"], first["guild_id"]) == (1, "companion", "fake-model", 7)
    assert (first["tokens_in"], first["tokens_out"], first["calls"]) == (900, 20, 1)
    assert first["latency_s"] == turn.latency_s and first["created_at"] == NOON.isoformat()
    assert last["reason"] == passed.reason == "the model server answered HTTP 500: the fake server failed"
    # What replays a choice: the prompt's hash, the raw tool call or the server's error body, the seq.
    assert first["prompt_hash"] == last["prompt_hash"] == prompt_hash(fake.requests[0]["messages"],
                                                                      {"tools": fake.requests[0]["tools"]})
    assert json.loads(first["answer"]) == {"name": "choose_turn",
                                           "arguments": json.dumps({"number": 2, "say": "Here I go"})}
    assert first["error_body"] is None
    assert json.loads(last["error_body"])["error"]["message"] == "the fake server failed"
    assert first["seq"] == last["seq"] == fight.seq
    # /tactics companion shows the last one.
    assert decisions.last_decision(store, 31) == last and decisions.last_decision(store, 99) is None


async def test_a_timeout_is_stored_with_its_latency(fight, pilots, store):
    async with FakeOpenAI([hang(30)]) as fake:
        await pilots(fake, store=store).decide(fight, "companion", timeout=0.5, game_id="fight-a")
    row = decisions.last_decision(store, "fight-a")
    assert (row["code"], row["reason"], row["calls"]) == ("timeout", "no answer in 0.5 s", 1)
    assert row["latency_s"] >= 0.5


async def test_past_the_days_budget_the_companion_plays_auto_and_says_so_once(fight, pilots, store):
    yesterday = NOON - timedelta(days=1)
    for _ in range(3):   # yesterday's calls do not count today
        decisions.record(store, CompanionDecision(decision="pass", code="timeout", reason="x", calls=1).model_dump(),
                         fight="old", guild_id=7, fighter="companion", now=yesterday)
    async with FakeOpenAI([choose(2)]) as fake:
        pilot = pilots(fake, store=store, clock=clock_at(NOON), COMPANION_CALLS_PER_DAY=2)
        made = [await pilot.decide(fight, "companion", timeout=1.0, guild_id=7, game_id=1) for _ in range(2)]
        assert [d.code for d in made] == ["chosen", "chosen"] and decisions.calls_today(store, 7, NOON) == 2
        over = await pilot.decide(fight, "companion", timeout=1.0, guild_id=7, game_id=1)
        again = await pilot.decide(fight, "companion", timeout=1.0, guild_id=7, game_id=1)
        other_guild = await pilot.decide(fight, "companion", timeout=1.0, guild_id=8, game_id=2)
        assert len(fake.requests) == 3          # two for guild 7, one for guild 8; none past the budget
    auto = plan_turns(fight, "companion")[0]
    for d in (over, again):
        assert (d.decision, d.code, d.number, d.calls) == ("turn", "budget", 1, 0)
        assert d.steps == [s.model_dump(exclude_none=True) for s in auto.steps]
        assert "playing auto" in d.reason
    notice = budget_notice(over)
    assert notice and "today's 2 calls" in notice and budget_notice(again) is None, "said once a day"
    assert other_guild.code == "chosen"
    tomorrow = pilots(fake, store=store, clock=clock_at(NOON + timedelta(days=1)), COMPANION_CALLS_PER_DAY=2)
    assert await tomorrow.ledger.over_budget(7) is False


def test_the_migration_upgrades_a_store_from_before_the_companion(tmp_path):
    path = tmp_path / "old.db"
    old = sqlite_utils.Database(path)
    MIGRATIONS[0](old)
    old.execute("PRAGMA user_version = 1")
    old.conn.commit()
    old.conn.close()
    db = open_store(path)
    assert "companion_decisions" in db.table_names()
    assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    assert migrate(db) == len(MIGRATIONS)       # applying again changes nothing
    assert decisions.calls_today(db, 1, NOON) == 0


def test_a_store_from_before_the_call_counter_keeps_its_days_calls_and_rows(tmp_path):
    path = tmp_path / "before.db"
    old = sqlite_utils.Database(path)
    for migration in MIGRATIONS[:4]:
        migration(old)
    old.execute("PRAGMA user_version = 4")
    old["companion_decisions"].insert({"fight": "9", "guild_id": 7, "round": 1, "fighter": "companion",
                                       "latency_s": 1.5, "calls": 3, "decision": "pass", "code": "timeout",
                                       "reason": "no answer in 10 s", "offered": "[]", "steps": "[]",
                                       "created_at": NOON.isoformat()})
    old.conn.commit()
    old.conn.close()
    db = open_store(path)
    assert decisions.calls_today(db, 7, NOON) == 3, "today's calls made before the upgrade still count"
    row = decisions.last_decision(db, "9")
    assert (row["code"], row["prompt_hash"], row["seq"]) == ("timeout", None, None)


async def test_two_fights_deciding_at_once_cannot_both_spend_the_last_call(fight, pilots, store):
    async with FakeOpenAI([hang(0.3)]) as fake:   # both are in flight together
        pilot = pilots(fake, store=store, clock=clock_at(NOON), COMPANION_CALLS_PER_DAY=1)
        made = await asyncio.gather(*(pilot.decide(fight, "companion", timeout=5.0, guild_id=7, game_id=g)
                                      for g in (1, 2)))
    assert sorted(d.code for d in made) == ["budget", "chosen"] and len(fake.requests) == 1
    assert decisions.calls_today(store, 7, NOON) == 1


async def test_a_corrective_retry_past_the_budget_is_not_sent(fight, pilots, store):
    async with FakeOpenAI([choose(9), choose(1)]) as fake:
        pilot = pilots(fake, store=store, clock=clock_at(NOON), COMPANION_CALLS_PER_DAY=1)
        d = await pilot.decide(fight, "companion", timeout=10.0, guild_id=7, game_id=1)
    assert (d.decision, d.code, d.calls, len(fake.requests)) == ("pass", "out_of_range", 1, 1)
    assert d.reason.endswith("no retry: today's 1 model calls are used up")
    assert decisions.calls_today(store, 7, NOON) == 1
