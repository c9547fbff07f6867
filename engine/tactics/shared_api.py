"""Tactics behind the five verbs every game shares (engine/api.py): a facade over the engine's own API
(engine.py) and the planner's ready-made turns, kept apart so the planner, which plays turns through
engine.py, and the facade, which lists the planner's turns, import no circle."""
from __future__ import annotations

from dataclasses import dataclass

from ..api import Applied, Outcome
from .engine import fight_outcome, new_fight, play_pass, play_turn
from .model.state import FightState
from .plan.planner import plan_turns
from .rules.turn import DUO_IDS
from .words.render import render_text


@dataclass(frozen=True)
class Turn:
    """One duo fighter's whole turn: its steps, all or nothing (no steps: it passes)."""
    fighter: str
    steps: tuple = ()


class TacticsEngine:
    """Tactics behind the five shared verbs: the first campaign fight from a seed; an action is a turn of a
    duo fighter still due, one of the planner's ready-made turns or a pass."""

    name = "tactics"
    encounter = "c01"
    offered = 3  # ready-made turns listed per fighter, beside its pass

    def new_game(self, seed: int) -> FightState:
        return new_fight(self.encounter, seed)

    def legal_actions(self, state: FightState) -> list[Turn]:
        if state.result or state.phase != "duo":
            return []
        due = [fid for fid in DUO_IDS if state.get(fid).standing and not state.get(fid).done]
        return [turn for fid in due for turn in
                [*(Turn(fid, tuple(p.steps)) for p in plan_turns(state, fid, limit=self.offered)), Turn(fid)]]

    def apply(self, state: FightState, action: Turn) -> Applied[FightState]:
        played = play_turn(state, action.fighter, action.steps) if action.steps else play_pass(state, action.fighter)
        return Applied(played.state, played.events)

    def outcome(self, state: FightState) -> Outcome | None:
        ended = fight_outcome(state)
        return None if ended is None else Outcome(ended.result, ended.reason)

    def render_text(self, state: FightState) -> str:
        return render_text(state)


ENGINE = TacticsEngine()
