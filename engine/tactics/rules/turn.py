"""A duo member's turn on a working copy: who may act, the all-or-nothing check of its steps, and
each step played through the rules (moves walked, skills checked, previewed and used, reactions held)."""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..model.board import TERRAIN_NAME, parse_tile
from ..model.content import fighter, kit
from ..model.state import FighterState, FightState
from ..model.steps import (
    EndStep,
    FightOverError,
    HoldStep,
    IllegalStepError,
    InvalidStepError,
    MoveStep,
    NotYourPhaseError,
    SkillStep,
    parse_steps,
)
from .copying import working_copy
from .fight import Fight
from .figures import xy
from .previews import SkillPreview

DUO_IDS = ("hero", "companion")


def check_actor(state: FightState, fighter_id: str) -> None:
    if state.result:
        raise FightOverError(None, f"the fight is over ({state.result})", result=state.result)
    if state.phase != "duo":
        raise NotYourPhaseError(None, "it is the strays' phase", "strays_phase")
    if fighter_id not in DUO_IDS:
        raise NotYourPhaseError(None, f"{fighter_id!r} is not a duo member (hero or companion)", "not_duo",
                                fighter=fighter_id)
    f = state.get(fighter_id)
    if not f.standing:
        raise NotYourPhaseError(None, f"{f.name} is down", "down", fighter=f.name)
    if f.done:
        raise NotYourPhaseError(None, f"{f.name} has already ended this phase", "already_ended", fighter=f.name)


def _tile(i: int, name: str) -> tuple[int, int]:
    p = parse_tile(name)
    if p is None:
        raise InvalidStepError(i, f"{name!r} is not a tile (columns A-M, rows 1-9)", "off_board", text=name)
    return p


def aim_at(fight: Fight, i: int, at: str) -> tuple[int, int]:
    """The tile a skill step aims at: a tile, or a fighter (by id or name) standing on it now."""
    p = parse_tile(at)
    if p is not None:
        return p
    who = _named(fight.state, at)
    if not who:
        raise InvalidStepError(i, f"{at!r} is neither a tile (columns A-M, rows 1-9) nor a fighter", "off_board",
                               text=at, aim=True)
    standing = [o for o in who if o.standing]
    if not standing:
        raise IllegalStepError(i, f"{who[0].name} ({who[0].id}) is no longer on the board", "gone",
                               target=who[0].name, id=who[0].id)
    if len(standing) > 1:
        which = " or ".join(f"{o.id} at {o.pos}" for o in standing)
        raise InvalidStepError(i, f"{at!r} could be {which}: name one by its id or tile", "ambiguous", text=at,
                               which=[(o.id, o.name, o.pos) for o in standing])
    return xy(standing[0].pos)


def _named(state: FightState, name: str) -> list[FighterState]:
    key = name.strip().lower()
    by_id = [o for o in state.fighters if o.id.lower() == key]
    return by_id or [o for o in state.fighters if o.name.lower() == key]


def check_steps(state: FightState, fighter_id: str, steps: Sequence) -> None:
    """The all-or-nothing check made before anything is played (rules file): every step well formed,
    every tile on the board, every skill in the fighter's kit, at most one action, one bonus skill and
    one held reaction (counting what the fighter already used this phase), nothing after `end`."""
    f = state.get(fighter_id)
    skills = kit(f.name)
    reactions = fighter(f.name).reactions
    used = {"action": f.action_used, "bonus": f.bonus_used, "hold": f.held is not None}
    for i, step in enumerate(steps):
        if i and isinstance(steps[i - 1], EndStep):
            raise IllegalStepError(i - 1, "end must be the last step of a turn", "after_end")
        if isinstance(step, MoveStep):
            _tile(i, step.to)
        elif isinstance(step, SkillStep):
            if step.skill not in skills:
                raise InvalidStepError(i, f"{f.name} has no skill {step.skill!r} (has: {', '.join(skills)})",
                                       "no_such_skill", fighter=f.name, skill=step.skill, has=list(skills))
            if parse_tile(step.at) is None and not _named(state, step.at):
                raise InvalidStepError(i, f"{step.at!r} is neither a tile (columns A-M, rows 1-9) nor a fighter",
                                       "off_board", text=step.at, aim=True)
            slot = "bonus" if skills[step.skill].slot == "bonus" else "action"
            if used[slot]:
                what = "the bonus action" if slot == "bonus" else "the action"
                raise IllegalStepError(i, f"{what} is already used this phase (one a phase)", "out_of_budget",
                                       slot=slot, once=True)
            used[slot] = True
        elif isinstance(step, HoldStep):
            if step.reaction not in reactions:
                raise IllegalStepError(i, f"{f.name} cannot hold {step.reaction.replace('_', ' ')}"
                                          " (only the Penitent may hold Flowing Guard)", "no_such_reaction",
                                       fighter=f.name, reaction=step.reaction)
            if used["hold"]:
                raise IllegalStepError(i, f"{f.name} already holds a reaction this phase", "out_of_budget",
                                   fighter=f.name, slot="hold")
            used["hold"] = True


