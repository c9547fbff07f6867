"""Bowls' actions: each step and view as a typed value, with its wire verb beside it ("pick:5", "sow")."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.core.actions import Action


@dataclass(frozen=True)
class Pick(Action):
    """Select a bowl: its stones (and the forecast, when on) show; nothing is sown yet."""
    verb = "pick"
    bowl: int


@dataclass(frozen=True)
class Sow(Action):
    """Sow from `bowl`, or from the selected bowl when none is named (the board's Sow button)."""
    verb = "sow"
    bowl: int | None = None


@dataclass(frozen=True)
class Undo(Action):
    verb = "undo"


@dataclass(frozen=True)
class AskUndo(Action):
    """A private question before an undo that would turn a counted attempt into practice."""
    verb = "askundo"


@dataclass(frozen=True)
class Pause(Action):
    verb = "pause"


@dataclass(frozen=True)
class Resume(Action):
    verb = "resume"


@dataclass(frozen=True)
class EndAttempt(Action):
    verb = "end"


@dataclass(frozen=True)
class TextBoard(Action):
    """The board in words, privately: every bowl's stones and what each letter and symbol means."""
    verb = "text"


@dataclass(frozen=True)
class Theme(Action):
    """Change the look of the board (and of the player's next games) to a theme they have unlocked."""
    verb = "theme"
    name: str

    @classmethod
    def examples(cls) -> list[Theme]:
        return [cls("Ocean")]


@dataclass(frozen=True)
class Forecast(Action):
    """Show (or hide) the one-line forecast of the selected bowl."""
    verb = "forecast"
    setting: Literal["on", "off"]


ACTIONS: tuple[type[Action], ...] = (Pick, Sow, Undo, AskUndo, Pause, Resume, EndAttempt, TextBoard, Theme,
                                     Forecast)
