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
to the exits. A break-out fight with open exits always offers a turn toward them."""
from __future__ import annotations

from ..engine import TurnResult, play_turn
from ..model.content import kit
from ..model.state import FighterState, FightState
from ..model.steps import IllegalStepError, StaleStateError
from ..rules.copying import working_copy
from ..rules.fight import Fight
from ..rules.figures import xy
from ..rules.turn import check_actor
from ..words.labels import distinct_labels
from ..words.plan_text import verdict, with_verdict
from .candidates import build_turn
from .consequences import Consequences, Lookahead
from .scoring import Candidate, ahead_value, aims, quick_value, turn_value
from .threats import Threats, oa_cost, oa_hit, with_pos
from .turns import PlannedTurn
from .weights import LOOKAHEAD_TURNS, MAX_TURNS, SHORTLIST, W_AHEAD


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
    cands: list[Candidate] = []
    for skill in actions:
        # First a cheap pass: for each use (skill, who it hits) find the best tile to stand on, ranked
        # by damage with modifiers and push outcomes, minus the risk there. Then one full preview each.
        best_by_key: dict = {}
        for p in stands:
            if reach[p][1] and reach[p][1] * oa_hit(fight) >= f.hp:
                continue   # the opportunity attacks on the way there could down the fighter
            old = with_pos(f, p)
            try:
                risk_here = None
                for a in aims(fight, f, skill, p):
                    if fight.skill_problem(f, skill, a, None):
                        continue
                    tiles, hit, _ = fight.skill_targets(f, skill, a)
                    if not hit:
                        continue
                    quick = quick_value(fight, f, skill, p, hit)
                    if quick <= 0:
                        continue
                    if risk_here is None:
                        risk_here = threats.at(p)[0] + oa_cost(fight, f, reach[p][1])
                    key = (skill.name, tuple(sorted(t.id for t in hit)))
                    rank = (quick - risk_here, -reach[p][0], -p[1], -p[0])
                    if key not in best_by_key or rank > best_by_key[key][0]:
                        best_by_key[key] = (rank, p, a)
            finally:
                f.pos = old
        for key, (_, p, a) in best_by_key.items():
            old = with_pos(f, p)
            try:
                pv = fight.preview(f, skill, a)
                v, parts, gone = turn_value(fight, f, pv, ally_waiting, ally_kit)
            finally:
                f.pos = old
            if v > 0:
                cands.append(Candidate(v, parts, skill, a, p, pv, gone, key))
    cands.sort(key=lambda c: (-c.value, c.key))
    # Keep variety: at most two shortlisted turns per action skill.
    per_skill: dict[str, int] = {}
    short: list[Candidate] = []
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
        built = build_turn(state, fight, f, here, reach, threats, c, left, skills, ally_waiting, ally_kit)
        if built and built[1].summary not in seen:
            seen.add(built[1].summary)
            turns.append(built)
    # Turns without an action: step out of harm's way (with a shield or dash), or stand firm; in a
    # break-out with open exits, head for them.
    for mode in ("safest", "stay", "exit"):
        built = build_turn(state, fight, f, here, reach, threats, None, left, skills, ally_waiting, ally_kit, mode)
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
        t.summary = with_verdict(t.summary, verdict(state, f, c, t.preview.score_parts))
        ranked.append((t.preview.score, t))
    return ranked


def _always_offered(t: PlannedTurn) -> bool:
    """The turns looked at whatever their quick score: the way out of a break-out, and standing firm."""
    parts = t.preview.score_parts
    return bool(parts.get("toward_exit") or parts.get("stand_firm"))


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


def apply_planned(state: FightState, fighter_id: str, index: int, seq: int | None = None) -> FightState:
    """Apply the planner's turn number `index` (0 = best) all or nothing. The planner is deterministic,
    so a button that stored only the index and the state's seq applies exactly the turn it showed."""
    return play_planned(state, fighter_id, index, seq).state


def play_planned(state: FightState, fighter_id: str, index: int, seq: int | None = None) -> TurnResult:
    """apply_planned, with the events it played."""
    check_actor(state, fighter_id)
    if seq is not None and seq != state.seq:
        raise StaleStateError(None, f"the fight has moved on (state {state.seq}, you sent {seq})", seq=state.seq,
                              sent=seq)
    turns = plan_turns(state, fighter_id)
    if not 0 <= index < len(turns):
        raise IllegalStepError(None, f"there is no ready-made turn {index + 1} (there are {len(turns)})",
                               "no_such_turn", number=index + 1, count=len(turns))
    return play_turn(state, fighter_id, turns[index].steps, seq)
