"""Playing together: a companion's chosen turn when its ally acted while it was deciding.

The pilot is asked when the phase opens, while the hero may still act. If the hero moved first, the
chosen turn is played as it is when its steps are still legal; if not, the highest-ranked turn now
offered with the same aim (the same foe, or the same heal or shield) is played instead; failing both,
the companion passes and says why. Pure and synchronous (engine work): run it off the event loop.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.tactics import FightState, PlannedTurn, apply_turn, plan_turns

from .tools import MAX_TURNS

DUO = ("hero", "companion")


@dataclass(frozen=True)
class Aim:
    """What a turn is for: the foes it hits, and whether it heals or shields an ally."""
    foes: frozenset[str]
    support: bool

    def shared_with(self, other: Aim) -> bool:
        return bool(self.foes & other.foes) or (self.support and other.support)


def aim_of(turn: PlannedTurn) -> Aim:
    foes = {t.fighter for pv in turn.preview.skills for t in pv.targets
            if t.fighter not in DUO and (t.damage or t.push_damage or t.statuses or t.push_to)}
    support = any(t.fighter in DUO and (t.heal or t.shield) for pv in turn.preview.skills for t in pv.targets)
    return Aim(frozenset(foes), support)


@dataclass(frozen=True)
class Coordinated:
    """What is played: the new fight, the steps sent (empty for a pass) and why, in a player's words."""
    state: FightState | None  # None: nothing legal is left; the caller passes
    steps: list[dict]
    note: str


def coordinate(fight: FightState, fighter_id: str, steps: list[dict], aim: Aim | None) -> Coordinated:
    """Play `steps` on the fight as it is now, or the best turn with the same aim, or say why not."""
    try:
        return Coordinated(apply_turn(fight, fighter_id, steps), steps, "")
    except ValueError as refused:
        why = str(refused).strip().splitlines()[0] if str(refused).strip() else "it is no longer legal"
    if aim is not None:
        for rank, turn in enumerate(plan_turns(fight, fighter_id, limit=MAX_TURNS), start=1):
            if aim_of(turn).shared_with(aim):
                chosen = [s.model_dump(exclude_none=True) for s in turn.steps]
                try:
                    after = apply_turn(fight, fighter_id, chosen)
                except ValueError:
                    continue
                return Coordinated(after, chosen, f"the chosen turn no longer worked ({why}); "
                                                  f"played turn {rank} with the same aim instead")
    return Coordinated(None, [], f"the ally's move made the chosen turn illegal ({why}) "
                                 "and no turn with the same aim is left")
