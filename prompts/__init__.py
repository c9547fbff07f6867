"""The companion's prompt templates, shipped as package data, and the one function that renders them.

Templates are Jinja2 with StrictUndefined: a variable the caller forgot is an error, never an empty
string in front of a model.
"""
from __future__ import annotations

from functools import cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined


@cache
def _environment() -> Environment:
    return Environment(loader=FileSystemLoader(Path(__file__).parent), undefined=StrictUndefined, autoescape=False,
                       trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=False)


def render(name: str, **variables: object) -> str:
    """Render `prompts/<name>.j2` (e.g. "companion/system") with exactly these variables."""
    return _environment().get_template(f"{name}.j2").render(**variables).strip()
