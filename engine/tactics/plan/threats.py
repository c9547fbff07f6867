"""What a tile costs a duo member: the HP the locked telegraphs threaten there, the opportunity attacks
on the way, the safest reachable tile and, in a break-out, the pull of the exits."""
from __future__ import annotations

from ..model.board import EXIT, H, W, dist, tile_name
from ..model.content import SkillDef, kit
from ..model.state import FighterState
from ..rules.fight import Fight
from ..rules.figures import OA_DAMAGE, XY, enrage_bonus, xy
from .weights import W_FALL, W_OA

# --- threat of the locked telegraphs ---------------------------------------------------------------

class Threats:
    """HP the strays' telegraphs threaten on each tile for one fighter, stray by stray."""

    def __init__(self, fight: Fight, f: FighterState) -> None:
        self.fight = fight
        self.f = f
        self.area: list[tuple[str, int, set[XY]]] = []
        self.aimed: list[tuple[str, int, SkillDef, FighterState]] = []
        for tg in fight.state.telegraphs:
            st = fight.state.get(tg.stray)
            if not st.standing:
                continue
            skill = kit(st.name)[tg.skill]
            amt = skill.damage + enrage_bonus(fight.state.round + 1)
            if tg.shape == "single":
                if tg.target == f.id:
                    self.aimed.append((st.id, amt, skill, st))
            else:
                self.area.append((st.id, amt, {xy(n) for n in tg.tiles}))

    def at(self, p: XY, gone: frozenset[str] = frozenset(), moved: dict[str, XY] | None = None,
           rooted: frozenset[str] | None = None) -> tuple[int, int]:
        """(HP at risk on tile p, number of telegraphs threatening it), ignoring downed strays.
        A targeted telegraph reaches p if its stray can get within range with its movement, or, when
        rooted, from where it stands (`moved`/`rooted` describe the strays after the turn)."""
        hp = n = 0
        for sid, amt, tiles in self.area:
            if sid not in gone and p in tiles:
                hp += amt
                n += 1
        for sid, amt, skill, st in self.aimed:
            if sid in gone:
                continue
            sp = (moved or {}).get(sid) or xy(st.pos)
            is_rooted = sid in rooted if rooted is not None else st.has("rooted")
            reach = skill.range if is_rooted else skill.range + st.move
            if dist(sp, p) <= reach:
                hp += amt
                n += 1
        return hp, n


def oa_hit(fight: Fight) -> int:
    """The most one stray's opportunity attack can do now: 5 + enrage, luck up to +10%."""
    hit = OA_DAMAGE + enrage_bonus(fight.state.round)
    return hit + hit // 10


def oa_cost(fight: Fight, f: FighterState, n: int, hp: int | None = None) -> int:
    """What n opportunity attacks on the way cost in the score: 5 each, and a fall's penalty when they
    could down the fighter (with `hp` left, by default what it has now)."""
    if n <= 0:
        return 0
    return W_OA * n + (W_FALL if n * oa_hit(fight) >= (f.hp if hp is None else hp) else 0)


def safest(fight: Fight, f: FighterState, start: XY, budget: int, threats: Threats, gone, provoke=True,
            moved: dict | None = None, rooted: frozenset | None = None, hp: int | None = None):
    """The tile within `budget` of start with the least HP at risk (then fewest opportunity attacks,
    then the least movement), and the path map to reach it."""
    old = with_pos(f, start)
    try:
        reach = fight.paths(f, budget, provoke=provoke)
        stops = fight.stoppable(f, reach)
    finally:
        f.pos = old
    stops = [p for p in stops if p == start or fight.at(p, ignore=f.id) is None]
    best = min(stops, key=lambda p: (threats.at(p, gone, moved, rooted)[0] + oa_cost(fight, f, reach[p][1], hp),
                                     reach[p][0], exit_pull(fight, p), p[1], p[0]))
    return best, reach


def exit_pull(fight: Fight, p: XY) -> int:
    """Tiles from p to the nearest exit in a break-out (0 in any other fight, or with no exit)."""
    if fight.state.goal != "break_out":
        return 0
    return exit_distances(tuple(fight.board.terrain))[p[1]][p[0]]


_EXIT_DISTANCES: dict[tuple[str, ...], list[list[int]]] = {}
_EXIT_BOARDS = 16   # boards remembered (the terrain never changes in a fight; the planner asks per tile)


def exit_distances(terrain: tuple[str, ...]) -> list[list[int]]:
    """Per board, each tile's distance to the nearest exit, worked out once."""
    table = _EXIT_DISTANCES.get(terrain)
    if table is None:
        exits = [(x, y) for y in range(H) for x in range(W) if terrain[y][x] == EXIT]
        table = [[min((dist((x, y), e) for e in exits), default=0) for x in range(W)] for y in range(H)]
        if len(_EXIT_DISTANCES) >= _EXIT_BOARDS:
            _EXIT_DISTANCES.clear()
        _EXIT_DISTANCES[terrain] = table
    return table


def with_pos(f: FighterState, p: XY):
    old = f.pos
    f.pos = tile_name(*p)
    return old
