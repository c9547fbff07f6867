"""Tactics' actions: each step and view of a fight as a small frozen value, with its wire form beside it.

Each verb says what its action does (`show_turn`, `use_skill`); a custom id holds 100 characters and
the game id and version come first, so the fields after it stay short. The verbs boards carried before
(`tv`, `pv`, `do`, `wh`) are in FORMER: the Discord door reads an older board's controls as today's.

What a member types (a tile, an aim with its push direction, a whole turn as text) is read by the
`read` class methods: a bad input is refused with the reason before the kind's rules run.
"""
from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar, Literal, cast, get_args

from bot.core.actions import Action, ActionError, name_from_wire, name_to_wire
from bot.core.former import FormerWire
from bot.words import N_, number, words
from engine.tactics.model.board import parse_tile
from engine.tactics.model.steps import Direction, Reaction

from .quoting import echo

FighterCode = Literal["h", "c"]          # the hero, the companion: on the wire and in slash steps
FIGHTER_OF: dict[str, str] = {"h": "hero", "c": "companion"}
CODE_OF: dict[str, FighterCode] = {"hero": "h", "companion": "c"}
DIRECTIONS: tuple[str, ...] = get_args(Direction)
REACTION_WORDS: dict[str, str] = {"opportunity_attack": "opportunity attack", "flowing_guard": "flowing guard"}
DIRECTION_WORDS = N_("N, NE, E, SE, S, SW, W or NW")
TELL_MOST = 200                          # the longest message a player may tell the companion
TURN_TEXT_MOST = 300                     # a whole turn is a few short steps; longer text is not a turn
_AIM = re.compile(r"[A-Za-z0-9]{1,20}")  # a tile (F5) or a fighter (s1, Driplet)


def _pack(text: str) -> str:
    """Free text (spaces, `;`, any letter) in the wire's alphabet: base64url without padding."""
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def _unpack(verb: str, wire: str) -> str:
    try:
        return base64.urlsafe_b64decode(wire + "=" * (-len(wire) % 4)).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise ActionError(words("{verb}: this control's text cannot be read.", verb=verb)) from None


def _checked_aim(at: str) -> str:
    if not _AIM.fullmatch(at):
        raise ActionError(words("Aim at a tile like F5 or a fighter like s1 (got {at}).", at=echo(at)))
    return at


def _checked_direction(toward: str | None) -> Direction | None:
    if toward is None or toward == "":
        return None
    heading = toward.strip().upper()
    if heading not in DIRECTIONS:
        raise ActionError(words("A push direction is one of {directions} (got {toward}).",
                                directions=words(DIRECTION_WORDS), toward=echo(toward)))
    return cast(Direction, heading)


# --- private views -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ShowTurn(Action):
    """A ready-made turn's preview, privately, with Send."""
    verb = "show_turn"
    fighter: FighterCode
    number: int


@dataclass(frozen=True)
class ShowTurns(Action):
    """A fighter's ready-made turns as buttons, privately (the friend's list while the hero is due)."""
    verb = "turns"
    fighter: FighterCode


@dataclass(frozen=True)
class ShowSkills(Action):
    """Every skill of the fighter with its best target's preview, privately."""
    verb = "skills"
    fighter: FighterCode | None = None


@dataclass(frozen=True)
class Cancel(Action):
    """Close a private preview without sending anything."""
    verb = "cancel"


@dataclass(frozen=True)
class AskSkill(Action):
    """`/tactics skill` (with Confirm) or `/tactics preview` (without): a skill's preview at an aim."""
    verb = "ask_skill"
    skill: str
    at: str
    toward: Direction | None = None
    confirm: bool = False

    @classmethod
    def read(cls, skill: str, at: str, toward: str | None = None, *, confirm: bool) -> AskSkill:
        """From the slash options; `at` may carry its direction (`D2:NE`), which is checked here."""
        aim, sep, heading = at.strip().partition(":")
        if sep and toward:
            raise ActionError(words("Give the push direction once: in toward: or after the tile (got {at}).",
                                    at=echo(at)))
        direction = _checked_direction(heading if sep else toward)
        if sep and direction is None:
            raise ActionError(words("After the ':' comes a push direction: {directions} (got {at}).",
                                    directions=words(DIRECTION_WORDS), at=echo(at)))
        name = " ".join(skill.split())
        if not name or len(name) > 40:
            raise ActionError(words("No skill of that name (got {skill}): pick one from the list.", skill=echo(skill)))
        return cls(name, _checked_aim(aim), direction, confirm)

    def encode(self) -> str:
        return ":".join([self.verb, self.at, self.toward or "", "1" if self.confirm else "0",
                         name_to_wire(self.skill)])

    @classmethod
    def decode(cls, arg: str) -> AskSkill:
        at, toward, confirm, skill = (arg.split(":", 3) + [""] * 4)[:4]
        if confirm not in ("0", "1") or not skill:
            raise ActionError(words("{verb}: this control cannot be read.", verb=cls.verb))
        return cls.read(name_from_wire(skill), at, toward or None, confirm=confirm == "1")

    @classmethod
    def examples(cls) -> Iterator[AskSkill]:
        yield cls("Tide Lash", "F5")
        yield cls("Shove", "s1", "NE", confirm=True)


@dataclass(frozen=True)
class WhatHappened(Action):
    """The strays' last phase in full, privately (the board shows it grouped and short)."""
    verb = "what_happened"


