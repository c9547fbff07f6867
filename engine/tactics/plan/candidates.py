"""The planner's candidates turned into full turns: a move, the main skill, a bonus skill or a held
reaction, each played through the real rules on a copy."""
from __future__ import annotations

from ..model.board import COMPASS, EXIT, dist, tile_name
from ..model.content import SkillDef
from ..model.events import OpportunityAttack
from ..model.state import FighterState
from ..model.steps import EndStep, HoldStep, MoveStep, SkillStep, TacticsError
from ..rules.fight import Fight
from ..rules.figures import xy
from ..rules.turn import run_steps
from ..words.labels import turn_label
from ..words.plan_text import turn_summary
from .scoring import ally_cashes, turn_value
from .threats import exit_pull, oa_hit, safest, with_pos
from .turns import PlannedTurn, TurnPreview
from .weights import HURTFUL_PUSHES, W_CASHIN, W_DODGE, W_EXIT, W_FALL, W_KILL, W_OA, W_SETUP, W_STATUS


def build_turn(state, fight, f, here, reach, threats, c, left, skills, ally_waiting, ally_kit,
           mode: str = "safest") -> tuple[int, PlannedTurn] | None:
    stay = mode == "stay"
    steps: list = []
    gone = c.gone if c else frozenset()
    stand = c.stand if c else here
    if stand != here:
        steps.append(MoveStep(to=tile_name(*stand)))
    if c is not None:
        steps.append(SkillStep(skill=c.skill.name, at=tile_name(*c.at)))
    used = reach[stand][0] if stand in reach else 0
    # Move on to the safest tile with what is left (break-out fights lean toward the exits).
    rest = 0 if stay else max(0, left - used)
    # What the action will do to the strays (pushed, rooted), as its preview says.
    moved_pv: dict = {}
    rooted_pv = {o.id for o in fight.foes(f) if o.has("rooted")}
    if c is not None:
        for t in c.pv.targets:
            if t.push_to:
                moved_pv[t.fighter] = xy(t.push_to)
            if "rooted" in t.statuses:
                rooted_pv.add(t.fighter)
    # HP left after the opportunity attacks the walk to the stand tile may draw.
    hp_left = f.hp - (reach[stand][1] * oa_hit(fight) if stand in reach else 0)
    end, _ = safest(fight, f, stand, rest, threats, gone, moved=moved_pv, rooted=frozenset(rooted_pv), hp=hp_left)
    break_out = fight.state.goal == "break_out" and fight.state.exits_open
    if mode == "exit" and not break_out:
        return None
    if break_out and not stay:
        old = with_pos(f, stand)
        try:
            rr = fight.paths(f, rest)
            free = [p for p in fight.stoppable(f, rr) if fight.at(p, ignore=f.id) is None]
        finally:
            f.pos = old
        ex = [p for p in free if fight.terrain(p) == EXIT]
        if ex:
            end = min(ex, key=lambda p: (rr[p][1], rr[p][0], p[1], p[0]))
        elif mode == "exit" and free:
            # The way out: as near the exits as the movement goes, the fewest opportunity attacks first.
            end = min(free, key=lambda p: (exit_pull(fight, p), rr[p][1], rr[p][0], p[1], p[0]))
    if end != stand:
        steps.append(MoveStep(to=tile_name(*end)))
    # A bonus skill if it helps: a shield where harm is coming, a dash/leap out of harm, a push.
    bonus = bonus_step(fight, f, end, threats, gone, skills, c, ally_waiting, ally_kit)
    if bonus is not None:
        steps.append(bonus[0])
        if bonus[1] is not None:
            end = bonus[1]
    if not f.held:   # a reaction held earlier this phase stays held
        steps.append(HoldStep(reaction="flowing_guard" if f.name == "Penitent" else "opportunity_attack"))
    steps.append(EndStep())
    try:
        after, pvs = run_steps(state, f.id, steps)
    except TacticsError:
        # Drop the move after the action (a push may have changed the way) and retry once.
        steps = [s for s in steps if not (isinstance(s, MoveStep) and s.to == tile_name(*end))
                 and not (bonus is not None and s is bonus[0])]
        try:
            after, pvs = run_steps(state, f.id, steps)
        except TacticsError:
            return None
    fa = after.state.get(f.id)
    end_xy = xy(fa.pos)
    gone_now = frozenset(o.id for o in after.state.fighters if o.side != f.side and not o.standing)
    moved = {o.id: xy(o.pos) for o in after.state.fighters if o.side != f.side and o.standing}
    rooted = frozenset(o.id for o in after.state.fighters if o.side != f.side and o.has("rooted"))
    risk, n_end = threats.at(end_xy, gone_now, moved, rooted)
    _, n_start = threats.at(here)
    oas = count_oas(after, f.id)
    falls = 0 if fa.standing else 1
    parts = {"damage": 0, "kills": 0, "cashins": 0, "setups": 0, "support": 0, "statuses": 0}
    for pv in pvs:
        _, pp, _ = turn_value(fight, f, pv, ally_waiting, ally_kit)
        for k, v in pp.items():
            parts[k] += v
    parts["dodged"] = 0 if falls else max(0, n_start - n_end)
    parts["falls"] = falls
    parts["hp_at_risk"] = risk + W_OA * oas
    if fight.state.goal == "break_out" and fight.state.exits_open:
        parts["on_exit"] = 1 if fight.terrain(end_xy) == EXIT else 0
        if mode == "exit":
            parts["toward_exit"] = 1
    if mode == "stay":
        parts["stand_firm"] = 1
    score = (parts["damage"] + W_KILL * parts["kills"] + W_CASHIN * parts["cashins"] + W_SETUP * parts["setups"]
             + parts["support"] + W_STATUS * parts["statuses"] + W_DODGE * parts["dodged"] - parts["hp_at_risk"]
             + W_EXIT * parts.get("on_exit", 0) - W_FALL * falls)
    summary = turn_summary(state, f, steps, pvs, end_xy, risk, after.state, oas)
    prev = TurnPreview(skills=pvs, end_at=tile_name(*end_xy), hp_at_risk=parts["hp_at_risk"], score=score,
                       score_parts=parts)
    label = turn_label(f.id, f.name, tile_name(*here), steps, pvs, prev.end_at)
    return score, PlannedTurn(steps=steps, summary=summary, preview=prev, label=label)


