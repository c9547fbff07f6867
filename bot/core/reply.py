"""What the bot shows, independent of Discord: text, an optional picture, buttons and selects.

A button carries a game's typed action (bot/core/actions.py); a front-end puts its wire form in the
component's id and hands it back to the core, which decodes it with the game's kind. A select's
options each carry a whole action: choosing one is taking it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .actions import Action

Style = Literal["primary", "secondary", "success", "danger"]
Layout = Literal["classic", "container"]


@dataclass(frozen=True)
class Button:
    label: str
    action: Action | str  # a bare string: a game's verb not yet typed, or a link's whole custom id
    style: Style = "secondary"
    disabled: bool = False
    emoji: str | None = None
    row: int | None = None


@dataclass(frozen=True)
class Option:
    label: str
    value: Action | str  # an action: the select takes it when chosen; a string: handed to the select's verb
    description: str | None = None
    default: bool = False


@dataclass(frozen=True)
class Select:
    action: str  # "" when every option is an action; else the verb that reads the chosen value
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
    language: str | None = None  # the language its words are in, for the board's own lines (its countdown)
    # "container": shown as one container, its pictures first (a front-end that has one: Discord's Components
    # V2); such a board is posted anew whenever its picture changes, never edited to a new one.
    layout: Layout = "classic"

