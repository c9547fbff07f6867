"""The ready-made turns a board offered: kept through a duo phase, so a Send from a preview opened on
an earlier board plays the turn it showed, checked against the fight as it is when sent."""
from __future__ import annotations

import engine.tactics as tx
from bot.words import words

from .actions import CODE_OF, SendTurn
from .plans import planned_turns
from .session import OfferedTurn, TacticsSession, due
from .steps_words import label


def offered(turns: list[tx.PlannedTurn]) -> list[OfferedTurn]:
    return [OfferedTurn(label=t.label, summary=t.summary, steps=t.steps) for t in turns]


def offers_kept(state: TacticsSession, after: tx.FightState) -> dict[str, list[OfferedTurn]]:
    """The phase's offered turns, with those of the board being left (for members still due after)."""
    before, kept = state.fight, dict(state.offered)
    for fid in ("hero", "companion"):
        key = f"{CODE_OF[fid]}:{before.seq}"
        member = fid == "hero" or state.pilot == "friend"
        if member and key not in kept and due(before, fid) and due(after, fid):
            kept[key] = offered(planned_turns(before, fid))
    return kept


def offered_turn(state: TacticsSession, fid: str, key: str, action: SendTurn) -> OfferedTurn | None:
    """The turn a preview showed: planned now if the fight has not moved, else as it was offered
    (None: it was offered in a phase that is over)."""
    turns = offered(planned_turns(state.fight, fid)) if action.seq == state.fight.seq else state.offered.get(key, [])
    return turns[action.number - 1] if 1 <= action.number <= len(turns) else None


def turns_now(state: TacticsSession, fid: str) -> str:
    """The turns the board offers now, in a refusal's words (after a turn that no longer works)."""
    if not due(state.fight, fid):
        return ""
    turns = planned_turns(state.fight, fid)
    listed = words("; ").join(f"{i}. {label(t)}" for i, t in enumerate(turns, 1))
    return words("The turns now (on the board): {listed}.", listed=listed) if turns else \
        words("No ready-made turn fits now.")
