"""Tally's actions: each step and view as a typed value, with its wire form beside it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.core.actions import Action


@dataclass(frozen=True)
class Add(Action):
    """Add 1 or 2 to the count."""
    verb = "add"
    amount: Literal[1, 2]


@dataclass(frozen=True)
class End(Action):
    """Ending is checked against the game as it is now, so an End on an out-of-date board still ends it."""
    verb = "end"
    fresh_checked = True


@dataclass(frozen=True)
class Name(Action):
    """Name the count (a step that echoes its input when it refuses it, as a long turn is)."""
    verb = "name"
    text: str

    @classmethod
    def examples(cls) -> list[Name]:
        return [cls("Ada"), cls("a:b")]


@dataclass(frozen=True)
class Peek(Action):
    """A private look at the count's parity, as a hand of cards is."""
    verb = "peek"


@dataclass(frozen=True)
class Boom(Action):
    """A step whose handler fails on purpose."""
    verb = "boom"


ACTIONS: tuple[type[Action], ...] = (Add, End, Name, Peek, Boom)
