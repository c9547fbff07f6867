"""The ready-made turns of a fight, planned once per position: the board's buttons, the preview and the
Send of one duo phase all ask for the same fight's turns, and planning them is the slowest thing a
press does (tens of milliseconds), while the fight's saved form names the position exactly. A position
not planned yet is planned in a worker process (bot/core/processes), off this process's interpreter lock."""
from __future__ import annotations

import threading
from collections import OrderedDict

import engine.tactics as tx
from bot.core.processes import elsewhere

KEPT = 256  # positions remembered (a few per live fight: the board's, and the one before it)

_plans: OrderedDict[tuple[str, str], tuple[tx.PlannedTurn, ...]] = OrderedDict()
_lock = threading.Lock()  # the store worker and the drawing pool both ask


def planned_turns(fight: tx.FightState, fighter_id: str) -> list[tx.PlannedTurn]:
    """`tx.plan_turns(fight, fighter_id)`, remembered by the fight's saved form. The turns are shared with
    the next caller: read them, never change them."""
    key = (fight.model_dump_json(), fighter_id)
    with _lock:
        turns = _plans.get(key)
        if turns is not None:
            _plans.move_to_end(key)
    if turns is None:
        turns = tuple(elsewhere(tx.plan_turns, fight, fighter_id))
        with _lock:
            _plans[key] = turns
            while len(_plans) > KEPT:
                _plans.popitem(last=False)
    return list(turns)
