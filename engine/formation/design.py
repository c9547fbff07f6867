"""Content authoring tool (not used at run time): searches candidate puzzles with the solver and writes
the tutorial and campaign JSON files. Deterministic: `python -m engine.formation.design` rewrites
engine/formation/data/{tutorial,campaign_1,campaign_2}.json identically on every run.

Difficulty = share of legal formations that win. Each chapter aims at a falling target share and
only accepts a candidate easier than the one before it, so difficulty rises through the chapter.
"""
from __future__ import annotations

import json
import math
import multiprocessing
import sys
from pathlib import Path

from ..rng import Rng, seed_from
from . import core
from .content import made_hints, mechanic_fact, position_fact, solution_fact
from .model import GROUNDS, GUILDS, NAMES, PARTNER, SLOTS, Ground, HintFact, KeepAlive, MinStanding, Puzzle, WinByRound
from .solver import PERMS, TOPOS, legal_sets

DATA = Path(__file__).with_name("data")


def evaluate(puzzle: Puzzle, want_stats: bool = True):
    """(formations, winners, placements) where a winner is (ids by slot, rounds, alive names)."""
    b_ids = tuple(core.ID[puzzle.opponent[s]] for s in SLOTS)
    ground = core.GROUND_CODE[puzzle.ground]
    rounds = puzzle.rounds_limit
    n = 0
    winners = []
    stats: dict = {}
    for s, perms in legal_sets(puzzle):
        ids = s + b_ids
        mx = core.max_hps(ids)
        sched = core.schedules(ids)
        for pi in perms:
            hp = mx[:]
            w, r, _ = core.run(hp, mx, sched, rounds, ground, None, 1, TOPOS[pi])
            n += 1
            p = PERMS[pi]
            for j in range(5 if want_stats else 0):
                v = stats.setdefault((SLOTS[p[j]], NAMES[s[j]]), [0, 0])
                v[0] += w == 0
                v[1] += 1
            if w == 0:
                by_slot = [0] * 5
                for j in range(5):
                    by_slot[p[j]] = s[j]
                alive = frozenset(NAMES[s[j]] for j in range(5) if hp[j] > 0)
                winners.append((tuple(by_slot), r, alive))
    placements: dict = {}
    for (slot, name), (w, t) in stats.items():
        placements.setdefault(slot, {})[name] = (w, t)
    return n, winners, placements


def goal_ok(goal, winner) -> bool:
    _, r, alive = winner
    if isinstance(goal, WinByRound):
        return r <= goal.round
    if isinstance(goal, KeepAlive):
        return goal.creature in alive
    return len(alive) >= goal.count


def choose_goals(rng: Rng, puzzle: Puzzle, winners, how_many: int):
    """Up to how_many goals that a fair share (15-60 %) of winning formations meet, all met together by some."""
    if not winners or how_many == 0:
        return ()
    limit = puzzle.rounds_limit
    cands: list[WinByRound | KeepAlive | MinStanding] = [WinByRound(round=r) for r in range(3, limit)]
    cands += [KeepAlive(creature=c) for c in puzzle.pool]
    cands += [MinStanding(count=c) for c in range(2, 6)]
    good = []
    for g in cands:
        share = sum(1 for w in winners if goal_ok(g, w)) / len(winners)
        if 0.15 <= share <= 0.6:
            good.append(g)
    rng.shuffle(good)
    chosen: list[WinByRound | KeepAlive | MinStanding] = []
    for g in good:
        if len(chosen) == how_many:
            break
        if any(type(g) is type(c) for c in chosen):
            continue
        trial = chosen + [g]
        if any(all(goal_ok(x, w) for x in trial) for w in winners):
            chosen.append(g)
    return tuple(chosen)


def ids_to_formation(ids) -> dict[str, str]:
    return {SLOTS[k]: NAMES[ids[k]] for k in range(5)}


