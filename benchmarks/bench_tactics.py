"""Tactics benchmarks (run by hand): planner CPU time per call over the campaign's positions, and the
autoplay win rate per encounter with the duo at the level a player reaches it (every earlier campaign
fight won once), and the companion's offer (the planner's turns, what a pass leads to, both prompts)
built at each of the companion's positions. Targets: planner p95 <= 50 ms of CPU (the bot runs it once
a phase per fighter, with its one-phase look ahead); offer p95 <= 100 ms of CPU (the pilot builds every
offer on its one engine thread, so 50 companions deciding at once queue about 5 s of it, half their
10 s); the campaign falling from about 100 % to about 45 %. And the forecasts of one decision (every
offered turn and the pass played to the end, engine/tactics/plan/forecast.py) at each companion position
of the first `--forecast-seeds` fights per encounter: target p95 <= COMPANION_FORECAST_SECONDS' default,
so a companion deciding alone gets all of them in time (the forecast process works one offer at a time).

    python benchmarks/bench_tactics.py [--seeds N] [--forecast-seeds N]
"""
from __future__ import annotations

import argparse
import os
import statistics
import time
from itertools import product

from bot.companion.offer import build_offer
from bot.settings import Settings
from engine.tactics import FightState, autoplay_state, campaign, expected_level, new_fight, plan_turns
from engine.tactics.model.content import companions, heroes
from engine.tactics.plan.forecast import forecast_offer

P95_TARGET_MS = 50.0
OFFER_P95_TARGET_MS = 100.0


def play(enc: str, seed: int, hero: str, companion: str, times: list[float], level: int,
         vary: bool, offers: list[float] | None = None, forecasts: list[float] | None = None) -> tuple[str, int]:
    """One fight played by the engine's own autoplay; its planner calls (the companion's offer and
    forecasts beside them) are timed as it goes."""
    def timed(state: FightState, fid: str) -> list:
        t0 = time.process_time()
        turns = plan_turns(state, fid)
        times.append((time.process_time() - t0) * 1000)
        if fid == "companion" and offers is not None:
            t0 = time.process_time()
            build_offer(state, fid, custom=False, seconds=10)
            offers.append((time.process_time() - t0) * 1000)
        if fid == "companion" and forecasts is not None:
            t0 = time.process_time()
            forecast_offer(state, fid, [t.steps for t in turns])
            forecasts.append(time.process_time() - t0)
        return turns

    state = autoplay_state(new_fight(enc, seed, hero, companion, level=level, vary_start=vary), planner=timed)
    return state.result or "draw", state.round


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=16, help="fights per encounter (duo pairs rotate)")
    ap.add_argument("--forecast-seeds", type=int, default=2, help="fights per encounter whose forecasts are timed")
    ap.add_argument("--same-start", action="store_true",
                    help="every seed starts from the encounter's own tiles (as fights did before seeds varied them)")
    args = ap.parse_args()
    vary = not args.same_start
    print(f"strays' start tiles: {'drawn per seed' if vary else 'the encounter own'}")
    pairs = list(product(heroes(), companions()))
    times: list[float] = []
    offers: list[float] = []
    forecasts: list[float] = []
    print(f"{'encounter':<10} {'level':>5} {'goal':<10} {'won':>5} {'lost':>5} {'draw':>5} {'win%':>6} {'rounds':>7}")
    t_all = time.process_time()
    rates = []
    for e in campaign():
        res = {"won": 0, "lost": 0, "draw": 0}
        rounds = []
        for seed in range(args.seeds):
            hero, comp = pairs[seed % len(pairs)]
            r, n = play(e.id, seed, hero, comp, times, expected_level(e.id), vary, offers,
                        forecasts if seed < args.forecast_seeds else None)
            res[r] += 1
            rounds.append(n)
        rates.append(res["won"] / args.seeds)
        print(f"{e.id:<10} {expected_level(e.id):>5} {e.goal:<10} {res['won']:>5} {res['lost']:>5} {res['draw']:>5} "
              f"{100 * res['won'] / args.seeds:>5.0f}% {statistics.median(rounds):>7}")
    print(f"campaign: first {100 * rates[0]:.0f}%, last three {100 * sum(rates[-3:]) / 3:.0f}% "
          f"(target: from about 100% down to about 45%)")
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"\nplanner calls: {len(times)}  median {statistics.median(times):.1f} ms  p95 {p95:.1f} ms  "
          f"max {times[-1]:.1f} ms  (target p95 <= {P95_TARGET_MS:.0f} ms)  {'OK' if p95 <= P95_TARGET_MS else 'OVER'}")
    offers.sort()
    offer_p95 = offers[int(0.95 * (len(offers) - 1))]
    print(f"companion offers: {len(offers)}  median {statistics.median(offers):.1f} ms  p95 {offer_p95:.1f} ms  "
          f"max {offers[-1]:.1f} ms  (target p95 <= {OFFER_P95_TARGET_MS:.0f} ms)  "
          f"{'OK' if offer_p95 <= OFFER_P95_TARGET_MS else 'OVER'}")
    if forecasts:
        forecasts.sort()
        budget = Settings(_env_file=None).companion_forecast_seconds
        f95 = forecasts[int(0.95 * (len(forecasts) - 1))]
        print(f"companion forecasts per decision: {len(forecasts)}  median {statistics.median(forecasts):.2f} s  "
              f"p95 {f95:.2f} s  max {forecasts[-1]:.2f} s  (target p95 <= {budget:g} s, "
              f"COMPANION_FORECAST_SECONDS)  {'OK' if f95 <= budget else 'OVER'}")
    print(f"total {time.process_time() - t_all:.1f} s CPU (shared machine: numbers are noisy)  "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
