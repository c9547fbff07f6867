"""The one refusal a game kind raises: its message says which step and why, for the one who sent it."""
from __future__ import annotations


class GameError(ValueError):
    """A step the game refuses; the message says which step and why, for the one who sent it."""


class AlreadyDone(GameError):
    """A step that was already taken (the first of two presses won): the one who sent it is told so."""
