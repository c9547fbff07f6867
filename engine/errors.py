"""One error base for every engine: a refusal a person can read, with a short stable code for tests.

Every rule an engine refuses raises a `RuleError` (or a subclass). The bot shows `str(error)`; tests
and tools may match `.code` (`not_your_turn`, `no_fit`, `empty_bowl` …), which never changes wording.

A refusal can be raised in a worker process and read in the bot's (the planner, a turn checked there),
so every `RuleError` pickles to an equal error whatever its subclass's constructor takes: it is rebuilt
from its message and its attributes, never by calling the constructor again.
"""
from __future__ import annotations

from typing import Any


def _rebuilt(cls: type[RuleError], args: tuple[Any, ...], attributes: dict[str, Any]) -> RuleError:
    """A pickled refusal read back: the same class, message and attributes (`code`, `step`, `reason` …)."""
    error = cls.__new__(cls, *args)
    error.args = args
    error.__dict__.update(attributes)
    return error


class RuleError(ValueError):
    """A step, position or input the rules refuse; nothing was changed."""

    code: str = "illegal"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuilt, (type(self), self.args, dict(self.__dict__))


class UsageError(RuleError):
    """A CLI call whose words are off (unknown command, missing argument, bad JSON)."""

    code = "usage"
