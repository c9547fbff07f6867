"""Golden files: a test's output compared with a file checked in beside it, one update switch for all.

`pytest --update-golden` rewrites every golden file a test reaches instead of comparing (the option
is declared in tests/conftest.py); read the diff before committing it.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

UPDATE = False  # set by tests/conftest.py from --update-golden
HOW = "pytest --update-golden rewrites it; read the diff before committing"


def assert_golden(path: Path, text: str) -> None:
    """`text` must equal the file at `path` (or, with --update-golden, becomes it)."""
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    assert path.exists(), f"{path.name} is missing ({HOW})"
    assert text == path.read_text(encoding="utf-8"), f"{path.name} differs ({HOW})"


def key_per_line(value: dict) -> str:
    """A JSON object with one key per line and each value on its line: short diffs for count tables."""
    return "{\n" + ",\n".join(f" {json.dumps(k)}: {json.dumps(v)}" for k, v in value.items()) + "\n}"


INDENTED = partial(json.dumps, indent=1)  # the default writer: one value per line, short diffs


def assert_golden_json(path: Path, value: Any, dumps: Callable[[Any], str] = INDENTED) -> None:
    """`value` must equal the JSON in the file at `path`, compared as data, not as text; `dumps` writes it."""
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(dumps(value) + "\n", encoding="utf-8")
        return
    assert path.exists(), f"{path.name} is missing ({HOW})"
    assert value == json.loads(path.read_text(encoding="utf-8")), f"{path.name} differs ({HOW})"
