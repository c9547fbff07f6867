"""Forecasts: each offered turn played on to the end, in the prompt as an assumption, worked out in the
forecast pool within a budget, and read by the expert and the reader alike."""
from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

from bot.companion import forecasts
from bot.companion.offer import by_forecast, forecast_words, offer_of
from bot.companion.report import companion_report
from bot.companion.tools import MAX_TURNS
from db import companion as decision_store
from engine.tactics import FightState, apply_turn, new_fight, plan_turns
from engine.tactics.plan.forecast import forecast_offer
from tools.companion_eval.baselines import expert_pilot, first_pilot, read_prompt, reader_pilot
from tools.companion_eval.evaluate import EvalOptions, baseline_decider, hero_turn, run_fight, start
from tools.drive.fake_openai import FakeOpenAI, choose

FIXTURES = Path(__file__).parent / "fixtures"


def _turn_lines(user: str) -> list[str]:
    return [line for line in user.split("Turns, best first:", 1)[1].splitlines() if line[:1].isdigit()]


async def test_the_prompt_carries_a_forecast_per_turn_and_for_the_pass(pilots, store):
    fight = new_fight("c01", 1, "Tidecaller", "Cindle")
    async with FakeOpenAI([choose(2)]) as fake:
        pilot = pilots(fake, store=store, COMPANION_FORECAST_SECONDS=20)
        decision = await pilot.decide(fight, "companion", timeout=30.0, game_id="f1")
    user = fake.requests[0]["messages"][1]["content"]
    turns = plan_turns(fight, "companion", limit=MAX_TURNS)
    # the pool's answers are the engine's, to the letter, the turns listed best forecast first
    ordered, expected = by_forecast(turns, forecasts.inline(fight, "companion", turns))
    lines = _turn_lines(user)
    assert len(lines) == len(turns) >= 2
    for number, (line, turn) in enumerate(zip(lines, ordered), 1):
        assert line.startswith(f"{number}. {turn.label}. ")
        assert line.endswith(f" Forecast: {forecast_words(fight, 'companion', expected[number])}."), line
    assert [f.score for f in expected.values() if f.turn] == sorted((f.score for f in expected.values() if f.turn),
                                                                    reverse=True)
    assert f"Forecast: {forecast_words(fight, 'companion', expected[0])}." in user.split("If you pass", 1)[1]
    assert decision.number == 2 and decision.forecasts == len(turns)
    stored = decision_store.last_decision(store, "f1")
    assert stored is not None and stored["forecasts"] == len(turns)
    assert f"Forecast to the end of the fight: all {len(turns)} turns" in companion_report(store, "f1", "model")


async def test_forecasts_not_back_within_the_budget_are_left_out_and_the_decision_still_taken(pilots, store):
    fight = new_fight("c10", 1, "Tidecaller", "Mossle")   # a long fight: one play-on takes far longer than 50 ms
    async with FakeOpenAI([choose(1)]) as fake:
        slow = pilots(fake, store=store, COMPANION_FORECAST_SECONDS=0.05)
        decision = await slow.decide(fight, "companion", timeout=30.0, game_id="f2")
        user = fake.requests[0]["messages"][1]["content"]
        assert "Forecast:" not in user and "If you pass, then: " in user
        assert all(". Then: " in line for line in _turn_lines(user))
        assert decision.decision == "turn" and decision.number == 1 and decision.forecasts == 0
        stored = decision_store.last_decision(store, "f2")
        assert stored is not None and stored["decision"] == "turn" and stored["forecasts"] == 0
        assert "none of the" in companion_report(store, "f2", "model")
        # The jobs left behind were cancelled, not queued ahead of the next decision: it gets every forecast.
        patient = pilots(fake, store=store, COMPANION_FORECAST_SECONDS=25)
        later = await patient.decide(fight, "companion", timeout=30.0, game_id="f3")
    assert later.forecasts == len(plan_turns(fight, "companion", limit=MAX_TURNS))
    assert fake.requests[1]["messages"][1]["content"].count("Forecast: ") == later.forecasts + 1


async def test_no_budget_at_all_asks_the_pool_nothing(pilots, store):
    async with FakeOpenAI([choose(1)]) as fake:
        pilot = pilots(fake, store=store, COMPANION_FORECAST_SECONDS=0)
        decision = await pilot.decide(new_fight("c01", 1, "Tidecaller", "Cindle"), "companion", timeout=10.0)
    assert decision.number == 1 and decision.forecasts == 0
    assert "Forecast:" not in fake.requests[0]["messages"][1]["content"]


