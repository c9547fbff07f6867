"""The one engine API: every game answers the same five verbs with the same signatures, as OpenSpiel's
games share one state API. Each game's facade holds an `ENGINE` that answers them over the game's own
richer API (which the bot keeps using); `engine.registry.registered_games()` lists every one.

    new_game(seed) -> State                    a game from a seed (the same seed, the same game)
    legal_actions(state) -> list[Action]       what may be taken now; [] only once the game is over
    apply(state, action) -> Applied            the new state and the structured events it played; the
                                               state handed in is never changed; a RuleError if not legal
    outcome(state) -> Outcome | None           how the game ended, None while it goes on
    render_text(state) -> str                  the state in words (screen readers, debugging)

A state is a pydantic model (it saves as JSON and loads back); an action is a small frozen value.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

S = TypeVar("S")
A = TypeVar("A")


@dataclass(frozen=True)
class Outcome:
    """How a game ended: `result` is the game's own word for who won ("won", "lost", "draw"; summon's
    "p1", "p2", "draw"), `reason` its typed reason where it keeps one (a knockout, a surrender)."""
    result: str
    reason: str | None = None


@dataclass(frozen=True)
class Applied(Generic[S]):
    """What one action did: the new state, and the events it played in order (typed values, never words)."""
    state: S
    events: tuple[Any, ...] = ()


class Engine(Protocol[S, A]):
    """One game's rules behind the five shared verbs."""

    name: str

    def new_game(self, seed: int) -> S: ...

    def legal_actions(self, state: S) -> list[A]: ...

    def apply(self, state: S, action: A) -> Applied[S]: ...

    def outcome(self, state: S) -> Outcome | None: ...

    def render_text(self, state: S) -> str: ...


__all__ = ["Applied", "Engine", "Outcome"]
