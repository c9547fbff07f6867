"""The strays' deterministic policy: fire the locked telegraph, walk, maybe a bonus skill, lock the next.

Same state and seed, same choices: every tie is broken by a fixed order (cost, then tile, then skill).
"""
from __future__ import annotations

from ..model.board import DIRS, dist, tile_name
from ..model.content import SkillDef, kit
from ..model.events import TelegraphFired, TelegraphFizzled, TelegraphLocked
from ..model.state import FighterState, Telegraph
from .fight import XY, Fight, xy

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
    table = _HEADINGS.get(terrain)
    if table is None:
        if len(_HEADINGS) >= _HEADINGS_KEEP:
            _HEADINGS.clear()
        table = _HEADINGS[terrain] = {}
    return table


def _memo_key(fight: Fight, st: FighterState, terrain: tuple[str, ...]) -> tuple:
    """All best_lock reads of a fight: the board, the round (enrage), the stray, and where every standing
    fighter is (flanks, the duo's tiles) with the duo's HP and the statuses a hit leans toward."""
    return (terrain, tuple(fight.b.levels), fight.s.round, st.id, st.name, st.move,
            tuple((f.id, f.side, f.pos, f.hp, f.max_hp, f.has("soaked"), f.has("prone"))
                  for f in fight.s.fighters if f.standing))


class LockFinder:
    """best_lock for one stray on one unchanged board, asked from many tiles (every tile it may walk
    to): the duo, the stray's attacks and their reach are read once, and each duo member's worth to a
    skill (target_value) is kept per what it depends on from the tile (higher ground, the direction
    it comes from), which many tiles share. The answers are remembered per position of the fight, so
    the strays' phase of a look ahead, played again after another turn that left the same position,
    weighs nothing twice. Valid only while the fight does not change."""

    def __init__(self, fight: Fight, st: FighterState) -> None:
        self.fight, self.st = fight, st
        self.duo = [(t, xy(t.pos)) for t in fight.s.standing("duo")]
        self.skills = [(i, s, _skill_reach(st, s)) for i, s in enumerate(attacks(st))]
        self.far = max((r for _, _, r in self.skills), default=0)
        self.levels = [[ord(c) - 48 for c in row] for row in fight.b.levels]
        terrain = tuple(fight.b.terrain)
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


def lock(fight: Fight, st: FighterState, skill: SkillDef, how: dict) -> None:
    here = xy(st.pos)
    tg = Telegraph(stray=st.id, skill=skill.name, shape=skill.shape)
    if "target" in how:
        tg.target = how["target"]
        tg.tiles = [fight.s.get(how["target"]).pos]
    elif "center" in how:
        c = how["center"]
        tg.offset = (c[0] - here[0], c[1] - here[1])
        tg.tiles = [tile_name(*p) for p in fight.area(here, skill, None, c)]
    else:
        hd = how["heading"]
        tg.heading = hd
        reach = max(1, skill.length)
        tg.aim = tile_name(*_clip((here[0] + hd[0] * reach, here[1] + hd[1] * reach)))
        tg.tiles = [tile_name(*p) for p in fight.area(here, skill, hd)]
    if tg.shape != "single":
        tg.caught = [t.id for t in fight.s.standing("duo") if t.pos in tg.tiles]
    fight.s.telegraphs.append(tg)
    fight.emit(TelegraphLocked(stray=st.id, skill=skill.name, shape=skill.shape, tiles=tuple(tg.tiles),
                               target=tg.target))


def _clip(p: XY) -> XY:
    from ..model.board import H, W
    return min(W - 1, max(0, p[0])), min(H - 1, max(0, p[1]))


def stray_turn(fight: Fight, st: FighterState) -> None:
    """Walk to where the best telegraph can be locked, use the bonus skill if it helps, lock it."""
    budget = 0 if st.has("rooted") else max(0, st.move - st.moved)
    reach = fight.paths(st, budget)
    dests = sorted(fight.stoppable(st, reach), key=lambda p: (reach[p][0], reach[p][1], p[1], p[0]))
    choice: tuple[int, XY, SkillDef | None, dict | None] | None = None
    locks = LockFinder(fight, st)   # the board stands still while the stray weighs where to go
    for p in dests:
        found = locks.best(p)
        if found is None:
            continue
        score = found[0] - OA_AVERSION * reach[p][1]
        if choice is None or score > choice[0]:
            choice = (score, p, found[1], found[2])
    if choice is None:
        duo = [xy(t.pos) for t in fight.s.standing("duo")]
        if not duo:
            return
        p = min(dests, key=lambda q: (min(dist(q, d) for d in duo), reach[q][1], reach[q][0], q[1], q[0]))
        choice = (0, p, None, None)
    _, dest, skill, how = choice
    if dest != xy(st.pos):
        fight.walk(st, reach, dest)
        if not st.standing or fight.s.result:
            return
    if fight.s.round >= 2:  # seed: round 1 the strays only walk in and telegraph
        stray_bonus(fight, st)
    if not st.standing or fight.s.result:
        return
    found = best_lock(fight, st, xy(st.pos))
    if found is None:
        # Nothing to hit from here: aim its targeted attack at the nearest duo member (it follows).
        nearest = sorted(fight.s.standing("duo"), key=lambda t: (dist(xy(st.pos), xy(t.pos)), t.id))
        singles = [s for s in attacks(st) if s.shape == "single"]
        if nearest and singles:
            lock(fight, st, singles[0], {"target": nearest[0].id})
        elif nearest:
            from ..model.board import heading
            hd = heading(xy(st.pos), xy(nearest[0].pos)) or (1, 0)
            aim = {"heading": hd} if attacks(st)[0].shape != "burst" else {"center": xy(st.pos)}
            lock(fight, st, attacks(st)[0], aim)
        return
    lock(fight, st, found[1], found[2])


