"""Path-finding and walking: the cheapest ways to every tile, and the opportunity attacks on the way."""
from __future__ import annotations

import heapq

from ..model.board import (
    DIRS,
    ENTER_COST,
    H,
    W,
    dist,
    tile_name,
)
from ..model.events import (
    Moved,
    OpportunityAttack,
)
from ..model.state import FighterState
from .areas import Areas
from .figures import (
    OA_DAMAGE,
    XY,
    enrage_bonus,
)


class Movement(Areas):
    """Where a fighter can go and what it costs."""

    def paths(self, f: FighterState, budget: int, start: XY | None = None,
              provoke: bool = True) -> dict[XY, tuple[int, int, XY | None]]:
        """Cheapest ways to every tile within `budget`: tile -> (cost, opportunity attacks, previous).
        Passes through allies, never through foes; tiles an ally stands on are listed but not stoppable.
        Remembered per board by everything it reads (the map is shared: callers only read it), as the
        planner's look ahead walks the same fighter from the same tile past the same foes many times."""
        start = start or self.pos(f)
        foe_fs = self.foes(f)
        foes = [self.pos(o) for o in foe_fs]
        provokes = tuple(provoke and self.reckons_with(f, o) for o in foe_fs)
        key = (start, budget, tuple(foes), provokes)
        known = self._reach.get(key)
        if known is None:
            known = self._reach[key] = self._paths(start, budget, foes, provokes)
        return known

    def _paths(self, start: XY, budget: int, foes: list[XY], provokes: tuple[bool, ...]
               ) -> dict[XY, tuple[int, int, XY | None]]:
        foe_set = set(foes)
        threats = [p for p, threat in zip(foes, provokes) if threat]
        # The threats each tile is next to: leaving a threat's reach is a step from a tile next to it
        # to one that is not (its own tile is a foe's, never entered).
        near: dict[XY, tuple[int, ...]] = {}
        for i, (tx, ty) in enumerate(threats):
            for ddx, ddy in DIRS:
                q = (tx + ddx, ty + ddy)
                near[q] = near.get(q, ()) + (i,)
        best: dict[XY, tuple[int, int, XY | None]] = {start: (0, 0, None)}
        heap = [(0, 0, start)]
        lv = self._levels
        terr = self.board.terrain
        while heap:
            c, oa, cur = heapq.heappop(heap)
            if best[cur][:2] != (c, oa):
                continue
            cx, cy = cur
            here_near = near.get(cur)
            for dx, dy in DIRS:
                nx, ny = cx + dx, cy + dy
                if not (0 <= nx < W and 0 <= ny < H):
                    continue
                base = ENTER_COST[terr[ny][nx]]
                if base is None or (nx, ny) in foe_set:
                    continue
                nc = c + base + max(0, lv[ny][nx] - lv[cy][cx])
                if nc > budget:
                    continue
                noa = oa
                if here_near:
                    there = near.get((nx, ny), ())
                    noa += sum(1 for i in here_near if i not in there)
                old = best.get((nx, ny))
                if old is None or (nc, noa) < old[:2]:
                    best[(nx, ny)] = (nc, noa, cur)
                    heapq.heappush(heap, (nc, noa, (nx, ny)))
        return best

    def stoppable(self, f: FighterState, reach: dict) -> list[XY]:
        occupied = {self.pos(o) for o in self.state.fighters if o.standing and o.id != f.id}
        return [p for p in reach if p not in occupied]

    def walk(self, f: FighterState, reach: dict, dest: XY, provoke: bool = True) -> None:
        """Walk a found path tile by tile; foes whose reach is left strike once a round."""
        path = []
        p: XY | None = dest
        while p is not None:
            path.append(p)
            p = reach[p][2]
        path.reverse()
        f.moved += reach[dest][0]
        start = f.pos
        for a, b in zip(path, path[1:]):
            if provoke:
                for o in self.foes(f):
                    op = self.pos(o)
                    if dist(op, a) == 1 and dist(op, b) > 1 and self.can_react(o, "opportunity_attack"):
                        o.reaction_round = self.state.round
                        self.emit(OpportunityAttack(attacker=o.id, target=f.id, at=tile_name(*a)))
                        amount = OA_DAMAGE + (enrage_bonus(self.state.round) if o.side == "strays" else 0)
                        self.strike(o, f, amount, melee=True, cause="opportunity_attack")
                        if not f.standing or self.state.result:
                            if f.pos != start:
                                self.emit(Moved(who=f.id, frm=start, to=f.pos, cost=reach[dest][0]))
                            return
            f.pos = tile_name(*b)
        if f.pos != start:
            self.emit(Moved(who=f.id, frm=start, to=f.pos, cost=reach[dest][0]))
