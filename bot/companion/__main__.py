"""Measure a companion model: `python -m bot.companion play …`, `… eval …`, and `… check`.

play: one whole fight, the hero piloted by the planner, the companion by the model (or `auto`, the
planner's first turn); one JSON line per companion decision, then a summary line.
eval: the same fights for each pilot named by --pilots (the model and the baselines of baselines.py),
one JSON line per pilot or tables with --table: win rates per encounter, paired against auto with
95 % intervals, pass reasons, choices, tokens, cost and latency (evaluate.py). play's decisions go to
the store (in memory unless --db is given). The model server comes from the settings
(COMPANION_MODEL, OPENAI_BASE_URL, …).
check: one real request with the tools (again without a field the server refused, up to
CHECK_ROUNDS requests), then one JSON object: what the server accepted and what it answered.
"""
from __future__ import annotations

import asyncio
import json
import sys
import time
from dataclasses import dataclass
from datetime import UTC

from bot.settings import SettingsError, load_settings
from db import companion as decision_store
from db.store import Store, open_store
from engine.cli import ArgParser
from engine.errors import UsageError
from engine.tactics import FightState, apply_turn, campaign, expected_level, new_fight, pass_turn, plan_turns

from .auto import apply_decision, auto_decision
from .baselines import BASELINES
from .decision import CompanionDecision
from .evaluate import EvalOptions, baseline_decider, evaluate, percentile, table
from .pilot import CompanionPilot
from .request import Accepted

PILOTS = ("model", "auto")
MAX_PHASES = 200   # a safety net; fights end by round 10
DEADLINE_S = 10.0  # the seed's 10 seconds
CHECK_ROUNDS = 4   # check: a server may refuse one field after another


@dataclass(frozen=True)
class FightRun:
    label: str
    result: str | None
    rounds: int
    hp_share: float
    decisions: list[dict]


def _hp_share(state: FightState) -> float:
    left = sum(f.hp for f in state.side("duo") if not f.down and not f.fled)
    return round(left / state.start_hp["duo"], 3)


async def play_fight(state: FightState, pilot_name: str, pilot: CompanionPilot | None, db: Store,
                     label: str, emit=None) -> FightRun:
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
            assert pilot is not None  # main() makes one whenever a run asks for the model
            decision = await pilot.decide(state, "companion", timeout=DEADLINE_S)
        else:
            started = time.perf_counter()
            decision = auto_decision(state, "companion")
            decision.latency_s = round(time.perf_counter() - started, 3)
        state, decision = apply_decision(state, "companion", decision)
        # One record per decision as finally applied (the pilot's own record would miss a stale turn).
        decision_store.record(db, decision.model_dump(), fight=label, guild_id=None, fighter="companion",
                              now=pilot.clock() if pilot else _utcnow())
        if emit:
            emit(decision.record())
    return FightRun(label, state.result, state.round, _hp_share(state), decision_store.decisions(db, label))


def _utcnow():
    from datetime import datetime
    return datetime.now(UTC)


def summary(run: FightRun) -> dict:
    latencies = [d["latency_s"] for d in run.decisions]
    return {"result": run.result, "decisions": len(run.decisions),
            "passes": sum(d["decision"] == "pass" for d in run.decisions),
            "latency_p50_s": percentile(latencies, 0.5), "latency_max_s": max(latencies, default=0.0),
            "rounds": run.rounds, "hp_share": run.hp_share,
            "tokens_in": sum(d["tokens_in"] for d in run.decisions),
            "tokens_out": sum(d["tokens_out"] for d in run.decisions)}


def _tools_line(options: dict) -> dict:
    """The tool fields of a request as the check reports them."""
    tools = options.get("tools") or []
    return {"tools": bool(tools), "strict": any(t["function"].get("strict") for t in tools),
            "tool_choice": options.get("tool_choice"), "parallel_tool_calls": options.get("parallel_tool_calls"),
            "reasoning_effort": options.get("reasoning_effort"),
            "token_field": next(f for f in ("max_tokens", "max_completion_tokens") if f in options)}


async def check(pilot: CompanionPilot) -> dict:
    """What `python -m bot.companion check` prints: the models list, the request first tried and the one
    the server took, and the decision on c01's first phase."""
    settings = pilot.settings
    listed = await pilot.check()
    fight = new_fight("c01", 1, "Tidecaller", "Cindle", level=expected_level("c01"))
    decision, requests = None, 0
    for _ in range(CHECK_ROUNDS):
        refused_before = pilot.accepted.describe()
        decision = await pilot.decide(fight, "companion", timeout=DEADLINE_S)
        requests += decision.calls
        if pilot.accepted.describe() == refused_before or decision.code != "http_error":
            break
    assert decision is not None  # CHECK_ROUNDS >= 1
    usable = not decision.passed or decision.code == "model_pass"
    return {"server": settings.openai_base_url or "https://api.openai.com/v1", "model": settings.companion_model,
            "models_list": listed, "requests": requests, "usable": usable,
            "first_request": _tools_line(Accepted().options(settings)),
            "accepted": _tools_line(pilot.accepted.options(settings)),
            "left_out": pilot.accepted.describe()["dropped"],
            "advice": pilot.accepted.advice() or "the default settings suit this server",
            "decision": decision.decision, "code": decision.code, "reason": decision.reason,
            "number": decision.number, "answer": decision.answer, "error_body": decision.error_body,
            "latency_s": decision.latency_s, "tokens_in": decision.tokens_in, "tokens_out": decision.tokens_out}


def _parser() -> ArgParser:
    parser = ArgParser(prog="python -m bot.companion")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("check", help="one real request with the tools: what the server accepts")
    for name in ("play", "eval"):
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
    return parser


def _fight(encounter: str, seed: int, args) -> FightState:
    try:
        # Without --level, the level a player reaches this fight at (the duo's level is the player's).
        level = args.level if args.level is not None else expected_level(encounter)
        return new_fight(encounter, seed, args.hero, args.companion, level=level)
    except (KeyError, ValueError) as e:
        raise UsageError(str(e).strip("'\"")) from None


async def _main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    settings = load_settings()
    if args.cmd == "check":
        if not settings.companion_model:
            raise UsageError("COMPANION_MODEL is not set: no model to check")
        checked = CompanionPilot(settings)
        try:
            report = await check(checked)
        finally:
            await checked.aclose()
        print(json.dumps(report, indent=1))
        return 0 if report["usable"] else 1
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

    def emit(line: dict) -> None:
        print(json.dumps(line), flush=True)

    try:
        if pilot is not None and pilot.local is not None:
            await pilot.check()   # the embedded model up and warm before the first fight, as in the bot
        if args.cmd == "play":
            run = await play_fight(_fight(args.encounter, args.seed, args), args.pilot, pilot, db,
                                   f"play:{args.pilot}:{args.encounter}:{args.seed}", emit)
            emit(summary(run))
            return 0
        return await _eval(args, names, pilot, settings.companion_model, emit)
    finally:
        if pilot is not None:
            await pilot.aclose()


async def _eval(args, names: list[str], pilot: CompanionPilot | None, model: str | None, emit) -> int:
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
            emit(row)
    return 0


def main(argv: list[str] | None = None) -> int:
    try:
        return asyncio.run(_main(list(sys.argv[1:] if argv is None else argv)))
    except (UsageError, SettingsError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
