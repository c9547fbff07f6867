"""A fight's working copy and what every rule reads from it: the board, who stands where, who may
react; and the one place an event is recorded (with the moment it is, if any)."""
from __future__ import annotations

from ...rng import Rng
from ..model.board import (
    ENTER_COST,
    EXIT,
    tile_name,
)
from ..model.events import (
    Hit,
    Moved,
    Pushed,
)
from ..model.moments import Moment, moment_of
from ..model.state import FighterState, FightState, SurfaceState
from .figures import (
    BREAK_SHARE,
    XY,
    xy,
)
from .memo import areas_for, reach_for


class FightBase:
    """The working copy of one fight: its state, its luck, the events it played. Not for callers: use engine.py."""

    def __init__(self, state: FightState) -> None:
        self.state = state
        self.rng = Rng(state.rng)
        self.board = state.board
        self._levels = [[ord(c) - 48 for c in row] for row in self.board.levels]
        self._areas = areas_for(self.board.terrain)
        self._reach = reach_for(self.board.terrain, self.board.levels)
        self.dry = False                      # a preview's scratch copy: no luck, no events, notes kept
        self.noted: dict[str, dict] = {}   # a preview's notes per target id (`note`)
        self.events: list = []                # what this working copy played, in order (events.py)
        self.steady = False                   # a look ahead: every hit lands as the preview says (no luck)

    def save(self) -> FightState:
        self.state.rng = self.rng.state
        return self.state

    def emit(self, event) -> None:
        """Record what happened (an events.py value) and the moment it is, if any; a preview records
        nothing. No words are kept: whoever shows the fight words its events (words/log_text.py)."""
        if self.dry:
            return
        self.events.append(event)
        if (moment := moment_of(event, self.state.round)) is not None:
            self.state.moments.append(moment)
        if (moment := self.goal_moment(event)) is not None:
            self.state.moments.append(moment)

    def goal_moment(self, event) -> Moment | None:
        """A moment a goal turns on, for the recap to say what ended the fight: the hit that broke a
        routing pack (its HP fell under the break line), a duo member reaching an exit tile."""
        s = self.state
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

    def note(self, target: FighterState, **what) -> None:
        """Remember what a skill did to a target, on a preview's scratch copy only."""
        if self.dry:
            rec = self.noted.setdefault(target.id, {})
            for k, v in what.items():
                if k == "statuses":
                    rec.setdefault(k, [])
                    rec[k].extend(x for x in v if x not in rec[k])
                else:
                    rec[k] = v

    def level(self, p: XY) -> int:
        return self._levels[p[1]][p[0]]

    def terrain(self, p: XY) -> str:
        return self.board.terrain[p[1]][p[0]]

    def cost(self, p: XY) -> int | None:
        return ENTER_COST[self.board.terrain[p[1]][p[0]]]

    def pos(self, f: FighterState) -> XY:
        return xy(f.pos)

    def at(self, p: XY, ignore: str | None = None) -> FighterState | None:
        name = tile_name(*p)
        for f in self.state.fighters:
            if f.standing and f.pos == name and f.id != ignore:
                return f
        return None

    def foes(self, f: FighterState) -> list[FighterState]:
        return [o for o in self.state.fighters if o.standing and o.side != f.side]

    def allies(self, f: FighterState) -> list[FighterState]:
        return [o for o in self.state.fighters if o.standing and o.side == f.side and o.id != f.id]

    def moss_at(self, p: XY) -> SurfaceState | None:
        name = tile_name(*p)
        for m in self.state.surfaces:
            if m.tile == name:
                return m
        return None

    def can_react(self, f: FighterState, kind: str) -> bool:
        if not f.standing or f.reaction_round == self.state.round:
            return False
        if f.side == "strays":
            return kind == "opportunity_attack"
        return f.held == kind

    def reckons_with(self, mover: FighterState, o: FighterState) -> bool:
        """Whether the mover's path-finding counts o's opportunity attack. A duo member's reaction is
        held hidden from the strays (seed), so the strays' policy reckons with every standing duo
        member whose reaction has not fired this round, held or not; whether it fires is up to `walk`."""
        if mover.side == "strays" and o.side == "duo":
            return o.standing and o.reaction_round != self.state.round
        return self.can_react(o, "opportunity_attack")