@dataclass(frozen=True)
class ShowMap(Action):
    """The board in words, privately: the grid of tiles, every fighter and every telegraph."""
    verb = "map"


# --- steps -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SendTurn(Action):
    """Send ready-made turn `number` as it was offered at fight version `seq`. Checked against the fight
    as it is when sent (it plays if its steps are still legal), not refused because the board moved on."""
    verb = "send"
    fresh_checked: ClassVar[bool] = True
    fighter: FighterCode
    number: int
    seq: int


@dataclass(frozen=True)
class UseSkill(Action):
    """Confirm on a skill's preview: the fighter's skill number `index` at `at`, pushing `toward`."""
    verb = "use_skill"
    fighter: FighterCode
    index: int
    at: str
    toward: Direction | None = None

    def __post_init__(self) -> None:
        _checked_aim(self.at)

    @classmethod
    def examples(cls) -> Iterator[UseSkill]:
        yield cls("h", 4, "s1", "NW")
        yield cls("c", 0, "F5")


@dataclass(frozen=True)
class Pass(Action):
    """The fighter does nothing more this phase (no fighter named: the one the member pilots)."""
    verb = "pass"
    fighter: FighterCode | None = None


@dataclass(frozen=True)
class End(Action):
    """End the fighter's part of the phase; what is left of its budget is lost."""
    verb = "end"


@dataclass(frozen=True)
class Move(Action):
    """Walk to a tile of the board by the cheapest way."""
    verb = "move"
    to: str

    @classmethod
    def read(cls, text: str) -> Move:
        return cls(text.strip().upper())

    def __post_init__(self) -> None:
        if parse_tile(self.to) is None or self.to != self.to.upper():
            raise ActionError(words("Move to {to}: that is not a tile of the board (columns A-M, rows 1-9).",
                                    to=echo(self.to)))

    @classmethod
    def examples(cls) -> Iterator[Move]:
        yield cls("C5")
        yield cls("M9")


@dataclass(frozen=True)
class Hold(Action):
    """Hold a hidden reaction until the fighter's next phase."""
    verb = "hold"
    reaction: Reaction


@dataclass(frozen=True)
class TypedTurn(Action):
    """`/tactics turn steps:` — a whole turn as text, read by the engine, all or nothing."""
    verb = "turn"
    text: str

    @classmethod
    def read(cls, text: str) -> TypedTurn:
        if len(text) > TURN_TEXT_MOST:
            raise ActionError(words("Turn: a turn is a few short steps, at most {most} characters (this one has "
                                    "{length}), like `move C5; Tide Lash F5; end`. You wrote {text}.",
                                    most=TURN_TEXT_MOST, length=number(len(text)), text=echo(text)))
        return cls(text)

    def encode(self) -> str:
        return f"{self.verb}:{_pack(self.text)}"

    @classmethod
    def decode(cls, arg: str) -> TypedTurn:
        return cls(_unpack(cls.verb, arg))

    @classmethod
    def examples(cls) -> Iterator[TypedTurn]:
        yield cls("move C5; Tide Lash F5; end")


@dataclass(frozen=True)
class Tell(Action):
    """`/tactics tell message:` — the player's call for the companion's next decision, said in turn or not."""
    verb = "tell"
    out_of_turn = True
    message: str

    @classmethod
    def read(cls, text: str) -> Tell:
        message = " ".join(text.split())
        if not message:
            raise ActionError(words("Tell: say something for the companion, e.g. \"focus the Tussle\"."))
        if len(message) > TELL_MOST:
            raise ActionError(words("Tell: a message to the companion holds at most {most} characters (this one "
                                    "has {length}): {message}.", most=TELL_MOST, length=len(message),
                                    message=echo(message)))
        return cls(message)

    def encode(self) -> str:
        return f"{self.verb}:{_pack(self.message)}"

    @classmethod
    def decode(cls, arg: str) -> Tell:
        return cls.read(_unpack(cls.verb, arg))

    @classmethod
    def examples(cls) -> Iterator[Tell]:
        yield cls("focus the Tussle; stay back & heal me")


@dataclass(frozen=True)
class PilotTurn(Action):
    """What the companion's pilot (`auto`, `model`) decided, as JSON: its turn or its pass, and the
    fight version it decided on."""
    verb = "pilot"
    decision: str

    def encode(self) -> str:
        return f"{self.verb}:{_pack(self.decision)}"

    @classmethod
    def decode(cls, arg: str) -> PilotTurn:
        return cls(_unpack(cls.verb, arg))

    @classmethod
    def examples(cls) -> Iterator[PilotTurn]:
        yield cls('{"decision": {"decision": "pass"}, "seq": 3}')


# --- the friend's invitation, and after the result ----------------------------------------------


@dataclass(frozen=True)
class Accept(Action):
    verb = "accept"


@dataclass(frozen=True)
class Decline(Action):
    verb = "decline"


@dataclass(frozen=True)
class StartSolo(Action):
    """The host starts without the friend: auto pilots the companion."""
    verb = "solo"


@dataclass(frozen=True)
class Tutorial(Action):
    """A first fight's player plays the tutorial in its thread instead (the fight starts again after it)."""
    verb = "tutorial"


@dataclass(frozen=True)
class NextFight(Action):
    verb = "next"


@dataclass(frozen=True)
class Retry(Action):
    verb = "retry"


@dataclass(frozen=True)
class Close(Action):
    verb = "close"


FORMER = FormerWire(renamed={"tv": ShowTurn, "pv": AskSkill, "do": UseSkill, "wh": WhatHappened})
