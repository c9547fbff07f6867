"""Summon benchmarks (run by hand: python benchmarks/bench_summon.py [--seeds 200]).

Prints medians and targets: legal-placement generation time, whole AI-vs-AI games per second, and the
AI's win rate against the random placer over 200 seeds (the AI on either side, alternating).
The machine may be shared: numbers are noisy, medians keep them honest.
"""
from __future__ import annotations

import argparse
import statistics
import time

from engine.summon import ai_action, apply, auto_deck, legal_placements, new_game, play_game

TARGET_LEGAL_MS = 5.0
TARGET_GAMES_PER_S = 5.0
TARGET_WIN_RATE = 0.90


def positions(n_games: int = 10) -> list:
    """Positions met during AI-vs-AI games (every decision point)."""
    out = []
    for seed in range(n_games):
        st = new_game(seed, auto_deck(seed), auto_deck(seed + 100))
        while st.phase != "over":
            out.append(st)
            st = apply(st, ai_action(st))
    return out


def bench_legal() -> tuple[float, float, int]:
    pos = positions()
    times, counts = [], []
    for st in pos:
        t = time.perf_counter()
        pls = legal_placements(st)
        times.append((time.perf_counter() - t) * 1000)
        counts.append(len(pls))
    return statistics.median(times), statistics.median(counts), len(pos)


def bench_games(n: int = 30) -> float:
    for s in range(n):  # build the decks outside the timing (they are cached)
        auto_deck(s + 5000), auto_deck(s + 6000)
    times = []
    for s in range(n):
        t = time.perf_counter()
        play_game(s, "ai", "ai", auto_deck(s + 5000), auto_deck(s + 6000))
        times.append(time.perf_counter() - t)
    return 1 / statistics.median(times)


def win_rate(seeds: int) -> tuple[float, int, int, int]:
    wins = draws = losses = 0
    for seed in range(seeds):
        ai_first = seed % 2 == 0
        st = play_game(seed, "ai" if ai_first else "random", "random" if ai_first else "ai")
        if st.result == "draw":
            draws += 1
        elif (st.result == "p1") == ai_first:
            wins += 1
        else:
            losses += 1
    return wins / seeds, wins, draws, losses


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=200)
    a = ap.parse_args()
    ms, count, npos = bench_legal()
    print(f"legal_placements: median {ms:.3f} ms over {npos} positions (median {count:.0f} placements)"
          f"  target < {TARGET_LEGAL_MS} ms  {'OK' if ms < TARGET_LEGAL_MS else 'MISS'}")
    gps = bench_games()
    print(f"AI-vs-AI games: {gps:.1f} games/s (median of 30)  target >= {TARGET_GAMES_PER_S}  "
          f"{'OK' if gps >= TARGET_GAMES_PER_S else 'MISS'}")
    t = time.perf_counter()
    rate, w, d, l = win_rate(a.seeds)
    print(f"AI vs random placer over {a.seeds} seeds: win rate {rate:.1%} ({w} won, {d} drawn, {l} lost; "
          f"{time.perf_counter() - t:.1f} s)  target >= {TARGET_WIN_RATE:.0%}  {'OK' if rate >= TARGET_WIN_RATE else 'MISS'}")


if __name__ == "__main__":
    main()
