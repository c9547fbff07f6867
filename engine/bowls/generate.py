"""How the 100 bowls puzzles are made: a schedule of slots (what each teaches, its goal kind, its move
limit and a rising target difficulty), seeded random positions per slot, goals set from an exhaustive
survey so the shortest win takes exactly the slot's moves, and the exact random-win chance measured
for every candidate; each slot keeps the candidate nearest its target.

Pure and deterministic: slot n draws only from `Rng(seed_from("bowls", "puzzles", seed, n))`, so
slots can be made in any order or in parallel and give the same set. `python -m engine.bowls.generate`
rewrites puzzles.json and puzzle_stats.json (a maintainer's tool, minutes on two cores; the game only
reads the JSON files).
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass, replace
from pathlib import Path

from ..rng import Rng, seed_from
from .core import COLORS, mask, match_bowl, play
from .models import Goal, Puzzle
from .solver import difficulty_of, solve
from .stats import PuzzleStats, count

MODIFIERS = ("wilds", "blockers", "frozen", "reverse", "volcano")
# (feature, first slot, last slot): the teaching stages, then everything combined.
STAGES: tuple[tuple[str, int, int], ...] = (
    ("basics", 1, 8), ("wilds", 9, 16), ("blockers", 17, 24), ("frozen", 25, 32),
    ("reverse", 33, 40), ("volcano", 41, 50), ("mixed", 51, 100),
)
FEATURES = tuple(s[0] for s in STAGES)
KINDS = ("clear_color", "collect", "score", "max_stones", "clear_board", "combo")
# One line each, said by the first puzzle that uses the modifier (words from the rules).
INTROS = {
    "wilds": "Wild: a wild stone completes a colour with one or two stones in its bowl to three; "
             "wilds alone never match.",
    "blockers": "Blocker: a blocker never matches; it is removed when a bowl beside it matches.",
    "frozen": "Frozen: a frozen bowl cannot be chosen, but stones sown past it still land in it.",
    "reverse": "Reverse: a move from a reverse bowl sows its stones counterclockwise.",
    "volcano": "Volcano: a volcano holding six or more stones after a move erupts, sowing its whole "
               "queue onward like a move (at most once per move).",
}
# Pairs for the combined puzzles, cycled so every modifier comes back again and again, to the last ten.
PAIRS = (("wilds", "volcano"), ("blockers", "frozen"), ("reverse", "wilds"), ("volcano", "blockers"),
         ("frozen", "reverse"), ("wilds", "blockers"), ("volcano", "frozen"), ("reverse", "blockers"),
         ("wilds", "frozen"), ("volcano", "reverse"))
HARD_FROM = 91            # the last ten: random play wins less than once in 10,000 tries
HARD_CHANCE = 1e-4
HARD_SOLUTIONS = 12       # ... and few winning sequences
LAYER_CAP = 250_000       # a candidate whose survey grows past this many boards a layer is dropped


@dataclass(frozen=True)
class Slot:
    n: int
    feature: str
    feats: frozenset
    kind: str
    moves: int
    target: float          # wanted −log10(random-win chance)
    intro: str | None


def moves_for(n: int, kind: str = "score") -> int:
    if n >= HARD_FROM:  # seven where the goal kind leaves room for it, else six
        return 7 if kind in ("score", "collect", "max_stones") else 6
    return 1 if n <= 10 else 2 if n <= 25 else 3 if n <= 45 else 4 if n <= 70 else 5 if n <= 80 else 6


def target_for(n: int) -> float:
    return round(0.25 + 4.45 * (n - 1) / 99, 3)


def schedule() -> list[Slot]:
    out = []
    for feature, first, last in STAGES:
        for n in range(first, last + 1):
            k = n - first
            if feature == "basics":
                feats: frozenset = frozenset()
            elif feature == "mixed":
                feats = frozenset(PAIRS[(n - first) % len(PAIRS)])
            else:
                feats = frozenset({feature})
            intro = INTROS.get(feature) if n == first else None
            moves, target = moves_for(n), target_for(n)
            if intro and moves > 1:  # a new thing is taught on a gentler puzzle
                moves, target = moves - 1, target_for(max(1, n - 6))
            kind = KINDS[(k + (first // 8)) % len(KINDS)] if feature != "basics" else KINDS[k % len(KINDS)]
            out.append(Slot(n, feature, feats, kind, moves, target, intro))
    # the last ten hold every goal kind
    for s, kind in zip(out[HARD_FROM - 1:], KINDS + ("score", "max_stones", "collect", "clear_color")):
        out[s.n - 1] = Slot(s.n, s.feature, s.feats, kind, moves_for(s.n, kind), s.target, s.intro)
    return out


# --- positions --------------------------------------------------------------------------------------

def _flags(feats, rng: Rng) -> dict[str, list[int]]:
    flags: dict[str, list[int]] = {"frozen": [], "reverse": [], "volcano": []}
    bowls = list(range(1, 13))
    rng.shuffle(bowls)
    for f in ("frozen", "reverse", "volcano"):
        if f in feats:
            k = rng.between(1, 2)
            flags[f], bowls = sorted(bowls[:k]), bowls[k:]
    return flags


def _random_position(feats, moves: int, rng: Rng):
    n_colors = min(5, 2 + (moves + 1) // 2 + rng.below(2))
    colors = list(COLORS)
    rng.shuffle(colors)
    colors = colors[:n_colors]
    stones = rng.between(5 + 2 * min(moves, 5), 9 + 2 * min(moves, 5))
    letters = [rng.choice(colors) for _ in range(stones)]
    if "wilds" in feats:
        letters += ["W"] * rng.between(1, 2)
    if "blockers" in feats:
        letters += ["X"] * rng.between(1, 3)
    flags = _flags(feats, rng)
    spread = rng.between(4, 8)  # how many bowls the stones start in: fewer keeps the search small
    for _ in range(30):
        b = [""] * 12
        rest = list(letters)
        rng.shuffle(rest)
        for n in flags["volcano"]:  # volcanoes start one or two stones short of erupting
            for _k in range(rng.between(4, 5)):
                if rest:
                    b[n - 1] += rest.pop()
        homes = list(range(12))
        rng.shuffle(homes)
        homes = homes[:spread] + [n - 1 for n in flags["frozen"]]
        for ch in rest:
            b[rng.choice(homes)] += ch
        if all(len(s) <= 6 and match_bowl(s) is None for s in b) and \
                all(len(b[n - 1]) <= 5 for n in flags["volcano"]) and all(b[n - 1] for n in flags["frozen"]):
            return tuple(b), flags
    return None


def _constructed_clear(feats, moves: int, rng: Rng):
    """A clear-the-board position built backwards: a last move whose every stone completes a pair
    (or a stone and a wild), then `moves − 1` quiet moves un-sown before it."""
    flags = _flags(feats, rng)
    rev = set(flags["reverse"])
    src = rng.below(12)
    step = -1 if src + 1 in rev else 1
    k = rng.between(2, min(6, 2 + moves))
    b = [""] * 12
    colors = list(COLORS)
    rng.shuffle(colors)
    colors = colors[: rng.between(1, min(5, 1 + moves))]
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
        prev = list(b)
        for j in range(1, m + 1):
            i = (t + d * j) % 12
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
    return tuple(b), flags


# --- goals --------------------------------------------------------------------------------------------

@dataclass
class Depth:
    """The best a player can reach on exactly this move: lowest stone count, highest score and
    collected counts so far, highest one-move combo, colours gone, board empty."""
    min_stones: int = 999
    max_score: int = 0
    max_collect: tuple = (0, 0, 0, 0, 0)
    max_combo: int = 0
    gone: frozenset = frozenset()
    empty: bool = False


def survey(bowls, frozen: int, reverse: int, volcano: int, depth: int, cap: int = LAYER_CAP, hopeless=None):
    """Every board reachable move by move (merged by board, keeping the best score and collected
    counts per board): one `Depth` per move, or None when a layer grows past `cap` boards or
    `hopeless(depths so far)` says no goal can need the whole depth."""
    layer = {tuple(bowls): (0, (0, 0, 0, 0, 0))}
    out: list[Depth] = []
    for d in range(1, depth + 1):
        nxt: dict = {}
        st, sc, cmb, empty = 999, 0, 0, False
        col = [0, 0, 0, 0, 0]
        gone: set = set()
        for b, (s0, c0) in layer.items():
            for i in range(12):
                if not b[i] or frozen >> i & 1:
                    continue
                nb, pts, combo, rem, over, _p, _e = play(b, i, volcano, reverse)
                if over:
                    continue
                s1 = s0 + pts
                c1 = (c0[0] + rem[0], c0[1] + rem[1], c0[2] + rem[2], c0[3] + rem[3], c0[4] + rem[4])
                n = sum(map(len, nb))
                st = min(st, n)
                sc = max(sc, s1)
                cmb = max(cmb, combo)
                for k in range(5):
                    if c1[k] > col[k]:
                        col[k] = c1[k]
                if len(gone) < 5:
                    j = "".join(nb)
                    gone.update(c for c in COLORS if c not in j)
                if not n:
                    empty = True
                if d < depth:
                    old = nxt.get(nb)
                    if old is None:
                        nxt[nb] = (s1, c1)
                    elif s1 > old[0] or any(a > b_ for a, b_ in zip(c1, old[1])):
                        nxt[nb] = (max(s1, old[0]), tuple(map(max, c1, old[1])))
        out.append(Depth(st, sc, tuple(col), cmb, frozenset(gone), empty))
        if len(nxt) > cap or (d < depth and hopeless is not None and hopeless(bowls, out)):
            return None
        layer = nxt
    return out


def goal_options(kind: str, bowls, depths: list[Depth]) -> list[Goal]:
    """Goals of this kind whose first possible win is on the last surveyed move, easiest first."""
    *before, last = depths
    m = len(depths)
    present = "".join(bowls)
    if kind == "clear_color":
        early = set().union(*(d.gone for d in before)) if before else set()
        return [Goal(kind="clear_color", color=c) for c in COLORS
                if c in present and c in last.gone and c not in early]
    if kind == "collect":
        out = []
        for k, c in enumerate(COLORS):
            lo = max([d.max_collect[k] for d in before], default=0) + 1
            hi = last.max_collect[k]
            out += [Goal(kind="collect", color=c, count=n) for n in range(max(3, lo), hi + 1)]
        return out
    if kind == "score":
        lo = max([d.max_score for d in before], default=0) + 10
        return [Goal(kind="score", points=p) for p in range(max(30, lo), last.max_score + 1, 10)]
    if kind == "combo":
        lo = max([d.max_combo for d in before], default=0) + 1
        return [Goal(kind="combo", count=n) for n in range(max(2, lo), last.max_combo + 1)]
    if kind == "max_stones":
        hi = min([d.min_stones for d in before], default=sum(map(len, bowls))) - 1
        hi = min(hi, sum(map(len, bowls)) - 2)
        return [Goal(kind="max_stones", count=n) for n in range(hi, last.min_stones - 1, -1)]
    early_empty = any(d.empty for d in before)
    return [Goal(kind="clear_board")] if last.empty and not early_empty and m else []


def _hopeless(kind: str):
    """A test that a goal of this kind is already reachable too early for every choice of it."""
    if kind == "clear_color":
        return lambda bowls, depths: set("".join(bowls)) & set(COLORS) <= set().union(*(d.gone for d in depths))
    if kind == "clear_board":
        return lambda bowls, depths: depths[-1].empty
    return None


def uses_feature(feats, bowls, flags, solution) -> set[str]:
    """The modifiers that matter on this line: a wild matched, a blocker cleared, a frozen bowl fed, a
    reverse bowl sown (or erupting), a volcano erupting."""
    b = tuple(bowls)
    rv, vo = mask(flags["reverse"]), mask(flags["volcano"])
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
            if b[f - 1] != before[f - 1]:
                seen.add("frozen")
    return seen & set(feats)


def _uses_feature(feats, bowls, flags, solution) -> bool:
    return set(feats) <= uses_feature(feats, bowls, flags, solution)


# --- slots --------------------------------------------------------------------------------------------

@dataclass
class Made:
    puzzle: Puzzle
    stats: PuzzleStats


def _fits(slot: Slot, st: PuzzleStats) -> bool:
    if slot.n >= HARD_FROM:
        return st.win_chance < HARD_CHANCE and st.solutions <= HARD_SOLUTIONS
    return True


def candidates(slot: Slot, rng: Rng):
    """Endless stream of verified candidates for a slot (None for a failed try)."""
    while True:
        kind = slot.kind
        pos = _constructed_clear(slot.feats, slot.moves, rng) if kind == "clear_board" \
            else _random_position(slot.feats, slot.moves, rng)
        if pos is None:
            yield None
            continue
        bowls, flags = pos
        fr, rv, vo = mask(flags["frozen"]), mask(flags["reverse"]), mask(flags["volcano"])
        depths = survey(bowls, fr, rv, vo, slot.moves, hopeless=_hopeless(kind))
        if depths is None:
            yield None
            continue
        options = goal_options(kind, bowls, depths)
        if not options:
            yield None
            continue
        # a goal along the options, harder the later the slot (the options run easiest first)
        level = (slot.n - 1) / 99
        goal = options[min(len(options) - 1, int(level * len(options) + rng.below(2)))]
        p = Puzzle(id=slot.n, bowls=list(bowls), goal=goal, moves=slot.moves, **flags)
        line = solve(p)
        if line is None or len(line) != slot.moves or not _uses_feature(slot.feats, bowls, flags, line):
            yield None
            continue
        solutions, chance = count(p)
        st = PuzzleStats(id=slot.n, goal=goal.as_cli(), moves=slot.moves, shortest=len(line),
                         solutions=solutions, win_chance=chance, difficulty=difficulty_of(chance))
        yield Made(p, st)


def make_slot(slot: Slot, seed: int = 15, want: int = 6, max_tries: int = 3000, log=None) -> Made:
    """The candidate nearest the slot's target among the first `want` that fit (fewer if tries run out)."""
    rng = Rng(seed_from("bowls", "puzzles", seed, slot.n))
    if slot.moves >= 6:  # each try costs seconds here: fewer candidates
        want, max_tries = (1 if slot.n >= HARD_FROM else 3), max_tries // 6
    found: list[Made] = []
    tries = 0
    for c in candidates(slot, rng):
        tries += 1
        if c is not None and _fits(slot, c.stats) and \
                all(c.puzzle.bowls != f.puzzle.bowls for f in found):
            found.append(c)
            if abs(c.stats.difficulty - slot.target) <= 0.15 or len(found) >= want:
                break
        if tries >= max_tries and found:
            break
        if tries >= 2 * max_tries:
            # a slot whose kind will not come: fewer moves at the end (never under five, or six in the
            # last ten), the next goal kind elsewhere (never where the kinds must all appear)
            if slot.n > 70 and slot.moves > (6 if slot.n >= HARD_FROM else 5):
                return make_slot(replace(slot, moves=slot.moves - 1), seed, want, max_tries, log)
            if len(KINDS) < slot.n < HARD_FROM:
                kind = KINDS[(KINDS.index(slot.kind) + 1) % len(KINDS)]
                return make_slot(replace(slot, kind=kind), seed, want, max_tries, log)
            raise RuntimeError(f"no puzzle for slot {slot.n}")
    best = min(found, key=lambda m: (abs(m.stats.difficulty - slot.target), m.stats.difficulty))
    p = best.puzzle.model_copy(update={"feature": slot.feature, "difficulty": best.stats.difficulty,
                                       "shortest": best.stats.shortest, "intro": slot.intro})
    if log:
        log(f"{slot.n:3d} {slot.feature:8s} {p.goal.kind:11s} moves={p.moves} sol={best.stats.solutions} "
            f"diff={best.stats.difficulty:.2f} target={slot.target:.2f} tries={tries}")
    return Made(p, best.stats)


