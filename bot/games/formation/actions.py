"""Formation's actions: each step as a typed value, with its short wire verb beside it.

Boards posted before every select option carried its whole action named the select by its verb
("s:<game>:<version>:slot") and carried the choice apart: FORMER reads them at the Discord door.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from bot.core.actions import Action
from bot.core.former import FormerWire

SlotName = Literal["front_left", "front_right", "back_left", "back_middle", "back_right"]
SLOT_NAMES: tuple[SlotName, ...] = get_args(SlotName)  # the engine's slots, in its order
EMPTY = "-"  # the creature of a Place that empties its slot


@dataclass(frozen=True)
class ChooseSlot(Action):
    """Pick the slot the creature select fills next."""
    verb = "slot"
    slot: SlotName


@dataclass(frozen=True)
class Place(Action):
    """Put `creature` (or EMPTY) in `slot`, or in the chosen slot when none is named."""
    verb = "place"
    slot: SlotName | None
    creature: str

    @classmethod
    def examples(cls) -> list[Place]:
        return [cls("back_middle", "Luna"), cls(None, "Zip"), cls("front_left", EMPTY)]


@dataclass(frozen=True)
class Clear(Action):
    verb = "clear"


@dataclass(frozen=True)
class Hint(Action):
    verb = "hint"


@dataclass(frozen=True)
class Battle(Action):
    verb = "battle"


@dataclass(frozen=True)
class MoreBrief(Action):
    """The whole brief, privately: the lesson, every enemy ability's timing, the ground, limits, pairs and hints."""
    verb = "more"


@dataclass(frozen=True)
class NextPuzzle(Action):
    verb = "next"


@dataclass(frozen=True)
class EndSession(Action):
    verb = "end"


def slot_name(slot: str) -> SlotName:
    """The slot `slot` names, as the actions spell it."""
    for name in SLOT_NAMES:
        if name == slot:
            return name
    raise ValueError(f"{slot!r} is not a slot")


ACTIONS: tuple[type[Action], ...] = (ChooseSlot, Place, Clear, Hint, Battle, MoreBrief, NextPuzzle, EndSession)

# The selects boards carried before their options held whole actions: the value they carried is the last field.
FORMER = FormerWire(selects={"slot": ChooseSlot, "place": Place})