def finish(puzzle: Puzzle, winners, placements, goals, *, hints: int = 3, reminder: str | None = None) -> Puzzle:
    solution = ids_to_formation(winners[0][0])
    mastery_solution = None
    if goals:
        m = next(w for w in winners if all(goal_ok(g, w) for g in goals))
        mastery_solution = ids_to_formation(m[0])
    p = puzzle.model_copy(update={"mastery": goals})
    facts = (mechanic_fact(p), position_fact(p, placements), solution_fact(solution))[:hints]
    made = made_hints(facts)
    if reminder:  # the puzzle's own words for its first step
        made["hints"] = (reminder, *made["hints"][1:])
        made["hint_facts"] = (HintFact(kind="written"), *facts[1:])
    return p.model_copy(update={**made, "solution": solution, "mastery_solution": mastery_solution})


# --------------------------------------------------------------------------------------- campaign

CHAPTER_TEXT = {
    1: ("Reed Channel", [
        "First Ripple", "Lily Crossing", "Pebble Ford", "Heron Watch", "Mossy Steps", "The Old Weir",
        "Willow Bend", "Dragonfly Dash", "Lantern Buoys", "Otter Slide", "Mill Race", "Fog on the Shallows",
        "Kingfisher Gate", "Reed Maze", "Dew Terrace", "Beaver Dam", "Moonlit Sluice", "The Channel Keeper",
    ]),
    2: ("Lantern Delta", [
        "Delta Dawn", "Salt Marsh", "Paper Boats", "Tern Rock", "Quick Tide", "Mangrove Roots",
        "Ferry Ropes", "Silt Banks", "Crab Market", "Tidal Clock", "Mist Lanterns", "Brackish Pools",
        "Pelican Pier", "Shifting Sands", "Lighthouse Steps", "Storm Drain", "Harbour Chain", "The Delta Warden",
    ]),
}


def brief_for(puzzle: Puzzle, chapter: int, k: int) -> str:
    lead = puzzle.opponent["front_left"]
    title = CHAPTER_TEXT[chapter][1][k]
    bits = [f"At {title}, {lead} leads the line-up across the channel."]
    if puzzle.ground == "sheltered_opening":
        bits.append("The banks give both front rows cover in the first round.")
    elif puzzle.ground == "moon_dew":
        bits.append("Moon dew settles after every round: long fights heal both sides.")
    elif puzzle.ground == "short_expedition":
        bits.append("You have only eight rounds before the tide turns.")
    if puzzle.fixed:
        (slot, name), = list(puzzle.fixed.items())[:1]
        bits.append(f"Your {name} insists on standing at {slot.replace('_', ' ')}.")
    if puzzle.forbidden_pairs:
        a, b = puzzle.forbidden_pairs[0]
        bits.append(f"Your {a} and {b} refuse to share a line-up.")
    if puzzle.max_guild_pairs is not None:
        bits.append("You may field only one guild pair." if puzzle.max_guild_pairs else
                    "No guild pairs may travel together on your side.")
    if puzzle.boss:
        bits.append(f"The {CHAPTER_TEXT[chapter][0]} boss: beat it to open the next stretch of water.")
    return " ".join(bits)


def rewrite_briefs() -> None:
    """Refresh the campaign briefs in place (the puzzles themselves are left as designed)."""
    from .model import _load_json
    for ch in (1, 2):
        name = f"campaign_{ch}.json"
        puzzles = [Puzzle.model_validate(x) for x in _load_json(name)["puzzles"]]
        puzzles = [p.model_copy(update={"brief": brief_for(p, ch, (p.number or 1) - 1)}) for p in puzzles]
        (DATA / name).write_text(dump(puzzles), "utf-8")


