"""The planner: up to 6 legal, different, ready-made full turns for a duo member, best first.

Each turn is scored in the open (score_parts): damage dealt (before luck, capped at the HP a foe has)
+ 10 a kill + 5 a cash-in used + 3 a set-up the waiting ally can cash in + 2 a new status on a foe
+ healing and shields + 3 a telegraph dodged (+ 15 for standing on an open exit in a break-out)
- the HP left at risk at the end (telegraphs still reaching the end tile, 5 per opportunity attack)
- 40 if the turn would see the fighter fall on the way.
Candidates are found with cheap previews; only the best few are run through the real rules, so every
turn offered is legal as it stands. Then each is looked at one phase ahead (consequences.py: the turn,
the ally's planned turn, the strays' phase, on a copy) and the turns are ranked by what that leaves:
a win or a loss first, then the duo's HP against the pack's, kills, downs and, in a break-out, the way
to the exits. A break-out fight with open exits always offers a turn toward them.
"""
from __future__ import annotations

from pydantic import BaseModel

from ..engine import IllegalStepError, StaleStateError, TurnResult, check_actor, play_turn, run_steps
from ..model.board import COMPASS, DIRS, EXIT, H, W, dist, on_board, tile_name
from ..model.content import SkillDef, kit
from ..model.events import OpportunityAttack
from ..model.state import FighterState, FightState
from ..model.steps import EndStep, HoldStep, MoveStep, SkillStep, Step, TacticsError
from ..rules.copying import working_copy
from ..rules.fight import Fight
from ..rules.figures import OA_DAMAGE, XY, enrage_bonus, xy
from ..rules.previews import SkillPreview
from ..words.labels import distinct_labels, turn_label
from .consequences import Consequences, Lookahead

MAX_TURNS = 6
W_KILL, W_DODGE, W_CASHIN, W_SETUP, W_OA, W_STATUS = 10, 3, 5, 3, 5, 2
SHORTLIST = 10
W_EXIT = 15
W_FALL = 40
# One phase ahead: a win or loss outweighs everything; HP counts twice for the duo, once for the pack.
W_RESULT, W_DOWNED, W_DUO_HP, W_EXIT_STEP, W_EXIT_STEP_CLOSED, W_AHEAD = 1000, 60, 2, 4, 1, 4
LOOKAHEAD_TURNS = 7   # the best turns by the quick score that are looked at one phase ahead (CPU)


class TurnPreview(BaseModel):
    skills: list[SkillPreview]
    end_at: str
    hp_at_risk: int       # the fighter's HP the strays' next phase takes (one phase ahead)
    score: int
    score_parts: dict[str, int]
    lethal: bool = False  # a duo member would be downed by the turn or the strays' next phase


class PlannedTurn(BaseModel):
    steps: list[Step]
    summary: str
    preview: TurnPreview
    label: str   # the gist in at most 80 characters, for a button; different for every turn of one plan
    consequences: Consequences | None = None   # through the strays' next phase (consequences.py)


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


def _oa_hit(fight: Fight) -> int:
    """The most one stray's opportunity attack can do now: 5 + enrage, luck up to +10%."""
    hit = OA_DAMAGE + enrage_bonus(fight.state.round)
    return hit + hit // 10


def _oa_cost(fight: Fight, f: FighterState, n: int, hp: int | None = None) -> int:
    """What n opportunity attacks on the way cost in the score: 5 each, and a fall's penalty when they
    could down the fighter (with `hp` left, by default what it has now)."""
    if n <= 0:
        return 0
    return W_OA * n + (W_FALL if n * _oa_hit(fight) >= (f.hp if hp is None else hp) else 0)


# --- candidate generation -----------------------------------------------------------------------

def _aims(fight: Fight, f: FighterState, skill: SkillDef, p: XY) -> list[XY]:
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


