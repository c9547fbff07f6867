"""Picture speed: formation's replay GIF over every shipped puzzle's solutions, the bowls board PNG, the
tactics board PNG, and summon's table PNG, hand picture and battle GIF.

Run by hand: python benchmarks/bench_render.py [--repeats 1]
Targets: a replay GIF <= 150 ms median (the Battle press renders one), and in Japanese within 10 %
of English (the same battles, each language's cards drawn afresh); every picture at most 300 KB, as a
board is uploaded with each change and a phone downloads it. The other pictures' times have no target
and are shown for scale (each press or step renders one). Figures are CPU time of this process
(time.process_time) per picture, median and p90, and each kind's largest picture in bytes; the load
average at the start is printed because the machine may be shared. The battles are played before the
timing: only the drawing is timed.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine.bowls as bowls  # noqa: E402
import engine.formation as fm  # noqa: E402
import engine.summon as sm  # noqa: E402
import engine.tactics as tx  # noqa: E402
from bot.games.bowls.render import render_board  # noqa: E402
from bot.games.formation.render import render_replay  # noqa: E402
from bot.games.summon.render import Seat, render_table  # noqa: E402
from bot.games.summon.render_cards import render_hand_view  # noqa: E402
from bot.games.summon.replay import render_battle  # noqa: E402
from bot.games.tactics.render import render_board as render_tactics  # noqa: E402
from bot.words import read_in  # noqa: E402

REPLAY_TARGET_MS = 150.0
JAPANESE_TARGET_PCT = 10.0  # a Japanese replay's median CPU at most this much above the English one's
PICTURE_TARGET_KB = 300.0   # the largest picture of each kind


def p90(values: list[float]) -> float:
    return sorted(values)[min(len(values) - 1, int(0.9 * len(values)))]


def drawn(fn, *args) -> tuple[float, int]:
    """CPU ms of one picture, and its size in bytes."""
    c = time.process_time()
    data = fn(*args)
    return (time.process_time() - c) * 1000, len(data)


def sized(sizes: list[int]) -> str:
    """The largest picture's size beside the target."""
    kb = max(sizes) / 1024
    return f"largest {kb:.0f} KB [<= {PICTURE_TARGET_KB:.0f} KB] {'OK' if kb <= PICTURE_TARGET_KB else 'MISSED'}"


def replay_times(repeats: int, language: str = "en") -> list[float]:
    """CPU ms of render_replay, in `language`, for each shipped puzzle's solution and mastery solution."""
    results = [fm.battle(p, f) for p in fm.shipped_puzzles() for f in filter(None, (p.solution, p.mastery_solution))]
    read_in(language, render_replay, results[0])  # fonts loaded once, as in the running bot
    return [drawn(read_in, language, render_replay, r) for _ in range(repeats) for r in results]


def bowls_boards(n: int, seed: int) -> list:
    """Boards as players see them: puzzle starts, and endless games a few sows in."""
    rng = random.Random(seed)
    games = [bowls.new_puzzle(k) for k in range(1, n // 2 + 1)]
    while len(games) < n:
        g = bowls.new_endless(rng.randrange(1 << 30))
        for _ in range(rng.randrange(6)):
            legal = bowls.legal_bowls(g)
            if not legal:
                break
            g, _report = bowls.sow(g, rng.choice(legal))
        games.append(g)
    return games


def tactics_fights(seed: int) -> list:
    """Each campaign encounter's fight at its start and after the planner's first few turns."""
    fights = []
    for enc in (e.id for e in tx.campaign()):
        fight = tx.new_fight(enc, seed, "Tidecaller", "Mossle", level=tx.expected_level(enc))
        fights.append(fight)
        for _ in range(4):
            if fight.result:
                break
            fid = next(f for f in ("hero", "companion") if not fight.get(f).done)
            fight = tx.apply_turn(fight, fid, tx.plan_turns(fight, fid, limit=1)[0].steps)
        fights.append(fight)
    return fights


def summon_games(n: int) -> list:
    """AI-against-AI summon games stopped after a seeded number of placements (some past a battle)."""
    rng = random.Random(n)
    games = []
    for k in range(n):
        st = sm.new_game(k, sm.auto_deck(2 * k + 1), sm.auto_deck(2 * k + 2))
        for _ in range(rng.randrange(2, 16)):
            if st.phase == "over":
                break
            st = sm.apply(st, sm.ai_action(st))
        games.append(st)
    return games


def table_picture(st) -> bytes:
    seats = (Seat("You", st.to_move == 0, st.first == 0), Seat("Rival", st.to_move == 1, st.first == 1))
    return render_table(sm.view_for(st, None), seats, "Summon · a benchmark table", None)


def hand_picture(st) -> bytes:
    p = st.players[st.to_move]
    marks = {(p.ox + pl.col, p.oy + pl.row): f"{pl.col}{pl.row}" for pl in sm.legal_placements(st)[:12]}
    return render_hand_view(list(p.hand), p.board, p.ox, p.oy, marks, "Your board and hand", None)


def timed(label: str, fn, items: list, repeats: int) -> None:
    fn(items[0])  # fonts loaded once, as in the running bot
    t, sizes = zip(*(drawn(fn, x) for _ in range(repeats) for x in items))
    print(f"{label} ({len(t)}): median {statistics.median(t):.0f} ms, p90 {p90(list(t)):.0f} ms, "
          f"max {max(t):.0f} ms CPU  [no target]; {sized(list(sizes))}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=1)
    args = ap.parse_args()
    print("load average at start: " + " ".join(f"{x:.2f}" for x in os.getloadavg()) + f" ({os.cpu_count()} CPUs)")
    times, sizes = (list(x) for x in zip(*replay_times(args.repeats)))
    med = statistics.median(times)
    print(f"formation replay GIF ({len(times)} battles): median {med:.0f} ms, p90 {p90(times):.0f} ms, "
          f"max {max(times):.0f} ms CPU  [target median <= {REPLAY_TARGET_MS:.0f} ms] "
          f"{'OK' if med <= REPLAY_TARGET_MS else 'MISSED'}; {sized(sizes)}")
    # the same battles in Japanese: each card and line is drawn in its language, so none of the English run's
    # are shared; both runs start with their language's parts undrawn
    ja, ja_sizes = (list(x) for x in zip(*replay_times(args.repeats, "ja")))
    ja_med = statistics.median(ja)
    slower = (ja_med / med - 1) * 100
    print(f"formation replay GIF in Japanese ({len(ja)} battles): median {ja_med:.0f} ms, p90 {p90(ja):.0f} ms CPU, "
          f"{slower:+.0f} % against English  [target within {JAPANESE_TARGET_PCT:g} %] "
          f"{'OK' if slower <= JAPANESE_TARGET_PCT else 'MISSED'}; {sized(ja_sizes)}")
    timed("bowls board PNG", render_board, bowls_boards(60, 1), args.repeats)
    timed("tactics board PNG", render_tactics, tactics_fights(1), args.repeats)
    games = summon_games(40)
    timed("summon table PNG", table_picture, games, args.repeats)
    timed("summon hand PNG", hand_picture, [g for g in games if g.phase != "over"], args.repeats)
    replays = [(rep, ("You", "Rival")) for g in games for rep in g.battles]
    timed("summon battle GIF", lambda r: render_battle(*r), replays, args.repeats)


if __name__ == "__main__":
    main()