def _candidate(chapter: int, k: int, attempt: int) -> Puzzle:
    rng = Rng(seed_from("formation-design", chapter, k, attempt))
    names = list(NAMES)
    rng.shuffle(names)
    opponent = dict(zip(SLOTS, names[:5]))
    boss = k == 17
    if chapter == 1:
        grounds: list[Ground] = ["clear"] if k < 5 else (["clear", "sheltered_opening"] if k < 11 else
                                           ["clear", "sheltered_opening", "moon_dew"])
        pool_size = 8 if k < 4 else 7 + rng.below(2)
        fixed_p, forbid_p, cap_p = (0 if k < 4 else 2), (0 if k < 8 else 2), (0 if k < 12 else 2)
    else:
        grounds = list(GROUNDS) if k >= 3 else ["clear", "sheltered_opening", "moon_dew"]
        pool_size = 6 + rng.below(3)
        fixed_p, forbid_p, cap_p = 2, 3, 3
    if boss:
        pool_size = 10
    ground: Ground = grounds[rng.below(len(grounds))]
    pool_names = list(NAMES)
    rng.shuffle(pool_names)
    pool = tuple(sorted(pool_names[:pool_size], key=NAMES.index))
    fixed: dict[str, str] = {}
    if boss or rng.below(5) < fixed_p:
        fixed = {SLOTS[rng.below(5)]: pool[rng.below(len(pool))]}
    forbidden: tuple = ()
    if rng.below(5) < forbid_p or (boss and chapter == 2):
        free = [n for n in pool if n not in fixed.values()]
        a = free[rng.below(len(free))]
        b = PARTNER[a] if (PARTNER[a] in free and rng.chance(1, 2)) else free[rng.below(len(free))]
        if a != b:
            forbidden = ((a, b),)
    cap = None
    if rng.below(5) < cap_p:
        cap = rng.below(2)
    title = CHAPTER_TEXT[chapter][1][k]
    return Puzzle(
        id=f"c{chapter}-{k + 1:02d}", title=title, brief="", mode="campaign", chapter=chapter,
        number=k + 1, boss=boss, opponent=opponent, ground=ground, pool=pool, fixed=fixed,
        forbidden_pairs=forbidden, max_guild_pairs=cap,
    )


def _eval_candidate(key):
    chapter, k, attempt = key
    p = _candidate(chapter, k, attempt)
    n, winners, _ = evaluate(p, want_stats=False)
    return key, n, winners


def _finished(p: Puzzle, chapter: int, k: int) -> tuple[Puzzle, int, int]:
    """Chapter puzzle `k` made whole from its candidate: its mastery goals (how many by its place in the
    chapter: two for the boss), its brief and its hints; with (formations, winning formations) to print."""
    n, winners, placements = evaluate(p)
    rng = Rng(seed_from("formation-goals", chapter, k))
    want = (1 if k % 2 == 0 else 0) if chapter == 1 else (2 if k % 3 == 2 else 1)
    if k == 17:
        want = 2
    goals = choose_goals(rng, p, winners, want)
    p = p.model_copy(update={"brief": brief_for(p, chapter, k)})
    return finish(p, winners, placements, goals), n, len(winners)


def design_chapter(chapter: int, pool) -> list[Puzzle]:
    hi, lo = (0.55, 0.05) if chapter == 1 else (0.32, 0.015)
    out = []
    prev = 1.0
    for k in range(18):
        target = hi * (lo / hi) ** (k / 17)
        # Never drop far below the next puzzle's target, or the rest of the chapter has no room left.
        floor = 0.8 * hi * (lo / hi) ** (min(k + 1, 17) / 17) if k < 17 else 0.0
        best = None
        attempt = 0
        while best is None or (attempt < 24 and best[0] > 0.1) or (attempt < 96 and best[0] > 0.25):
            keys = [(chapter, k, attempt + j) for j in range(8)]
            attempt += 8
            for key, n, winners in pool.map(_eval_candidate, keys):
                if not winners or (n > 12000 and k < 17) or n < 120:
                    continue
                share = len(winners) / n
                if share >= prev:
                    continue
                score = abs(math.log(share / target))  # too easy and too hard weigh the same
                if share < floor:
                    score += 5
                if best is None or score < best[0]:
                    best = (score, key, n, winners)
            if attempt >= 200:
                break
        if best is None:
            raise RuntimeError(f"chapter {chapter} puzzle {k + 1}: no candidate")
        p, n, won = _finished(_candidate(*best[1]), chapter, k)
        prev = won / n
        print(f"{p.id}: {won}/{n} = {prev:.3f} (target {target:.3f}) goals={len(p.mastery)} "
              f"ground={p.ground}", file=sys.stderr)
        out.append(p)
    return out


