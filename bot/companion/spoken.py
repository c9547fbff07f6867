"""Whether a model's `say` reads as something a companion would say in the thread.

A small model fills `say` with whatever is near: a piece of the prompt, a tile list, JSON, a mention it
saw, a line cut off mid-word. Such a line is not shown at all (the board then says plainly what the
companion chose); only a short sentence in words is.
"""
from __future__ import annotations

import re

from .decision import SAY_LIMIT

MARKUP = re.compile(r"[`*_~|#<>\[\]{}\\]|https?://|www\.|\n")
MENTION = re.compile(r"@\w|<[@#:]")
WORD = re.compile(r"[^\W\d_]{2,}")
ECHO_MIN = 12        # a stretch of the prompt this long, said back, is an echo, not the companion's words


def _folded(text: str) -> str:
    return " ".join(text.lower().split())


def sentence(say: str, prompt: str) -> str:
    """`say` as it is shown (whitespace folded), or "" when it does not read as a sentence: empty, at
    or over SAY_LIMIT characters, a mention, markup or an address, an echo of `prompt` (the request's
    text), or more digits and signs than words."""
    said = " ".join(str(say).split())
    if not said or len(said) >= SAY_LIMIT or MARKUP.search(said) or MENTION.search(said):
        return ""
    words = WORD.findall(said)
    letters = sum(len(w) for w in words)
    if not words or letters * 2 < len(said.replace(" ", "")):
        return ""
    folded = _folded(said).strip(" .!?")
    if len(folded) >= ECHO_MIN and folded in _folded(prompt):
        return ""
    return said
