"""Whether a skill can be used at a tile now, and what it would cover and hit."""
from __future__ import annotations

from ..model.board import (
    COMPASS,
    dist,
    heading,
    tile_name,
)
from ..model.content import SkillDef
from ..model.state import FighterState
from .figures import (
    SUPER_COST,
    SUPER_LEVEL,
    XY,
)
from .previews import Problem
from .pushes import Pushes


class SkillChecks(Pushes):
    """A skill's legality and reach."""

    def skill_problem(self, f: FighterState, skill: SkillDef, at: XY, toward: str | None) -> Problem | None:
        """Why this skill cannot be used at this tile now (a reason with a `.code`), or None."""
        if skill.slot in ("action", "super") and f.action_used:
            return Problem("out_of_budget", "the action is already used this phase", slot="action")
        if skill.slot == "bonus" and f.bonus_used:
            return Problem("out_of_budget", "the bonus action is already used this phase", slot="bonus")
        if skill.slot == "super":
            if f.level < SUPER_LEVEL:
                return Problem("locked", f"supers unlock at level {SUPER_LEVEL} ({f.name} is level {f.level})",
                               fighter=f.name, least=SUPER_LEVEL, level=f.level)
            if f.spirit < SUPER_COST:
                return Problem("no_spirit", f"{skill.name} needs {SUPER_COST} Spirit, {f.name} has {f.spirit}",
                               skill=skill.name, need=SUPER_COST, fighter=f.name, spirit=f.spirit)
        if toward is not None and not skill.push_choice:
            return Problem("no_choice", f"{skill.name} does not let you choose a push direction", skill=skill.name)
        here = self.pos(f)
        d = dist(here, at)
        shape = skill.shape
        if shape == "single":
            t = self.at(at)
            if t is None:
                return Problem("no_target", f"no fighter stands on {tile_name(*at)}", tile=tile_name(*at))
            if t.id == f.id:
                return Problem("at_yourself", f"{skill.name} cannot be aimed at yourself", skill=skill.name)
            if skill.foes_only and t.side == f.side:
                return Problem("foes_only", f"{skill.name} can only be aimed at a foe", skill=skill.name)
            if not self.in_range(f, skill, here, at):
                return Problem("out_of_range", f"{tile_name(*at)} is {d} tiles away; {skill.name} reaches "
                               f"{skill.range}", tile=tile_name(*at), distance=d, skill=skill.name, reach=skill.range)
            if toward is not None:
                step = COMPASS[toward]
                if (at[0] + step[0], at[1] + step[1]) == here:
                    return Problem("push_into_yourself", f"{skill.name} cannot push {t.name} {toward} into yourself",
                                   skill=skill.name, target=t.name, toward=toward)
        elif shape == "ally":
            t = self.at(at)
            if t is None or t.side != f.side:
                return Problem("needs_ally", f"{skill.name} needs yourself or your ally on {tile_name(*at)}",
                               skill=skill.name, tile=tile_name(*at))
            if d > skill.range:
                return Problem("out_of_range", f"{tile_name(*at)} is {d} tiles away; {skill.name} reaches "
                               f"{skill.range}", tile=tile_name(*at), distance=d, skill=skill.name, reach=skill.range)
        elif shape == "self":
            if at != here:
                return Problem("own_tile", f"{skill.name} is used on your own tile {f.pos}", skill=skill.name,
                               tile=f.pos)
        elif shape in ("cone", "line", "dash"):
            reach = max(1, skill.length)
            if d == 0 or d > reach:
                return Problem("heading", f"aim {skill.name} at a tile 1 to {reach} away to set its heading",
                               skill=skill.name, reach=reach)
        elif shape == "burst":
            if skill.range == 0 and at != here:
                return Problem("bursts_around", f"{skill.name} bursts around you: aim it at {f.pos}", skill=skill.name,
                               tile=f.pos)
            reach = skill.range
            if skill.delivery == "shot" and self.level(here) > self.level(at):
                reach += 1   # shots reach 1 tile further from higher ground (Rain of Arrows too)
            if d > reach:
                return Problem("out_of_range", f"{tile_name(*at)} is {d} tiles away; {skill.name} reaches {reach}",
                               tile=tile_name(*at), distance=d, skill=skill.name, reach=reach)
        elif shape == "move":
            reachable = self.paths(f, skill.range, provoke=False)
            if at == here or at not in reachable:
                return Problem("dash_reach", f"{tile_name(*at)} cannot be reached with a dash of {skill.range}",
                               tile=tile_name(*at), reach=skill.range)
            if self.at(at) is not None:
                return Problem("occupied", f"{tile_name(*at)} is taken", tile=tile_name(*at))
        elif shape == "leap":
            if d == 0 or d > skill.range:
                return Problem("out_of_range", f"{tile_name(*at)} is {d} tiles away; {skill.name} reaches "
                               f"{skill.range}", tile=tile_name(*at), distance=d, skill=skill.name, reach=skill.range)
            if not self.board.standable(*at):
                return Problem("blocked", f"{tile_name(*at)} is not standable", tile=tile_name(*at))
            if self.at(at) is not None:
                return Problem("occupied", f"{tile_name(*at)} is taken", tile=tile_name(*at))
        return None

    def skill_targets(self, f: FighterState, skill: SkillDef, at: XY) -> tuple[list[XY], list[FighterState], XY | None]:
        """(tiles it covers, fighters it affects, heading)."""
        here = self.pos(f)
        shape = skill.shape
        if shape in ("single", "ally"):
            t = self.at(at)
            return [at], ([t] if t else []), None
        if shape == "self":
            return [here], [f], None
        if shape in ("move", "leap"):
            return [at], [], None
        hd = heading(here, at) if shape != "burst" else None
        tiles = self.area(here, skill, hd, at if shape == "burst" else None)
        tset = set(tiles)
        hit = [o for o in self.foes(f) if self.pos(o) in tset]
        return tiles, hit, hd