def design_chapter_pooled(chapter: int, pool, per_template: int = 24) -> list[Puzzle]:
    """Draw a pool of candidates for every position, then pick the 17 + boss whose shares follow the
    target curve best while strictly falling (dynamic programming over shares sorted high to low)."""
    hi, lo = (0.55, 0.05) if chapter == 1 else (0.32, 0.015)
    targets = [hi * (lo / hi) ** (k / 17) for k in range(18)]
    keys = [(chapter, k, a) for k in range(18) for a in range(per_template)]
    normal, bosses = [], []
    for key, n, winners in pool.map(_eval_candidate, keys, chunksize=4):
        if not winners:
            continue
        share = len(winners) / n
        if key[1] == 17:
            bosses.append((share, key))
        elif 120 <= n <= 12000:
            normal.append((share, key))
    normal.sort(key=lambda x: (-x[0], x[1]))

    def cost(share: float, k: int) -> float:
        return abs(math.log(share / targets[k]))

    inf = float("inf")
    m = len(normal)
    dp = [[inf] * m for _ in range(17)]
    back = [[-1] * m for _ in range(17)]
    for i, (sh, _) in enumerate(normal):
        dp[0][i] = cost(sh, 0)
    for j in range(1, 17):
        best, arg = inf, -1
        i0 = 0
        for i, (sh, _) in enumerate(normal):
            while i0 < i and normal[i0][0] > sh:  # strictly easier candidates only
                if dp[j - 1][i0] < best:
                    best, arg = dp[j - 1][i0], i0
                i0 += 1
            if arg >= 0:
                dp[j][i] = best + cost(sh, j)
                back[j][i] = arg
    choice = None
    for bsh, bkey in bosses:
        for i, (sh, _) in enumerate(normal):
            if sh > bsh and dp[16][i] < inf:
                total = dp[16][i] + cost(bsh, 17)
                if choice is None or total < choice[0]:
                    choice = (total, i, bkey)
    if choice is None:
        raise RuntimeError(f"chapter {chapter}: no falling sequence of 18")
    _, i, boss_key = choice
    picked = []
    for j in range(16, -1, -1):
        picked.append(normal[i][1])
        i = back[j][i]
    picked.reverse()
    picked.append(boss_key)
    out = []
    for k, key in enumerate(picked):
        p, n, won = _finished(_candidate(*key).model_copy(update={
            "id": f"c{chapter}-{k + 1:02d}", "number": k + 1, "title": CHAPTER_TEXT[chapter][1][k]}), chapter, k)
        print(f"{p.id}: {won}/{n} = {won / n:.3f} (target {targets[k]:.3f}) "
              f"goals={len(p.mastery)} ground={p.ground} from {key}", file=sys.stderr)
        out.append(p)
    return out


# --------------------------------------------------------------------------------------- tutorial

