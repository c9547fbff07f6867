"""The bowls puzzle solver: a shortest winning sequence within the move limit, and a difficulty measure.

Breadth-first over positions with a transposition table keyed by (board, goal progress), so a
position reached twice is expanded once and the first win found is a shortest one. Puzzles have no
refill and fixed flags, so a position is just the 12 strings plus, for score/collect goals, the
progress so far (capped at the target: beyond it, more is the same).
"""
from __future__ import annotations

import math

from .core import SLOT, mask, play
from .models import BowlsGame, Goal, InvalidPositionError, Puzzle

_ORDER = tuple(range(12))


class _Spec:
    """A position's fixed parts, pre-digested for the inner loop."""

    __slots__ = ("frozen", "volcano", "reverse", "kind", "color", "target", "slot")

    def __init__(self, frozen: int, reverse: int, volcano: int, goal: Goal) -> None:
        self.frozen, self.reverse, self.volcano = frozen, reverse, volcano
        self.kind = goal.kind
        self.color = goal.color
        self.slot = SLOT[goal.color] if goal.color else 0
        # the score or count to reach; clear_color and clear_board have none and never read it
        self.target: int = (goal.points if goal.kind == "score" else goal.count) or 0

    def step(self, bowls, acc: int, i: int):
        """(new bowls, new progress, won) or None when the move overflows."""
        nb, points, combo, rem, overflow, _perfect, _e = play(bowls, i, self.volcano, self.reverse)
        if overflow:
            return None
        k = self.kind
        if k == "score":
            acc = min(self.target, acc + points)
            return nb, acc, acc >= self.target
        if k == "collect":
            acc = min(self.target, acc + rem[self.slot])
            return nb, acc, acc >= self.target
        if k == "clear_color":
            c = self.color
            for s in nb:
                if c in s:
                    return nb, 0, False
            return nb, 0, True
        if k == "combo":
            return nb, 0, combo >= self.target
        if k == "max_stones":
            return nb, 0, sum(map(len, nb)) <= self.target
        return nb, 0, not any(nb)

    def legal(self, bowls):
        fr = self.frozen
        return [i for i in _ORDER if bowls[i] and not fr >> i & 1]


def _goal(p: Puzzle | BowlsGame) -> Goal:
    """Only a puzzle has a goal (and a move limit) to solve for; an endless or daily game has neither."""
    if p.goal is None:
        raise InvalidPositionError("only a puzzle, which has a goal, can be solved", "not_a_puzzle")
    return p.goal


def _spec_of(p: Puzzle | BowlsGame) -> _Spec:
    if isinstance(p, BowlsGame):
        return _Spec(mask(p.flags("frozen")), mask(p.flags("reverse")), mask(p.flags("volcano")), _goal(p))
    return _Spec(mask(p.frozen), mask(p.reverse), mask(p.volcano), _goal(p))


def _start_acc(p: Puzzle | BowlsGame) -> int:
    if isinstance(p, BowlsGame):
        g = _goal(p)
        if g.kind == "score":
            assert g.points is not None  # Goal's validator requires points for a score goal
            return min(g.points, p.score)
        if g.kind == "collect":
            assert g.count is not None and g.color is not None  # and colour and count for collect
            return min(g.count, p.collected.get(g.color, 0))
    return 0


def solve(p: Puzzle | BowlsGame, max_moves: int | None = None) -> list[int] | None:
    """A shortest winning list of bowls (1–12) within the limit, or None. Works mid-game too (a hint)."""
    spec = _spec_of(p)
    if isinstance(p, BowlsGame):
        limit = p.moves_left if max_moves is None else max_moves
    else:
        limit = p.moves if max_moves is None else max_moves
    if limit is None:
        raise InvalidPositionError("only a puzzle, which has a move limit, can be solved", "not_a_puzzle")
    start = (tuple(p.bowls), _start_acc(p))
    parent: dict = {start: None}
    layer = [start]
    for depth in range(1, limit + 1):
        nxt = []
        last = depth == limit
        for state in layer:
            bowls, acc = state
            for i in spec.legal(bowls):
                r = spec.step(bowls, acc, i)
                if r is None:
                    continue
                nb, nacc, won = r
                if won:
                    path = [i + 1]
                    s = state
                    while parent[s] is not None:
                        s, move = parent[s]
                        path.append(move)
                    return path[::-1]
                if not last:
                    key = (nb, nacc)
                    if key not in parent:
                        parent[key] = (state, i + 1)
                        nxt.append(key)
        layer = nxt
        if not layer:
            break
    return None


def count(p: Puzzle | BowlsGame, limit: int | None = None) -> tuple[int, float]:
    """(winning sequences, random-win chance) within `limit` moves: by default the puzzle's own limit, or
    the moves a game has left. Exact, not sampled: a depth-first walk over every legal move sequence,
    memoized on (board, goal progress, moves left); a sequence ends at its first win or at an overflow."""
    spec = _spec_of(p)
    memo: dict = {}

    def walk(bowls, acc, left):
        key = (bowls, acc, left)
        got = memo.get(key)
        if got is not None:
            return got
        legal = spec.legal(bowls)
        wins, chance = 0, 0.0
        for i in legal:
            r = spec.step(bowls, acc, i)
            if r is None:
                continue
            nb, nacc, won = r
            if won:
                wins += 1
                chance += 1.0
            elif left > 1:
                w, c = walk(nb, nacc, left - 1)
                wins += w
                chance += c
        out = (wins, chance / len(legal) if legal else 0.0)
        memo[key] = out
        return out

    if limit is None:
        limit = p.moves_left if isinstance(p, BowlsGame) else p.moves
    return walk(tuple(p.bowls), _start_acc(p), limit)


def win_chance(p: Puzzle | BowlsGame) -> float:
    """The chance that a player choosing uniformly among legal bowls each move wins within the limit."""
    return count(p)[1]


def difficulty_of(chance: float) -> float:
    """−log10 of the chance that random play wins: 0.3 ≈ half of random lines win, 2 ≈ one in 100."""
    return round(-math.log10(chance), 3) if chance > 0 else 9.0


def difficulty(p: Puzzle | BowlsGame) -> float:
    """The puzzle's difficulty measure: `difficulty_of(win_chance(p))`."""
    return difficulty_of(win_chance(p))
