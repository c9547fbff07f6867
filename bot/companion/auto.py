"""Without a model: the `auto` pilot's turn, and applying any decision to the fight as it is now."""
from __future__ import annotations

from engine.tactics import FightState, apply_turn, pass_turn, plan_turns

from .coordination import aim_of
from .decision import REASON_LIMIT, CompanionDecision, brief, one_line


def auto_decision(fight: FightState, fighter_id: str = "companion") -> CompanionDecision:
    """The `auto` pilot: the planner's first ready-made turn (a pass when there is none). Synchronous."""
    turns = plan_turns(fight, fighter_id)
    labels = [t.label for t in turns]
    if not turns:
        return CompanionDecision(decision="pass", code="no_turns", reason="no turn to offer", round=fight.round,
                                 seq=fight.seq)
    aim = aim_of(turns[0])
    return CompanionDecision(decision="turn", code="auto", number=1, round=fight.round, seq=fight.seq, offered=labels,
                             steps=[s.model_dump(exclude_none=True) for s in turns[0].steps],
                             reason="the planner's first turn", aim_foes=sorted(aim.foes), aim_support=aim.support)


def apply_decision(fight: FightState, fighter_id: str,
                   decision: CompanionDecision) -> tuple[FightState, CompanionDecision]:
    """Apply a decision to the fight as it is now: its steps all or nothing, or a pass. If the board moved
    on (the hero acted meanwhile) and the turn is no longer legal, the companion passes and says why.
    Synchronous engine work: callers on the event loop run it in a worker thread."""
    if not decision.passed:
        try:
            return apply_turn(fight, fighter_id, decision.steps), decision
        except ValueError as e:
            decision = decision.model_copy(update={
                "decision": "pass", "code": "stale", "steps": [],
                "reason": one_line(f"the board moved on and the turn is no longer legal: {brief(e)}", REASON_LIMIT)})
    return pass_turn(fight, fighter_id), decision