LESSONS = [
    ("tutorial-1", "Lesson 1 · The front row",
     "Enemy normal attacks go to your front row first; they only reach your back row once both front creatures "
     "are down (a few abilities, like Gear leap and Tea steam, hit the back row anyway). "
     "Put sturdy creatures (lots of HP, or shields) in front and keep the fragile hitters behind.",
     "Your back row is already placed. Choose who stands in front."),
    ("tutorial-2", "Lesson 2 · Target columns",
     "A normal attack hits the nearest living enemy in the front row by column: left faces left, right faces "
     "right, and back middle (column 2) picks front left on a tie. Moving a creature changes whom it hits.",
     "Your front row is set. Arrange the back row so your hits land where they count."),
    ("tutorial-3", "Lesson 3 · Shield timing",
     "Shield abilities act before anyone else (speed 10) on their printed rounds and fade when the round ends. "
     "A shield that lands in the round the enemy's big hits come is worth the most.",
     "Their heavy hitters strike on round 3. Pick a team whose shields meet them."),
    ("tutorial-4", "Lesson 4 · Guild pairs",
     "Fielding both creatures of one guild gives each of them +6 maximum HP, and they start at that full amount.",
     "Two guild pairs are in your pool. See what the extra HP does."),
]


LESSON_REMINDERS = {
    1: "While either of your front creatures stands, every enemy normal attack goes to your front row: "
       "the two you put there take the hits.",
    2: "Column 1 (left) faces column 1, column 3 (right) faces column 3; back middle is column 2 and hits "
       "front left first. Put each hitter in the column of the enemy you want down first.",
    3: "Shields land at speed 10, before any attack, and vanish at the end of the round. Ori's canopy fires "
       "on rounds 3, 6, 9, 12 — the same rounds as their Zip, Comet and Cinder.",
    4: "Both members of a guild on your side get +6 maximum HP. Count the pairs your pool allows.",
}


def _tutorial_candidates(lesson: int, attempt: int) -> Puzzle:
    rng = Rng(seed_from("formation-tutorial", lesson, attempt))
    names = list(NAMES)
    rng.shuffle(names)
    opponent = dict(zip(SLOTS, names[:5]))
    pid, title, lesson_text, brief = LESSONS[lesson - 1] if lesson <= 4 else (
        "tutorial-transfer", "Transfer puzzle", None,
        "Everything at once: front row, columns, shield timing and guild pairs. No solved formation here — "
        "the first two hints are yours to ask for.")
    common = dict(id=pid, title=title, brief=brief, lesson=lesson_text, mode="tutorial", number=lesson,
                  opponent=opponent, ground="clear")
    if lesson == 1:
        backs = ["Zip", "Honey", "Comet", "Cog", "Cinder", "Luna"]
        rng.shuffle(backs)
        fixed = dict(zip(("back_left", "back_middle", "back_right"), backs[:3]))
        fronts = ["Pip", "Mallow", "Frost", backs[3]]
        pool = tuple(n for n in NAMES if n in set(fixed.values()) | set(fronts))
        return Puzzle.model_validate({**common, "pool": pool, "fixed": fixed})
    if lesson == 2:
        mine = list(NAMES)
        rng.shuffle(mine)
        mine = mine[:5]
        fixed = {"front_left": mine[0], "front_right": mine[1]}
        return Puzzle.model_validate({**common, "pool": tuple(n for n in NAMES if n in mine), "fixed": fixed})
    if lesson == 3:
        opp = ["Zip", "Comet", "Cinder"]
        rest = [n for n in names if n not in opp]
        lineup = opp + rest[:2]
        rng.shuffle(lineup)
        opponent = dict(zip(SLOTS, lineup))
        pool = tuple(n for n in NAMES if n in {"Ori", "Pip", "Mallow", "Frost", "Luna", "Cog", rest[2]})
        return Puzzle.model_validate(common | {"opponent": opponent, "pool": pool})
    if lesson == 4:
        guilds = list(GUILDS)
        rng.shuffle(guilds)
        pool_set = set(GUILDS[guilds[0]]) | set(GUILDS[guilds[1]]) | {GUILDS[guilds[2]][0], GUILDS[guilds[3]][0],
                                                                      GUILDS[guilds[4]][1]}
        return Puzzle.model_validate({**common, "pool": tuple(n for n in NAMES if n in pool_set)})
    pool_names = list(NAMES)
    rng.shuffle(pool_names)
    pool = tuple(n for n in NAMES if n in pool_names[:8])
    ground: Ground = ("sheltered_opening", "clear", "moon_dew")[rng.below(3)]
    a, b = pool[rng.below(8)], pool[rng.below(8)]
    forbidden = ((a, b),) if a != b else ()
    return Puzzle.model_validate(common | {"ground": ground, "pool": pool, "forbidden_pairs": forbidden})