def _stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def features_of(p: Puzzle) -> frozenset:
    """The modifiers a puzzle has: wilds or blockers on the board, frozen, reverse or volcano bowls."""
    text = "".join(p.bowls)
    out = {f for f, on in (("wilds", "W" in text), ("blockers", "X" in text)) if on}
    out.update(f for f in ("frozen", "reverse", "volcano") if getattr(p, f))
    return frozenset(out)


def old_set() -> list[Puzzle]:
    """The set shipped before issue 15's rework (old_puzzles.json), whose puzzles are kept where they
    fit a slot, so players keep those wins (records are kept by content)."""
    text = (Path(__file__).parent / "old_puzzles.json").read_text(encoding="utf-8")
    return [Puzzle.model_validate(d) for d in json.loads(text)]


def reuse_plan(slots: list[Slot], old: list[Puzzle], tolerance: float = 0.3) -> dict[int, Made]:
    """Old puzzles that fit a slot: the same modifiers (used on the solver's line), the same move limit
    needed in full, a difficulty within `tolerance` of the target; the slot's goal kind preferred
    (required where the kinds are taught and in the last ten). Each old puzzle goes to one slot."""
    measured = []
    for p in old:
        line = solve(p)
        if line is None or len(line) != p.moves:
            continue
        flags = {"frozen": p.frozen, "reverse": p.reverse, "volcano": p.volcano}
        if not _uses_feature(features_of(p), p.bowls, flags, line):
            continue
        solutions, chance = count(p)
        measured.append((p, len(line), solutions, chance))
    plan: dict[int, Made] = {}
    used: set[int] = set()
    for slot in slots:
        strict = slot.n <= len(KINDS) or slot.n >= HARD_FROM or slot.intro is not None
        fits = [(p.goal.kind != slot.kind, abs(difficulty_of(c) - slot.target), p.id, p, n, sols, c)
                for p, n, sols, c in measured
                if p.id not in used and p.moves == slot.moves and features_of(p) == slot.feats
                and abs(difficulty_of(c) - slot.target) <= tolerance and (p.goal.kind == slot.kind or not strict)]
        if not fits:
            continue
        *_, p, n, sols, c = min(fits, key=lambda f: f[:3])
        used.add(p.id)
        st = PuzzleStats(id=slot.n, goal=p.goal.as_cli(), moves=p.moves, shortest=n, solutions=sols,
                         win_chance=c, difficulty=difficulty_of(c))
        plan[slot.n] = Made(p.model_copy(update={"id": slot.n, "feature": slot.feature,
                                                 "difficulty": st.difficulty, "shortest": n,
                                                 "intro": slot.intro}), st)
    return plan


