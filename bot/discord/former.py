"""The door for older boards: a control's custom id from a board posted by an earlier version (still in
members' Discord history) becomes today's wire form before it reaches the session core.

Every game's `FormerWire` is merged into one table, checked once at start: an old verb is no game's
verb today and means one thing in every game, so an id is translated without knowing its game.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields

from bot.core.actions import Action
from bot.core.former import FormerWire


class Door:
    """Reads an older board's wire forms as today's; a form no game reads any more comes out as None."""

    def __init__(self, formers: Iterable[FormerWire], verbs: Iterable[str]) -> None:
        today = set(verbs)
        self.renamed: dict[str, type[Action]] = {}
        self.selects: dict[str, type[Action]] = {}
        for former in formers:
            for table, mine in ((self.renamed, former.renamed), (self.selects, former.selects)):
                for old, action in mine.items():
                    if table is self.renamed and old in today:
                        raise ValueError(f"the old verb {old!r} is a verb today: its ids could not be told apart")
                    if table.get(old, action) is not action:
                        raise ValueError(f"two games read the old verb {old!r} differently")
                    table[old] = action

    def button(self, wire: str) -> str:
        """Today's wire form of a button's (or a whole-action option's) wire form."""
        verb, sep, rest = wire.partition(":")
        action = self.renamed.get(verb)
        return wire if action is None else f"{action.verb}{sep}{rest}"

    def select(self, wire: str, value: str | None) -> str | None:
        """Today's wire form of a select that named its verb and carried the chosen `value` apart: the
        value fills the action's last field, the fields after the verb the ones before; None when that
        select is retired (or nothing was chosen)."""
        verb, _, arg = wire.partition(":")
        action = self.selects.get(verb)
        if action is None or value is None:
            return None
        count = len(fields(action))
        if count == 0:
            return action.verb
        before = arg.split(":") if arg else [""] * (count - 1)
        return ":".join([action.verb, *before, value])


__all__ = ["Door"]
