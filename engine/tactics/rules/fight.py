"""The rules of a fight, put together: `Fight` wraps a private copy of a FightState and mutates it;
the public functions in `engine.py` copy first, so a turn is all or nothing. Every random draw goes
through the state's own Rng. Each room holds one job: base (lookups, events), hits, areas, movement,
pushes, skill checks, skills; the phase turns are here."""
from __future__ import annotations

from ..model.events import (
    PhaseOpened,
    StatusRemoved,
)
from ..model.state import FighterState, phase_index
from .figures import (
    STAND_UP_COST,
)
from .skills import Skills


class Fight(Skills):
    """Mutable working copy of one fight. Not for callers: use engine.py."""

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
        now = phase_index(self.state.round, self.state.phase)
        for f in self.state.fighters:
            for st in f.statuses:
                if st.expires <= now:
                    self.emit(StatusRemoved(who=f.id, status=st.name, why="wore_off"))
            f.statuses = [s for s in f.statuses if s.expires > now]
        # Moss is a surface that lasts the fight unless fire burns it.

    def start_duo_phase(self) -> None:
        self.state.phase = "duo"
        self.emit(PhaseOpened(round=self.state.round, phase="duo"))
        for f in self.state.side("duo"):
            self.start_own_phase(f)
