"""Why a decision ends before a turn is chosen: a pass with its reason, a retry worth sending, or no
call left today. Raised by the rooms of the pilot (its deadline loop, its reading of answers) and caught
by the loop, which turns each into a pass, a retry or the planner's turn."""
from __future__ import annotations

from .decision import Code


class Refused(Exception):
    """The decision ends in a pass: `code` and the reason to show and store."""

    def __init__(self, code: Code, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


class BadAnswer(Exception):
    """The model answered, but not usably; worth one corrective retry. `reply` are the messages that
    carry the correction back (the assistant's turn, then a tool or user message)."""

    def __init__(self, code: Code, reason: str, reply: list[dict]) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.reply = reply


class OverBudget(Exception):
    """Today's calls for this server are all reserved: the call is not sent."""


class FieldRefused(Refused):
    """The server refused a field of the request that can be left out (now remembered): worth one retry."""