class _Cand:
    __slots__ = ("value", "parts", "skill", "at", "stand", "pv", "gone", "key", "toward")

    def __init__(self, value, parts, skill, at, stand, pv, gone, key, toward=None):
        self.value, self.parts, self.skill, self.at, self.stand = value, parts, skill, at, stand
        self.pv, self.gone, self.key, self.toward = pv, gone, key, toward


def _quick_value(fight: Fight, f: FighterState, skill: SkillDef, p: XY, hit: list[FighterState]) -> int:
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
                _, _, pd, sts = fight.push_result(t, d, abs(skill.push), p if skill.push < 0 else None)
                v += pd + W_STATUS * len(sts)
        v += W_STATUS * len(skill.statuses)
    return v


def _value(fight: Fight, f: FighterState, pv: SkillPreview, ally_waiting: bool,
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
                parts["setups"] += sum(1 for s in t.statuses if _ally_cashes(s, ally_kit))
        else:
            parts["support"] += t.heal + (min(t.shield, 6) if t.shield else 0)
    if pv.surfaces and ally_waiting and _ally_cashes("moss", ally_kit):
        parts["setups"] += 1
    if pv.cashin:
        parts["cashins"] = 1
    value = (parts["damage"] + W_KILL * parts["kills"] + W_CASHIN * parts["cashins"] + W_SETUP * parts["setups"]
             + parts["support"] + W_STATUS * parts["statuses"])
    return value, parts, frozenset(gone)


def _ally_cashes(what: str, ally_kit: dict) -> bool:
    need = {"soaked": ("element", "lightning"), "prone": ("delivery", "melee"),
            "rooted": ("delivery", "shot"), "moss": ("element", "fire")}.get(what)
    if need is None:
        return False
    return any(getattr(s, need[0]) == need[1] and s.damage for s in ally_kit.values() if s.slot != "super")


def _with_pos(f: FighterState, p: XY):
    old = f.pos
    f.pos = tile_name(*p)
    return old


def plan_turns(state: FightState, fighter_id: str, limit: int = MAX_TURNS, lookahead: bool = True,
               shortlist: int = SHORTLIST) -> list[PlannedTurn]:
    """Up to `limit` ready-made full turns for a duo member, best first; [] when it cannot act.
    `lookahead`: rank by the consequences one phase ahead (off: the quick score alone, for the ally's
    assumed turn inside a look ahead); `shortlist`: how many attacks are built into whole turns."""
    if state.result or state.phase != "duo":
        return []
    f0 = state.get(fighter_id)
    if f0.side != "duo" or not f0.standing or f0.done:
        return []
    work = working_copy(state)
    fight = Fight(work)
    f = work.get(fighter_id)
    here = xy(f.pos)
    skills = kit(f.name)
    ally = next((a for a in fight.allies(f)), None)
    ally_waiting = ally is not None and not ally.done
    ally_kit = kit(ally.name) if ally is not None else {}
    threats = Threats(fight, f)
    left = 0 if f.has("rooted") else max(0, f.move - f.moved)
    reach = fight.paths(f, left)
    stands = fight.stoppable(f, reach)

    actions = [s for s in skills.values()
               if (s.slot == "action" and not f.action_used)
               or (s.slot == "super" and not f.action_used and f.level >= 8 and f.spirit >= 60)]
    cands: list[_Cand] = []
    for skill in actions:
        # First a cheap pass: for each use (skill, who it hits) find the best tile to stand on, ranked
        # by damage with modifiers and push outcomes, minus the risk there. Then one full preview each.
        best_by_key: dict = {}
        for p in stands:
            if reach[p][1] and reach[p][1] * _oa_hit(fight) >= f.hp:
                continue   # the opportunity attacks on the way there could down the fighter
            old = _with_pos(f, p)
            try:
                risk_here = None
                for a in _aims(fight, f, skill, p):
                    if fight.skill_problem(f, skill, a, None):
                        continue
                    tiles, hit, _ = fight.skill_targets(f, skill, a)
                    if not hit:
                        continue
                    quick = _quick_value(fight, f, skill, p, hit)
                    if quick <= 0:
                        continue
                    if risk_here is None:
                        risk_here = threats.at(p)[0] + _oa_cost(fight, f, reach[p][1])
                    key = (skill.name, tuple(sorted(t.id for t in hit)))
                    rank = (quick - risk_here, -reach[p][0], -p[1], -p[0])
                    if key not in best_by_key or rank > best_by_key[key][0]:
                        best_by_key[key] = (rank, p, a)
            finally:
                f.pos = old
        for key, (_, p, a) in best_by_key.items():
            old = _with_pos(f, p)
            try:
                pv = fight.preview(f, skill, a)
                v, parts, gone = _value(fight, f, pv, ally_waiting, ally_kit)
            finally:
                f.pos = old
            if v > 0:
                cands.append(_Cand(v, parts, skill, a, p, pv, gone, key))
    cands.sort(key=lambda c: (-c.value, c.key))
    # Keep variety: at most two shortlisted turns per action skill.
    per_skill: dict[str, int] = {}
    short: list[_Cand] = []
    for c in cands:
        if per_skill.get(c.skill.name, 0) >= 2:
            continue
        per_skill[c.skill.name] = per_skill.get(c.skill.name, 0) + 1
        short.append(c)
        if len(short) >= shortlist:
            break

    turns: list[tuple[int, PlannedTurn]] = []
    seen: set = set()
    for c in short:
        built = _build(state, fight, f, here, reach, threats, c, left, skills, ally_waiting, ally_kit)
        if built and built[1].summary not in seen:
            seen.add(built[1].summary)
            turns.append(built)
    # Turns without an action: step out of harm's way (with a shield or dash), or stand firm; in a
    # break-out with open exits, head for them.
    for mode in ("safest", "stay", "exit"):
        built = _build(state, fight, f, here, reach, threats, None, left, skills, ally_waiting, ally_kit, mode)
        if built and built[1].summary not in seen:
            seen.add(built[1].summary)
            turns.append(built)
    # Never offer a turn that walks the fighter into its own downing when another turn exists
    # (standing still never provokes, so the "stand firm" turn is always there).
    if any(t.preview.score_parts.get("falls", 0) == 0 for _, t in turns):
        turns = [(v, t) for v, t in turns if t.preview.score_parts.get("falls", 0) == 0]
    if lookahead:
        turns.sort(key=lambda t: -t[0])
        kept = turns[:LOOKAHEAD_TURNS] + [t for t in turns[LOOKAHEAD_TURNS:] if _always_offered(t[1])]
        turns = _look_ahead(state, f0, kept)
    turns.sort(key=lambda t: -t[0])
    out = [t for _, t in turns[:limit]]
    exit_turn = next((t for _, t in turns if t.preview.score_parts.get("toward_exit")), None)
    if exit_turn is not None and exit_turn not in out and len(out) == limit and limit > 1:
        out[-1] = exit_turn   # a break-out always offers the way out once the exits are open
    for t, label in zip(out, distinct_labels(out, f0.id, f0.name, f0.pos)):
        t.label = label
    return out


def _look_ahead(state: FightState, f: FighterState, turns: list[tuple[int, PlannedTurn]]
                ) -> list[tuple[int, PlannedTurn]]:
    """Each turn's consequences one phase ahead, its score from them, its summary's verdict from them."""
    la = Lookahead(state, f.id, ally_turns(state, f.id), ally_replan)
    ranked = []
    for quick, t in turns:
        c = la.of(t.steps)
        t.consequences = c
        t.preview.hp_at_risk = c.hp_lost
        t.preview.lethal = c.lethal
        ahead = ahead_value(c)
        t.preview.score_parts["ahead"] = ahead
        t.preview.score = W_AHEAD * ahead + quick
        t.summary = _with_verdict(t.summary, _verdict(state, f, c, t.preview.score_parts))
        ranked.append((t.preview.score, t))
    return ranked


def _always_offered(t: PlannedTurn) -> bool:
    """The turns looked at whatever their quick score: the way out of a break-out, and standing firm."""
    parts = t.preview.score_parts
    return bool(parts.get("toward_exit") or parts.get("stand_firm"))


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


ALLY_TURNS = 3   # the ally's quick turns a look ahead may fall back on when the first no longer works
REPLAN_SHORTLIST = 3   # a fresh plan for the ally inside a look ahead builds only its best few attacks


def ally_turns(state: FightState, fighter_id: str) -> tuple[str, tuple[tuple, ...]] | None:
    """The ally's turns as the quick planner ranks them now, when the ally is still due this phase."""
    ally = next((o for o in state.side("duo") if o.id != fighter_id), None)
    if ally is None or not ally.standing or ally.done or state.phase != "duo" or state.result:
        return None
    turns = plan_turns(state, ally.id, limit=ALLY_TURNS, lookahead=False)
    return (ally.id, tuple(tuple(t.steps) for t in turns)) if turns else None


def ally_replan(board: FightState, ally_id: str) -> tuple | None:
    """The ally's quick best turn on a board a look ahead reached, when none of its planned turns works."""
    turns = plan_turns(board, ally_id, limit=1, lookahead=False, shortlist=REPLAN_SHORTLIST)
    return tuple(turns[0].steps) if turns else None


def consequences(state: FightState, fighter_id: str, steps, ally: bool = True) -> Consequences:
    """The consequences of one list of steps through the strays' next phase (raises the TacticsError
    apply_turn would). `ally`: an ally still due plays its planned turn after these steps; off, it passes."""
    if not ally:
        return Lookahead(state, fighter_id).of(steps)
    return Lookahead(state, fighter_id, ally_turns(state, fighter_id), ally_replan).of(steps)


def _verdict(state: FightState, f: FighterState, c: Consequences, parts: dict) -> str:
    if parts.get("falls"):
        return "you would fall on the way"
    if f.id in c.downed:
        return "lethal: you would be downed"
    if c.downed:
        return f"lethal: {state.get(c.downed[0]).name} would be downed"
    return "safe from telegraphs" if c.hp_lost == 0 else f"{c.hp_lost} HP at risk from telegraphs"


def _with_verdict(summary: str, verdict: str) -> str:
    """The summary with its bracketed verdict replaced (the opportunity attacks note kept)."""
    body, sep, tail = summary.rpartition(" (")
    if not sep:
        return summary
    oas = tail[tail.index(", provokes"):-1] if ", provokes" in tail else ""
    return f"{body} ({verdict}{oas})"


def apply_planned(state: FightState, fighter_id: str, index: int, seq: int | None = None) -> FightState:
    """Apply the planner's turn number `index` (0 = best) all or nothing. The planner is deterministic,
    so a button that stored only the index and the state's seq applies exactly the turn it showed."""
    return play_planned(state, fighter_id, index, seq).state


def play_planned(state: FightState, fighter_id: str, index: int, seq: int | None = None) -> TurnResult:
    """apply_planned, with the events it played."""
    check_actor(state, fighter_id)
    if seq is not None and seq != state.seq:
        raise StaleStateError(None, f"the fight has moved on (state {state.seq}, you sent {seq})")
    turns = plan_turns(state, fighter_id)
    if not 0 <= index < len(turns):
        raise IllegalStepError(None, f"there is no ready-made turn {index + 1} (there are {len(turns)})",
                               "no_such_turn")
    return play_turn(state, fighter_id, turns[index].steps, seq)


def _safest(fight: Fight, f: FighterState, start: XY, budget: int, threats: Threats, gone, provoke=True,
            moved: dict | None = None, rooted: frozenset | None = None, hp: int | None = None):
    """The tile within `budget` of start with the least HP at risk (then fewest opportunity attacks,
    then the least movement), and the path map to reach it."""
    old = _with_pos(f, start)
    try:
        reach = fight.paths(f, budget, provoke=provoke)
        stops = fight.stoppable(f, reach)
    finally:
        f.pos = old
    stops = [p for p in stops if p == start or fight.at(p, ignore=f.id) is None]
    best = min(stops, key=lambda p: (threats.at(p, gone, moved, rooted)[0] + _oa_cost(fight, f, reach[p][1], hp),
                                     reach[p][0], _exit_pull(fight, p), p[1], p[0]))
    return best, reach


def _exit_pull(fight: Fight, p: XY) -> int:
    """Tiles from p to the nearest exit in a break-out (0 in any other fight, or with no exit)."""
    if fight.state.goal != "break_out":
        return 0
    return _exit_distances(tuple(fight.board.terrain))[p[1]][p[0]]


_EXIT_DISTANCES: dict[tuple[str, ...], list[list[int]]] = {}
_EXIT_BOARDS = 16   # boards remembered (the terrain never changes in a fight; the planner asks per tile)


def _exit_distances(terrain: tuple[str, ...]) -> list[list[int]]:
    """Per board, each tile's distance to the nearest exit, worked out once."""
    table = _EXIT_DISTANCES.get(terrain)
    if table is None:
        exits = [(x, y) for y in range(H) for x in range(W) if terrain[y][x] == EXIT]
        table = [[min((dist((x, y), e) for e in exits), default=0) for x in range(W)] for y in range(H)]
        if len(_EXIT_DISTANCES) >= _EXIT_BOARDS:
            _EXIT_DISTANCES.clear()
        _EXIT_DISTANCES[terrain] = table
    return table


def _build(state, fight, f, here, reach, threats, c, left, skills, ally_waiting, ally_kit,
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
    hp_left = f.hp - (reach[stand][1] * _oa_hit(fight) if stand in reach else 0)
    end, _ = _safest(fight, f, stand, rest, threats, gone, moved=moved_pv, rooted=frozenset(rooted_pv), hp=hp_left)
    break_out = fight.state.goal == "break_out" and fight.state.exits_open
    if mode == "exit" and not break_out:
        return None
    if break_out and not stay:
        old = _with_pos(f, stand)
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
            end = min(free, key=lambda p: (_exit_pull(fight, p), rr[p][1], rr[p][0], p[1], p[0]))
    if end != stand:
        steps.append(MoveStep(to=tile_name(*end)))
    # A bonus skill if it helps: a shield where harm is coming, a dash/leap out of harm, a push.
    bonus = _bonus(fight, f, end, threats, gone, skills, c, ally_waiting, ally_kit)
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
    oas = _count_oas(after, f.id)
    falls = 0 if fa.standing else 1
    parts = {"damage": 0, "kills": 0, "cashins": 0, "setups": 0, "support": 0, "statuses": 0}
    for pv in pvs:
        _, pp, _ = _value(fight, f, pv, ally_waiting, ally_kit)
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
    summary = _summary(state, f, steps, pvs, end_xy, risk, after.state, oas)
    prev = TurnPreview(skills=pvs, end_at=tile_name(*end_xy), hp_at_risk=parts["hp_at_risk"], score=score,
                       score_parts=parts)
    label = turn_label(f.id, f.name, tile_name(*here), steps, pvs, prev.end_at)
    return score, PlannedTurn(steps=steps, summary=summary, preview=prev, label=label)


def _count_oas(after: Fight, fid: str) -> int:
    """Opportunity attacks the turn drew on the fighter, from the events it played."""
    return sum(1 for e in after.events if isinstance(e, OpportunityAttack) and e.target == fid)


def _bonus(fight, f, end, threats, gone, skills, c, ally_waiting, ally_kit):
    if f.bonus_used:
        return None
    best = None
    risk, _ = threats.at(end, gone)
    old = _with_pos(f, end)
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
                    p = min(spots, key=lambda q: (threats.at(q, gone)[0], _exit_pull(fight, q), q[1], q[0]))
                    gain = risk - threats.at(p, gone)[0]
                    if gain > 0:
                        opts.append((gain, SkillStep(skill=s.name, at=tile_name(*p)), p))
            elif s.shape == "single" and (s.damage or s.push):
                for o in fight.foes(f):
                    if o.id in gone or fight.skill_problem(f, s, xy(o.pos), None):
                        continue
                    dirs = _best_directions(fight, f, s, o, ally_waiting, ally_kit) if s.push_choice else [None]
                    for d in dirs:
                        pv = fight.preview(f, s, xy(o.pos), d)
                        v, _, _ = _value(fight, f, pv, ally_waiting, ally_kit)
                        t = pv.targets[0] if pv.targets else None
                        if t and t.push_outcome and ("splat" in t.push_outcome or "soaked" in t.push_outcome
                                                     or "swept" in t.push_outcome):
                            v += 2
                        if v > 0:
                            opts.append((v, SkillStep(skill=s.name, at=o.pos, toward=d), None))
            for o in opts:
                if best is None or o[0] > best[0]:
                    best = o
    finally:
        f.pos = old
    return None if best is None else (best[1], best[2])


def _best_directions(fight: Fight, f: FighterState, skill: SkillDef, o: FighterState, ally_waiting: bool,
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
        _, outcome, dmg, sts = fight.push_result(o, COMPASS[d], abs(skill.push))
        new = [st for st in sts if not o.has(st)]
        worth = (dmg + W_KILL * (hit + dmg >= o.hp + o.shield) + W_STATUS * len(new)
                 + W_SETUP * sum(1 for st in new if ally_waiting and _ally_cashes(st, ally_kit))
                 + (2 if any(k in outcome for k in ("splat", "soaked", "swept")) else 0))
        if best is None or worth > best[0]:
            best = (worth, d)
    return [best[1]] if best else []


SUMMARY_LIMIT = 280  # a turn's summary fits a button's preview and a prompt line


def _summary(state: FightState, f: FighterState, steps, pvs, end_xy, risk, after_state=None, oas: int = 0) -> str:
    parts = []
    pv_iter = iter(pvs)
    for s in steps:
        if isinstance(s, MoveStep):
            parts.append(f"move to {s.to}")
        elif isinstance(s, SkillStep):
            pv = next(pv_iter, None)
            parts.append(_skill_text(state, f, s, pv))
        elif isinstance(s, HoldStep):
            parts.append("hold " + ("Flowing Guard" if s.reaction == "flowing_guard" else "opportunity attack"))
    if not _hurts_a_foe(state, f.id, pvs):
        parts.insert(0, "no attack")
    fallen = after_state is not None and not after_state.get(f.id).standing
    tail = "safe from telegraphs" if risk == 0 else f"{risk} HP at risk from telegraphs"
    if fallen:
        tail = "you would fall on the way"
    if oas:
        tail += f", provokes {oas} opportunity attack{'s' if oas > 1 else ''}"
    body, tail = ", ".join(parts), f" ({tail})"
    if len(body) + len(tail) > SUMMARY_LIMIT:  # a crowded area hit: keep the start and the verdict
        body = body[: SUMMARY_LIMIT - len(tail) - 1].rstrip(" ,;") + "…"
    text = body + tail
    return text[0].upper() + text[1:]


def _legacy_how(outcome: str | None) -> str | None:
    """A push's kind from its words, for previews made before the kind was kept."""
    if not outcome:
        return None
    for key, how in (("splat", "splat"), ("swept", "deep_water"), ("shallows", "shallows"),
                     ("water's edge", "water"), ("held", "held")):
        if key in outcome:
            return how
    return "pushed"


def _hurts_a_foe(state: FightState, fid: str, pvs) -> bool:
    """Whether any skill of the turn, bonus skills included, hurts or downs a foe (splats count)."""
    side = state.get(fid).side
    return any((t.damage or t.push_damage or t.downs) and state.get(t.fighter).side != side
               for pv in pvs for t in pv.targets)


def _skill_text(state: FightState, f: FighterState, s: SkillStep, pv: SkillPreview | None) -> str:
    if pv is None:
        return f"{s.skill} at {s.at}"
    if pv.moves_to and not pv.targets:
        return f"{s.skill} to {pv.moves_to}"
    bits = []
    plain: list = []
    alike: list = []
    pulls = kit(f.name)[s.skill].push < 0
    # Statuses every surviving foe of an area hit shares are said once at the end, to keep it short.
    alive = [t for t in pv.targets if not t.downs and not t.heal and not (t.shield and not t.damage)]
    common = [st for st in alive[0].statuses if all(st in t.statuses for t in alive)] if len(alive) > 1 else []
    for t in pv.targets:
        who = "yourself" if t.fighter == f.id else f"the {t.name} at {t.tile}"
        if t.heal:
            bits.append(f"heal {who} for {t.heal}")
            continue
        if t.shield and not t.damage:
            bits.append(f"shield {who} for {t.shield}")
            continue
        total = t.damage + t.push_damage   # what the button says: the hit and the splat together
        text = f"{who} for {total}" if total else who
        notes: list[str] = []
        how = t.push_how or _legacy_how(t.push_outcome)
        split = [f"{t.damage} + {t.push_damage} {'swept' if how == 'deep_water' else 'splat'}"] \
            if t.damage and t.push_damage else []
        if how == "splat":
            blocker = t.push_blocker or ""
            what = {"rock": "rock", "barrel": "a barrel", "edge": "the edge"}.get(blocker)
            if what is None:   # a fighter: "splat it on the Stripple", who takes nothing
                other = state.get(blocker) if blocker else None
                what = f"the {other.name}, who is not hurt" if other else "a fighter"
            text += f" and splat it on {what}"
            notes.extend(split)
        elif how == "deep_water":
            text += " and push it into deep water"
            notes.extend(split)
        elif how == "shallows":
            text += f" and push it into the shallows at {t.push_to}"
        elif how == "water":
            text += " and push it into the water"
        elif t.push_to and t.push_to != t.tile:
            text += f" and {'pull' if pulls else 'push'} it to {t.push_to}"
        if t.downs:
            notes.append("downing it")   # statuses on a foe that falls do not matter
        else:
            notes.extend(st for st in t.statuses if st not in common)
        if notes:
            text += f" ({', '.join(notes)})"
        bits.append(text)
        plain.append((who, total) if text == f"{who} for {total}" and total else None)
        alike.append((who + (f" ({', '.join(notes)})" if notes else ""), total)
                     if total and text == f"{who} for {total}" + (f" ({', '.join(notes)})" if notes else "")
                     else None)
    # Several foes hit alike and nothing else to say of each: "A, B and C for 6 each".
    if len(plain) > 1 and all(plain) and len({d for _, d in plain}) == 1:
        bits = [w for w, _ in plain]
        bits[-1] += f" for {plain[0][1]} each"
    elif len(alike) > 2 and all(alike) and len({d for _, d in alike}) == 1:
        # Three or more hit alike, some with a note (a kill): "for 6 each: A (downing it), B and C".
        bits = [w for w, _ in alike]
        bits[0] = f"for {alike[0][1]} each: {bits[0]}"
    # "A, B and C": a kill's note stays in its own brackets, so it never reads as downing the next one.
    body = (", ".join(bits[:-1]) + " and " + bits[-1]) if len(bits) > 1 else bits[0] if bits else f"at {s.at}"
    if common:
        body += f", leaving them {' and '.join(common)}"
    cash = f", cashing in {pv.cashin}" if pv.cashin else ""
    moss = ", leaving moss" if pv.surfaces else ""
    return f"{s.skill} {body}{cash}{moss}"
