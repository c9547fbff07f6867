"""`python -m bot.companion play` and `… eval`: the commands' arguments and their runs.

play: one whole fight, the hero piloted by the planner, the companion by the model (or `auto`, the
planner's first turn); one JSON line per companion decision, then a summary line. play's decisions go
to the store (in memory unless --db is given).
eval: the same fights for each pilot named by --pilots (the model and the baselines of baselines.py),
one JSON line per pilot or tables with --table: win rates per encounter, paired against auto with
95 % intervals, pass reasons, choices, tokens, cost and latency (evaluate.py).
"""
from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from bot.companion.auto import apply_decision, auto_decision
from bot.companion.decision import CompanionDecision
from bot.companion.pilot import CompanionPilot
from bot.settings import Settings
from db import companion as decision_store
from db.store import Store, open_store
from engine.errors import UsageError
from engine.tactics import FightState, apply_turn, campaign, expected_level, new_fight, pass_turn, plan_turns

from .baselines import BASELINES
from .evaluate import EvalOptions, baseline_decider, evaluate, percentile, table

PILOTS = ("model", "auto")
COMMANDS = ("play", "eval")
MAX_PHASES = 200   # a safety net; fights end by round 10
DEADLINE_S = 10.0  # the seed's 10 seconds


@dataclass(frozen=True)
class PlayRun:
    label: str
    result: str | None
    rounds: int
    hp_share: float
    decisions: list[dict]


def _hp_share(state: FightState) -> float:
    left = sum(f.hp for f in state.side("duo") if not f.down and not f.fled)
    return round(left / state.start_hp["duo"], 3)


async def play_fight(state: FightState, pilot_name: str, pilot: CompanionPilot | None, db: Store,
                     label: str, emit=None) -> PlayRun:
    """Play to the end: the hero sends the planner's first turn, the companion what its pilot decides."""
    for _ in range(MAX_PHASES):
        if state.result:
            break
        hero = state.get("hero")
        if state.phase == "duo" and hero.standing and not hero.done:
            turns = plan_turns(state, "hero", limit=1)
            state = apply_turn(state, "hero", turns[0].steps) if turns else pass_turn(state, "hero")
        if state.result or state.phase != "duo":
            continue
        me = state.get("companion")
        if not me.standing or me.done:
            continue
        if pilot_name == "model":
            assert pilot is not None  # run() makes one whenever a run asks for the model
            decision = await pilot.decide(state, "companion", timeout=DEADLINE_S)
        else:
            started = time.perf_counter()
            decision = auto_decision(state, "companion")
            decision.latency_s = round(time.perf_counter() - started, 3)
        state, decision = apply_decision(state, "companion", decision)
        # One record per decision as finally applied (the pilot's own record would miss a stale turn).
        decision_store.record(db, decision.model_dump(), fight=label, guild_id=None, fighter="companion",
                              now=pilot.clock() if pilot else datetime.now(UTC))
        if emit:
            emit(decision.record())
    return PlayRun(label, state.result, state.round, _hp_share(state), decision_store.decisions(db, label))


def summary(run: PlayRun) -> dict:
    latencies = [d["latency_s"] for d in run.decisions]
    return {"result": run.result, "decisions": len(run.decisions),
            "passes": sum(d["decision"] == "pass" for d in run.decisions),
            "latency_p50_s": percentile(latencies, 0.5), "latency_max_s": max(latencies, default=0.0),
            "rounds": run.rounds, "hp_share": run.hp_share,
            "tokens_in": sum(d["tokens_in"] for d in run.decisions),
            "tokens_out": sum(d["tokens_out"] for d in run.decisions)}


