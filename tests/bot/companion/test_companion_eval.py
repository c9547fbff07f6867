"""The eval harness: its baselines, seeds that change the fight, paired figures, and live coordination."""
from __future__ import annotations

import asyncio
import json
import random

from bot.companion.coordination import Rebound, aim_of, rebind
from bot.companion.offer import build_offer
from engine.tactics import apply_turn, new_fight, pass_turn, plan_turns
from tools.companion_eval.baselines import BASELINES, read_pass, read_prompt
from tools.companion_eval.evaluate import EvalOptions, FightRun, baseline_decider, evaluate, paired, run_fight, wilson
from tools.drive.fake_openai import FakeOpenAI, choose


def run(name: str, encounter: str, seed: int, **options) -> FightRun:
    return asyncio.run(run_fight(encounter, seed, baseline_decider(name), EvalOptions(**options)))


def test_the_pass_baseline_never_acts_and_loses_more_than_auto():
    passing = [run("pass", e, 1) for e in ("c01", "c04", "c06")]
    assert all(d["decision"] == "pass" for r in passing for d in r.decisions)
    auto = [run("auto", e, 1) for e in ("c01", "c04", "c06")]
    assert sum(r.hp_share for r in passing) < sum(r.hp_share for r in auto)


def test_random_is_the_same_fight_for_the_same_seed():
    def choices(fight: FightRun) -> list:
        return [(d["round"], d["decision"], d["number"]) for d in fight.decisions]
    assert choices(run("random", "c03", 2)) == choices(run("random", "c03", 2))
    assert choices(run("random", "c03", 2)) != choices(run("random", "c03", 3))


def test_seeds_change_the_fight_not_only_its_luck():
    varied = {(r.result, r.rounds, r.hp_share) for r in (run("auto", "c06", s) for s in range(1, 7))}
    assert len(varied) > 1
    # Without the hero's seeded choices auto plays every seed of an encounter to one result.
    plain = {(r.result, r.rounds) for r in (run("auto", "c06", s, jitter=False) for s in range(1, 4))}
    assert len(plain) == 1


def test_the_expert_wins_a_fight_auto_loses():
    assert run("auto", "c13", 1).result == "lost"
    assert run("expert", "c13", 1).result == "won"


def test_the_reader_picks_by_what_each_turn_says():
    text = ("C is you.\nIf you pass, then: LETHAL: you DOWNED, ally 20 HP.\n\n"
            "Turns, best first:\n"
            "1. Ember Bolt Driplet c. Deals 6. Then: LETHAL: you DOWNED, ally 20 HP.\n"
            "2. Mend heals Tidecaller. Then: you 12, ally 29 HP. Pack 40/60 HP.\n"
            "3. Flame Fan. Deals 9, downs Driplet c. Then: you 3, ally 20 HP. "
            "Defuses c (downed first). Pack 31/60 HP.\n")
    messages = [{"role": "system", "content": "rules"}, {"role": "user", "content": text}]
    read = read_prompt(messages)
    assert [t.number for t in read] == [1, 2, 3]
    assert read[0].lethal and not read[1].lethal and read[2].kills == 1 and read[2].defused == 1
    assert (read[1].hp_after, read[2].hp_after, read[2].goal) == (41, 23, -31)
    assert max(read, key=lambda t: t.score()).number == 2  # the engine's best of the turns that leave both standing
    passing = read_pass(messages)
    assert passing is not None and passing.lethal


def test_the_reader_finds_in_the_words_what_the_engine_found():
    """Over the companion's phases of whole fights, what the reader reads from the prompt's words (lethal,
    the duo's HP after, kills, the fight's end) is what the consequences hold: no fact is lost in the wording."""
    checked = 0
    for encounter in ("c04", "c08", "c09", "c11"):
        state = new_fight(encounter, 1, "Tidecaller", "Mossle")
        while not state.result:
            for fid in ("hero", "companion"):
                if state.result or state.phase != "duo" or not state.get(fid).standing or state.get(fid).done:
                    continue
                turns = plan_turns(state, fid, limit=1)
                if fid == "companion":
                    offer = build_offer(state, fid, custom=False, seconds=10)
                    read = read_prompt(offer.messages)
                    assert [t.number for t in read] == list(range(1, len(offer.turns) + 1))
                    for seen, turn in zip(read, offer.turns):
                        c = turn.consequences
                        assert c is not None
                        assert seen.lethal == c.lethal and seen.kills == len(c.kills)
                        assert seen.hp_after == sum(f.hp_after for f in c.fighters if f.fighter in ("hero", "companion")
                                                    and not f.downed), turn.label
                        assert seen.result == {"won": 1, "lost": -1}.get(c.result.result if c.result else "", 0)
                        checked += 1
                state = apply_turn(state, fid, turns[0].steps) if turns else pass_turn(state, fid)
    assert checked >= 40


