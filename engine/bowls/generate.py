"""How the 100 bowls puzzles were made: seeded random positions, goals tuned by exhaustive search, each
kept only if the solver proves it and its new feature is used, then picked along a rising difficulty.

Pure: `generate()` returns the puzzle list. `python -m engine.bowls.generate > engine/bowls/puzzles.json`
rewrites the shipped file (a maintainer's tool; the game only reads puzzles.json).
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass

from ..rng import Rng, seed_from

from .core import COLORS, mask, match_bowl, play
from .models import Goal, Puzzle
from .solver import difficulty_of, solve, win_chance

# (feature, how many puzzles, goal kinds to rotate through)
STAGES: tuple[tuple[str, int, tuple[str, ...]], ...] = (
    ("basics", 14, ("clear_color", "collect", "score", "max_stones", "clear_board")),
    ("wilds", 13, ("collect", "clear_color", "score", "clear_board", "max_stones")),
    ("blockers", 13, ("clear_board", "max_stones", "clear_color", "score", "collect")),
    ("frozen", 12, ("clear_color", "collect", "score", "max_stones", "clear_board")),
    ("reverse", 12, ("collect", "clear_color", "score", "clear_board", "max_stones")),
    ("volcano", 13, ("score", "clear_color", "collect", "max_stones", "clear_board")),
    ("combos", 11, ("combo", "combo", "score", "combo", "clear_board")),
    ("mixed", 12, ("clear_board", "combo", "score", "collect", "clear_color", "max_stones")),
)
FEATURES = tuple(s[0] for s in STAGES)


@dataclass
class Candidate:
    bowls: tuple[str, ...]
    frozen: list[int]
    reverse: list[int]
    volcano: list[int]
    goal: Goal
    moves: int
    solution: list[int]
    difficulty: float


def _features_in(stage: str, rng: Rng) -> set[str]:
    if stage == "mixed":
        pool = ["wilds", "blockers", "frozen", "reverse", "volcano"]
        rng.shuffle(pool)
        return set(pool[: rng.between(2, 3)])
    if stage == "combos":
        return {"volcano"} if rng.chance(1, 2) else set()
    if stage == "basics":
        return set()
    return {stage}


def _random_position(stage: str, level: float, rng: Rng, kind: str):
    feats = _features_in(stage, rng)
    n_colors = min(5, 2 + int(level * 3.2) + (1 if stage not in ("basics", "wilds") else 0))
    colors = list(COLORS)
    rng.shuffle(colors)
    colors = colors[:n_colors]
    stones = rng.between(7 + int(level * 8), 12 + int(level * 14))
    if kind == "clear_board":  # a board small enough to be cleared in a few moves
        stones = rng.between(3 + int(level * 3), 6 + int(level * 8))
    letters = [rng.choice(colors) for _ in range(stones)]
    if "wilds" in feats:
        letters += ["W"] * rng.between(1, 3)
    if "blockers" in feats:
        letters += ["X"] * rng.between(1, 3)
    flags = {"frozen": [], "reverse": [], "volcano": []}
    for f, key in (("frozen", "frozen"), ("reverse", "reverse"), ("volcano", "volcano")):
        if f in feats:
            bowls = list(range(1, 13))
            rng.shuffle(bowls)
            flags[key] = sorted(bowls[: rng.between(1, 2)])
    for _ in range(50):
        b = [""] * 12
        rest = list(letters)
        for n in flags["volcano"]:  # volcanoes start one or two stones short of erupting
            for _k in range(rng.between(4, 5)):
                if rest:
                    b[n - 1] += rest.pop()
        for ch in rest:
            i = rng.below(12)
            b[i] += ch
        if all(len(s) <= 6 and match_bowl(s) is None for s in b) and \
                all(len(b[n - 1]) <= 5 for n in flags["volcano"]):
            # blockers only where a neighbour could match; frozen bowls should hold something
            if all(b[n - 1] for n in flags["frozen"]):
                return tuple(b), flags, feats
    return None


def _best(bowls, frozen: int, reverse: int, volcano: int, left: int):
    """Best outcomes within `left` moves: max score, max collected per colour, max one-move combo,
    min stones, min moves to clear each colour, min moves to clear the board (99 = never)."""
    memo: dict = {}

    def go(b, left):
        key = (b, left)
        got = memo.get(key)
        if got is not None:
            return got
        score, combo, stones = 0, 0, 999
        col = [0] * 5
        clear = [99] * 5
        board = 99
        for i in range(12):
            if not b[i] or frozen >> i & 1:
                continue
            nb, pts, cmb, rem, over, _p, _e = play(b, i, volcano, reverse)
            if over:
                continue
            n = sum(map(len, nb))
            joined = "".join(nb)
            sub = go(nb, left - 1) if left > 1 else None
            s2 = pts + (sub[0] if sub else 0)
            score = max(score, s2)
            combo = max(combo, cmb, sub[2] if sub else 0)
            stones = min(stones, n, sub[3] if sub else 999)
            for ci, c in enumerate(COLORS):
                col[ci] = max(col[ci], rem[ci] + (sub[1][ci] if sub else 0))
                if c not in joined:
                    clear[ci] = 1
                elif sub and sub[4][ci] < 99:
                    clear[ci] = min(clear[ci], 1 + sub[4][ci])
            if n == 0:
                board = 1
            elif sub and sub[5] < 99:
                board = min(board, 1 + sub[5])
        out = (score, col, combo, stones, clear, board)
        memo[key] = out
        return out

    return go(bowls, left)


def _goal_for(kind: str, bowls, best, present: str, rng: Rng, gentle: bool):
    score, col, combo, stones, clear, board = best
    if kind == "clear_color":
        options = [c for ci, c in enumerate(COLORS) if c in present and clear[ci] < 99]
        return Goal(kind="clear_color", color=rng.choice(options)) if options else None
    if kind == "collect":
        options = [(col[ci], c) for ci, c in enumerate(COLORS) if col[ci] >= 3]
        if not options:
            return None
        n, c = max(options)
        return Goal(kind="collect", color=c, count=n - (3 if gentle and n >= 6 else 0))
    if kind == "score":
        if score < 30:
            return None
        return Goal(kind="score", points=score if not gentle else max(30, score - 30))
    if kind == "combo":
        return Goal(kind="combo", count=combo) if combo >= 2 else None
    if kind == "max_stones":
        total = sum(map(len, bowls))
        if stones >= total - 2:
            return None
        return Goal(kind="max_stones", count=stones + (2 if gentle else 0))
    return Goal(kind="clear_board") if board < 99 else None


def _uses_feature(feats: set[str], bowls, flags, solution) -> bool:
    """The new feature must matter on the solver's line: a wild matched, a blocker cleared, a frozen
    bowl fed, a reverse bowl sown (or erupting), a volcano erupting."""
    b = tuple(bowls)
    fr, rv, vo = mask(flags["frozen"]), mask(flags["reverse"]), mask(flags["volcano"])
    seen = set()
    for n in solution:
        trace: list = []
        if rv >> (n - 1) & 1:
            seen.add("reverse")
        before = b
        b, *_ = play(b, n - 1, vo, rv, trace)
        for ev in trace:
            if ev[0] == "match" and ev[4][5]:
                seen.add("wilds")
            if ev[0] == "blockers":
                seen.add("blockers")
            if ev[0] == "erupt":
                seen.add("volcano")
                if rv >> ev[2] & 1:
                    seen.add("reverse")
        for f in flags["frozen"]:
            if len(b[f - 1]) > len(before[f - 1]) or b[f - 1] != before[f - 1]:
                seen.add("frozen")
    return feats <= seen


def _sampled_best(bowls, frozen: int, reverse: int, volcano: int, left: int, rng: Rng, playouts: int):
    """Like `_best`, but from random playouts: for limits too deep to search whole while generating."""
    score, combo, stones, board = 0, 0, 999, 99
    col, clear = [0] * 5, [99] * 5
    for _ in range(playouts):
        b, sc, cl = bowls, 0, [0] * 5
        for depth in range(1, left + 1):
            legal = [i for i in range(12) if b[i] and not frozen >> i & 1]
            if not legal:
                break
            nb, pts, cmb, rem, over, _p, _e = play(b, rng.choice(legal), volcano, reverse)
            if over:
                break
            b, sc = nb, sc + pts
            score, combo = max(score, sc), max(combo, cmb)
            stones = min(stones, sum(map(len, b)))
            joined = "".join(b)
            for ci, c in enumerate(COLORS):
                cl[ci] += rem[ci]
                col[ci] = max(col[ci], cl[ci])
                if c not in joined:
                    clear[ci] = min(clear[ci], depth)
            if not joined:
                board = min(board, depth)
                break
    return score, col, combo, stones, clear, board


def _constructed_clear(stage: str, level: float, rng: Rng, moves: int):
    """A clear-the-board position built backwards: a last move whose every stone completes a pair
    (or a stone and a wild), then `moves − 1` quiet moves un-sown before it."""
    pos = _random_position(stage, level, rng, "clear_board")
    if pos is None:
        return None
    _b, flags, feats = pos
    rev = set(flags["reverse"])
    src = rng.below(12)
    step = -1 if src + 1 in rev else 1
    k = rng.between(2, 3 + int(level * 3))
    b = [""] * 12
    colors = list(COLORS)
    rng.shuffle(colors)
    colors = colors[: rng.between(1, min(5, 2 + int(level * 4)))]
    hand = ""
    wilds = rng.between(1, 2) if "wilds" in feats else 0
    for j in range(1, k + 1):
        c = rng.choice(colors)
        hand += c
        pair = [c, "W"] if wilds and rng.chance(1, 2) else [c, c]
        if pair[1] == "W":
            wilds -= 1
        rng.shuffle(pair)
        b[(src + step * j) % 12] = "".join(pair)
    if "blockers" in feats:
        j = rng.between(1, k - 1)  # bowls j and j+1 both match, so a blocker in either goes
        t = (src + step * j) % 12
        b[t] = b[t] + "X" if rng.chance(1, 2) else "X" + b[t]
    b[src] = hand
    vo, rv = mask(flags["volcano"]), mask(flags["reverse"])
    for _ in range(moves - 1):
        starts = []
        for t in range(12):
            d = -1 if (t + 1) in rev else 1
            run = 0
            while run < 6 and b[(t + d * (run + 1)) % 12] and (t + d * (run + 1)) % 12 != t:
                run += 1
            if not b[t] and run:
                starts.append((t, d, run))
        if not starts:
            return None
        t, d, run = rng.choice(starts)
        m = rng.between(1, run)
        takers = [(t + d * j) % 12 for j in range(1, m + 1)]
        prev = list(b)
        for i in takers:
            prev[t] += prev[i][-1]
            prev[i] = prev[i][:-1]
        if any(match_bowl(x) for x in prev) or any(len(x) > 7 for x in prev):
            return None
        after, *_ = play(tuple(prev), t, vo, rv)
        if list(after) != b:
            return None
        b = prev
    if any(match_bowl(x) for x in b) or any(len(b[n - 1]) > 5 for n in flags["volcano"]):
        return None
    if any(not b[n - 1] for n in flags["frozen"]):
        return None
    return tuple(b), flags, feats


def candidate(stage: str, level: float, kind: str, rng: Rng, moves: int) -> Candidate | None:
    """A puzzle whose shortest solution takes exactly `moves` moves and uses the stage's feature."""
    if kind == "clear_board":
        pos = _constructed_clear(stage, level, rng, moves)
    else:
        pos = _random_position(stage, level, rng, kind)
    if pos is None:
        return None
    bowls, flags, feats = pos
    fr, rv, vo = mask(flags["frozen"]), mask(flags["reverse"]), mask(flags["volcano"])
    if moves <= 3:
        best = _best(bowls, fr, rv, vo, moves)
    else:
        best = _sampled_best(bowls, fr, rv, vo, moves, rng, 300)
    goal = _goal_for(kind, bowls, best, "".join(bowls), rng, level < 0.3)
    if goal is None:
        return None
    p = Puzzle(id=1, bowls=list(bowls), goal=goal, moves=moves, **flags)
    sol = solve(p)
    if sol is None or len(sol) != moves:
        return None
    if not _uses_feature(feats, bowls, flags, sol):
        return None
    chance = win_chance(p)
    return Candidate(bowls, flags["frozen"], flags["reverse"], flags["volcano"], goal, moves, sol,
                     difficulty_of(chance))