def count_oas(after: Fight, fid: str) -> int:
    """Opportunity attacks the turn drew on the fighter, from the events it played."""
    return sum(1 for e in after.events if isinstance(e, OpportunityAttack) and e.target == fid)


def bonus_step(fight, f, end, threats, gone, skills, c, ally_waiting, ally_kit):
    if f.bonus_used:
        return None
    best = None
    risk, _ = threats.at(end, gone)
    old = with_pos(f, end)
    try:
        for s in skills.values():
            if s.slot != "bonus":
                continue
            opts = []
            if s.shape == "ally" and s.shield:
                for o in [f] + fight.allies(f):
                    r = threats.at(end, gone)[0] if o.id == f.id else 4
                    if dist(end, xy(o.pos)) <= s.range:
                        opts.append((min(s.shield, r // 2) + 1, SkillStep(skill=s.name, at=o.pos), None))
            elif s.shape in ("move", "leap") and risk > 0:
                budget = s.range
                if s.shape == "move":
                    reach = fight.paths(f, budget, provoke=False)
                    spots = [p for p in fight.stoppable(f, reach) if p != end]
                else:
                    spots = [(x, y) for x in range(end[0] - budget, end[0] + budget + 1)
                             for y in range(end[1] - budget, end[1] + budget + 1)
                             if (x, y) != end and fight.board.standable(x, y) and fight.at((x, y)) is None]
                if spots:
                    p = min(spots, key=lambda q: (threats.at(q, gone)[0], exit_pull(fight, q), q[1], q[0]))
                    gain = risk - threats.at(p, gone)[0]
                    if gain > 0:
                        opts.append((gain, SkillStep(skill=s.name, at=tile_name(*p)), p))
            elif s.shape == "single" and (s.damage or s.push):
                for o in fight.foes(f):
                    if o.id in gone or fight.skill_problem(f, s, xy(o.pos), None):
                        continue
                    dirs = best_directions(fight, f, s, o, ally_waiting, ally_kit) if s.push_choice else [None]
                    for d in dirs:
                        pv = fight.preview(f, s, xy(o.pos), d)
                        v, _, _ = turn_value(fight, f, pv, ally_waiting, ally_kit)
                        t = pv.targets[0] if pv.targets else None
                        if t and t.push_how in HURTFUL_PUSHES:
                            v += 2
                        if v > 0:
                            opts.append((v, SkillStep(skill=s.name, at=o.pos, toward=d), None))
            for o in opts:
                if best is None or o[0] > best[0]:
                    best = o
    finally:
        f.pos = old
    return None if best is None else (best[1], best[2])


def best_directions(fight: Fight, f: FighterState, skill: SkillDef, o: FighterState, ally_waiting: bool,
                     ally_kit: dict) -> list[str]:
    """The chosen-direction push (Shove, Shield Bash, Sod Kick) worth a full preview: the first of the
    eight whose landing is worth the most (push damage, a kill, statuses and set-ups it brings). The
    damage of the hit itself is the same whichever way the foe goes."""
    best: tuple | None = None
    here, op = xy(f.pos), xy(o.pos)
    hit = fight.amount(f, skill, here, o, op)[0] if skill.damage else 0
    for d in COMPASS:
        if fight.skill_problem(f, skill, op, d):
            continue
        _, how, _, dmg, sts = fight.push_landing(o, COMPASS[d], abs(skill.push))
        new = [st for st in sts if not o.has(st)]
        worth = (dmg + W_KILL * (hit + dmg >= o.hp + o.shield) + W_STATUS * len(new)
                 + W_SETUP * sum(1 for st in new if ally_waiting and ally_cashes(st, ally_kit))
                 + (2 if how in HURTFUL_PUSHES else 0))
        if best is None or worth > best[0]:
            best = (worth, d)
    return [best[1]] if best else []
