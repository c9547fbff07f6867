"""What the bot shows, independent of Discord: text, an optional picture, buttons and selects.

Actions are short strings ("sow:5", "undo") that a front-end carries in its component ids and
hands back to the game kind unchanged.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Style = Literal["primary", "secondary", "success", "danger"]


@dataclass(frozen=True)
class Button:
    label: str
    action: str
    style: Style = "secondary"
    disabled: bool = False
    emoji: str | None = None
    row: int | None = None


@dataclass(frozen=True)
class Option:
    label: str
    value: str
    description: str | None = None
    default: bool = False


@dataclass(frozen=True)
class Select:
    action: str
    options: tuple[Option, ...]
    placeholder: str
    row: int | None = None
    disabled: bool = False


@dataclass(frozen=True)
class Picture:
    data: bytes
    filename: str
    description: str = ""


@dataclass(frozen=True)
class Reply:
    text: str
    picture: Picture | None = None
    buttons: tuple[Button, ...] = ()
    selects: tuple[Select, ...] = ()
    extra_pictures: tuple[Picture, ...] = ()
    # Buttons outside the game's versioned steps, kept on a finished board too (a Rematch): the action is
    # the whole component id, answered by the game's own cog, never by the session core.
    links: tuple[Button, ...] = ()

