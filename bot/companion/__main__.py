"""Measure a companion model: `python -m bot.companion play …` and `python -m bot.companion eval …`.

play: one whole fight, the hero piloted by the planner, the companion by the model (or `auto`, the
planner's first turn); one JSON line per companion decision, then a summary line.
eval: the same fights with the model and with auto, side by side (one JSON line per pilot, or a table
with --table). Decisions go to the store (in memory unless --db is given) and the figures are read
back from it. The model server comes from the settings (COMPANION_MODEL, OPENAI_BASE_URL, …).
"""
from __future__ import annotations

import asyncio
import json
import math
import sys
import time
from dataclasses import dataclass
from datetime import UTC

from bot.settings import SettingsError, load_settings
from db import companion as decision_store
from db.store import Store, open_store
from engine.cli import ArgParser
from engine.errors import UsageError
from engine.tactics import FightState, apply_turn, expected_level, new_fight, pass_turn, plan_turns

from .pilot import CompanionPilot, apply_decision, auto_decision

PILOTS = ("model", "auto")
MAX_PHASES = 200   # a safety net; fights end by round 10
DEADLINE_S = 10.0  # the seed's 10 seconds


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


def _percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


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
            "latency_p50_s": _percentile(latencies, 0.5), "latency_max_s": max(latencies, default=0.0),
            "rounds": run.rounds, "hp_share": run.hp_share,
            "tokens_in": sum(d["tokens_in"] for d in run.decisions),
            "tokens_out": sum(d["tokens_out"] for d in run.decisions)}


def aggregate(pilot_name: str, model: str | None, runs: list[FightRun]) -> dict:
    decisions = [d for r in runs for d in r.decisions]
    latencies = [d["latency_s"] for d in decisions]
    n = max(1, len(runs))
    return {"pilot": pilot_name, "model": model if pilot_name == "model" else None, "fights": len(runs),
            "win_rate": round(sum(r.result == "won" for r in runs) / n, 3),
            "hp_share_mean": round(sum(r.hp_share for r in runs) / n, 3),
            "pass_rate": round(sum(d["decision"] == "pass" for d in decisions) / max(1, len(decisions)), 3),
            "latency_p50_s": _percentile(latencies, 0.5), "latency_p95_s": _percentile(latencies, 0.95),
            "latency_max_s": max(latencies, default=0.0),
            "tokens_per_fight": round(sum(d["tokens_in"] + d["tokens_out"] for d in decisions) / n, 1)}


TABLE_ROWS = [("fights", "fights"), ("win rate", "win_rate"), ("mean HP share left", "hp_share_mean"),
              ("pass rate", "pass_rate"), ("latency p50 (s)", "latency_p50_s"), ("latency p95 (s)", "latency_p95_s"),
              ("latency max (s)", "latency_max_s"), ("tokens per fight", "tokens_per_fight")]


def table(rows: list[dict]) -> str:
    """The eval side by side: one column per pilot."""
    heads = [f"{r['pilot']} ({r['model']})" if r["model"] else r["pilot"] for r in rows]
    lines = ["| | " + " | ".join(heads) + " |", "|---|" + "---|" * len(rows)]
    lines += [f"| {name} | " + " | ".join(str(r[key]) for r in rows) + " |" for name, key in TABLE_ROWS]
    return "\n".join(lines)


def _parser() -> ArgParser:
    parser = ArgParser(prog="python -m bot.companion")
    sub = parser.add_subparsers(dest="cmd", required=True)
    for name in ("play", "eval"):
        p = sub.add_parser(name)
        if name == "play":
            p.add_argument("--encounter", required=True)
            p.add_argument("--seed", type=int, required=True)
            p.add_argument("--pilot", choices=PILOTS, default="model")
        else:
            p.add_argument("--encounters", required=True, help="comma-separated, e.g. c01,c05,c09")
            p.add_argument("--seeds", type=int, required=True, help="seeds 1..N for each encounter")
            p.add_argument("--table", action="store_true", help="print a side-by-side table instead of JSON lines")
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
    wants_model = args.cmd == "eval" or args.pilot == "model"
    if wants_model and not settings.companion_model:
        raise UsageError("COMPANION_MODEL is not set: no model to pilot the companion (use --pilot auto)")
    db = open_store(args.db)
    pilot = CompanionPilot(settings, store=None) if wants_model else None

    def emit(line: dict) -> None:
        print(json.dumps(line), flush=True)

    try:
        if args.cmd == "play":
            run = await play_fight(_fight(args.encounter, args.seed, args), args.pilot, pilot, db,
                                   f"play:{args.pilot}:{args.encounter}:{args.seed}", emit)
            emit(summary(run))
            return 0
        encounters = [e.strip() for e in args.encounters.split(",") if e.strip()]
        rows = []
        for pilot_name in PILOTS:
            runs = [await play_fight(_fight(enc, seed, args), pilot_name, pilot, db,
                                     f"eval:{pilot_name}:{enc}:{seed}")
                    for enc in encounters for seed in range(1, args.seeds + 1)]
            rows.append(aggregate(pilot_name, settings.companion_model, runs))
        if args.table:
            print(table(rows))
        else:
            for row in rows:
                emit(row)
        return 0
    finally:
        if pilot is not None:
            await pilot.aclose()


def main(argv: list[str] | None = None) -> int:
    try:
        return asyncio.run(_main(list(sys.argv[1:] if argv is None else argv)))
    except (UsageError, SettingsError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
