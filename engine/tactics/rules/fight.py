"""The rules of a fight: movement, hits and modifiers, pushes, statuses, telegraphs, Spirit, phases, goals.

`Fight` wraps a private copy of a FightState and mutates it; the public functions in `engine.py`
copy first, so a turn is all or nothing. Every random draw goes through the state's own Rng.
"""
from __future__ import annotations

import heapq

from pydantic import BaseModel

from ...errors import RuleError
from ...rng import Rng
from ..model.board import (
    BARREL,
    COMPASS_NAME,
    DEEP,
    DIRS,
    ENTER_COST,
    EXIT,
    ROCK,
    SHALLOWS,
    WATER,
    H,
    W,
    dist,
    heading,
    on_board,
    parse_tile,
    sign,
    tile_name,
)
from ..model.content import SkillDef, Status, kit
from ..model.events import (
    CashedIn,
    Downed,
    FightEnded,
    Guarded,
    Healed,
    Hit,
    HitCause,
    Moved,
    OpportunityAttack,
    PhaseOpened,
    Pushed,
    PushHow,
    Shielded,
    SkillUsed,
    SpiritGained,
    StatusApplied,
    StatusRemoved,
    SurfaceBurned,
    SurfaceLeft,
    TelegraphFired,
    TelegraphFizzled,
)
from ..model.moments import Moment, moment_of
from ..model.recap import mark_round
from ..model.state import FighterState, FightState, StatusState, SurfaceState, phase_index
from ..words.log_text import log_lines, outcome_words

XY = tuple[int, int]
_TILE_XY = {tile_name(x, y): (x, y) for x in range(W) for y in range(H)}

OA_DAMAGE = 5
SPLAT_DAMAGE = 3
SWEPT_DAMAGE = 5
STAND_UP_COST = 2
SUPER_COST = 60
SUPER_LEVEL = 8
CASHIN_SPIRIT = 10
FLOWING_GUARD_BLOCK = 3
FLOWING_GUARD_STRIKE = 6
BREAK_SHARE = (3, 10)   # the pack breaks under 30% of its starting HP
LAST_ROUND = 10
LOG_KEEP = 80

# Which set-up each kind of skill cashes in (seed: soaked for lightning, prone for melee,
# rooted for a shot, moss for fire).
CASHINS = (("soaked", "element", "lightning"), ("prone", "delivery", "melee"),
           ("rooted", "delivery", "shot"), ("moss", "element", "fire"))


