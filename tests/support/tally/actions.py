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
    verb = "end"


@dataclass(frozen=True)
class Peek(Action):
    """A private look at the count's parity, as a hand of cards is."""
    verb = "peek"


@dataclass(frozen=True)
class Boom(Action):
    """A step whose handler fails on purpose."""
    verb = "boom"


ACTIONS: tuple[type[Action], ...] = (Add, End, Peek, Boom)
