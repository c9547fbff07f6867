"""The planner's work on a fight, done once per position: the hero's ready-made turns (the board's
buttons, the preview and the Send of one duo phase all ask for them) and the `auto` companion's decision
(the planner's first turn, looked at one phase ahead with its ally). Planning is the slowest thing a
press does (tens of milliseconds), while the fight's saved form names the position exactly, so a
position planned once is not planned again for any fight that reaches it (two players in the same
daily fight, a retried fight's opening). A position not planned yet is planned in a worker process
(bot/core/processes), off this process's interpreter lock."""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import TypeVar

import engine.tactics as tx
from bot.companion import CompanionDecision, auto_decision
from bot.core import processes
from bot.core.processes import elsewhere

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
KEPT = 256  # positions remembered (a few per live fight: the board's, and the one before it)

_plans: OrderedDict[tuple[str, str], tuple[tx.PlannedTurn, ...]] = OrderedDict()
_decisions: OrderedDict[tuple[str, str], CompanionDecision] = OrderedDict()
_forms: OrderedDict[int, tuple[tx.FightState, str]] = OrderedDict()  # id of a fight -> (it, its saved form)
_lock = threading.Lock()  # the store worker, the drawing pool and the event loop all ask


def planned_turns(fight: tx.FightState, fighter_id: str) -> list[tx.PlannedTurn]:
    """`tx.plan_turns(fight, fighter_id)`, remembered by the fight's saved form. The turns are shared with
    the next caller: read them, never change them."""
    key = (_form(fight), fighter_id)
    turns = _kept(_plans, key)
    if turns is None:
        turns = tuple(elsewhere(tx.plan_turns, fight, fighter_id))
        _keep(_plans, key, turns)
    return list(turns)


async def auto_decided(fight: tx.FightState, fighter_id: str = "companion") -> CompanionDecision:
    """`auto_decision(fight, fighter_id)`, remembered by the fight's saved form; planned in a worker ahead
    of the pictures queued there (deadline work) when the position is new. The caller gets its own copy."""
    key = (_form(fight), fighter_id)
    decision = _kept(_decisions, key)
    if decision is None:
        decision = await processes.shared().call(auto_decision, fight, fighter_id, urgent=True)
        _keep(_decisions, key, decision)
    return decision.model_copy(deep=True)


def _form(fight: tx.FightState) -> str:
    """The fight's saved form, written once for the same fight: a press's board, its preview and its
    companion ask for the same state's plans (sessions share a parsed state, never changing it in place)."""
    found = _kept(_forms, id(fight))
    if found is not None and found[0] is fight:  # held here, so its id is not another's meanwhile
        return found[1]
    form = fight.model_dump_json()
    _keep(_forms, id(fight), (fight, form))
    return form


def _kept(memo: OrderedDict[K, V], key: K) -> V | None:
    with _lock:
        found = memo.get(key)
        if found is not None:
            memo.move_to_end(key)
        return found


def _keep(memo: OrderedDict[K, V], key: K, value: V) -> None:
    with _lock:
        memo[key] = value
        while len(memo) > KEPT:
            memo.popitem(last=False)
