"""The strays' deterministic policy: fire the locked telegraph, walk, maybe a bonus skill, lock the next
(stray_aim.py weighs where).

Same state and seed, same choices: every tie is broken by a fixed order (cost, then tile, then skill).
"""
from __future__ import annotations

from ..model.board import dist, tile_name
from ..model.content import SkillDef, kit
from ..model.events import TelegraphFired, TelegraphFizzled, TelegraphLocked
from ..model.state import FighterState, Telegraph
from .fight import Fight
from .figures import XY, xy
from .stray_aim import OA_AVERSION, LockFinder, attacks, best_lock


def lock(fight: Fight, st: FighterState, skill: SkillDef, how: dict) -> None:
    here = xy(st.pos)
    tg = Telegraph(stray=st.id, skill=skill.name, shape=skill.shape)
    if "target" in how:
        tg.target = how["target"]
        tg.tiles = [fight.state.get(how["target"]).pos]
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
        tg.caught = [t.id for t in fight.state.standing("duo") if t.pos in tg.tiles]
    fight.state.telegraphs.append(tg)
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
        duo = [xy(t.pos) for t in fight.state.standing("duo")]
        if not duo:
            return
        p = min(dests, key=lambda q: (min(dist(q, d) for d in duo), reach[q][1], reach[q][0], q[1], q[0]))
        choice = (0, p, None, None)
    _, dest, skill, how = choice
    if dest != xy(st.pos):
        fight.walk(st, reach, dest)
        if not st.standing or fight.state.result:
            return
    if fight.state.round >= 2:  # seed: round 1 the strays only walk in and telegraph
        stray_bonus(fight, st)
    if not st.standing or fight.state.result:
        return
    found = best_lock(fight, st, xy(st.pos))
    if found is None:
        # Nothing to hit from here: aim its targeted attack at the nearest duo member (it follows).
        nearest = sorted(fight.state.standing("duo"), key=lambda t: (dist(xy(st.pos), xy(t.pos)), t.id))
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


# The strays' taste in pushes, best first: deep water, a splat, water or shallows, a plain push (then held).
PUSH_TASTE = {"deep_water": 0, "splat": 1, "water": 2, "shallows": 2, "pushed": 3}
HURTFUL = 3  # ranks below this are pushes that hurt: deep water, a splat, water or shallows


def _best_push(fight: Fight, st: FighterState, skill: SkillDef):
    """The push of an adjacent duo member that hurts most: (rank, target, direction) or None."""
    from ..model.board import COMPASS
    here = xy(st.pos)
    best = None
    for t in sorted(fight.state.standing("duo"), key=lambda t: t.id):
        if dist(here, xy(t.pos)) != 1:
            continue
        # Shove picks any direction (seed); every other push goes straight away from the stray.
        dirs = list(COMPASS.items()) if skill.push_choice else [(None, fight.push_dir(skill, here, xy(t.pos), None))]
        for name, d in dirs:
            if d is None or fight.skill_problem(st, skill, xy(t.pos), name):
                continue
            _, how, _, dmg, _ = fight.push_landing(t, d, abs(skill.push))
            rank = PUSH_TASTE.get(how, len(set(PUSH_TASTE.values())))
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
        if any(dist(here, xy(t.pos)) <= 4 for t in fight.state.standing("duo")):
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
    st = fight.state.get(tg.stray)
    if not st.standing:
        fight.emit(TelegraphFizzled(stray=st.id, skill=tg.skill, reason="attacker_down",
                                    target=tg.target or (tg.caught[0] if tg.caught else None),
                                    area=tg.shape != "single"))
        return
    skill = kit(st.name)[tg.skill]
    if tg.shape == "single":
        t = fight.state.get(tg.target) if tg.target else None
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
            if not st.standing or fight.state.result or not t.standing:
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
        if fight.state.result or not st.standing:
            break
        amount, _ = fight.amount(st, skill, here, t)
        fight.strike(st, t, amount, melee=skill.delivery == "melee", cause="telegraph", skill=skill.name)
        if skill.push and t.standing and not fight.state.result:
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
