"""Every typed action of every game reads back from its own wire form, and bad wire forms are refused
with a reason before any rule runs."""
from __future__ import annotations

import typing
from dataclasses import fields
from typing import Any, Literal, get_args, get_origin

import pytest

from bot.core.actions import Action, ActionError
from bot.discord.former import Door
from bot.games import registry
from tools.drive.tally.kind import Tally

KINDS = [plugin.kind for plugin in registry.plugins()] + [Tally()]


def _sample(hint: Any) -> Any:
    origin = get_origin(hint)
    if origin is Literal:
        return get_args(hint)[-1]
    if origin is not None:  # X | None: the value, not None, is the harder case
        return _sample(next(a for a in get_args(hint) if a is not type(None)))
    return {int: 7, str: "Stone Wall", bool: True}[hint]


def samples(action_type: type[Action]) -> list[Action]:
    """An instance of the action with a value in every field (actions with their own codec give theirs)."""
    own = getattr(action_type, "examples", None)
    if own is not None:
        return list(own())
    hints = typing.get_type_hints(action_type)
    return [action_type(**{f.name: _sample(hints[f.name]) for f in fields(action_type)})]


CASES = [(kind, t) for kind in KINDS for t in kind.action_types()]


@pytest.mark.parametrize(("kind", "action_type"), CASES,
                         ids=[f"{k.key}-{t.__name__}" for k, t in CASES])
def test_every_action_round_trips(kind, action_type) -> None:
    for action in samples(action_type):
        wire = action.encode()
        assert kind.decode(wire) == action, wire


FORMER = [(plugin.kind, old, t) for plugin in registry.plugins() for old, t in plugin.former.renamed.items()]


@pytest.mark.parametrize(("kind", "old", "action_type"), FORMER, ids=[f"{k.key}-{o}" for k, o, _ in FORMER])
def test_every_old_verb_reads_through_the_door_as_todays_action(kind, old, action_type) -> None:
    """An older board's control (today's fields after the verb it carried then) is the same action."""
    plugins = registry.plugins()
    door = Door((p.former for p in plugins), (verb for p in plugins for verb in p.kind.handlers))
    for action in samples(action_type):
        _, sep, rest = action.encode().partition(":")
        assert kind.decode(door.button(f"{old}{sep}{rest}")) == action, old


@pytest.mark.parametrize("kind", KINDS, ids=[k.key for k in KINDS])
def test_forged_wire_forms_are_refused_with_a_reason(kind) -> None:
    for forged in ["nosuchverb", "nosuchverb:1", "", "bad verb", "x" * 61]:
        with pytest.raises(ActionError) as refused:
            kind.decode(forged)
        assert str(refused.value)


def test_tally_fields_are_checked_before_the_rules() -> None:
    tally = Tally()
    with pytest.raises(ActionError, match="amount must be one of 1, 2"):
        tally.decode("add:7")
    with pytest.raises(ActionError, match="takes nothing"):
        tally.decode("end:now")