def generate(seed: int = 15, jobs: int = 1, log=None) -> list[Made]:
    """The whole set, slot by slot (in `jobs` processes; the result does not depend on it): an old
    puzzle where one fits, else the best new candidate."""
    kept = reuse_plan(schedule(), old_set())
    slots = [s for s in schedule() if s.n not in kept]
    if jobs > 1:
        from multiprocessing import Pool
        with Pool(jobs) as pool:
            # the long slots first, so the two processes finish together
            order = sorted(slots, key=lambda s: -s.moves)
            made = dict(zip([s.n for s in order],
                            pool.starmap(make_slot, [(s, seed, 6, 4000, _stderr) for s in order])))
        out = [made[s.n] if s.n in made else kept[s.n] for s in schedule()]
    else:
        made = {s.n: make_slot(s, seed, log=log) for s in slots}
        out = [made[s.n] if s.n in made else kept[s.n] for s in schedule()]
    if len({tuple(m.puzzle.bowls) for m in out}) != len(out):
        raise RuntimeError("two slots drew the same start")
    return out


def write(made: list[Made], folder: Path) -> None:
    puzzles = [m.puzzle.model_dump(mode="json", exclude_none=False) for m in made]
    (folder / "puzzles.json").write_text(json.dumps(puzzles, indent=1) + "\n", encoding="utf-8")
    stats = [m.stats.model_dump(mode="json") for m in made]
    (folder / "puzzle_stats.json").write_text(json.dumps(stats, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    jobs = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    result = generate(jobs=jobs, log=_stderr)
    write(result, Path(__file__).parent)
