"""Typed actions: one small frozen value per step or view of a game, with its wire form beside it.

A game's `actions.py` declares them (`@dataclass(frozen=True) class Sow(Action): verb = "sow"; bowl:
int`). `encode()` gives the text a button's custom id, a select's option or a pilot's answer carries
("sow:5"); `decode()` reads it back. The core checks the wire form once (`check_wire`) and hands a
kind's handler the decoded value, so no handler ever splits an action string. A verb is a short
word that says what the action does (a custom id holds 100 characters, and the game id and version
come first); each game keeps its verbs, and the ones its older boards carried, in its actions module.

Fields are read by their annotations: `int`, `str`, `bool`, a `Literal[...]` of strings or ints, and
any of these `| None` (an empty field). Fields are joined with ":"; only the last `str` field may
itself hold a ":". An action that needs another form overrides both `encode` and `decode`.
"""
from __future__ import annotations

import re
import types
import typing
from dataclasses import dataclass, fields
from functools import cache
from typing import Any, ClassVar, Literal, TypeVar, Union, get_args, get_origin

from bot.words import words

from .errors import GameError

WIRE = re.compile(r"[A-Za-z0-9_.:\-]{1,60}")  # what a component's custom id may carry after its game and version
VERB = re.compile(r"[a-z][a-z0-9_]{0,15}")
A = TypeVar("A", bound="Action")


class ActionError(GameError):
    """A wire form that names none of the game's actions, or whose fields do not read."""


class RetiredAction(ActionError):
    """A wire form whose verb is no step of the game today (a control of a board posted long ago)."""


@dataclass(frozen=True)
class Action:
    """One step or view a player (or a pilot) can take; subclasses are frozen dataclasses."""

    verb: ClassVar[str] = ""
    # Checked against the current state rather than refused as out of date when its board's version is
    # behind: the kind decides (plays it, refuses it naming why, or raises AlreadyDone).
    fresh_checked: ClassVar[bool] = False
    # Taken whenever the game runs, in turn or not (a word to the companion): the seats are not checked.
    out_of_turn: ClassVar[bool] = False

    def encode(self) -> str:
        names = [name for name, _ in _fields_of(type(self))]
        parts = [_text_of(getattr(self, name)) for name in names]
        for part, name in zip(parts[:-1], names[:-1]):
            if ":" in part:
                raise ValueError(f"{type(self).__name__}.{name} cannot hold ':' (only the last field may)")
        if len(parts) == 1 and parts[0] == "":  # one empty field: the bare verb ("sow" reads as Sow(None))
            return self.verb
        return ":".join([self.verb, *parts]) if parts else self.verb

    @classmethod
    def decode(cls: type[A], arg: str) -> A:
        """The action from the text after its verb; ActionError (with the reason) when it does not read."""
        spec = _fields_of(cls)
        if not spec:
            if arg:
                raise ActionError(f"{cls.verb} takes nothing after it (got {arg!r}).")
            return cls()
        texts = arg.split(":", len(spec) - 1) if arg or len(spec) == 1 else []
        if len(texts) != len(spec):
            raise ActionError(f"{cls.verb} needs {len(spec)} part(s) ({', '.join(n for n, _ in spec)}), "
                              f"got {arg!r}.")
        values = {name: _read(cls.verb, name, hint, text) for (name, hint), text in zip(spec, texts)}
        return cls(**values)


def name_to_wire(name: str) -> str:
    """A name with spaces (a skill, a piece) as a wire field carries it: the wire has no spaces."""
    return name.replace(" ", "_")


def name_from_wire(field: str) -> str:
    """The name `name_to_wire` carried."""
    return field.replace("_", " ")


def check_wire(wire: str) -> str:
    """The verb of a wire form from a component, once its grammar and length are checked."""
    if not WIRE.fullmatch(wire):
        raise ActionError(words("That control is not one this bot made (its id is malformed)."))
    verb = wire.partition(":")[0]
    if not VERB.fullmatch(verb):
        raise ActionError(words("That control is not one this bot made (its id is malformed)."))
    return verb


def _fields_of(cls: type) -> tuple[tuple[str, Any], ...]:
    return _read_fields(cls)  # type: ignore[arg-type]  # a class is hashable; mypy's stub for type[A] says no


@cache
def _read_fields(cls: type) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in fields(cls))


def _text_of(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def _read(verb: str, name: str, hint: Any, text: str) -> Any:
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        options = [a for a in get_args(hint) if a is not type(None)]
        if text == "":
            return None
        if len(options) != 1:
            raise TypeError(f"{verb}.{name}: only 'X | None' unions are read")
        return _read(verb, name, options[0], text)
    if origin is Literal:
        for allowed in get_args(hint):
            if str(allowed) == text:
                return allowed
        choices = ", ".join(str(a) for a in get_args(hint))
        raise ActionError(f"{verb}: {name} must be one of {choices} (got {text!r}).")
    if hint is bool:
        if text not in ("0", "1"):
            raise ActionError(f"{verb}: {name} must be 0 or 1 (got {text!r}).")
        return text == "1"
    if hint is int:
        if not re.fullmatch(r"-?[0-9]{1,9}", text):
            raise ActionError(f"{verb}: {name} must be a whole number (got {text!r}).")
        return int(text)
    if hint is str:
        return text
    raise TypeError(f"{verb}.{name}: fields of type {hint!r} need the action's own encode/decode")


__all__ = ["Action", "ActionError", "RetiredAction", "WIRE", "check_wire", "name_from_wire", "name_to_wire"]
