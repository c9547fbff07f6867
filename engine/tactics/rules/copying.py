"""Cheap copies of a fight for the rules to play on, so the state given is never changed."""
from __future__ import annotations

from ..model.state import FightState


def clone(model):
    """A shallow copy of a pydantic model without pydantic's copy machinery (the planner makes
    thousands): the same fields, lists shared. Callers rebind lists, never change them in place."""
    twin = object.__new__(type(model))
    object.__setattr__(twin, "__dict__", dict(model.__dict__))
    object.__setattr__(twin, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    object.__setattr__(twin, "__pydantic_extra__", None)
    object.__setattr__(twin, "__pydantic_private__", None)
    return twin


def working_copy(state: FightState) -> FightState:
    """A copy of a fight to play the rules on, so the state given is never changed. Every part the
    rules change is copied; the leaves they only ever replace (status and surface records, strings,
    tuples) are shared. Much cheaper than a deep copy, which the planner would pay hundreds of times."""
    twin = clone(state)
    board = clone(state.board)
    board.terrain, board.levels = list(board.terrain), list(board.levels)
    twin.board = board
    twin.fighters = [clone(f) for f in state.fighters]
    twin.telegraphs = [clone(t) for t in state.telegraphs]
    twin.surfaces = list(state.surfaces)
    twin.moments = list(state.moments)
    twin.start_hp = dict(state.start_hp)
    return twin

