"""How well a companion pilot plays: whole fights, the same fights for every pilot, paired per encounter.

Each fight is an encounter and a seed. The seed changes more than luck: the hero (the engine's
planner) sometimes takes its second or third turn instead of its first, drawn from the seed, so ten
seeds are ten different fights; every pilot meets the same hero choices as long as the fights agree.
`--live` asks the pilot when the phase opens, before the hero acts, as the bot does; the chosen turn
is then played as it stands, or the best turn with the same aim, or a pass (coordination.py).
"""
from __future__ import annotations

import json
import math
import random
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import IO

from bot.companion.auto import apply_decision
from bot.companion.coordination import Aim, rebind
from bot.companion.decision import CompanionDecision
from bot.companion.forecasts import inline
from bot.companion.offer import offer_of
from bot.companion.tools import MAX_TURNS
from engine.tactics import FightState, apply_turn, expected_level, new_fight, pass_turn, plan_turns

from .baselines import BASELINES

MAX_PHASES = 200     # a safety net; fights end by round 10
HERO_JITTER = 0.25   # how often the seeded hero takes another of its top turns
HERO_CHOICES = 3     # ... drawn from its first three
Z95 = 1.96

Decide = Callable[[FightState, str, random.Random], Awaitable[CompanionDecision]]


@dataclass
class FightRun:
    encounter: str
    seed: int
    result: str | None
    rounds: int
    hp_share: float
    decisions: list[dict] = field(default_factory=list)

    @property
    def won(self) -> int:
        return int(self.result == "won")


@dataclass(frozen=True)
class EvalOptions:
    hero: str = "Tidecaller"
    companion: str = "Mossle"
    level: int | None = None
    jitter: bool = True
    live: bool = False
    price_in: float = 0.0    # per million tokens
    price_out: float = 0.0


def start(encounter: str, seed: int, options: EvalOptions) -> FightState:
    level = options.level if options.level is not None else expected_level(encounter)
    return new_fight(encounter, seed, options.hero, options.companion, level=level)


def hero_turn(state: FightState, rng: random.Random, jitter: bool) -> FightState:
    """The hero's planned turn: its first, or (drawn from the seed) another of its top ones."""
    turns = plan_turns(state, "hero", limit=HERO_CHOICES)
    if not turns:
        return pass_turn(state, "hero")
    pick = 0
    if jitter and len(turns) > 1 and rng.random() < HERO_JITTER:
        pick = rng.randrange(1, len(turns))
    return apply_turn(state, "hero", turns[pick].steps)


def _hp_share(state: FightState) -> float:
    left = sum(f.hp for f in state.side("duo") if not f.down and not f.fled)
    return round(left / state.start_hp["duo"], 3)


async def run_fight(encounter: str, seed: int, decide: Decide, options: EvalOptions,
                    transcript: Callable[[dict], None] | None = None) -> FightRun:
    """One whole fight with `decide` in the companion's seat."""
    state = start(encounter, seed, options)
    hero_rng, pilot_rng = random.Random(f"hero:{encounter}:{seed}"), random.Random(f"pilot:{encounter}:{seed}")
    run = FightRun(encounter, seed, None, 0, 0.0)
    for _ in range(MAX_PHASES):
        if state.result:
            break
        early: CompanionDecision | None = None
        asked_on = state
        if options.live and _due(state, "companion"):
            early = await _ask(decide, state, pilot_rng)
        if _due(state, "hero"):
            state = hero_turn(state, hero_rng, options.jitter)
        if state.result or state.phase != "duo" or not _due(state, "companion"):
            if early is not None:  # the phase closed while the pilot decided: its answer is dropped
                run.decisions.append(_record(early, "dropped", "the phase ended first"))
            continue
        if early is None:
            asked_on = state
        decision = early if early is not None else await _ask(decide, state, pilot_rng)
        state, outcome, note = _apply(state, decision, live=early is not None)
        run.decisions.append(_record(decision, outcome, note))
        if transcript is not None:
            transcript({"encounter": encounter, "seed": seed, **run.decisions[-1],
                        "request": _request(asked_on) if decision.model else None})
    run.result, run.rounds, run.hp_share = state.result, state.round, _hp_share(state)
    return run


