"""What a game's older boards carried: wire forms still in members' Discord history, and what each reads
as today. A game declares them beside its actions; only the Discord door (bot/discord/former.py) reads
them, so the session core and the kinds know today's actions alone."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .actions import Action


@dataclass(frozen=True)
class FormerWire:
    """A game's old wire forms: `renamed` maps a verb its boards once carried to the action that took its
    place (the same fields after the verb); `selects` maps the verb of a select that carried its chosen
    value apart (`s:<game>:<version>:<verb>[:fields]`) to the action whose last field that value fills.
    A select's verb not named here is retired: its press is told the board is out of date."""
    renamed: Mapping[str, type[Action]] = field(default_factory=dict)
    selects: Mapping[str, type[Action]] = field(default_factory=dict)


__all__ = ["FormerWire"]