def test_every_baseline_plays_a_whole_fight():
    for name in BASELINES:
        fight = run(name, "c02", 1)
        assert fight.result in ("won", "lost", "draw"), name


def test_wilson_and_paired_intervals():
    assert wilson(8, 13) == (0.355, 0.823)
    assert wilson(0, 0) == (0.0, 0.0)
    base = [FightRun("c01", s, "won" if s % 2 else "lost", 5, 0.5) for s in range(1, 11)]
    better = [FightRun("c01", s, "won", 5, 0.5) for s in range(1, 11)]
    figures = paired(better, base)
    assert figures["diff"] == 0.5 and figures["low"] < 0.5 < figures["high"]
    assert paired(base, base) == {"diff": 0.0, "low": 0.0, "high": 0.0}


def test_a_turn_made_illegal_by_the_hero_is_replaced_by_one_with_the_same_aim():
    state = new_fight("c01", 1, "Tidecaller", "Mossle")
    turn = plan_turns(state, "companion")[0]
    taken = next(s.to for s in turn.steps if s.kind == "move")
    after_hero = apply_turn(state, "hero", [{"kind": "move", "to": taken}, {"kind": "end"}])
    steps = [s.model_dump(exclude_none=True) for s in turn.steps]
    done = rebind(after_hero, "companion", steps, aim_of(turn))
    assert done.steps is not None and done.steps != steps
    assert "taken by Tidecaller" in done.note and "same aim" in done.note
    assert apply_turn(after_hero, "companion", done.steps).round == 2, "the turn it picked plays, closing the phase"
    # With no aim to keep (a turn that hit nobody), the companion passes and says why.
    passed = rebind(after_hero, "companion", steps, None)
    assert passed.steps is None and "no turn with the same aim" in passed.note
    # Steps that still work are played as they are.
    kept = rebind(state, "companion", steps, aim_of(turn))
    assert kept == Rebound(steps) and kept.note == ""


def test_live_mode_asks_before_the_hero_and_never_loses_a_decision():
    options = EvalOptions(live=True)
    fight = asyncio.run(run_fight("c01", 1, baseline_decider("auto"), options))
    assert fight.result == "won"
    assert {d["outcome"] for d in fight.decisions} <= {"played", "rebound", "passed", "dropped"}
    assert any(d["outcome"] in ("played", "rebound") for d in fight.decisions)


async def test_the_model_is_paired_with_auto_and_transcribed(tmp_path, pilots):
    async with FakeOpenAI([choose(1)]) as fake:
        pilot = pilots(fake)

        async def model(state, fighter_id, rng: random.Random):
            return await pilot.decide(state, fighter_id, timeout=10)
        with open(tmp_path / "t.jsonl", "w", encoding="utf-8") as out:
            model_row, auto_row = await evaluate({"model": model, "auto": baseline_decider("auto")}, ["c01"], 2,
                                                 EvalOptions(price_in=2.0, price_out=8.0), "fake", out)
    assert model_row["vs_auto"] == {"diff": 0.0, "low": 0.0, "high": 0.0}  # turn 1 every time is auto
    assert model_row["choices"] == {"1": sum(model_row["choices"].values())}
    assert model_row["cost_per_fight"] > 0 and auto_row["cost_per_fight"] == 0
    lines = [json.loads(line) for line in (tmp_path / "t.jsonl").read_text().splitlines()]
    model_lines = [line for line in lines if line["pilot"] == "model"]
    assert model_lines and all(line["request"][1]["role"] == "user" for line in model_lines)
    assert all(line["request"] is None for line in lines if line["pilot"] == "auto")