def test_the_expert_chooses_as_it_did_before_the_forecast_served_it():
    """Fights the expert played before it read the engine's forecast (its own play-on loop then), choice by
    choice: one code path now serves the expert and the prompt, with the same results."""
    before = json.loads((FIXTURES / "expert_choices.json").read_text())
    for key, then in before.items():
        encounter, seed = key.split(":")
        run = asyncio.run(run_fight(encounter, int(seed), baseline_decider("expert"), EvalOptions()))
        assert [d["number"] or d["decision"] for d in run.decisions] == then["choices"], key
        assert run.result == then["result"], key


def test_a_forecast_is_the_fight_played_to_its_end_and_depends_on_its_position_alone():
    fight = new_fight("c03", 2, "Tidecaller", "Mossle")
    turns = [t.steps for t in plan_turns(fight, "companion", limit=MAX_TURNS)]
    first = forecast_offer(fight, "companion", turns)
    other = new_fight("c08", 1, "Tidecaller", "Mossle")   # another position in between changes nothing
    forecast_offer(other, "companion", [t.steps for t in plan_turns(other, "companion", limit=2)])
    assert forecast_offer(fight, "companion", turns) == first
    assert [f.turn for f in first if f is not None] == [*range(1, len(turns) + 1), 0]
    assert all(f is not None and f.result in ("won", "lost", "draw") and f.round >= 1 for f in first)
    # A turn the rules refuse on this board has no forecast.
    moved = apply_turn(fight, "companion", turns[0])
    assert forecast_offer(moved, "companion", [turns[0]])[0] is None


def _c08_round_2() -> FightState:
    """c08, seed 1, as the eval plays it: round 1 as the expert played it (turn 1), then the hero's round 2."""
    options = EvalOptions()
    hero_rng = random.Random("hero:c08:1")
    state = hero_turn(start("c08", 1, options), hero_rng, options.jitter)
    state = apply_turn(state, "companion", plan_turns(state, "companion", limit=MAX_TURNS)[0].steps)
    return hero_turn(state, hero_rng, options.jitter)


def test_the_turn_forecast_to_win_is_listed_first_and_the_reader_takes_it():
    state = _c08_round_2()
    assert state.round == 2 and not state.get("companion").done
    expert = expert_pilot(state, "companion", random.Random(0))
    reader = reader_pilot(state, "companion", random.Random(0))
    turns = plan_turns(state, "companion", limit=MAX_TURNS)
    assert expert.number == 3, "the engine ranks the expert's turn third here"
    offer = offer_of(state, "companion", turns, custom=False, seconds=10,
                     forecasts=forecasts.inline(state, "companion", turns))
    assert offer.turns[0] is turns[2] and offer.turns[1:3] == [turns[0], turns[1]]   # the rest keep their rank
    read = read_prompt(offer.messages)
    assert read[0].forecast == 2 and read[1].forecast != 2          # listed turn 1 wins, the engine's first does not
    assert "Forecast: wins" in _turn_lines(offer.messages[1]["content"])[0]
    assert reader.number == 1 and reader.steps == expert.steps


def test_turn_1_of_the_prompt_is_the_experts_choice_whenever_the_forecasts_are_in():
    """Whole fights, the companion taking the prompt's turn 1: at each of its phases that turn is the one
    the expert takes (unless it passes), and in some the engine ranked that turn lower."""
    seen: list[tuple[str, int]] = []

    async def checked(state: FightState, fighter_id: str, rng: random.Random):
        turns = plan_turns(state, fighter_id, limit=MAX_TURNS)
        offer = offer_of(state, fighter_id, turns, custom=False, seconds=10,
                         forecasts=forecasts.inline(state, fighter_id, turns))
        expert = expert_pilot(state, fighter_id, random.Random(0))
        if expert.decision == "turn":
            assert offer.turns[0] is turns[expert.number - 1], state.round
            seen.append(("moved up" if expert.number != 1 else "kept", state.round))
        return first_pilot(state, fighter_id, rng)

    for encounter in ("c08", "c13"):
        asyncio.run(run_fight(encounter, 1, checked, EvalOptions()))
    assert len(seen) >= 8 and any(how == "moved up" for how, _ in seen)
