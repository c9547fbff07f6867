"""The planner's weights and quick scores: where a skill can be aimed from a tile, what a candidate is
worth before and after its preview, and what a look ahead leaves."""
from __future__ import annotations

from ..model.board import DIRS, dist, on_board
from ..model.content import SkillDef
from ..model.state import FighterState
from ..rules.fight import Fight
from ..rules.figures import XY, xy
from ..rules.previews import SkillPreview
from .consequences import Consequences
from .weights import W_CASHIN, W_DOWNED, W_DUO_HP, W_EXIT_STEP, W_EXIT_STEP_CLOSED, W_KILL, W_RESULT, W_SETUP, W_STATUS

# --- candidate generation -----------------------------------------------------------------------

def aims(fight: Fight, f: FighterState, skill: SkillDef, p: XY) -> list[XY]:
    foes = [xy(o.pos) for o in fight.foes(f)]
    if skill.shape == "single":
        if skill.damage == 0 and skill.push == 0:
            return []
        return [q for q in foes if fight.in_range(f, skill, p, q)]
    if skill.shape == "ally":
        return [xy(o.pos) for o in [f] + fight.allies(f) if dist(p, xy(o.pos)) <= skill.range]
    if skill.shape in ("cone", "line", "dash"):
        out = []
        reach = skill.length + (1 if skill.shape == "cone" else 0)
        if not any(dist(p, q) <= reach for q in foes):
            return []
        for hd in DIRS:
            a = (p[0] + hd[0], p[1] + hd[1])
            if on_board(*a):
                out.append(a)
        return out
    if skill.shape == "burst":
        if skill.range == 0:
            return [p] if any(dist(p, q) <= skill.radius for q in foes) else []
        cands = {(q[0] + dx, q[1] + dy) for q in foes for dx, dy in DIRS + ((0, 0),)}
        return sorted((c for c in cands if on_board(*c) and dist(p, c) <= skill.range), key=lambda c: (c[1], c[0]))
    return []


class Candidate:
    __slots__ = ("value", "parts", "skill", "at", "stand", "pv", "gone", "key", "toward")

    def __init__(self, value, parts, skill, at, stand, pv, gone, key, toward=None):
        self.value, self.parts, self.skill, self.at, self.stand = value, parts, skill, at, stand
        self.pv, self.gone, self.key, self.toward = pv, gone, key, toward


def quick_value(fight: Fight, f: FighterState, skill: SkillDef, p: XY, hit: list[FighterState]) -> int:
    """A cheap estimate of a skill use from tile p, to pick where to stand before the full preview."""
    v = 0
    for t in hit:
        if t.side == f.side:
            v += min(skill.heal, t.max_hp - t.hp) + (2 if skill.shield else 0)
            continue
        tp = xy(t.pos)
        if skill.damage:
            v += min(fight.amount(f, skill, p, t, tp)[0], t.hp + t.shield)
        if skill.push:
            d = fight.push_dir(skill, p, tp, None)
            if d is not None:
                _, _, _, pd, sts = fight.push_landing(t, d, abs(skill.push), p if skill.push < 0 else None)
                v += pd + W_STATUS * len(sts)
        v += W_STATUS * len(skill.statuses)
    return v


def turn_value(fight: Fight, f: FighterState, pv: SkillPreview, ally_waiting: bool,
           ally_kit: dict) -> tuple[int, dict, frozenset]:
    parts = {"damage": 0, "kills": 0, "cashins": 0, "setups": 0, "support": 0, "statuses": 0}
    gone = set()
    for t in pv.targets:
        tgt = fight.state.get(t.fighter)
        if tgt.side != f.side:
            parts["damage"] += min(t.damage + t.push_damage, tgt.hp + tgt.shield)
            parts["statuses"] += sum(1 for st in t.statuses if not tgt.has(st))
            if t.downs:
                parts["kills"] += 1
                gone.add(t.fighter)
            elif ally_waiting:
                parts["setups"] += sum(1 for s in t.statuses if ally_cashes(s, ally_kit))
        else:
            parts["support"] += t.heal + (min(t.shield, 6) if t.shield else 0)
    if pv.surfaces and ally_waiting and ally_cashes("moss", ally_kit):
        parts["setups"] += 1
    if pv.cashin:
        parts["cashins"] = 1
    value = (parts["damage"] + W_KILL * parts["kills"] + W_CASHIN * parts["cashins"] + W_SETUP * parts["setups"]
             + parts["support"] + W_STATUS * parts["statuses"])
    return value, parts, frozenset(gone)


def ally_cashes(what: str, ally_kit: dict) -> bool:
    need = {"soaked": ("element", "lightning"), "prone": ("delivery", "melee"),
            "rooted": ("delivery", "shot"), "moss": ("element", "fire")}.get(what)
    if need is None:
        return False
    return any(getattr(s, need[0]) == need[1] and s.damage for s in ally_kit.values() if s.slot != "super")




def ahead_value(c: Consequences) -> int:
    """What a turn leaves one phase ahead, in one number: the result, then HP, kills, downs, exits."""
    duo = {"hero", "companion"}
    v = (W_DUO_HP * sum(a.hp_after for a in c.fighters if a.fighter in duo)
         - sum(a.hp_after for a in c.fighters if a.fighter not in duo and not a.ran)
         + W_KILL * len(c.kills) - W_DOWNED * len(c.downed))
    if c.result is not None:
        v += {"won": W_RESULT, "lost": -W_RESULT}.get(c.result.result, 0)
    if c.goal == "break_out" and c.exit_distance:
        v -= (W_EXIT_STEP if c.exits_open else W_EXIT_STEP_CLOSED) * sum(d for _, d in c.exit_distance)
    return v
