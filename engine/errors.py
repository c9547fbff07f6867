"""One error base for every engine: a refusal a person can read, with a short stable code for tests.

Every rule an engine refuses raises a `RuleError` (or a subclass). The bot shows `str(error)`; tests
and tools may match `.code` (`not_your_turn`, `no_fit`, `empty_bowl` …), which never changes wording.
"""
from __future__ import annotations


class RuleError(ValueError):
    """A step, position or input the rules refuse; nothing was changed."""

    code: str = "illegal"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code


class UsageError(RuleError):
    """A CLI call whose words are off (unknown command, missing argument, bad JSON)."""

    code = "usage"
