"""Where a stray can lock its telegraph and what each lock threatens: the strays' aim, weighed
tile by tile for the walk (remembered while the board stands still).

Same state and seed, same choices: every tie is broken by a fixed order (cost, then tile, then skill).
"""
from __future__ import annotations

from ..model.board import DIRS, dist
from ..model.content import SkillDef, kit
from ..model.state import FighterState
from .fight import Fight
from .figures import XY, xy
from .memo import board_table

SOAKED_PREF = 3
PRONE_PREF = 3
OA_AVERSION = 6


def target_value(fight: Fight, st: FighterState, skill: SkillDef, frm: XY, t: FighterState) -> int:
    """How much duo HP a hit threatens, with a lean toward soaked, prone and low targets."""
    dmg, _ = fight.amount(st, skill, frm, t, xy(t.pos))
    v = 2 * dmg + (t.max_hp - t.hp) // 4
    if t.has("soaked"):
        v += SOAKED_PREF
    if t.has("prone"):
        v += PRONE_PREF
    return v


def _threat_reach(st: FighterState) -> int:
    """The farthest a duo member can stand from a tile and still be reached by one of the stray's
    attacks locked there: a targeted one follows (range + movement), an area covers its length or
    its burst's range and radius."""
    return max((_skill_reach(st, s) for s in attacks(st)), default=0)


def _skill_reach(st: FighterState, s: SkillDef) -> int:
    """The farthest a duo member can stand from the stray's tile and still count for this attack."""
    if s.shape == "single":
        return s.range + st.move
    if s.shape == "burst":
        return s.range + s.radius
    return max(1, s.length)


def attacks(st: FighterState) -> list[SkillDef]:
    return [s for s in kit(st.name).values() if s.slot == "action"]


_MEMO: dict[tuple, tuple[dict, dict]] = {}
_MEMO_KEEP = 128   # positions remembered: a plan and its offer weigh about 40 (its look ahead replays them)


_HEADINGS: dict[tuple[str, ...], dict[tuple, tuple[int, ...]]] = {}
_HEADINGS_KEEP = 16   # boards whose aims are remembered (the terrain never changes in a fight)


def _headings_for(terrain: tuple[str, ...]) -> dict[tuple, tuple[int, ...]]:
    """Per board: which of the eight headings of a cone, line or dash from one tile cover another."""
    return board_table(_HEADINGS, terrain, _HEADINGS_KEEP)


def _memo_key(fight: Fight, st: FighterState, terrain: tuple[str, ...]) -> tuple:
    """All best_lock reads of a fight: the board, the round (enrage), the stray, and where every standing
    fighter is (flanks, the duo's tiles) with the duo's HP and the statuses a hit leans toward."""
    return (terrain, tuple(fight.board.levels), fight.state.round, st.id, st.name, st.move,
            tuple((f.id, f.side, f.pos, f.hp, f.max_hp, f.has("soaked"), f.has("prone"))
                  for f in fight.state.fighters if f.standing))