def _request(state: FightState) -> list[dict]:
    """The messages the model was sent, forecasts included as the eval's pilot works them all out."""
    turns = plan_turns(state, "companion", limit=MAX_TURNS)
    return offer_of(state, "companion", turns, custom=False, seconds=10,
                    forecasts=inline(state, "companion", turns)).messages


def _due(state: FightState, fighter_id: str) -> bool:
    f = state.get(fighter_id)
    return state.phase == "duo" and f.standing and not f.done


async def _ask(decide: Decide, state: FightState, rng: random.Random) -> CompanionDecision:
    started = time.perf_counter()
    decision = await decide(state, "companion", rng)
    if not decision.latency_s:
        decision.latency_s = round(time.perf_counter() - started, 4)
    return decision


def _apply(state: FightState, decision: CompanionDecision, *, live: bool) -> tuple[FightState, str, str]:
    if decision.passed:
        return pass_turn(state, "companion"), "passed", decision.reason
    if not live:
        after, applied = apply_decision(state, "companion", decision)
        return after, "passed" if applied.passed else "played", applied.reason
    done = rebind(state, "companion", decision.steps, Aim.of_decision(decision.aim_foes, decision.aim_support))
    if done.steps is None:
        return pass_turn(state, "companion"), "passed", done.note
    return apply_turn(state, "companion", done.steps), "rebound" if done.note else "played", done.note


def _record(decision: CompanionDecision, outcome: str, note: str) -> dict:
    return {**decision.record(), "code": decision.code, "calls": decision.calls, "outcome": outcome, "note": note}


# --- figures ---------------------------------------------------------------------------------------------

def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a win rate."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + Z95 ** 2 / (2 * n)) / (1 + Z95 ** 2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / (1 + Z95 ** 2 / n)
    return round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3)


def paired(runs: list[FightRun], base: list[FightRun]) -> dict:
    """A pilot's win rate minus the base pilot's on the same fights, with its 95 % interval."""
    by_fight = {(r.encounter, r.seed): r.won for r in base}
    diffs = [r.won - by_fight[(r.encounter, r.seed)] for r in runs if (r.encounter, r.seed) in by_fight]
    if not diffs:
        return {"diff": 0.0, "low": 0.0, "high": 0.0}
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1))
    half = Z95 * sd / math.sqrt(len(diffs))
    return {"diff": round(mean, 3), "low": round(mean - half, 3), "high": round(mean + half, 3)}


def aggregate(pilot: str, model: str | None, runs: list[FightRun], options: EvalOptions,
              base: list[FightRun] | None = None) -> dict:
    """One pilot's figures over its fights (the first keys are the JSON line earlier runs printed)."""
    decisions = [d for r in runs for d in r.decisions]
    latencies = [d["latency_s"] for d in decisions]
    n = max(1, len(runs))
    wins = sum(r.won for r in runs)
    tokens_in = sum(d["tokens_in"] for d in decisions)
    tokens_out = sum(d["tokens_out"] for d in decisions)
    row = {"pilot": pilot, "model": model if pilot == "model" else None, "fights": len(runs),
           "win_rate": round(wins / n, 3),
           "hp_share_mean": round(sum(r.hp_share for r in runs) / n, 3),
           "pass_rate": round(sum(d["decision"] == "pass" for d in decisions) / max(1, len(decisions)), 3),
           "latency_p50_s": percentile(latencies, 0.5), "latency_p95_s": percentile(latencies, 0.95),
           "latency_max_s": max(latencies, default=0.0),
           "tokens_per_fight": round((tokens_in + tokens_out) / n, 1)}
    encounters = sorted({r.encounter for r in runs})
    row.update({
        "win_rate_ci": wilson(wins, len(runs)),
        "per_encounter": {e: round(sum(r.won for r in runs if r.encounter == e)
                                   / max(1, sum(r.encounter == e for r in runs)), 3) for e in encounters},
        "pass_reasons": dict(Counter(d["code"] for d in decisions if d["decision"] == "pass").most_common()),
        "choices": dict(sorted(Counter(str(d["number"]) if d["number"] else d["decision"]
                                       for d in decisions).items())),
        "outcomes": dict(Counter(d["outcome"] for d in decisions)),
        "cost_per_fight": round((tokens_in * options.price_in + tokens_out * options.price_out) / 1e6 / n, 6),
        "live": options.live,
    })
    if base is not None and base is not runs:
        row["vs_auto"] = paired(runs, base)
    return row