PUSH_TASTE = ("swept", "splat", "soaked", "pushed")
HURTFUL = 3  # ranks below this are pushes that hurt: deep water, a splat, water or shallows


def _best_push(fight: Fight, st: FighterState, skill: SkillDef):
    """The push of an adjacent duo member that hurts most: (rank, target, direction) or None."""
    from ..model.board import COMPASS
    here = xy(st.pos)
    best = None
    for t in sorted(fight.s.standing("duo"), key=lambda t: t.id):
        if dist(here, xy(t.pos)) != 1:
            continue
        # Shove picks any direction (seed); every other push goes straight away from the stray.
        dirs = list(COMPASS.items()) if skill.push_choice else [(None, fight.push_dir(skill, here, xy(t.pos), None))]
        for name, d in dirs:
            if d is None or fight.skill_problem(st, skill, xy(t.pos), name):
                continue
            _, outcome, dmg, _ = fight.push_result(t, d, abs(skill.push))
            rank = next((i for i, k in enumerate(PUSH_TASTE) if k in outcome), len(PUSH_TASTE))
            key = (rank, -dmg, t.id, name or "")
            if best is None or key < best[0]:
                best = (key, t, name)
    return None if best is None else (best[0][0], best[1], best[2])


def stray_bonus(fight: Fight, st: FighterState) -> None:
    """Everyone has Shove (seed), strays included; a stray also has its own bonus skill. A push into
    harm comes first (its own push skill before Shove), then its own shield when the duo is near,
    then its own push of any kind."""
    skills = kit(st.name)
    own = next(s for s in fighter_skills(st) if s.slot == "bonus")
    here = xy(st.pos)
    pushes = [s for s in (own, skills.get("Shove")) if s is not None and s.push]
    for skill in pushes:
        found = _best_push(fight, st, skill)
        if found and found[0] < HURTFUL:
            fight.use_skill(st, skill, xy(found[1].pos), found[2])
            return
    if own.shape == "self":
        if any(dist(here, xy(t.pos)) <= 4 for t in fight.s.standing("duo")):
            fight.use_skill(st, own, here)
        return
    if own.push:
        found = _best_push(fight, st, own)
        if found:
            fight.use_skill(st, own, xy(found[1].pos), found[2])


def fighter_skills(st: FighterState) -> tuple[SkillDef, ...]:
    from ..model.content import fighter
    return fighter(st.name).skills


def fire_telegraph(fight: Fight, tg: Telegraph) -> None:
    st = fight.s.get(tg.stray)
    if not st.standing:
        fight.emit(TelegraphFizzled(stray=st.id, skill=tg.skill, reason="attacker_down",
                                    target=tg.target or (tg.caught[0] if tg.caught else None),
                                    area=tg.shape != "single"))
        return
    skill = kit(st.name)[tg.skill]
    if tg.shape == "single":
        t = fight.s.get(tg.target) if tg.target else None
        if t is None or not t.standing:
            fight.emit(TelegraphFizzled(stray=st.id, skill=skill.name, reason="target_down", target=tg.target))
            return
        if not fight.in_range(st, skill, xy(st.pos), xy(t.pos)):
            if st.has("rooted"):
                fight.emit(TelegraphFizzled(stray=st.id, skill=skill.name, reason="rooted", target=t.id))
                return
            reach = fight.paths(st, max(0, st.move - st.moved))
            spots = [p for p in fight.stoppable(st, reach) if fight.in_range(st, skill, p, xy(t.pos))]
            if not spots:
                fight.emit(TelegraphFizzled(stray=st.id, skill=skill.name, target=t.id,
                                            reason="pushed_away" if tg.pushed else "out_of_reach"))
                return
            dest = min(spots, key=lambda p: (reach[p][0], reach[p][1], p[1], p[0]))
            fight.walk(st, reach, dest)
            if not st.standing or fight.s.result or not t.standing:
                return
        fight.use_skill(st, skill, xy(t.pos), telegraph=True)
        return
    # Area telegraphs hit the tiles they locked; a dash lands at the far end.
    caught_at_lock = tg.caught[0] if tg.caught else None
    if skill.shape == "dash" and st.has("rooted"):
        fight.emit(TelegraphFizzled(stray=st.id, skill=skill.name, reason="rooted", target=caught_at_lock, area=True))
        return
    tiles = {xy(n) for n in tg.tiles}
    here = xy(st.pos)
    fight.emit(TelegraphFired(stray=st.id, skill=skill.name, shape=skill.shape, tiles=tuple(tg.tiles)))
    caught = [o for o in fight.foes(st) if xy(o.pos) in tiles]
    if not caught:
        fight.emit(TelegraphFizzled(stray=st.id, skill=skill.name, target=caught_at_lock, area=True,
                                    reason="pushed_away" if tg.pushed else "moved_out_of_area"))
    for t in caught:
        if fight.s.result or not st.standing:
            break
        amount, _ = fight.amount(st, skill, here, t)
        fight.strike(st, t, amount, melee=skill.delivery == "melee", cause="telegraph", skill=skill.name)
        if skill.push and t.standing and not fight.s.result:
            fight.do_push(st, skill, here, t, None)
        if t.standing:
            for name in skill.statuses:
                fight.add_status(st, t, name)
    st.action_used = True
    if skill.shape == "dash" and st.standing:
        # It lands on the farthest free tile of the line once the hits (and their pushes) are done, so a
        # foe knocked onto the far end does not stop the charge where it began.
        land = fight.dash_landing(st, [xy(n) for n in tg.tiles])
        if land is not None:
            st.pos = tile_name(*land)
