"""Many model companions deciding at once: does anyone else wait, and does every companion end on time?

Run by hand: python benchmarks/bench_companions.py [--counts 1,10,50] [--cap 8] [--models hang,2s]
             [--pressers 10] [--pilot-alone]
             python benchmarks/bench_companions.py --models local --counts 5   (the embedded model)

By default, the whole bot (`--pilot-alone`: the pilot by itself, below). The real bot in SimCord with
its hooks released after start-up (bench_load.py's `release`), its companion pointed at the fake
OpenAI-compatible server in a process of its own (a model that hangs, or one that answers a good turn
after 2 s). `--pressers` members play the four games, pressing about once a second (bench_load's
members), and after a few seconds N more members each start a tactics campaign with the model as
companion at the same
moment, so N companions open their phase and decide at once. Printed: the other
members' answer p99 while the companions decide (from every start answered to the end: target <= 250 ms;
from the interaction to the bot's message carrying the result; the starts' own burst is shown apart),
the longest loop stall (a 5 ms heartbeat, target <= 50 ms), and when each companion's pass or turn
was saved, from its phase opening (the saved session's phase_opened to the saved game's time,
both the bot's clock: target 10.0-10.3 s for a pass, by 10.3 s for a turn).

`--models local` (needs the `model` extra): the same with COMPANION_MODEL=local, the embedded model the
bot starts beside itself (its own process, at a lower priority, one thread, one request at a time),
started some seconds before the companions so it has loaded: is it a good neighbour? The other
members' answer p99 target is then <= 500 ms (the model shares the two cores), the stall's still 50 ms.

The pilot alone (`--pilot-alone`, not the whole bot in SimCord): one CompanionPilot built as the bot
builds it at start-up
(one AsyncOpenAI, its kept-alive pool, COMPANION_MAX_REQUESTS), a real SQLite store behind a single
worker thread as the bot's store worker, and the fake OpenAI-compatible server in a process of its own
(so its work is not on our loop). N companions, each in its own c01 fight, open their phase together.
Beside them on the same loop:
- the benchmarks' heartbeat (harness.py: a thread pinging the loop every 5 ms): how long a ping waits is
  how long the loop was blocked (target <= 50 ms);
- a press stand-in every 20 ms: a callback scheduled on the loop that then runs one job on the store
  worker, as a member's press does (its answer time, p99 target <= 250 ms). It is not a whole press
  (no discord.py dispatch, no engine, no picture): bench_stalls.py measures those on the real bot.
Each companion's end (its pass or its turn, stored) is timed from its phase opening: a pass is due
within 10.0-10.3 s, a turn by 10.3 s. Loop CPU is the event-loop thread's CPU time per request sent
(everything the companions cost the loop, their passes and stores included; the heartbeat's and the
press stand-in's own share, measured idle for a second first, taken off).
Wall figures are wall time on a possibly shared machine: the load average is printed first.

The embedded model (`--local c01,c05 --seeds 2`, needs the `model` extra): whole fights with
COMPANION_MODEL=local as the bot plays them; each decision's latency (p50, p95: target within the 10 s),
the share answered in time (target >= 95 %), prompt tokens a request, and the share of prompt tokens
the server read from its prefix cache (from its own log).
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

import simcord  # noqa: E402
from bench_load import Press, Wire, crowd, go_live  # noqa: E402
from harness import Heartbeat, load_average  # noqa: E402
from harness import percentile as _p  # noqa: E402

from bot.companion.pilot import CompanionPilot  # noqa: E402
from bot.discord import create_bot  # noqa: E402
from bot.games.tactics.session import TacticsSession  # noqa: E402
from bot.local import OutsideCalls  # noqa: E402
from bot.settings import Settings  # noqa: E402
from db import companion as decision_store  # noqa: E402
from db.games import running_games_of  # noqa: E402
from db.store import open_store  # noqa: E402
from engine.tactics import new_fight  # noqa: E402

STALL_TARGET_MS = 50.0
PRESS_P99_TARGET_MS = 250.0
DEADLINE_S, LATE_S = 10.0, 10.3
PRESS_EVERY_S = 0.02
MODELS = {"hang": "hang:60", "2s": "hang:2"}   # the fake server's answers: silence, or a good turn after 2 s
LOCAL = "local"          # `--models local`: the embedded model (the `model` extra) as the bot runs it
LOCAL_PRESS_P99_TARGET_MS = 500.0   # other members' answers while the embedded model shares the cores
LOCAL_WARM_S = 20.0      # the embedded model loads before the companions start (a busy machine takes longer)


class LiveOutsideCalls(OutsideCalls):
    """Local play's external wait until the run goes live, then a plain await (SimCord no longer settles)."""

    live = False

    async def __call__(self, awaitable: Any, *, reason: str) -> Any:
        return await awaitable if self.live else await super().__call__(awaitable, reason=reason)


