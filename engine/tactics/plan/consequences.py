"""What a turn leads to through the strays' next phase, played on a copy: the one set of facts the
player's preview and the companion's prompt both read.

The turn is played with the real rules, every hit landing as its preview says (no luck); an ally still
due then plays the first of the planner's turns for it (planned before this turn) that still works
(or its best turn planned afresh when none does),
and the strays' phase runs: telegraphs fire or fizzle, strays move and lock their next. Each locked
telegraph's fate is compared with what it does if the fighter passes instead (the ally playing as
planned either way), so a turn is credited with the telegraphs it defuses and how.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from ..model.board import dist
from ..model.events import Downed, FightEnded, FizzleReason, Hit, Pushed, SpiritGained, TelegraphFired, TelegraphFizzled
from ..model.state import FightState
from ..model.steps import EndStep, TacticsError
from ..rules.fight import Fight
from ..rules.figures import BREAK_SHARE, xy
from ..rules.phases import end_duo_phase
from ..rules.turn import run_steps

Fate = Literal["fires", "fizzles", "fight_over"]


@dataclass(frozen=True, slots=True, kw_only=True)
class FighterAfter:
    """One fighter's HP now and after the strays' next phase (0 when downed; `ran` for a routed stray)."""

    fighter: str
    hp_now: int
    hp_after: int
    max_hp: int
    downed: bool = False
    ran: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class TelegraphFate:
    """What happens to one locked telegraph after the turn: it fires for `damage` duo HP, fizzles (and
    why), or never comes because the fight ends first. `defused`: it would have hurt the duo had the
    fighter passed, and now does not."""

    stray: str
    skill: str
    fate: Fate
    reason: FizzleReason | None = None
    damage: int = 0
    defused: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Consequences:
    """A turn's consequences through the strays' next phase. `fighters` lists the hero first, then the
    companion, then the strays; `damage_dealt` counts splats and pushes; `attacks` is true for any turn
    that hurts or downs a foe, bonus skills included; the goal fields say how far the goal moves."""

    fighter: str
    fighters: tuple[FighterAfter, ...]
    telegraphs: tuple[TelegraphFate, ...]
    kills: tuple[str, ...]            # strays the fighter's own turn downs
    damage_dealt: int                 # HP the fighter's own turn takes off strays, splats and pushes too
    attacks: bool
    spirit_gained: tuple[tuple[str, int], ...]
    lethal: bool
    downed: tuple[str, ...]
    hp_lost: int                      # the fighter's own HP lost in the strays' phase
    goal: str
    pack_hp: int                      # the strays' HP left after the turn, against the break line
    pack_start: int
    break_hp: int                     # the pack breaks once its HP is below this (rout)
    routs: bool
    rounds_held: int                  # rounds the duo will have stood through at the end of this round
    hold_round: int | None
    exits_open: bool
    exit_distance: tuple[tuple[str, int], ...]   # each standing duo member's tiles to the nearest exit
    result: FightEnded | None = None  # the end the turn or the strays' phase would bring
    ally_turn: tuple = ()             # the steps the ally was assumed to play after this turn (none: it passes)
    pushes: tuple[Pushed, ...] = ()   # the strays' phase's pushes on the duo: telegraphs' and untelegraphed shoves

    @property
    def defused(self) -> tuple[TelegraphFate, ...]:
        return tuple(t for t in self.telegraphs if t.defused)

    def after(self, fighter_id: str) -> FighterAfter:
        return next(f for f in self.fighters if f.fighter == fighter_id)


@dataclass(frozen=True, slots=True)
class _Played:
    fight: Fight
    own: tuple             # the events of the fighter's own turn
    turn: tuple            # the events of the turn and of the ally's turn after it
    phase: tuple           # the events of the strays' phase after it
    hp_after_turn: dict    # fighter id -> HP at the end of the turn (standing fighters only)
    ally_steps: tuple      # what the ally played after the turn, if anything


AllyTurns = tuple[str, tuple[tuple, ...]]   # the ally's id and its planned turns, best first
Replan = Callable[[FightState, str], "tuple | None"]   # the ally's best turn on a board reached


def _play_through(state: FightState, fighter_id: str, steps: Sequence | Iterable,
                  ally: AllyTurns | None = None, replan: Replan | None = None) -> _Played:
    fight, _ = run_steps(state, fighter_id, steps, steady=True)
    own = tuple(fight.events)
    turn = list(own)
    ally_steps: tuple = ()
    if ally is not None and not fight.state.result and fight.state.get(ally[0]).standing:
        # The ally plays the first of its planned turns that still works after this one; when none
        # does, its best turn planned afresh on the board this turn leaves; or it passes.
        plans = list(ally[1])
        for i, plan in enumerate(plans):
            try:
                then, _ = run_steps(fight.state, ally[0], plan, steady=True)
            except TacticsError:
                if i == len(ally[1]) - 1 and replan is not None and (again := replan(fight.state, ally[0])):
                    plans.append(again)
                continue
            fight, ally_steps = then, tuple(plan)
            turn.extend(fight.events)
            break
    fight.events = []
    hp = {f.id: f.hp for f in fight.state.fighters if f.standing}
    if not fight.state.result:
        for d in fight.state.side("duo"):
            d.done = True   # the ally keeps what it did and passes the rest
        end_duo_phase(fight)
    return _Played(fight, own, tuple(turn), tuple(fight.events), hp, ally_steps)


def _fates(state: FightState, played: _Played) -> dict[str, TelegraphFate]:
    out: dict[str, TelegraphFate] = {}
    duo = {f.id for f in state.side("duo")}
    for tg in state.telegraphs:
        fizzle = next((e for e in played.turn + played.phase
                       if isinstance(e, TelegraphFizzled) and e.stray == tg.stray), None)
        hits = [e for e in played.phase if isinstance(e, Hit) and e.cause == "telegraph" and e.src == tg.stray
                and e.target in duo]
        if fizzle is not None:
            out[tg.stray] = TelegraphFate(stray=tg.stray, skill=tg.skill, fate="fizzles", reason=fizzle.reason)
        elif hits or any(isinstance(e, TelegraphFired) and e.stray == tg.stray for e in played.phase):
            out[tg.stray] = TelegraphFate(stray=tg.stray, skill=tg.skill, fate="fires",
                                          damage=sum(h.lost for h in hits))
        else:
            out[tg.stray] = TelegraphFate(stray=tg.stray, skill=tg.skill, fate="fight_over")
    return out


class Lookahead:
    """Consequences of turns from one position; the pass each turn is compared with is played once.
    `ally`: the ally's id and its planned turns; after the turn it plays the first that still works,
    else what `replan` finds for it on the board the turn left (None: it passes)."""

    def __init__(self, state: FightState, fighter_id: str, ally: AllyTurns | None = None,
                 replan: Replan | None = None) -> None:
        self.state = state
        self.fighter = fighter_id
        self._ally = ally
        self._replan = replan
        self._baseline: dict[str, TelegraphFate] | None = None

    def baseline(self) -> dict[str, TelegraphFate]:
        if self._baseline is None:
            played = _play_through(self.state, self.fighter, [EndStep()], self._ally, self._replan)
            self._baseline = _fates(self.state, played)
        return self._baseline

    def of(self, steps: Sequence | Iterable) -> Consequences:
        """The consequences of these steps (raises the TacticsError apply_turn would)."""
        played = _play_through(self.state, self.fighter, list(steps), self._ally, self._replan)
        return _consequences(self.state, self.fighter, played, self.baseline())


def _consequences(state: FightState, fid: str, played: _Played, baseline: dict[str, TelegraphFate]) -> Consequences:
    s = played.fight.state
    fates = []
    for sid, fate in _fates(state, played).items():
        base = baseline.get(sid)
        # Defused: it threatened the duo had the fighter passed (it would hit, or its target would
        # already have fallen to another telegraph), and now it does not, by the turn's doing.
        threatened = base is not None and ((base.fate == "fires" and base.damage > 0) or base.reason == "target_down")
        defused = fate.fate != "fires" and fate.reason != "target_down" and threatened
        fates.append(TelegraphFate(stray=fate.stray, skill=fate.skill, fate=fate.fate, reason=fate.reason,
                                   damage=fate.damage, defused=defused))
    order = {"hero": 0, "companion": 1}
    fighters = tuple(
        FighterAfter(fighter=f.id, hp_now=state.get(f.id).hp, hp_after=f.hp, max_hp=f.max_hp, downed=f.down,
                     ran=f.fled)
        for f in sorted(s.fighters, key=lambda f: (order.get(f.id, 2), f.id)))
    both = played.turn + played.phase
    strays = {f.id for f in s.side("strays")}
    duo = {f.id for f in s.side("duo")}
    kills = tuple(e.who for e in played.own if isinstance(e, Downed) and e.who in strays)
    dealt = sum(e.lost for e in played.own if isinstance(e, Hit) and e.target in strays and e.src in duo)
    spirit: dict[str, int] = {}
    for e in both:
        if isinstance(e, SpiritGained) and e.who in duo:
            spirit[e.who] = spirit.get(e.who, 0) + e.amount
    downed = tuple(d.id for d in state.side("duo") if d.standing and not s.get(d.id).standing)
    pack_hp = sum(hp for sid, hp in played.hp_after_turn.items() if sid in strays)
    start = state.start_hp["strays"]
    exits = played.fight.board.exits() if state.goal == "break_out" else []
    standing_duo = [f for f in s.side("duo") if f.standing]
    lost = max(0, played.hp_after_turn.get(fid, 0) - s.get(fid).hp)
    result = s.outcome if s.result else None
    return Consequences(
        fighter=fid, fighters=fighters, telegraphs=tuple(fates), kills=kills, damage_dealt=dealt,
        attacks=dealt > 0 or bool(kills),
        spirit_gained=tuple(sorted(spirit.items(), key=lambda kv: order.get(kv[0], 2))),
        lethal=bool(downed), downed=downed, hp_lost=lost, goal=state.goal, pack_hp=pack_hp, pack_start=start,
        break_hp=-(-start * BREAK_SHARE[0] // BREAK_SHARE[1]), routs=result is not None and result.reason == "rout",
        rounds_held=state.round if standing_duo else state.round - 1, hold_round=state.hold_round,
        exits_open=state.exits_open,
        exit_distance=tuple((f.id, min(dist(xy(f.pos), e) for e in exits)) for f in standing_duo) if exits else (),
        result=result, ally_turn=played.ally_steps,
        pushes=tuple(e for e in played.phase if isinstance(e, Pushed) and e.who in duo))