def _clone(model):
    """A shallow copy of a pydantic model without pydantic's copy machinery (the planner makes
    thousands): the same fields, lists shared. Callers rebind lists, never change them in place."""
    twin = object.__new__(type(model))
    object.__setattr__(twin, "__dict__", dict(model.__dict__))
    object.__setattr__(twin, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    object.__setattr__(twin, "__pydantic_extra__", None)
    object.__setattr__(twin, "__pydantic_private__", None)
    return twin


def working_copy(state: FightState) -> FightState:
    """A copy of a fight to play the rules on, so the state given is never changed. Every part the
    rules change is copied; the leaves they only ever replace (status and surface records, strings,
    tuples) are shared. Much cheaper than a deep copy, which the planner would pay hundreds of times."""
    twin = _clone(state)
    board = _clone(state.board)
    board.terrain, board.levels = list(board.terrain), list(board.levels)
    twin.board = board
    twin.fighters = [_clone(f) for f in state.fighters]
    twin.telegraphs = [_clone(t) for t in state.telegraphs]
    twin.surfaces = list(state.surfaces)
    twin.log = list(state.log)
    twin.moments = list(state.moments)
    twin.start_hp = dict(state.start_hp)
    return twin


class Problem(str):
    """Why a step cannot be played: the reason a person reads, with a short stable `.code`."""

    code: str

    def __new__(cls, code: str, reason: str) -> Problem:
        self = super().__new__(cls, reason)
        self.code = code
        return self


def spirit_total(f: FighterState) -> int:
    """Spirit earned so far on the running totals (rules file): 12 per ten dealt, 10 per ten taken,
    10 a cash-in, each total floored once."""
    return f.dealt * 12 // 10 + f.taken * 10 // 10 + CASHIN_SPIRIT * f.cashins


def enrage_bonus(round_: int) -> int:
    """+2 a round from round 5, adding up to +10."""
    return min(10, 2 * (round_ - 4)) if round_ >= 5 else 0


def xy(name: str) -> XY:
    t = _TILE_XY.get(name) or parse_tile(name)
    if t is None:
        raise RuleError(f"{name!r} is not a tile (columns A-M, rows 1-9)", "off_board")
    return t


def luck_offset(amount: int, k: int) -> int:
    """Offset for a luck draw k in [-100, 100] (thousandths): amount × k/1000 truncated toward zero."""
    q = amount * k
    return q // 1000 if q >= 0 else -((-q) // 1000)


class TargetPreview(BaseModel):
    fighter: str
    name: str
    tile: str
    damage: int = 0
    modifiers: list[str] = []
    heal: int = 0
    shield: int = 0
    push_to: str | None = None
    push_outcome: str | None = None
    push_damage: int = 0
    statuses: list[str] = []
    downs: bool = False
    # The push as data, for words that match it: how it ended (events.PushHow), what stopped it ("edge",
    # "rock", "barrel" or a fighter id), whether the target leaves its tile, and whether it is a pull.
    # The fighter a target is splatted on is never hurt (only the pushed fighter takes the splat).
    push_how: str | None = None
    push_blocker: str | None = None
    push_moves: bool = False
    pull: bool = False


class SkillPreview(BaseModel):
    """What a skill use will do, before luck: damage per target, where pushes land, statuses, surfaces."""

    user: str
    skill: str
    at: str
    tiles: list[str] = []
    targets: list[TargetPreview] = []
    surfaces: list[str] = []
    cashin: str | None = None
    moves_to: str | None = None

    @property
    def damage(self) -> int:
        return sum(t.damage + t.push_damage for t in self.targets if t.fighter != self.user)


_AREAS: dict[tuple[str, ...], dict] = {}
_AREAS_KEEP = 32   # boards whose area shapes are remembered (a process plays a few fights at a time)


def _areas_for(terrain: list[str]) -> dict:
    key = tuple(terrain)
    table = _AREAS.get(key)
    if table is None:
        if len(_AREAS) >= _AREAS_KEEP:
            _AREAS.clear()
        table = _AREAS[key] = {}
    return table


_REACH: dict[tuple[tuple[str, ...], tuple[str, ...]], dict] = {}
_REACH_BOARDS, _REACH_KEEP = 16, 64   # path maps remembered: boards, and maps per board (a plan asks ~20)


def _reach_for(terrain: list[str], levels: list[str]) -> dict:
    key = (tuple(terrain), tuple(levels))
    table = _REACH.get(key)
    if table is None:
        if len(_REACH) >= _REACH_BOARDS:
            _REACH.clear()
        table = _REACH[key] = {}
    elif len(table) >= _REACH_KEEP:
        table.clear()
    return table


class Fight:
    """Mutable working copy of one fight. Not for callers: use engine.py."""

    def __init__(self, state: FightState) -> None:
        self.s = state
        self.rng = Rng(state.rng)
        self.b = state.board
        self._lv = [[ord(c) - 48 for c in row] for row in self.b.levels]
        self._areas = _areas_for(self.b.terrain)
        self._reach = _reach_for(self.b.terrain, self.b.levels)
        self.dry = False                      # a preview's scratch copy: no luck, no log, notes kept
        self.record: dict[str, dict] = {}
        self.events: list = []                # what this working copy played, in order (events.py)
        self.steady = False                   # a look ahead: every hit lands as the preview says (no luck)

    def save(self) -> FightState:
        self.s.rng = self.rng.state
        if len(self.s.log) > LOG_KEEP:
            del self.s.log[: len(self.s.log) - LOG_KEEP]
        return self.s

    def log(self, text: str) -> None:
        if self.dry:
            return
        self.s.log.append(f"r{self.s.round} {self.s.phase}: {text}")

    def emit(self, event) -> None:
        """Record what happened (an events.py value) and write its log lines; a preview records nothing."""
        if self.dry:
            return
        self.events.append(event)
        if (moment := moment_of(event, self.s.round)) is not None:
            self.s.moments.append(moment)
        if (moment := self.goal_moment(event)) is not None:
            self.s.moments.append(moment)
        for line in log_lines(event, self.s):
            self.s.log.append(f"r{self.s.round} {self.s.phase}: {line}")

    def goal_moment(self, event) -> Moment | None:
        """A moment a goal turns on, for the recap to say what ended the fight: the hit that broke a
        routing pack (its HP fell under the break line), a duo member reaching an exit tile."""
        s = self.s
        if s.goal == "rout" and isinstance(event, Hit) and event.lost and s.get(event.target).side == "strays":
            left = sum(f.hp for f in s.standing("strays")) * BREAK_SHARE[1]
            line = s.start_hp["strays"] * BREAK_SHARE[0]
            if left < line <= left + event.lost * BREAK_SHARE[1]:
                return Moment(kind="broke_pack", round=s.round, who=event.target, by=event.src, skill=event.skill,
                              amount=event.lost, cause=event.cause)
        if s.goal == "break_out" and isinstance(event, Moved | Pushed) and event.who in ("hero", "companion") \
                and self.terrain(xy(event.to)) == EXIT:
            by = event.by if isinstance(event, Pushed) else event.who
            return Moment(kind="reached_exit", round=s.round, who=event.who, by=by, skill=event.skill, at=event.to)
        return None

    # --- lookups ---------------------------------------------------------------------------

    def level(self, p: XY) -> int:
        return self._lv[p[1]][p[0]]

    def terrain(self, p: XY) -> str:
        return self.b.terrain[p[1]][p[0]]

    def cost(self, p: XY) -> int | None:
        return ENTER_COST[self.b.terrain[p[1]][p[0]]]

    def pos(self, f: FighterState) -> XY:
        return xy(f.pos)

    def at(self, p: XY, ignore: str | None = None) -> FighterState | None:
        name = tile_name(*p)
        for f in self.s.fighters:
            if f.standing and f.pos == name and f.id != ignore:
                return f
        return None

    def foes(self, f: FighterState) -> list[FighterState]:
        return [o for o in self.s.fighters if o.standing and o.side != f.side]

    def allies(self, f: FighterState) -> list[FighterState]:
        return [o for o in self.s.fighters if o.standing and o.side == f.side and o.id != f.id]

    def moss_at(self, p: XY) -> SurfaceState | None:
        name = tile_name(*p)
        for m in self.s.surfaces:
            if m.tile == name:
                return m
        return None

    def can_react(self, f: FighterState, kind: str) -> bool:
        if not f.standing or f.reaction_round == self.s.round:
            return False
        if f.side == "strays":
            return kind == "opportunity_attack"
        return f.held == kind

    def reckons_with(self, mover: FighterState, o: FighterState) -> bool:
        """Whether the mover's path-finding counts o's opportunity attack. A duo member's reaction is
        held hidden from the strays (seed), so the strays' policy reckons with every standing duo
        member whose reaction has not fired this round, held or not; whether it fires is up to `walk`."""
        if mover.side == "strays" and o.side == "duo":
            return o.standing and o.reaction_round != self.s.round
        return self.can_react(o, "opportunity_attack")

    # --- movement --------------------------------------------------------------------------

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
        lv = self._lv
        terr = self.b.terrain
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
        occupied = {self.pos(o) for o in self.s.fighters if o.standing and o.id != f.id}
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
                        o.reaction_round = self.s.round
                        self.emit(OpportunityAttack(attacker=o.id, target=f.id, at=tile_name(*a)))
                        amount = OA_DAMAGE + (enrage_bonus(self.s.round) if o.side == "strays" else 0)
                        self.strike(o, f, amount, melee=True, cause="opportunity_attack")
                        if not f.standing or self.s.result:
                            if f.pos != start:
                                self.emit(Moved(who=f.id, frm=start, to=f.pos, cost=reach[dest][0]))
                            return
            f.pos = tile_name(*b)
        if f.pos != start:
            self.emit(Moved(who=f.id, frm=start, to=f.pos, cost=reach[dest][0]))

    # --- hits --------------------------------------------------------------------------------

    def in_range(self, user: FighterState, skill: SkillDef, frm: XY, to: XY) -> bool:
        d = dist(frm, to)
        reach = skill.range
        if skill.delivery == "shot" and self.level(frm) > self.level(to):
            reach += 1   # shots reach 1 tile further from higher ground
        return 1 <= d <= reach if skill.shape == "single" else d <= reach

    def in_cover(self, frm: XY, to: XY) -> bool:
        """Rock beside the target, on the shooter's side."""
        sx, sy = sign(frm[0] - to[0]), sign(frm[1] - to[1])
        for dx, dy in {(sx, 0), (0, sy), (sx, sy)}:
            if (dx, dy) == (0, 0):
                continue
            p = (to[0] + dx, to[1] + dy)
            if on_board(*p) and self.terrain(p) == ROCK:
                return True
        return False

    def amount(self, user: FighterState, skill: SkillDef, frm: XY, target: FighterState,
               tpos: XY | None = None) -> tuple[int, list[str]]:
        """Skill damage plus the seed's modifier table, before luck."""
        tpos = tpos or self.pos(target)
        dmg, mods = skill.damage, []
        if skill.ranged and self.level(frm) > self.level(tpos):
            dmg += 2
            mods.append("high ground +2")
        if skill.delivery == "melee":
            far = (tpos[0] + sign(tpos[0] - frm[0]), tpos[1] + sign(tpos[1] - frm[1]))
            other = self.at(far) if on_board(*far) and far != frm else None
            if other is not None and other.side == user.side and other.id != user.id:
                dmg += 2
                mods.append("flank +2")
            if target.has("prone"):
                dmg += 2
                mods.append("prone +2")
        if skill.element == "lightning" and target.has("soaked"):
            dmg += 2
            mods.append("lightning on soaked +2")
        if skill.delivery == "shot" and self.in_cover(frm, tpos):
            dmg -= 3
            mods.append("cover -3")
        if user.side == "strays" and (e := enrage_bonus(self.s.round)):
            dmg += e
            mods.append(f"enrage +{e}")
        return max(0, dmg), mods

    def luck(self, amount: int) -> int:
        """Up to 10% either way, truncated toward zero; hits under 10 never vary (and draw nothing)."""
        if amount < 10 or self.dry or self.steady:
            return amount
        return amount + luck_offset(amount, self.rng.between(-100, 100))

    def strike(self, src: FighterState | None, target: FighterState, base: int, melee: bool = False,
               cause: HitCause = "skill", skill: str | None = None) -> int:
        """Land a hit of `base` damage (before luck): luck, Flowing Guard, then shields (at most half of
        the hit), then HP."""
        rolled = self.luck(base)
        amount = rolled
        guard = (melee and src is not None and src.side != target.side
                 and self.can_react(target, "flowing_guard"))
        if guard:
            target.reaction_round = self.s.round
            amount = max(0, amount - FLOWING_GUARD_BLOCK)
            self.emit(Guarded(who=target.id, against=src.id if src else "", blocked=FLOWING_GUARD_BLOCK))
        lost = self.damage(src, target, amount, cause, skill, base=base, rolled=rolled, guarded=rolled - amount)
        if guard and src is not None and src.standing and not self.s.result:
            self.damage(target, src, FLOWING_GUARD_STRIKE, "strike_back")
        return lost

    def damage(self, src: FighterState | None, target: FighterState, amount: int, cause: HitCause = "skill",
               skill: str | None = None, base: int | None = None, rolled: int | None = None,
               guarded: int = 0) -> int:
        absorbed = min(target.shield, amount // 2)
        target.shield -= absorbed
        lost = min(target.hp, amount - absorbed)
        target.hp -= lost
        before = spirit_total(target)
        target.taken += lost
        self.update_spirit(target, before)
        if src is not None:
            before = spirit_total(src)
            src.dealt += lost
            self.update_spirit(src, before)
        downs = target.hp == 0 and not target.down
        self.emit(Hit(src=src.id if src else None, target=target.id, cause=cause, skill=skill,
                      base=amount if base is None else base, rolled=amount if rolled is None else rolled,
                      guarded=guarded, absorbed=absorbed, lost=lost, hp=target.hp, max_hp=target.max_hp,
                      downed=downs))
        if downs:
            target.down = True
            for st in target.statuses:
                self.emit(StatusRemoved(who=target.id, status=st.name, why="downed"))
            target.statuses = []
            for t in self.s.telegraphs:
                if t.stray == target.id:
                    self.emit(TelegraphFizzled(stray=t.stray, skill=t.skill, reason="attacker_down",
                                               target=t.target or (t.caught[0] if t.caught else None),
                                               area=t.shape != "single"))
            self.s.telegraphs = [t for t in self.s.telegraphs if t.stray != target.id]
            self.emit(Downed(who=target.id, by=src.id if src else None, skill=skill, cause=cause))
            self.check_over()
        return lost

    def update_spirit(self, f: FighterState, before: int | None = None) -> None:
        """Spirit rises by what the running totals gained since `before` (their value before this
        hit or cash-in), capped at 100. A super spends 60 and fighting fills Spirit up again: the cap
        is on Spirit held, not on Spirit ever earned. Without `before`, recount from the totals (for a
        fighter set up by hand)."""
        if before is None:
            f.spirit = max(0, min(100, spirit_total(f)) - f.spent)
            return
        was = f.spirit
        f.spirit = max(0, min(100, f.spirit + spirit_total(f) - before))
        if f.spirit > was:
            self.emit(SpiritGained(who=f.id, amount=f.spirit - was, spirit=f.spirit))

    def check_over(self) -> None:
        if self.s.result:
            return
        if not self.s.standing("strays"):
            self.finish("won", "all_strays_down")
        elif not self.s.standing("duo"):
            self.finish("lost", "duo_down")

    def finish(self, result: str, reason: str) -> None:
        """The one place a fight's result is set: the result, its typed reason and the shares."""
        (dh, dt), (sh, st) = self.shares()
        self.s.result = result  # type: ignore[assignment]
        end = FightEnded(result=result, reason=reason, round=self.s.round,  # type: ignore[arg-type]
                         duo_hp=dh, duo_start=dt, strays_hp=sh, strays_start=st, hold_round=self.s.hold_round)
        if not self.dry:
            self.s.outcome = end
            mark_round(self.s)
        self.emit(end)

    # --- pushes --------------------------------------------------------------------------------

    def push_landing(self, target: FighterState, d: XY, n: int, user_pos: XY | None = None,
                     ignore: str | None = None) -> tuple[XY, PushHow, str | None, int, tuple[Status, ...]]:
        """Where a push of n tiles in direction d lands, typed: (tile, how, blocker, damage, statuses);
        the blocker is "edge", "rock", "barrel" or the id of the fighter it splats on. A pull (user_pos
        given) stops beside the puller."""
        cur = self.pos(target)
        moved = False
        for _ in range(n):
            nxt = (cur[0] + d[0], cur[1] + d[1])
            if user_pos is not None and nxt == user_pos:
                break
            if not on_board(*nxt):
                return cur, "splat", "edge", SPLAT_DAMAGE, ()
            ter = self.terrain(nxt)
            if ter in (ROCK, BARREL):
                return cur, "splat", "rock" if ter == ROCK else "barrel", SPLAT_DAMAGE, ()
            other = self.at(nxt, ignore=target.id)
            if other is not None and other.id != ignore:
                return cur, "splat", other.id, SPLAT_DAMAGE, ()
            if ter == WATER:
                return cur, "water", None, 0, ("soaked", "prone")
            if ter == DEEP:
                return cur, "deep_water", None, SWEPT_DAMAGE, ("soaked", "prone")
            cur, moved = nxt, True
            if ter == SHALLOWS:
                return cur, "shallows", None, 0, ("soaked", "prone")
        return cur, ("pushed" if moved else "held"), None, 0, ()

    def push_result(self, target: FighterState, d: XY, n: int, user_pos: XY | None = None,
                    ignore: str | None = None) -> tuple[XY, str, int, tuple[Status, ...]]:
        """Where a push of n tiles in direction d lands: (tile, outcome in words, damage, statuses)."""
        land, how, blocker, dmg, statuses = self.push_landing(target, d, n, user_pos, ignore)
        return land, outcome_words(self.s, how, blocker), dmg, statuses

    def push_dir(self, skill: SkillDef, frm: XY, tpos: XY, toward: str | None) -> XY | None:
        from ..model.board import COMPASS
        if skill.push_choice and toward:
            return COMPASS[toward]
        # Straight pushes (and pulls) go along the nearest of the eight headings of the line from the
        # pusher to the target (rules file), as telegraph headings do.
        return heading(tpos, frm) if skill.push < 0 else heading(frm, tpos)

    def do_push(self, user: FighterState, skill: SkillDef, frm: XY, target: FighterState, toward: str | None) -> None:
        d = self.push_dir(skill, frm, self.pos(target), toward)
        if d is None or not target.standing:
            return
        land, how, blocker, dmg, statuses = self.push_landing(target, d, abs(skill.push),
                                                              frm if skill.push < 0 else None)
        outcome = outcome_words(self.s, how, blocker)
        self.note(target, push_to=tile_name(*land), push_outcome=outcome, push_damage=dmg, statuses=list(statuses),
                  push_how=how, push_blocker=blocker)
        frm_tile = target.pos
        if tile_name(*land) != target.pos:
            target.pos = tile_name(*land)
            self.retarget(target)
        self.emit(Pushed(who=target.id, by=user.id, skill=skill.name, frm=frm_tile, to=target.pos, how=how,
                         pull=skill.push < 0, blocker=blocker, damage=dmg, statuses=statuses,
                         heading=COMPASS_NAME.get(d)))
        for st in statuses:
            self.add_status(user, target, st)
        if dmg:
            self.damage(user, target, dmg, "swept" if how == "deep_water" else "splat", skill.name)

    # --- statuses and surfaces --------------------------------------------------------------------

    def add_status(self, by: FighterState, target: FighterState, name: Status) -> None:
        now = phase_index(self.s.round, self.s.phase)
        own = "duo" if target.side == "duo" else "strays"
        expires = now + (2 if own == self.s.phase else 1)
        target.statuses = [s for s in target.statuses if s.name != name]
        target.statuses.append(StatusState(name=name, by=by.id, round=self.s.round, expires=expires))
        self.emit(StatusApplied(who=target.id, status=name, by=by.id))

    def cashin(self, user: FighterState, skill: SkillDef, target: FighterState, tpos: XY) -> str | None:
        """The set-up this skill cashes in: set by the user's ally, this round."""
        for what, field, value in CASHINS:
            if getattr(skill, field) != value:
                continue
            if what == "moss":
                m = self.moss_at(tpos)
                src = m.by if m and m.round == self.s.round else None
            else:
                st = target.status(what)
                src = st.by if st and st.round == self.s.round else None
            setter = next((o for o in self.s.fighters if o.id == src), None) if src else None
            if setter is not None and setter.id != user.id and setter.side == user.side:
                return what
        return None

    # --- telegraph geometry -----------------------------------------------------------------------

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
        for t in self.s.telegraphs:
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

    # --- skills ------------------------------------------------------------------------------------

    def skill_problem(self, f: FighterState, skill: SkillDef, at: XY, toward: str | None) -> Problem | None:
        """Why this skill cannot be used at this tile now (a reason with a `.code`), or None."""
        if skill.slot in ("action", "super") and f.action_used:
            return Problem("out_of_budget", "the action is already used this phase")
        if skill.slot == "bonus" and f.bonus_used:
            return Problem("out_of_budget", "the bonus action is already used this phase")
        if skill.slot == "super":
            if f.level < SUPER_LEVEL:
                return Problem("locked", f"supers unlock at level {SUPER_LEVEL} ({f.name} is level {f.level})")
            if f.spirit < SUPER_COST:
                return Problem("no_spirit", f"{skill.name} needs {SUPER_COST} Spirit, {f.name} has {f.spirit}")
        if toward is not None and not skill.push_choice:
            return Problem("no_choice", f"{skill.name} does not let you choose a push direction")
        here = self.pos(f)
        d = dist(here, at)
        shape = skill.shape
        if shape == "single":
            t = self.at(at)
            if t is None:
                return Problem("no_target", f"no fighter stands on {tile_name(*at)}")
            if t.id == f.id:
                return Problem("bad_target", f"{skill.name} cannot be aimed at yourself")
            if skill.foes_only and t.side == f.side:
                return Problem("bad_target", f"{skill.name} can only be aimed at a foe")
            if not self.in_range(f, skill, here, at):
                return Problem("out_of_range",
                               f"{tile_name(*at)} is {d} tiles away; {skill.name} reaches {skill.range}")
            if toward is not None:
                from ..model.board import COMPASS
                step = COMPASS[toward]
                if (at[0] + step[0], at[1] + step[1]) == here:
                    return Problem("bad_target", f"{skill.name} cannot push {t.name} {toward} into yourself")
        elif shape == "ally":
            t = self.at(at)
            if t is None or t.side != f.side:
                return Problem("bad_target", f"{skill.name} needs yourself or your ally on {tile_name(*at)}")
            if d > skill.range:
                return Problem("out_of_range",
                               f"{tile_name(*at)} is {d} tiles away; {skill.name} reaches {skill.range}")
        elif shape == "self":
            if at != here:
                return Problem("bad_target", f"{skill.name} is used on your own tile {f.pos}")
        elif shape in ("cone", "line", "dash"):
            reach = max(1, skill.length)
            if d == 0 or d > reach:
                return Problem("out_of_range", f"aim {skill.name} at a tile 1 to {reach} away to set its heading")
        elif shape == "burst":
            if skill.range == 0 and at != here:
                return Problem("bad_target", f"{skill.name} bursts around you: aim it at {f.pos}")
            reach = skill.range
            if skill.delivery == "shot" and self.level(here) > self.level(at):
                reach += 1   # shots reach 1 tile further from higher ground (Rain of Arrows too)
            if d > reach:
                return Problem("out_of_range", f"{tile_name(*at)} is {d} tiles away; {skill.name} reaches {reach}")
        elif shape == "move":
            reachable = self.paths(f, skill.range, provoke=False)
            if at == here or at not in reachable:
                return Problem("out_of_range", f"{tile_name(*at)} cannot be reached with a dash of {skill.range}")
            if self.at(at) is not None:
                return Problem("occupied", f"{tile_name(*at)} is taken")
        elif shape == "leap":
            if d == 0 or d > skill.range:
                return Problem("out_of_range",
                               f"{tile_name(*at)} is {d} tiles away; {skill.name} reaches {skill.range}")
            if not self.b.standable(*at):
                return Problem("blocked", f"{tile_name(*at)} is not standable")
            if self.at(at) is not None:
                return Problem("occupied", f"{tile_name(*at)} is taken")
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

    def scratch(self, touched: set[str]) -> Fight:
        """A throwaway copy for a preview: the fighters a skill use can change (its user and the
        fighters it hits) and their telegraphs copied, the rest shared (a skill never changes the board
        or anyone else); no luck drawn, nothing logged. Cheap enough for the planner's many previews."""
        s = self.s
        copy = _clone(s)
        copy.fighters = [_clone(f) if f.id in touched else f for f in s.fighters]
        copy.telegraphs = [_clone(t) if t.stray in touched else t for t in s.telegraphs]
        copy.surfaces = list(s.surfaces)
        copy.log = []
        dry = Fight.__new__(Fight)
        dry.s, dry.b, dry._lv, dry._areas = copy, self.b, self._lv, self._areas
        dry.rng = Rng(self.rng.state)
        dry.dry = True
        dry.steady = True
        dry.record = {}
        dry.events = []
        return dry

    def preview(self, f: FighterState, skill: SkillDef, at: XY, toward: str | None = None) -> SkillPreview:
        """What a skill use will do, before luck: the real resolution played on a scratch copy, so the
        preview and the rules cannot drift (pushes of a multi-target skill land in the real order)."""
        tiles, hit, _ = self.skill_targets(f, skill, at)
        dry = self.scratch({f.id, *(t.id for t in hit)})
        user = dry.s.get(f.id)
        cashin, surfaces = dry.resolve(user, skill, at, toward)
        targets = []
        for t in hit:
            rec = dry.record.get(t.id, {})
            after = dry.s.get(t.id)
            # Preview models are built without validation: the planner makes hundreds per call.
            targets.append(TargetPreview.model_construct(
                fighter=t.id, name=t.name, tile=t.pos, damage=rec.get("damage", 0), modifiers=rec.get("modifiers", []),
                heal=rec.get("heal", 0), shield=rec.get("shield", 0), push_to=rec.get("push_to"),
                push_outcome=rec.get("push_outcome"), push_damage=rec.get("push_damage", 0),
                statuses=rec.get("statuses", []), downs=after.down,
                push_how=rec.get("push_how"), push_blocker=rec.get("push_blocker"),
                push_moves=rec.get("push_to") not in (None, t.pos),
                pull=rec.get("push_how") is not None and skill.push < 0))
        moves_to = user.pos if user.pos != f.pos or skill.shape in ("move", "leap") else None
        return SkillPreview.model_construct(user=f.id, skill=skill.name, at=tile_name(*at),
                                            tiles=[tile_name(*p) for p in tiles], targets=targets,
                                            surfaces=surfaces, cashin=cashin, moves_to=moves_to)

    def note(self, target: FighterState, **what) -> None:
        """Remember what a skill did to a target, on a preview's scratch copy only."""
        if self.dry:
            rec = self.record.setdefault(target.id, {})
            for k, v in what.items():
                if k == "statuses":
                    rec.setdefault(k, [])
                    rec[k].extend(x for x in v if x not in rec[k])
                else:
                    rec[k] = v

    def dash_landing(self, f: FighterState, tiles: list[XY]) -> XY | None:
        for p in reversed(tiles):
            if self.b.standable(*p) and self.at(p, ignore=f.id) is None:
                return p
        return None

    def use_skill(self, f: FighterState, skill: SkillDef, at: XY, toward: str | None = None,
                  telegraph: bool = False) -> None:
        """Use a skill whose legality was checked (`preview` first for what it will do); `telegraph`:
        a stray's locked attack going off."""
        self.resolve(f, skill, at, toward, telegraph)

    def resolve(self, f: FighterState, skill: SkillDef, at: XY, toward: str | None,
                telegraph: bool = False) -> tuple[str | None, list[str]]:
        """The rules of one skill use; returns the set-up it cashed in and the tiles it left moss on."""
        here = self.pos(f)
        tiles, hit, _ = self.skill_targets(f, skill, at)
        cashin = None
        if skill.damage:
            cashin = next((c for t in hit if (c := self.cashin(f, skill, t, self.pos(t)))), None)
        if skill.slot in ("action", "super"):
            f.action_used = True
        else:
            f.bonus_used = True
        if skill.slot == "super":
            f.spent += SUPER_COST
            f.spirit = max(0, f.spirit - SUPER_COST)
        if not self.dry:
            names = tuple(tile_name(*p) for p in tiles)
            if telegraph:
                self.emit(TelegraphFired(stray=f.id, skill=skill.name, shape=skill.shape, tiles=names,
                                         target=hit[0].id if hit else None))
            else:
                self.emit(SkillUsed(who=f.id, skill=skill.name, at=tile_name(*at), tiles=names,
                                    targets=tuple(t.id for t in hit)))
        if cashin:
            before = spirit_total(f)
            f.cashins += 1
            self.update_spirit(f, before)
            self.emit(CashedIn(who=f.id, setup=cashin, spirit=CASHIN_SPIRIT))
        if skill.shape in ("move", "leap"):
            start, f.pos = f.pos, tile_name(*at)
            self.emit(Moved(who=f.id, frm=start, to=f.pos, how=skill.shape if skill.shape == "leap" else "dash",
                            skill=skill.name))
            return cashin, []
        if skill.shape == "dash" and (land := self.dash_landing(f, tiles)):
            start, f.pos = f.pos, tile_name(*land)
            self.emit(Moved(who=f.id, frm=start, to=f.pos, how="charge", skill=skill.name))
        for t in hit:
            if self.s.result:
                break
            if not t.standing:
                continue
            tp = xy(t.pos)
            if skill.damage:
                amount, mods = self.amount(f, skill, here, t, tp)
                self.note(t, damage=amount, modifiers=mods)
                if skill.element == "fire" and (m := self.moss_at(tp)):
                    self.s.surfaces.remove(m)
                    self.emit(SurfaceBurned(tile=m.tile, under=t.id))
                self.strike(f, t, amount, melee=skill.delivery == "melee",
                            cause="telegraph" if telegraph else "skill", skill=skill.name)
            if skill.heal:
                gain = min(skill.heal, t.max_hp - t.hp)
                t.hp += gain
                self.note(t, heal=gain)
                self.emit(Healed(by=f.id, who=t.id, amount=gain))
            if skill.shield:
                t.shield += skill.shield
                self.note(t, shield=skill.shield)
                self.emit(Shielded(by=f.id, who=t.id, amount=skill.shield))
            if skill.push and t.standing and not self.s.result:
                self.do_push(f, skill, here, t, toward)
            if t.standing:
                for st in skill.statuses:
                    self.add_status(f, t, st)
                self.note(t, statuses=list(skill.statuses))
        surfaces: list[str] = []
        if skill.surface and not self.s.result:
            cover = tiles if skill.is_area else [at]
            surfaces = [tile_name(*p) for p in cover if self.b.standable(*p)]
            for name in surfaces:
                self.s.surfaces = [m for m in self.s.surfaces if m.tile != name]
                self.s.surfaces.append(SurfaceState(tile=name, kind=skill.surface, by=f.id, round=self.s.round))
            if surfaces:
                self.emit(SurfaceLeft(by=f.id, surface=skill.surface, tiles=tuple(surfaces)))
        return cashin, surfaces

    # --- phases ------------------------------------------------------------------------------------

    def start_own_phase(self, f: FighterState) -> None:
        f.shield = 0
        f.moved = 0
        f.action_used = f.bonus_used = False
        f.done = not f.standing
        f.held = "opportunity_attack" if f.side == "strays" else None
        if f.has("prone"):
            f.statuses = [s for s in f.statuses if s.name != "prone"]
            f.moved = min(f.move, STAND_UP_COST)
            self.emit(StatusRemoved(who=f.id, status="prone", why="stood_up", cost=STAND_UP_COST))

    def end_phase(self) -> None:
        now = phase_index(self.s.round, self.s.phase)
        for f in self.s.fighters:
            for st in f.statuses:
                if st.expires <= now:
                    self.emit(StatusRemoved(who=f.id, status=st.name, why="wore_off"))
            f.statuses = [s for s in f.statuses if s.expires > now]
        # Moss is a surface that lasts the fight unless fire burns it.

    def pack_broken(self) -> bool:
        left = sum(f.hp for f in self.s.standing("strays"))
        return left * BREAK_SHARE[1] < self.s.start_hp["strays"] * BREAK_SHARE[0]

    def shares(self) -> tuple[tuple[int, int], tuple[int, int]]:
        duo = (sum(f.hp for f in self.s.standing("duo")), self.s.start_hp["duo"])
        strays = (sum(f.hp for f in self.s.standing("strays")), self.s.start_hp["strays"])
        return duo, strays

    def start_duo_phase(self) -> None:
        self.s.phase = "duo"
        self.emit(PhaseOpened(round=self.s.round, phase="duo"))
        for f in self.s.side("duo"):
            self.start_own_phase(f)