def press_target(model: str) -> float:
    """The other members' answer p99 target while `model`'s companions decide."""
    return LOCAL_PRESS_P99_TARGET_MS if model == LOCAL else PRESS_P99_TARGET_MS


def _serve(answer: str) -> tuple[subprocess.Popen, str]:
    """The fake server in its own process; its base URL."""
    proc = subprocess.Popen([sys.executable, str(ROOT / "tools" / "drive" / "fake_openai.py"), "--answer", answer],
                            stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert proc.stdout is not None
    return proc, proc.stdout.readline().strip()


collections: list[tuple[int, float]] = []   # (generation, seconds) of each garbage collection in a run
_gc_began = [0.0]


def _gc_watch(phase: str, info: dict) -> None:
    if phase == "start":
        _gc_began[0] = time.perf_counter()
    else:
        collections.append((info["generation"], time.perf_counter() - _gc_began[0]))


async def _presses(stop: asyncio.Event, worker: ThreadPoolExecutor, answers: list[tuple[float, float]]) -> None:
    """A press stand-in: scheduled on the loop, then one job on the store worker, answered."""
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        began = loop.time()
        await asyncio.sleep(0)
        await loop.run_in_executor(worker, time.sleep, 0.001)  # a short store read
        answers.append((began, loop.time() - began))
        await asyncio.sleep(PRESS_EVERY_S)


async def run(count: int, model: str, cap: int, folder: Path) -> dict:
    proc, base_url = _serve(MODELS[model])
    worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="store")  # the bot's one store worker
    store = open_store(folder / f"{model}-{count}.db")
    loop = asyncio.get_running_loop()

    async def on_worker(fn, *args, **kwargs):
        return await loop.run_in_executor(worker, lambda: fn(*args, **kwargs))

    settings = Settings(_env_file=None, OPENAI_BASE_URL=base_url, COMPANION_MODEL="fake-model",
                        COMPANION_MAX_REQUESTS=cap)
    cpu, wall = time.thread_time(), time.perf_counter()
    pilot = CompanionPilot(settings, store=store, run=on_worker)   # start-up: the one client
    start_up_ms = ((time.thread_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000)
    await pilot.check()                                             # start-up: GET /models
    fights = [new_fight("c01", seed, "Tidecaller", "Cindle") for seed in range(1, count + 1)]
    stop = asyncio.Event()
    answers: list[tuple[float, float]] = []
    beat = Heartbeat().start()
    background = [asyncio.create_task(_presses(stop, worker, answers))]
    idle_cpu = time.thread_time()
    await asyncio.sleep(1.0)            # the heartbeat's and the press stand-in's own loop CPU, per second
    idle_rate = time.thread_time() - idle_cpu
    opened, beats_opened = loop.time(), beat.mark()
    cpu = time.thread_time()
    collections.clear()

    async def one(i: int, fight) -> tuple[float, str, int]:
        decision = await pilot.decide(fight, "companion", timeout=DEADLINE_S, guild_id=1, game_id=f"f{i}")
        return loop.time() - opened, decision.code, decision.calls

    ends = await asyncio.gather(*(one(i, f) for i, f in enumerate(fights)))
    loop_cpu = max(0.0, time.thread_time() - cpu - idle_rate * (loop.time() - opened))
    stop.set()
    await asyncio.gather(*background)
    beat.stop()
    await pilot.aclose()
    worker.shutdown()
    store.close()
    proc.terminate()
    proc.wait()
    pressed = [took for began, took in answers if began >= opened]   # the idle second before is not the run's
    worst = beat.worst(beats_opened, float("inf"))
    stalls = ", ".join(f"{a * 1000:.0f} ms at {b - beats_opened:.2f} s" for a, b in worst)
    passes = [t for t, code, _ in ends if code == "timeout"]
    plays = [t for t, code, _ in ends if code != "timeout"]
    sent = max(1, sum(calls for _, _, calls in ends))
    return {"count": count, "model": model, "passes": len(passes), "plays": len(plays),
            "pass_first_s": min(passes, default=0.0), "pass_last_s": max(passes, default=0.0),
            "off_window": sum(1 for t in passes if not DEADLINE_S <= t <= LATE_S) + sum(1 for t in plays if t > LATE_S),
            "play_last_s": max(plays, default=0.0), "stall_ms": beat.longest(beats_opened) * 1000,
            "press_p99_ms": _p(pressed, 0.99) * 1000, "loop_cpu_ms_per_request": loop_cpu * 1000 / sent,
            "loop_cpu_ms_per_companion": loop_cpu * 1000 / count, "requests": sent,
            "gc_max_ms": max((t for _, t in collections), default=0.0) * 1000,
            "start_up_cpu_ms": start_up_ms[0], "start_up_wall_ms": start_up_ms[1], "worst_stalls": stalls}


def _row(r: dict) -> str:
    return (f"{r['count']:>3} {r['model']:>4} | plays {r['plays']:>2}, last {r['play_last_s']:5.2f} s | "
            f"passes {r['passes']:>2}, {r['pass_first_s']:5.2f}-{r['pass_last_s']:5.2f} s | "
            f"outside window {r['off_window']:>2} (target 0) | stall {r['stall_ms']:6.1f} ms "
            f"(<= {STALL_TARGET_MS:g}) | press p99 {r['press_p99_ms']:6.1f} ms (<= {PRESS_P99_TARGET_MS:g}) | "
            f"loop CPU {r['loop_cpu_ms_per_request']:.2f} ms/request ({r['requests']} sent), "
            f"{r['loop_cpu_ms_per_companion']:.2f} ms/companion | worst stalls {r['worst_stalls']} | "
            f"longest garbage collection {r['gc_max_ms']:.1f} ms")


async def run_bot(count: int, model: str, cap: int, pressers: int, folder: Path, warm: float = 4.0,
                  window: float = 12.0) -> dict:
    """N companions opening their phase together in the real bot while `pressers` members press: with
    the fake server, or (`model` "local") the embedded model the bot starts and serves itself."""
    local = model == LOCAL
    proc, base_url = (None, None) if local else _serve(MODELS[model])
    model_settings = ({"COMPANION_MODEL": LOCAL} if local else
                      {"OPENAI_BASE_URL": base_url, "COMPANION_MODEL": "fake-model", "COMPANION_MAX_REQUESTS": cap})
    warm = max(warm, LOCAL_WARM_S) if local else warm
    settings = Settings(database_path=folder / f"bot-{model}-{count}.db", shard_count=1, _env_file=None,
                        COMPANION_CALLS_PER_DAY=10**6, **model_settings)
    # The embedded model's start-up is real input from outside SimCord: awaited through local play's own
    # external wait, bound to the Env before it starts (as local play does); once SimCord's hooks are
    # released (go_live) nothing settles, and the model's answers are awaited directly.
    outside = LiveOutsideCalls() if local else None
    bot = create_bot(settings, external_wait=outside)
    running = simcord.run(bot)
    if outside is not None:
        outside.env = running._env
    wire = Wire()
    try:
        async with running as env:
            guild, channel, pressing = crowd(env, wire, pressers, count)
            hosts = [guild.add_member(env.create_user(f"host{i}")) for i in range(count)]
            beat = go_live(env, wire)
            if outside is not None:
                outside.live = True
            began = time.perf_counter()
            opened, stop = began + warm, began + warm + window
            settled: list[float] = []

            async def open_phases() -> None:
                await asyncio.sleep(max(0.0, opened - time.perf_counter()))
                starts = []
                for host in hosts:  # every start is sent before the first is answered: one moment
                    result = await host.slash(channel, "tactics campaign", pilot="model")
                    starts.append(Press("start", result._interaction.token, None, time.perf_counter()))
                    wire.track(starts[-1])
                await asyncio.gather(*(start.done.wait() for start in starts))
                settled.append(time.perf_counter())

            await asyncio.gather(*(m.run(stop) for m in pressing), open_phases())
            beat.stop()
            wire.uninstall()
            loadavg = os.getloadavg()[0]
            ends: list[float] = []
            codes: list[str] = []   # each stored decision's outcome: what the model server answered
            for host in hosts:
                games = running_games_of(bot.db, host.id, kind="tactics")
                if not games:
                    continue
                state = TacticsSession.model_validate_json(games[0].state)
                if state.phase_opened is not None and state.fight.get("companion").done:  # passed or played
                    saved = datetime.fromisoformat(games[0].updated_at)
                    ends.append((saved - state.phase_opened).total_seconds())
                codes.extend(d["code"] for d in decision_store.decisions(bot.db, state.key))
            try:
                async with asyncio.timeout(10):
                    await bot.close()
            except TimeoutError:
                pass
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait()
    deciding = settled[0] if settled else opened   # the starts answered: the companions are deciding
    pressed = [p for m in pressing for p in m.presses if deciding <= p.began < stop]
    answers = [(p.answered - p.began) * 1000 for p in pressed if p.answered is not None]
    during_starts = [(p.answered - p.began) * 1000 for m in pressing for p in m.presses
                     if opened <= p.began < deciding and p.answered is not None]
    stalls = [(late, when - opened) for late, when in beat.worst(deciding, stop)]
    start_stall = beat.longest(opened, deciding)
    return {"count": count, "model": model, "pressers": pressers, "decided": len(ends),
            "starts_s": deciding - opened, "starts_p99_ms": _p(during_starts, 0.99),
            "starts_stall_ms": start_stall * 1000,
            "first_s": min(ends, default=float("nan")), "last_s": max(ends, default=float("nan")),
            "off_window": count - sum(1 for t in ends if t <= LATE_S and (model != "hang" or t >= DEADLINE_S)),
            "press_p99_ms": _p(answers, 0.99) * 1.0, "presses": len(answers),
            "unanswered": len(pressed) - len(answers),
            "decisions": ", ".join(f"{n} {code}" for code, n in sorted(Counter(codes).items())) or "none stored",
            "stall_ms": stalls[0][0] * 1000 if stalls else 0.0,
            "worst_stalls": ", ".join(f"{a * 1000:.0f} ms at {b:.2f} s" for a, b in stalls[:3]), "load": loadavg}


def _bot_row(r: dict) -> str:
    ok = lambda good: "OK" if good else "MISSED"  # noqa: E731
    window = f"{DEADLINE_S:g}-{LATE_S:g} s" if r["model"] == "hang" else f"by {LATE_S:g} s"
    return (f"{r['count']:>3} {r['model']:>4} | decided {r['decided']:>2}/{r['count']} at {r['first_s']:5.2f}-"
            f"{r['last_s']:5.2f} s ({r['decisions']}), outside {window}: {r['off_window']} (target 0) "
            f"{ok(r['off_window'] == 0)} | "
            f"other members' answer p99 {r['press_p99_ms']:6.1f} ms (<= {press_target(r['model']):g}) "
            f"{ok(r['press_p99_ms'] <= press_target(r['model']))} ({r['presses']} presses by {r['pressers']} members, "
            f"{r['unanswered']} unanswered) | stall {r['stall_ms']:5.1f} ms (<= {STALL_TARGET_MS:g}) "
            f"{ok(r['stall_ms'] <= STALL_TARGET_MS)} | worst stalls {r['worst_stalls']} | load {r['load']:.2f}\n"
            f"         (the {r['count']} starts before, {r['starts_s']:.2f} s: answer p99 {r['starts_p99_ms']:.0f} ms, "
            f"stall {r['starts_stall_ms']:.0f} ms; no target)")


PREFIX_HIT = re.compile(r"Llama\.generate: (\d+) prefix-match hit, remaining (\d+) prompt tokens to eval")
IN_TIME_TARGET = 0.95


async def run_local(encounters: list[str], seeds: int, folder: Path) -> dict:
    """Whole fights with the embedded model (COMPANION_MODEL=local) as the bot plays them: the hero takes
    the planner's first turn, then the companion decides within its 10 s, forecasts from the forecast
    worker within COMPANION_FORECAST_SECONDS. Every decision's latency, whether it came in time, its
    prompt tokens, and the share of each prompt the server read from its prefix cache (its own log)."""
    from bot.companion import local_model
    from engine.tactics import expected_level
    from tools.companion_eval.cli import play_fight

    local_model.VERBOSE = True
    store = open_store(folder / "local.db")
    pilot = CompanionPilot(Settings(_env_file=None, COMPANION_MODEL="local"), store=None)
    assert pilot.local is not None
    try:
        await pilot.check()   # up and warm, as at the bot's start-up
        warm_log = len(PREFIX_HIT.findall(pilot.local.log_text()))
        decisions: list[dict] = []
        for encounter in encounters:
            for seed in range(1, seeds + 1):
                fight = new_fight(encounter, seed, "Tidecaller", "Mossle", level=expected_level(encounter))
                run = await play_fight(fight, "model", pilot, store, f"{encounter}:{seed}")
                decisions += run.decisions
                print(f"  {encounter} seed {seed}: {run.result}, {len(run.decisions)} decisions, "
                      f"latency max {max((d['latency_s'] for d in run.decisions), default=0):.2f} s", flush=True)
        hits = [(int(a), int(b)) for a, b in PREFIX_HIT.findall(pilot.local.log_text())[warm_log:]]
    finally:
        await pilot.aclose()
    latencies = [d["latency_s"] for d in decisions]
    asked = [d for d in decisions if d["calls"]]
    in_time = [d for d in decisions if d["code"] != "timeout"]
    return {"decisions": len(decisions), "latency_p50_s": _p(latencies, 0.5), "latency_p95_s": _p(latencies, 0.95),
            "in_time": len(in_time) / max(1, len(decisions)),
            "from_model": sum(d["code"] in ("chosen", "text_turn", "model_pass") for d in decisions),
            "passes": sum(d["decision"] == "pass" for d in decisions),
            "pass_reasons": sorted({d["reason"] for d in decisions if d["decision"] == "pass"}),
            "prompt_tokens_p50": _p([d["tokens_in"] / d["calls"] for d in asked], 0.5),
            "prompt_tokens_max": max((d["tokens_in"] / d["calls"] for d in asked), default=0),
            "cached_share": sum(a for a, _ in hits) / max(1, sum(a + b for a, b in hits)), "completions": len(hits)}


def _local_row(r: dict) -> str:
    ok = "OK" if r["in_time"] >= IN_TIME_TARGET else "MISSED"
    return (f"embedded model: {r['decisions']} decisions ({r['from_model']} from the model, {r['passes']} passes) | "
            f"in time {r['in_time']:.1%} (>= {IN_TIME_TARGET:.0%}) {ok} | latency p50 {r['latency_p50_s']:.2f} s, "
            f"p95 {r['latency_p95_s']:.2f} s (<= {DEADLINE_S:g} s) | prompt tokens a request p50 "
            f"{r['prompt_tokens_p50']:.0f}, max {r['prompt_tokens_max']:.0f} | read from the prefix cache "
            f"{r['cached_share']:.0%} of prompt tokens over {r['completions']} completions | pass reasons: "
            f"{'; '.join(r['pass_reasons']) or 'none'}")


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--counts", default="1,10,50")
    ap.add_argument("--models", default="hang,2s")
    ap.add_argument("--cap", type=int, default=Settings(_env_file=None).companion_max_requests,
                    help="COMPANION_MAX_REQUESTS")
    ap.add_argument("--repeat", type=int, default=1, help="runs per row; the figures are their medians")
    ap.add_argument("--pressers", type=int, default=10, help="members pressing beside the companions")
    ap.add_argument("--pilot-alone", action="store_true", help="the pilot by itself, with a press stand-in")
    ap.add_argument("--switch-interval-ms", type=float, default=None,
                    help="sys.setswitchinterval for the run (the engine thread and the loop share the interpreter)")
    ap.add_argument("--local", default=None, metavar="ENCOUNTERS",
                    help="the embedded model (the `model` extra) in whole fights, e.g. c01,c05: latency, in-time "
                         "rate, prompt tokens, prefix-cache share")
    ap.add_argument("--seeds", type=int, default=1, help="with --local: seeds 1..N of each encounter")
    args = ap.parse_args()
    if not args.local:
        if args.switch_interval_ms is not None:
            sys.setswitchinterval(args.switch_interval_ms / 1000)
        gc.callbacks.append(_gc_watch)
    print("load average at start: " + load_average())
    with tempfile.TemporaryDirectory() as tmp:
        if args.local:
            print(_local_row(await run_local(args.local.split(","), args.seeds, Path(tmp))))
        elif not args.pilot_alone:
            print(f"the real bot, COMPANION_MAX_REQUESTS={args.cap}; companions open their phase together while "
                  f"{args.pressers} members press about once a second; SimCord's HTTP log keeps references "
                  f"(its deep copy of each request is off, as in bench_load)")
            for model, count in _grid(args):
                print(_bot_row(await run_bot(count, model, args.cap, args.pressers, Path(tmp))), flush=True)
        else:
            print(f"pilot alone, COMPANION_MAX_REQUESTS={args.cap}, switch interval "
                  f"{sys.getswitchinterval() * 1000:g} ms; a pass is due within {DEADLINE_S:g}-{LATE_S:g} s "
                  f"of its phase opening, a turn by {LATE_S:g} s")
            for model, count in _grid(args):
                runs = [await run(count, model, args.cap, Path(tmp)) for _ in range(args.repeat)]
                row = {k: (statistics.median(r[k] for r in runs) if isinstance(runs[0][k], float) else runs[0][k])
                       for k in runs[0]}
                print(_row(row), flush=True)
            print(f"start-up (the one client): {row['start_up_cpu_ms']:.1f} ms CPU, "
                  f"{row['start_up_wall_ms']:.1f} ms wall")
    print("load average at end: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


def _grid(args: argparse.Namespace) -> list[tuple[str, int]]:
    """Each row's model and companion count, model by model."""
    return [(model, int(count)) for model in args.models.split(",") for count in args.counts.split(",")]


if __name__ == "__main__":
    asyncio.run(main())