TABLE_ROWS = [("fights", "fights"), ("win rate", "win_rate"), ("mean HP share left", "hp_share_mean"),
              ("pass rate", "pass_rate"), ("latency p50 (s)", "latency_p50_s"), ("latency p95 (s)", "latency_p95_s"),
              ("latency max (s)", "latency_max_s"), ("tokens per fight", "tokens_per_fight")]


def table(rows: list[dict]) -> str:
    """The pilots side by side (one column each), then the encounters, paired, with 95 % intervals."""
    heads = [f"{r['pilot']} ({r['model']})" if r["model"] else r["pilot"] for r in rows]
    lines = ["| | " + " | ".join(heads) + " |", "|---|" + "---|" * len(rows)]
    lines += [f"| {name} | " + " | ".join(str(r[key]) for r in rows) + " |" for name, key in TABLE_ROWS]
    lines += ["", "| encounter | " + " | ".join(heads) + " |", "|---|" + "---|" * len(rows)]
    for enc in rows[0]["per_encounter"]:
        lines.append(f"| {enc} | " + " | ".join(f"{r['per_encounter'].get(enc, 0):.2f}" for r in rows) + " |")
    lines.append("| all (95 % interval) | " + " | ".join(
        f"{r['win_rate']:.2f} [{r['win_rate_ci'][0]:.2f}–{r['win_rate_ci'][1]:.2f}]" for r in rows) + " |")
    lines.append("| minus auto, same fights | " + " | ".join(
        (f"{r['vs_auto']['diff']:+.2f} [{r['vs_auto']['low']:+.2f}, {r['vs_auto']['high']:+.2f}]"
         if "vs_auto" in r else "—") for r in rows) + " |")
    lines += ["", "| pilot | pass reasons | choices | cost per fight |", "|---|---|---|---|"]
    for head, r in zip(heads, rows):
        reasons = ", ".join(f"{k} {v}" for k, v in r["pass_reasons"].items()) or "none"
        choices = ", ".join(f"{k}: {v}" for k, v in r["choices"].items())
        lines.append(f"| {head} | {reasons} | {choices} | {r['cost_per_fight']} |")
    return "\n".join(lines)


def baseline_decider(name: str) -> Decide:
    fn = BASELINES[name]

    async def decide(state: FightState, fighter_id: str, rng: random.Random) -> CompanionDecision:
        return fn(state, fighter_id, rng)
    return decide


async def evaluate(pilots: dict[str, Decide], encounters: list[str], seeds: int, options: EvalOptions,
                   model: str | None = None, transcripts: IO[str] | None = None) -> list[dict]:
    """Every pilot on every fight; one aggregate row per pilot, in the order given."""
    def write(line: dict) -> None:
        if transcripts is not None:
            transcripts.write(json.dumps(line) + "\n")

    runs: dict[str, list[FightRun]] = {}
    for name, decide in pilots.items():
        def record(line: dict, name: str = name) -> None:
            write({"pilot": name, **line})
        runs[name] = [await run_fight(enc, seed, decide, options, record)
                      for enc in encounters for seed in range(1, seeds + 1)]
    base = runs.get("auto")
    return [aggregate(name, model, fights, options, base) for name, fights in runs.items()]
