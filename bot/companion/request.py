"""The optional fields of the pilot's chat request, and what a model server has refused of them.

Servers differ: OpenAI's reasoning models answer 400 to `parallel_tool_calls` and to `max_tokens`
("Use 'max_completion_tokens' instead"), and other models to `reasoning_effort`; vLLM without a tool
parser refuses `tool_choice`; Ollama answers 400 "… does not support tools" for a model without a tool
template (and "… does not support thinking" to `reasoning_effort`). A refusal that names a field we
sent is remembered, so every later request to that server leaves the field out (or, for the token cap,
uses the other name). Some servers fail instead: llama-cpp-python's chatml-function-calling answers HTTP
500 with an empty message to `tool_choice: "required"`. A server error on the first request that carries
such fields (none has been answered yet) leaves them all out too (`without_extras`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from bot.settings import Settings

from .decision import SAY_LIMIT
from .tools import CHOOSE, tool_specs

# The field a refusal names, and the words that name it (the message and the `param` of the error body).
NAMES: dict[str, re.Pattern[str]] = {
    "strict": re.compile(r"\bstrict\b", re.I),
    "parallel_tool_calls": re.compile(r"\bparallel_tool_calls\b", re.I),
    "tool_choice": re.compile(r"\btool[_ ]choice\b", re.I),
    "reasoning_effort": re.compile(r"\breasoning[_.]effort\b|\bthink(?:ing)?\b", re.I),
    "tools": re.compile(r"does not support tools|unsupported param(?:eter)?:? '?tools\b", re.I),
    "max_tokens": re.compile(r"\bmax_tokens\b", re.I),
    "max_completion_tokens": re.compile(r"\bmax_completion_tokens\b", re.I),
}
TOKEN_FIELDS = ("max_tokens", "max_completion_tokens")


@dataclass
class Accepted:
    """What this server takes: the fields it refused, and the name it reads the token cap by."""

    dropped: set[str] = field(default_factory=set)
    token_field: str = "max_tokens"
    answered: bool = False     # the server has answered a request as sent now: its errors are its own

    @property
    def tools(self) -> bool:
        return "tools" not in self.dropped

    def options(self, settings: Settings) -> dict[str, Any]:
        """The request's fields beyond the model and the messages."""
        options: dict[str, Any] = {self.token_field: settings.companion_max_tokens}
        if settings.companion_reasoning_effort and "reasoning_effort" not in self.dropped:
            options["reasoning_effort"] = settings.companion_reasoning_effort
        if not self.tools:
            return options
        strict = settings.companion_strict and "strict" not in self.dropped
        forced = settings.companion_tool_choice == CHOOSE
        tools = tool_specs(strict=strict, custom=settings.companion_custom_turns)
        options["tools"] = [_bounded(t) for t in tools if t["function"]["name"] == CHOOSE] if forced else tools
        if "tool_choice" not in self.dropped:
            choice = settings.companion_tool_choice
            options["tool_choice"] = {"type": "function", "function": {"name": CHOOSE}} if forced else \
                "auto" if choice == "required" and "required" in self.dropped else choice
        if strict and "parallel_tool_calls" not in self.dropped:
            options["parallel_tool_calls"] = False
        return options

    def without_extras(self, sent: dict[str, Any]) -> list[str]:
        """After a server error on a request with fields a server may not support (tool_choice "required",
        strict, parallel_tool_calls): all of them left out from now on (tool_choice then "auto"), since
        the error names none. Returns what was left out (none: nothing to leave out)."""
        named = [name for name, sent_it in (
            ("required", sent.get("tool_choice") == "required"), ("strict", _was_sent("strict", sent)),
            ("parallel_tool_calls", "parallel_tool_calls" in sent)) if sent_it and name not in self.dropped]
        self.dropped.update(named)
        return named

    def refuse(self, text: str, sent: dict[str, Any]) -> list[str]:
        """Remember the fields of `sent` that the server's error `text` names; returns them (none: the
        refusal is not about a field we can leave out). Strict is tried before the tools themselves."""
        named = [name for name, words in NAMES.items() if words.search(text) and _was_sent(name, sent)]
        if "strict" in named or "parallel_tool_calls" in named or "tool_choice" in named:
            named = [n for n in named if n != "tools"]
        for name in named:
            if name in TOKEN_FIELDS:
                self.token_field = TOKEN_FIELDS[1 - TOKEN_FIELDS.index(name)]
            else:
                self.dropped.add(name)
        return named

    def describe(self) -> dict[str, Any]:
        """For `python -m bot.companion check`: what this server was found to take."""
        return {"dropped": sorted(self.dropped), "token_field": self.token_field, "tools": self.tools}

    def advice(self) -> str:
        """The settings that send this server what it takes from the first request on, in words ("" when
        the defaults do)."""
        steps = []
        if "required" in self.dropped:
            steps.append('COMPANION_TOOL_CHOICE=auto (it fails on tool_choice "required")')
        if "strict" in self.dropped or "parallel_tool_calls" in self.dropped:
            steps.append("COMPANION_STRICT=off (it fails on strict tools or parallel_tool_calls)")
        if "reasoning_effort" in self.dropped:
            steps.append("COMPANION_REASONING_EFFORT unset (it refuses reasoning_effort)")
        said = f"set {' and '.join(steps)}" if steps else ""
        if "tool_choice" in self.dropped:
            said += ("; " if said else "") + "it refuses tool_choice: the companion leaves it out"
        if not self.tools:
            said += ("; " if said else "") + "it takes no tools: the companion asks for the turn in words"
        return said


def _bounded(tool: dict[str, Any]) -> dict[str, Any]:
    """The forced choose_turn with `say` held under SAY_LIMIT characters: a server that turns the schema
    into a grammar (llama-cpp-python) then cannot let a small model's line run past the token cap and cut
    the call off mid-JSON. Only for the forced tool: strict mode elsewhere does not take maxLength."""
    tool["function"]["parameters"]["properties"]["say"]["maxLength"] = SAY_LIMIT - 1
    return tool


def _was_sent(name: str, sent: dict[str, Any]) -> bool:
    if name == "strict":
        return any(t.get("function", {}).get("strict") for t in sent.get("tools", []))
    return name in sent