def play_step(fight: Fight, f: FighterState, i: int, step, last: bool) -> SkillPreview | None:
    if isinstance(step, MoveStep):
        to = _tile(i, step.to)
        if f.has("rooted"):
            raise IllegalStepError(i, f"{f.name} is rooted and cannot move this phase", "rooted", fighter=f.name)
        left = f.move - f.moved
        reach = fight.paths(f, left)
        if to == xy(f.pos):
            raise IllegalStepError(i, f"{f.name} already stands on {step.to}", "no_move", fighter=f.name,
                                   tile=step.to)
        if not fight.board.standable(*to):
            raise IllegalStepError(i, f"{step.to} is {_terrain_name(fight, to)} and blocks the way", "blocked",
                                   tile=step.to, terrain=_terrain_name(fight, to))
        if to not in reach:
            raise IllegalStepError(i, f"{step.to} is out of reach: {left} tiles of movement left "
                                      "(shallows cost 2, climbing 1 more, foes block)", "out_of_budget",
                                   tile=step.to, left=left, slot="move")
        other = fight.at(to)
        if other is not None:
            raise IllegalStepError(i, f"{step.to} is taken by {other.name}; you may pass an ally but not stop on it",
                                   "occupied", tile=step.to, by=other.name)
        fight.walk(f, reach, to)
    elif isinstance(step, SkillStep):
        skills = kit(f.name)
        if step.skill not in skills:
            raise InvalidStepError(i, f"{f.name} has no skill {step.skill!r} (has: {', '.join(skills)})",
                                   "no_such_skill", fighter=f.name, skill=step.skill, has=list(skills))
        skill = skills[step.skill]
        at = aim_at(fight, i, step.at)
        if f.has("rooted") and skill.shape in ("move", "leap"):
            raise IllegalStepError(i, f"{f.name} is rooted and cannot move this phase", "rooted", fighter=f.name)
        why = fight.skill_problem(f, skill, at, step.toward)
        if why:
            raise IllegalStepError(i, why, why.code, **why.facts)
        pv = fight.preview(f, skill, at, step.toward)
        fight.use_skill(f, skill, at, step.toward)
        return pv
    elif isinstance(step, HoldStep):
        if step.reaction not in fighter(f.name).reactions:
            raise IllegalStepError(i, f"{f.name} cannot hold {step.reaction.replace('_', ' ')}"
                                      " (only the Penitent may hold Flowing Guard)", "no_such_reaction",
                                   fighter=f.name, reaction=step.reaction)
        if f.held is not None:
            raise IllegalStepError(i, f"{f.name} already holds a reaction this phase", "out_of_budget",
                                   fighter=f.name, slot="hold")
        f.held = step.reaction
    elif isinstance(step, EndStep):
        if not last:
            raise IllegalStepError(i, "end must be the last step of a turn", "after_end")
        f.done = True
    else:  # pragma: no cover - parse_steps only yields the four kinds
        raise InvalidStepError(i, "unknown step")
    return None


def _terrain_name(fight: Fight, p) -> str:
    return TERRAIN_NAME[fight.terrain(p)]


def run_steps(state: FightState, fighter_id: str, steps: Sequence | Iterable,
              steady: bool = False) -> tuple[Fight, list[SkillPreview]]:
    """Run the steps on a private copy without closing the phase; returns it and each skill's preview.
    `steady`: a look ahead, where every hit lands as its preview says (no luck drawn)."""
    parsed = parse_steps(list(steps))
    check_steps(state, fighter_id, parsed)
    fight = Fight(working_copy(state))
    fight.steady = steady
    f = fight.state.get(fighter_id)
    previews: list[SkillPreview] = []
    for i, step in enumerate(parsed):
        if fight.state.result or not f.standing:
            break
        pv = play_step(fight, f, i, step, i == len(parsed) - 1)
        if pv is not None:
            previews.append(pv)
    return fight, previews


def skill_preview(state: FightState, fighter_id: str, skill: str, at: str, toward: str | None = None) -> SkillPreview:
    """A skill's preview on a copy (engine.preview_skill), raising what playing it now would raise."""
    fight = Fight(working_copy(state))
    f = fight.state.get(fighter_id)
    skills = kit(f.name)
    if skill not in skills:
        raise InvalidStepError(0, f"{f.name} has no skill {skill!r}", "no_such_skill", fighter=f.name, skill=skill)
    p = aim_at(fight, 0, at)
    if f.has("rooted") and skills[skill].shape in ("move", "leap"):
        raise IllegalStepError(0, f"{f.name} is rooted and cannot move this phase", "rooted", fighter=f.name)
    why = fight.skill_problem(f, skills[skill], p, toward)
    if why:
        raise IllegalStepError(0, why, why.code, **why.facts)
    return fight.preview(f, skills[skill], p, toward)
