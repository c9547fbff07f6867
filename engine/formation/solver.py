"""The exhaustive solver: every legal formation of a puzzle played out, counting wins and masteries.

Formations are enumerated as a creature set (a sorted 5-tuple of roster ids, which fixes max HP and
the speed-group schedule) times a slot permutation (which only changes target tables). Both are
precomputed, so one formation costs little more than its integer battle loop. A big search is
split over the machine's cores with multiprocessing (fork).
"""
from __future__ import annotations

import itertools
import multiprocessing
import os

from pydantic import BaseModel, ConfigDict

from . import core
from .model import NAMES, SLOTS, KeepAlive, MinStanding, Puzzle, WinByRound

PERMS: tuple[tuple[int, ...], ...] = tuple(itertools.permutations(range(5)))  # slot of a-index j
TOPOS = tuple(core.topology(p) for p in PERMS)
PARALLEL_THRESHOLD = 6000  # below this many formations one process is faster than starting workers


class Solution(BaseModel):
    """What the solver found. Formations are slot → name dicts."""
    model_config = ConfigDict(frozen=True)
    formations: int
    winning: int
    mastering: int
    example: dict[str, str] | None
    mastery_example: dict[str, str] | None
    placements: dict[str, dict[str, tuple[int, int]]] | None = None  # slot -> name -> (wins, tried)

    @property
    def win_share(self) -> float:
        return self.winning / self.formations if self.formations else 0.0

    def cli_shape(self) -> dict:
        return {"formations": self.formations, "winning": self.winning, "mastering": self.mastering,
                "example": self.example}


def _encode_goals(puzzle: Puzzle) -> tuple:
    out = []
    for g in puzzle.mastery:
        if isinstance(g, WinByRound):
            out.append((0, g.round))
        elif isinstance(g, KeepAlive):
            out.append((1, core.ID[g.creature]))
        elif isinstance(g, MinStanding):
            out.append((2, g.count))
    return tuple(out)


def legal_sets(puzzle: Puzzle) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every legal (creature set, allowed permutation indices), in a stable order."""
    pool = sorted(core.ID[n] for n in puzzle.pool)
    fixed = [(SLOTS.index(s), core.ID[n]) for s, n in puzzle.fixed.items()]
    forbidden = [(core.ID[a], core.ID[b]) for a, b in puzzle.forbidden_pairs]
    cap = puzzle.max_guild_pairs
    out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for s in itertools.combinations(pool, 5):
        present = set(s)
        if any(c not in present for _, c in fixed):
            continue
        if any(a in present and b in present for a, b in forbidden):
            continue
        if cap is not None:
            pairs = sum(1 for c in s if core.PARTNER_ID[c] in present) // 2
            if pairs > cap:
                continue
        if fixed:
            need = [(slot, s.index(c)) for slot, c in fixed]
            perms = tuple(k for k, p in enumerate(PERMS) if all(p[j] == slot for slot, j in need))
        else:
            perms = tuple(range(len(PERMS)))
        out.append((s, perms))
    return out


def formation_of(s: tuple[int, ...], perm: int) -> dict[str, str]:
    p = PERMS[perm]
    by_slot = {SLOTS[p[j]]: NAMES[s[j]] for j in range(5)}
    return {slot: by_slot[slot] for slot in SLOTS}


def _solve_part(b_ids, ground, rounds, goals, sets, want_stats):
    """Worker: (formations, winning, mastering, first win key, first mastery key, stats)."""
    run = core.run
    topos = TOPOS
    n = wins = masters = 0
    first_win = first_master = None
    stats = {} if want_stats else None
    for si, (s, perms) in sets:
        ids = s + b_ids
        mx = core.max_hps(ids)
        sched = core.schedules(ids)
        goal_idx = []
        for kind, val in goals:
            if kind == 1:
                goal_idx.append((1, s.index(val) if val in s else -1))
            else:
                goal_idx.append((kind, val))
        for pi in perms:
            hp = mx[:]
            w, r, _ = run(hp, mx, sched, rounds, ground, None, 1, topos[pi])
            n += 1
            won = w == 0
            if stats is not None:
                p = PERMS[pi]
                for j in range(5):
                    key = (p[j], s[j])
                    v = stats.get(key)
                    if v is None:
                        stats[key] = [1 if won else 0, 1]
                    else:
                        v[0] += won
                        v[1] += 1
            if not won:
                continue
            wins += 1
            if first_win is None:
                first_win = (si, pi)
            ok = True
            if goal_idx:
                for kind, val in goal_idx:
                    if kind == 0:
                        if r > val:
                            ok = False
                            break
                    elif kind == 1:
                        if val < 0 or hp[val] <= 0:
                            ok = False
                            break
                    elif (hp[0] > 0) + (hp[1] > 0) + (hp[2] > 0) + (hp[3] > 0) + (hp[4] > 0) < val:
                        ok = False
                        break
            if ok:
                masters += 1
                if first_master is None:
                    first_master = (si, pi)
    return n, wins, masters, first_win, first_master, stats


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def solve(puzzle: Puzzle, *, workers: int | None = None, stats: bool = False) -> Solution:
    """Play every legal formation of the puzzle. workers=None uses every core for big searches."""
    sets = legal_sets(puzzle)
    total = sum(len(p) for _, p in sets)
    b_ids = tuple(core.ID[puzzle.opponent[s]] for s in SLOTS)
    args = (b_ids, core.GROUND_CODE[puzzle.ground], puzzle.rounds_limit, _encode_goals(puzzle))
    indexed = list(enumerate(sets))
    nproc = _cores() if workers is None else workers
    if nproc > 1 and total >= PARALLEL_THRESHOLD:
        chunks = [indexed[k::nproc] for k in range(nproc)]
        with multiprocessing.get_context("fork").Pool(nproc) as pool:
            parts = pool.starmap(_solve_part, [args + (c, stats) for c in chunks])
    else:
        parts = [_solve_part(*args, indexed, stats)]
    n = sum(p[0] for p in parts)
    wins = sum(p[1] for p in parts)
    masters = sum(p[2] for p in parts)
    fw = min((p[3] for p in parts if p[3] is not None), default=None)
    fm = min((p[4] for p in parts if p[4] is not None), default=None)
    placements: dict[str, dict[str, tuple[int, int]]] | None = None
    if stats:
        merged: dict[tuple[int, int], list[int]] = {}
        for p in parts:
            for key, (w, t) in p[5].items():
                v = merged.setdefault(key, [0, 0])
                v[0] += w
                v[1] += t
        placements = {}
        for (slot, cid), (w, t) in sorted(merged.items()):
            placements.setdefault(SLOTS[slot], {})[NAMES[cid]] = (w, t)
    return Solution(
        formations=n, winning=wins, mastering=masters,
        example=formation_of(sets[fw[0]][0], fw[1]) if fw else None,
        mastery_example=formation_of(sets[fm[0]][0], fm[1]) if fm else None,
        placements=placements,
    )


def count_legal(puzzle: Puzzle) -> int:
    return sum(len(p) for _, p in legal_sets(puzzle))


__all__ = ["Solution", "solve", "legal_sets", "formation_of", "count_legal"]
