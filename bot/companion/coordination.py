"""Playing together: a companion's chosen turn when its ally acted while it was deciding.

The pilot is asked when the phase opens, while the hero may still act. If the hero moved first, the
chosen turn is played as it is when its steps are still legal; if not, the highest-ranked turn now
offered with the same aim (the same foe, or the same heal or shield) is played instead; failing both,
the companion passes and says why. Used by the bot's tactics kind and by the eval's --live mode.
Pure and synchronous (engine work): run it off the event loop.
"""
from __future__ import annotations

from dataclasses import dataclass

from bot.words import words
from engine.tactics import FightState, PlannedTurn, check_turn, plan_turns

from .tools import MAX_TURNS

DUO = ("hero", "companion")


@dataclass(frozen=True)
class Aim:
    """What a turn is for: the foes it hits, and whether it heals or shields an ally."""
    foes: frozenset[str]
    support: bool

    @classmethod
    def of_decision(cls, foes: list[str], support: bool) -> Aim | None:
        """The aim a stored decision carries (None: it named none, e.g. a pass or a custom turn)."""
        return cls(frozenset(foes), support) if foes or support else None

    def shared_with(self, other: Aim) -> bool:
        return bool(self.foes & other.foes) or (self.support and other.support)


def aim_of(turn: PlannedTurn) -> Aim:
    foes = {t.fighter for pv in turn.preview.skills for t in pv.targets
            if t.fighter not in DUO and (t.damage or t.push_damage or t.statuses or t.push_to)}
    support = any(t.fighter in DUO and (t.heal or t.shield) for pv in turn.preview.skills for t in pv.targets)
    return Aim(frozenset(foes), support)


@dataclass(frozen=True)
class Rebound:
    """What to play now: the steps (None: nothing legal with that aim is left; pass), the rank of the turn
    played instead (None: the chosen turn as it is, or none), and the engine's refusal of the chosen one."""
    steps: list[dict] | None
    rank: int | None = None
    why: str = ""

    @property
    def note(self) -> str:
        """Why, in the reader's words (empty when the chosen turn plays as it is)."""
        if self.steps is not None and self.rank is None:
            return ""
        if self.steps is not None:
            return words("its chosen turn no longer worked after the hero's move ({why}), so it played turn "
                         "{rank}, which has the same aim", why=self.why, rank=self.rank)
        return words("the hero's move made its chosen turn illegal ({why}) and no turn with the same aim is left",
                     why=self.why)


def rebind(fight: FightState, fighter_id: str, steps: list[dict], aim: Aim | None) -> Rebound:
    """The chosen `steps` if they still work on the fight as it is now, or the best turn with the same
    aim, or a reason to pass."""
    try:
        check_turn(fight, fighter_id, steps)
        return Rebound(steps)
    except ValueError as refused:
        why = str(refused).strip().splitlines()[0] if str(refused).strip() else "it is no longer legal"
    if aim is not None:
        for rank, turn in enumerate(plan_turns(fight, fighter_id, limit=MAX_TURNS), start=1):
            if aim_of(turn).shared_with(aim):
                return Rebound([s.model_dump(exclude_none=True) for s in turn.steps], rank, why)
    return Rebound(None, None, why)
