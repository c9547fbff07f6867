"""Whole games between two built-in players ("ai", "gentle" or "random"), for the CLI, tests and benchmarks."""
from __future__ import annotations

from typing import Literal

from ..rng import Rng, seed_from
from .ai import ai_action, random_action
from .deck import auto_deck
from .game import apply, new_game
from .state import SummonState

Who = Literal["ai", "gentle", "random"]


def play_game(seed: int, p1: Who = "ai", p2: Who = "ai", deck1: list[str] | None = None,
              deck2: list[str] | None = None) -> SummonState:
    """Play one game to the end; decks default to the automatic builder's (seeded per side)."""
    d1 = deck1 if deck1 is not None else auto_deck(seed_from(seed, "p1"))
    d2 = deck2 if deck2 is not None else auto_deck(seed_from(seed, "p2"))
    st = new_game(seed, d1, d2)
    rng = Rng(seed_from("summon-random-placer", seed))
    who = (p1, p2)
    while st.phase != "over":
        if who[st.to_move] == "random":
            act = random_action(st, rng)
        else:
            act = ai_action(st, "gentle" if who[st.to_move] == "gentle" else "normal")
        st = apply(st, act)
    return st


def summary(st: SummonState) -> dict:
    return {"winner": st.result, "summon_turns": st.summon_turns, "battle_phases": st.battle_phases}