def _tutorial_score(lesson: int, p: Puzzle, n: int, winners) -> float | None:
    """Lower is better; None rejects. Each lesson must be won mostly by using its idea."""
    share = len(winners) / n if n else 0
    if not winners:
        return None
    if lesson == 1:
        sturdy = {"Pip", "Mallow", "Frost"}
        good = sum(1 for ids, _, _ in winners if {NAMES[ids[0]], NAMES[ids[1]]} <= sturdy)
        if good / len(winners) < 0.9 or not 0.2 <= share <= 0.6:
            return None
        return abs(share - 0.4)
    if lesson == 2:
        return abs(share - 2 / 6) if 1 / 6 <= share <= 3 / 6 else None
    if lesson == 3:
        with_ori = sum(1 for ids, _, _ in winners if core.ID["Ori"] in ids) / len(winners)
        if with_ori < 0.8 or not 0.15 <= share <= 0.6:
            return None
        return abs(share - 0.35) - with_ori
    if lesson == 4:
        def pairs(ids):
            names = {NAMES[i] for i in ids}
            return sum(1 for a, b in GUILDS.values() if a in names and b in names)
        with_pair = sum(1 for ids, _, _ in winners if pairs(ids) > 0) / len(winners)
        if with_pair < 0.9 or not 0.15 <= share <= 0.6:
            return None
        return abs(share - 0.35) - with_pair
    return abs(share - 0.25) if 0.12 <= share <= 0.4 else None


def _eval_tutorial(key):
    lesson, attempt = key
    p = _tutorial_candidates(lesson, attempt)
    n, winners, _ = evaluate(p, want_stats=False)
    return key, _tutorial_score(lesson, p, n, winners)


def design_tutorial(pool) -> list[Puzzle]:
    out = []
    for lesson in range(1, 6):
        scored = [x for x in pool.map(_eval_tutorial, [(lesson, a) for a in range(160)]) if x[1] is not None]
        if not scored:
            raise RuntimeError(f"tutorial lesson {lesson}: no candidate")
        key, score = min(scored, key=lambda x: (x[1], x[0]))
        p = _tutorial_candidates(*key)
        n, winners, placements = evaluate(p)
        goals = choose_goals(Rng(seed_from("formation-tutorial-goal", lesson)), p, winners, 1 if lesson == 5 else 0)
        p = finish(p, winners, placements, goals, hints=2 if lesson == 5 else 3,
                   reminder=LESSON_REMINDERS.get(lesson))
        print(f"{p.id}: {len(winners)}/{n}", file=sys.stderr)
        out.append(p)
    return out


def dump(puzzles: list[Puzzle]) -> str:
    rows = [p.model_dump(mode="json", exclude_defaults=False) for p in puzzles]
    return json.dumps({"puzzles": rows}, indent=1, ensure_ascii=False) + "\n"


def main() -> None:
    if sys.argv[1:] == ["briefs"]:
        rewrite_briefs()
        return
    with multiprocessing.get_context("fork").Pool(2) as pool:
        what = sys.argv[1:] or ["tutorial", "1", "2"]
        if "tutorial" in what:
            (DATA / "tutorial.json").write_text(dump(design_tutorial(pool)), "utf-8")
        for ch in (1, 2):
            if str(ch) in what:
                design = design_chapter if ch == 1 else design_chapter_pooled
                (DATA / f"campaign_{ch}.json").write_text(dump(design(ch, pool)), "utf-8")


if __name__ == "__main__":
    main()
