"""The one scaffold of the engines' JSON CLIs: JSON in and out, one-line error on stderr, exit 2 on bad input.

Each game's `cli.py` writes a handler `argv -> payload`; `run` prints the payload as one JSON document
and turns every refusal (a `RuleError`, a pydantic validation error, bad JSON) into one line on stderr
and exit code 2. A handler that must signal failure with a payload (a check that found problems)
returns `Exit(payload, code)`; `Exit.notes` are lines for stderr printed as they are (a usage line,
a check's findings).
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NoReturn, TextIO

from pydantic import ValidationError

from .errors import RuleError, UsageError

BAD_INPUT = 2


@dataclass(frozen=True)
class Exit:
    """A payload to print with a chosen exit code, and any lines for stderr (printed first, unprefixed)."""
    payload: Any
    code: int = 0
    notes: tuple[str, ...] = ()


class ArgParser(argparse.ArgumentParser):
    """argparse whose usage errors become a `UsageError` (one line, exit 2) instead of a usage dump."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def read_json(stream: TextIO, lead: str = "bad JSON") -> Any:
    """The JSON document on `stream`, or a UsageError starting with `lead` that says where it broke."""
    try:
        return json.loads(stream.read())
    except json.JSONDecodeError as e:
        raise UsageError(f"{lead}: {e.msg} at line {e.lineno} column {e.colno}") from None


def first_error(e: Exception) -> str:
    """The first line a person needs from an exception (pydantic's first error, without its prefix)."""
    if isinstance(e, ValidationError):
        err = e.errors()[0]
        where = ".".join(str(p) for p in err.get("loc", ()))
        msg = str(err.get("msg", e)).removeprefix("Value error, ")
        return f"{where}: {msg}" if where else msg
    text = str(e)
    return text.splitlines()[0] if text else type(e).__name__


def run(handler: Callable[[list[str]], Any], argv: list[str] | None = None, *,
        stdout: TextIO | None = None, stderr: TextIO | None = None, prefix: str = "error: ") -> int:
    """Run one CLI call: print the handler's payload as JSON (exit 0, or Exit's code)."""
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    try:
        result = handler(list(sys.argv[1:] if argv is None else argv))
    except (RuleError, ValidationError) as e:
        print(f"{prefix}{first_error(e)}", file=err)
        return BAD_INPUT
    code = 0
    if isinstance(result, Exit):
        for line in result.notes:
            print(line, file=err)
        result, code = result.payload, result.code
    if result is not None:
        print(json.dumps(result), file=out)
    return code
