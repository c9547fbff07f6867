"""A turn named in plain text ("turn 3"), for servers that answer in words instead of a tool call
(Ollama ignoring `tool_choice`, a llama.cpp template that drops the tools, a server told no tools)."""
from __future__ import annotations

import re

THINKING = re.compile(r"<think>.*?(?:</think>|$)", re.S | re.I)  # a thinking model's musings are not its answer
NAMED_TURN = re.compile(r"\bturn\s*(?:number\s*)?#?\s*(\d+)\b", re.I)


def turn_named(text: str, count: int) -> int | None:
    """The one turn (1 to `count`) the text names; None when it names none, several, or one not offered."""
    numbers = {int(n) for n in NAMED_TURN.findall(THINKING.sub(" ", text or ""))}
    if len(numbers) != 1:
        return None
    (number,) = numbers
    return number if 1 <= number <= count else None
