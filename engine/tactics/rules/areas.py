"""The tiles a cone, line, dash or burst covers, and a pushed stray's telegraph turning with it."""
from __future__ import annotations

from ..model.board import (
    BARREL,
    ENTER_COST,
    ROCK,
    heading,
    on_board,
    tile_name,
)
from ..model.content import SkillDef, kit
from ..model.state import FighterState
from .figures import (
    XY,
    xy,
)
from .hits import Hits


class Areas(Hits):
    """Area shapes on this board, remembered per board."""

    def area(self, origin: XY, skill: SkillDef, hd: XY | None, center: XY | None = None) -> list[XY]:
        """The tiles a cone, line, dash or burst covers (a fresh list)."""
        return list(self.area_set(origin, skill, hd, center)[0])

    def area_set(self, origin: XY, skill: SkillDef, hd: XY | None,
                 center: XY | None = None) -> tuple[tuple[XY, ...], frozenset[XY]]:
        """The tiles an area covers, in order and as a set, remembered per board: the terrain never
        changes in a fight, and the strays' policy asks the same shapes thousands of times a phase."""
        key = (skill.shape, skill.length, skill.radius, origin, hd, center)
        hit = self._areas.get(key)
        if hit is None:
            tiles = tuple(self._area(origin, skill, hd, center))
            hit = self._areas[key] = (tiles, frozenset(tiles))
        return hit

    def _area(self, origin: XY, skill: SkillDef, hd: XY | None, center: XY | None = None) -> list[XY]:
        if skill.shape == "burst":
            c = center if center is not None else origin
            return [(x, y) for y in range(c[1] - skill.radius, c[1] + skill.radius + 1)
                    for x in range(c[0] - skill.radius, c[0] + skill.radius + 1) if on_board(x, y)]
        assert hd is not None
        hx, hy = hd
        if skill.shape == "cone":
            out = []
            hh = hx * hx + hy * hy
            L = skill.length
            for y in range(origin[1] - L, origin[1] + L + 1):
                for x in range(origin[0] - L, origin[0] + L + 1):
                    dx, dy = x - origin[0], y - origin[1]
                    dot = dx * hx + dy * hy
                    if dot > 0 and 2 * dot * dot >= (dx * dx + dy * dy) * hh and on_board(x, y):
                        out.append((x, y))
            return out
        out = []
        for k in range(1, skill.length + 1):
            p = (origin[0] + hx * k, origin[1] + hy * k)
            if not on_board(*p):
                break
            ter = self.terrain(p)
            if ter in (ROCK, BARREL) or (skill.shape == "dash" and ENTER_COST[ter] is None):
                break
            out.append(p)
        return out

    def retarget(self, stray: FighterState) -> None:
        """A pushed stray's area telegraph turns with it (re-aimed at its locked point)."""
        for t in self.state.telegraphs:
            if t.stray != stray.id:
                continue
            t.pushed = True
            if t.shape == "single":
                continue
            skill = kit(stray.name)[t.skill]
            here = self.pos(stray)
            if t.shape == "burst":
                off = t.offset or (0, 0)
                center = (here[0] + off[0], here[1] + off[1])
                t.tiles = [tile_name(*p) for p in self.area(here, skill, None, center)]
            else:
                hd = heading(here, xy(t.aim)) if t.aim else None
                t.heading = hd or t.heading
                t.tiles = [tile_name(*p) for p in self.area(here, skill, t.heading)]