class LockFinder:
    """best_lock for one stray on one unchanged board, asked from many tiles (every tile it may walk
    to): the duo, the stray's attacks and their reach are read once, and each duo member's worth to a
    skill (target_value) is kept per what it depends on from the tile (higher ground, the direction
    it comes from), which many tiles share. The answers are remembered per position of the fight, so
    the strays' phase of a look ahead, played again after another turn that left the same position,
    weighs nothing twice. Valid only while the fight does not change."""

    def __init__(self, fight: Fight, st: FighterState) -> None:
        self.fight, self.st = fight, st
        self.duo = [(t, xy(t.pos)) for t in fight.state.standing("duo")]
        self.skills = [(i, s, _skill_reach(st, s)) for i, s in enumerate(attacks(st))]
        self.far = max((r for _, _, r in self.skills), default=0)
        self.levels = [[ord(c) - 48 for c in row] for row in fight.board.levels]
        terrain = tuple(fight.board.terrain)
        self.headings = _headings_for(terrain)
        key = _memo_key(fight, st, terrain)
        memo = _MEMO.get(key)
        if memo is None:
            if len(_MEMO) >= _MEMO_KEEP:
                _MEMO.clear()
            memo = _MEMO[key] = ({}, {})
        self.seen: dict[tuple, int] = memo[0]
        self.found: dict[XY, tuple[int, int, str, str | XY] | None] = memo[1]

    def worth(self, i: int, skill: SkillDef, frm: XY, t: FighterState, tp: XY) -> int:
        # target_value sees the tile only through the height it stands at against the target's and
        # the direction toward the target (flank and cover look at the tiles beyond and beside it).
        lv = self.levels
        dx, dy = tp[0] - frm[0], tp[1] - frm[1]
        key = (i, t.id, lv[frm[1]][frm[0]] > lv[tp[1]][tp[0]], (dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
        v = self.seen.get(key)
        if v is None:
            v = self.seen[key] = target_value(self.fight, self.st, skill, frm, t)
        return v

    def best(self, frm: XY) -> tuple[int, SkillDef, dict] | None:
        """The telegraph from tile `frm` that threatens the most duo HP it can reach."""
        if frm in self.found:
            found = self.found[frm]
        else:
            found = self.found[frm] = self._best(frm)
        if found is None:
            return None
        v, i, how, aim = found
        return v, self.skills[i][1], {how: aim}

    def _best(self, frm: XY) -> tuple[int, int, str, str | XY] | None:
        """best, kept as plain values (worth, attack, how it is aimed, the aim): the memo holds
        thousands of them, and plain tuples cost the garbage collector nothing."""
        duo = self.duo
        if not duo:
            return None
        fx, fy = frm
        dists = [max(abs(fx - tp[0]), abs(fy - tp[1])) for _, tp in duo]
        if min(dists) > self.far:
            return None   # nothing it has can reach the duo from here
        best: tuple[int, int, str, str | XY] | None = None
        lv = self.levels
        for i, skill, reach in self.skills:
            if skill.shape == "single":
                for (t, tp), d in zip(duo, dists):
                    # fight.in_range, inline: shots reach 1 tile further from higher ground
                    in_range = skill.range + (skill.delivery == "shot" and lv[fy][fx] > lv[tp[1]][tp[0]])
                    if 1 <= d <= in_range:
                        v = self.worth(i, skill, frm, t, tp)
                    elif d <= reach:
                        v = self.worth(i, skill, frm, t, tp) // 2  # it follows, but may be dodged
                    else:
                        continue
                    if best is None or v > best[0]:
                        best = (v, i, "target", t.id)
                continue
            if min(dists) > reach:
                continue   # no aim of this area can cover a duo member: it adds nothing
            if skill.shape == "burst":
                # A burst covers the tiles within its radius of the centre, so a duo member (always on
                # the board) is caught exactly when it stands within the radius.
                r = skill.radius
                centers = [frm] if skill.range == 0 else sorted(
                    {(x, y) for _, tp in duo for dx, dy in DIRS + ((0, 0),)
                     for x, y in [(tp[0] + dx, tp[1] + dy)] if dist(frm, (x, y)) <= skill.range},
                    key=lambda p: (p[1], p[0]))
                for c in centers:
                    v = sum(self.worth(i, skill, frm, t, tp) for t, tp in duo
                            if max(abs(c[0] - tp[0]), abs(c[1] - tp[1])) <= r)
                    if v and (best is None or v > best[0]):
                        best = (v, i, "center", c)
            else:
                # Each heading's worth is the sum over the duo members it covers, in DIRS order.
                per_heading = [0] * len(DIRS)
                for (t, tp), d in zip(duo, dists):
                    if d > reach:
                        continue
                    covering = self.covering(skill, frm, tp)
                    if covering:
                        w = self.worth(i, skill, frm, t, tp)
                        for k in covering:
                            per_heading[k] += w
                for k, v in enumerate(per_heading):
                    if v and (best is None or v > best[0]):
                        best = (v, i, "heading", DIRS[k])
        return best

    def covering(self, skill: SkillDef, frm: XY, tp: XY) -> tuple[int, ...]:
        """The headings (indices into DIRS) whose cone, line or dash from `frm` covers tile `tp`."""
        key = (skill.shape, skill.length, frm, tp)
        ks = self.headings.get(key)
        if ks is None:
            fight = self.fight
            ks = self.headings[key] = tuple(k for k, hd in enumerate(DIRS) if tp in fight.area_set(frm, skill, hd)[1])
        return ks


def best_lock(fight: Fight, st: FighterState, frm: XY) -> tuple[int, SkillDef, dict] | None:
    """The telegraph from tile `frm` that threatens the most duo HP it can reach."""
    return LockFinder(fight, st).best(frm)