def target_difficulty(slot: int, total: int = 100) -> float:
    return 0.2 + 2.4 * slot / (total - 1)


def _moves_for(target: float, rng: Rng) -> int:
    base = 1 if target < 0.6 else 2 if target < 1.3 else 3 if target < 2.3 else 4
    return max(1, base - (1 if rng.chance(1, 4) else 0))


def generate(seed: int = 2, per_slot: int = 5, tolerance: float = 0.1, log=None) -> list[Puzzle]:
    """The whole set: stage by stage, candidates per slot, the one nearest a rising target difficulty."""
    rng = Rng(seed_from("bowls", "puzzles", seed))
    total = sum(n for _, n, _ in STAGES)
    out: list[Puzzle] = []
    seen: set = set()
    slot = 0
    for stage, count, kinds in STAGES:
        chosen: list[Candidate] = []
        for k in range(count):
            level = slot / (total - 1)
            target = target_difficulty(slot, total)
            near: list[Candidate] = []
            others: list[Candidate] = []
            tries = 0
            while tries < 1500 and not (tries > 600 and near) and \
                    sum(c.goal.kind == kinds[k % len(kinds)] for c in near) < per_slot:
                kind = kinds[(k + tries // 300) % len(kinds)]  # a kind that will not come: try the next
                tries += 1
                c = candidate(stage, level, kind, rng, _moves_for(target, rng))
                if c is None or c.bowls in seen:
                    continue
                (near if abs(c.difficulty - target) <= tolerance else others).append(c)
            pool = near or others
            if not pool:
                raise RuntimeError(f"no candidate for {stage} #{k}")
            wanted = kinds[k % len(kinds)]
            pick = min(pool, key=lambda c: (c.goal.kind != wanted, abs(c.difficulty - target), c.difficulty))
            chosen.append(pick)
            seen.add(pick.bowls)
            slot += 1
            if log:
                log(f"{slot:3d} {stage:9s} {pick.goal.kind:11s} moves={pick.moves} diff={pick.difficulty:.3f} "
                    f"target={target:.3f} tries={tries}")
        chosen.sort(key=lambda c: c.difficulty)  # gentlest first within the stage
        for c in chosen:
            out.append(Puzzle(id=len(out) + 1, bowls=list(c.bowls), frozen=c.frozen, reverse=c.reverse,
                              volcano=c.volcano, goal=c.goal, moves=c.moves, feature=stage,
                              difficulty=c.difficulty, shortest=len(c.solution)))
    return out


if __name__ == "__main__":
    puzzles = generate(log=lambda s: print(s, file=sys.stderr))
    json.dump([p.model_dump(mode="json") for p in puzzles], sys.stdout, indent=1)
    sys.stdout.write("\n")
