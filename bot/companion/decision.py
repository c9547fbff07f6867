"""One companion decision: what the model was offered, what it chose (or why it passed), and what it cost."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, field_validator

from .plain import plain
from .redact import redact
from .said import pass_line

SAY_LIMIT = 100
REASON_LIMIT = 200

# Stable codes of how a decision came about (the reason says it for people).
Code = Literal[
    "chosen",        # choose_turn with a number offered
    "text_turn",     # no tool call, but the answer's text names one turn offered ("turn 3")
    "custom",        # custom_turn the engine accepted
    "model_pass",    # the model called pass_turn
    "auto",          # the planner's first turn (the auto pilot, or past the day's budget)
    "budget",        # past COMPANION_CALLS_PER_DAY: the planner's first turn, no call made
    "no_model",      # COMPANION_MODEL unset: nothing called
    "no_turns",      # the planner had nothing to offer (the fighter cannot act)
    "timeout",       # no usable answer before the deadline
    "rate_limited",  # HTTP 429
    "http_error",    # any other HTTP error status
    "connection",    # refused, dropped or reset before an answer
    "bad_response",  # a body that is not a chat completion (not JSON, no choices)
    "no_tool_call",  # text instead of a tool call
    "unknown_tool",  # a tool that was not offered
    "malformed",     # arguments that are not the tool's schema
    "out_of_range",  # choose_turn with a number beyond the turns offered
    "illegal",       # a turn the engine refuses
    "stale",         # the board moved on before the turn was applied
    "error",         # anything else; logged with its traceback
]


def one_line(text: str, limit: int) -> str:
    """Whitespace folded to single spaces and cut to `limit` characters."""
    return " ".join(str(text).split())[:limit]


def brief(e: BaseException) -> str:
    """An exception's first line, short enough for a pass reason, with no key or token in it (an SDK's
    error quotes the server's body)."""
    text = redact(str(e)).strip()
    return one_line(text.splitlines()[0] if text else type(e).__name__, 120)


class CompanionDecision(BaseModel):
    """What the pilot decided for one duo phase. `steps` are engine steps to apply (empty for a pass)."""

    decision: Literal["turn", "custom", "pass"]
    code: Code
    reason: str
    number: int | None = None
    steps: list[dict] = Field(default_factory=list)
    say: str = ""
    offered: list[str] = Field(default_factory=list)   # the ready-made turns' labels, in order
    round: int = 0
    model: str | None = None
    latency_s: float = 0.0
    tokens_in: int = 0
    tokens_out: int = 0
    calls: int = 0                                      # requests sent to the model server
    budget_notice: bool = False                         # the day's budget is spent: said once in the thread
    # What the reader's words need beside the code (said.py): the seconds waited, the day's calls.
    facts: dict[str, int | float | str] = Field(default_factory=dict)
    # For replays: the hash of the first request's prompt (messages and tools), the model's raw tool
    # call or text, the server's error body, and the fight's seq the decision was made on.
    prompt_hash: str | None = None
    answer: str | None = None
    error_body: str | None = None
    seq: int | None = None
    call: str | None = None                             # the player's word to the companion it was given
    aim_foes: list[str] = Field(default_factory=list)   # what the chosen turn was for (coordination.py)
    aim_support: bool = False
    forecasts: int | None = None                        # offered turns that carried a forecast (None: not asked)

    @field_validator("say", "reason")
    @classmethod
    def _plain(cls, value: str) -> str:
        """Model and server text is shown in a public thread: plain text, whoever built the decision."""
        return plain(value)

    @property
    def passed(self) -> bool:
        return self.decision == "pass"

    def line(self, name: str) -> str:
        """The thread's line for this decision, e.g. `Cindle: "On it!" (Ember Bolt s1)` or
        `Cindle passes: no answer in 10 s`; a server's failure by its kind only (said.py)."""
        if self.passed:
            return pass_line(self, name)
        what = self.offered[self.number - 1] if self.number and self.number <= len(self.offered) else "its own turn"
        return f'{name}: "{self.say}" ({what})' if self.say else f"{name}: {what}"

    def record(self) -> dict:
        """The JSON line of `python -m bot.companion play` for this decision."""
        return {"round": self.round, "decision": self.decision, "number": self.number, "reason": self.reason,
                "latency_s": self.latency_s, "tokens_in": self.tokens_in, "tokens_out": self.tokens_out}