def add_commands(sub: Any) -> None:
    """play and eval, with their arguments, on the `python -m bot.companion` parser's subcommands."""
    for name in COMMANDS:
        p = sub.add_parser(name)
        if name == "play":
            p.add_argument("--encounter", required=True)
            p.add_argument("--seed", type=int, required=True)
            p.add_argument("--pilot", choices=PILOTS, default="model")
        else:
            p.add_argument("--encounters", default="all", help="comma-separated, e.g. c01,c05,c09 (default: all)")
            p.add_argument("--seeds", type=int, required=True, help="seeds 1..N for each encounter")
            p.add_argument("--table", action="store_true", help="print a side-by-side table instead of JSON lines")
            p.add_argument("--pilots", default="model,auto",
                           help=f"comma-separated, of model,{','.join(BASELINES)} (default: model,auto)")
            p.add_argument("--live", action="store_true",
                           help="ask the pilot when the phase opens, before the hero acts, as the bot does")
            p.add_argument("--no-jitter", action="store_true",
                           help="the hero always takes its first turn (each seed then changes only luck)")
            p.add_argument("--transcripts", default=None, help="write each decision (request, answer, outcome) "
                                                               "to this file as JSON lines")
            p.add_argument("--price-in", type=float, default=0.0, help="price per million input tokens")
            p.add_argument("--price-out", type=float, default=0.0, help="price per million output tokens")
        p.add_argument("--hero", default="Tidecaller")
        p.add_argument("--companion", default="Mossle")
        p.add_argument("--level", type=int, default=None)
        p.add_argument("--db", default=":memory:", help="store the decisions in this SQLite file")


def _fight(encounter: str, seed: int, args: argparse.Namespace) -> FightState:
    try:
        # Without --level, the level a player reaches this fight at (the duo's level is the player's).
        level = args.level if args.level is not None else expected_level(encounter)
        return new_fight(encounter, seed, args.hero, args.companion, level=level)
    except (KeyError, ValueError) as e:
        raise UsageError(str(e).strip("'\"")) from None


def _emit(line: dict) -> None:
    print(json.dumps(line), flush=True)


async def run(args: argparse.Namespace, settings: Settings) -> int:
    """play or eval as parsed: the pilots checked, the model's pilot made when one is asked for."""
    names = [p.strip() for p in args.pilots.split(",") if p.strip()] if args.cmd == "eval" else [args.pilot]
    unknown = [n for n in names if n != "model" and n not in BASELINES]
    if unknown:
        raise UsageError(f"unknown pilot {unknown[0]!r}: choose from model, {', '.join(BASELINES)}")
    wants_model = "model" in names
    if wants_model and not settings.companion_model:
        raise UsageError("COMPANION_MODEL is not set: no model to pilot the companion (use --pilot auto)")
    db = open_store(args.db)
    # the eval measures the prompt, not the machine: every forecast, worked out in-process
    pilot = CompanionPilot(settings, store=None, inline_forecasts=args.cmd == "eval") if wants_model else None
    try:
        if pilot is not None and pilot.local is not None:
            await pilot.check()   # the embedded model up and warm before the first fight, as in the bot
        if args.cmd == "play":
            played = await play_fight(_fight(args.encounter, args.seed, args), args.pilot, pilot, db,
                                      f"play:{args.pilot}:{args.encounter}:{args.seed}", _emit)
            _emit(summary(played))
            return 0
        return await _eval(args, names, pilot, settings.companion_model)
    finally:
        if pilot is not None:
            await pilot.aclose()


async def _eval(args: argparse.Namespace, names: list[str], pilot: CompanionPilot | None, model: str | None) -> int:
    encounters = [e.id for e in campaign()] if args.encounters == "all" else \
        [e.strip() for e in args.encounters.split(",") if e.strip()]
    for enc in encounters:
        _fight(enc, 1, args)  # an unknown encounter is refused before any fight is played
    options = EvalOptions(hero=args.hero, companion=args.companion, level=args.level, jitter=not args.no_jitter,
                          live=args.live, price_in=args.price_in, price_out=args.price_out)

    async def model_decides(state: FightState, fighter_id: str, rng) -> CompanionDecision:
        assert pilot is not None  # made whenever "model" is among the pilots
        return await pilot.decide(state, fighter_id, timeout=DEADLINE_S)

    deciders = {name: model_decides if name == "model" else baseline_decider(name) for name in names}
    transcripts = open(args.transcripts, "w", encoding="utf-8") if args.transcripts else None
    try:
        rows = await evaluate(deciders, encounters, args.seeds, options, model, transcripts)
    finally:
        if transcripts is not None:
            transcripts.close()
    if args.table:
        print(table(rows))
    else:
        for row in rows:
            _emit(row)
    return 0
