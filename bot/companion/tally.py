"""What one companion decision has cost and seen so far, kept outside its deadline so that a decision cut
off by the timeout still stores its tokens, its calls, the turns offered and how many had a forecast."""
from __future__ import annotations

from engine.tactics import FightState

from .decision import REASON_LIMIT, Code, CompanionDecision, one_line


class Tally:
    """What a decision has cost and seen so far, kept outside the deadline so a timeout still reports it."""

    def __init__(self, fight: FightState, opened: float) -> None:
        self.opened = opened                  # when the phase opened, on the loop's clock
        self.forecasts: int | None = None
        self.tokens_in = self.tokens_out = self.calls = 0
        self.offered: list[str] = []
        self.round = fight.round
        self.seq = fight.seq
        self.prompt_hash: str | None = None
        self.answer: str | None = None
        self.error_body: str | None = None

    def record(self) -> dict:
        return {"tokens_in": self.tokens_in, "tokens_out": self.tokens_out, "calls": self.calls,
                "offered": self.offered, "round": self.round, "seq": self.seq, "prompt_hash": self.prompt_hash,
                "answer": self.answer, "error_body": self.error_body, "forecasts": self.forecasts}


def cost(tally: Tally) -> dict:
    """What a decision records beside its choice: its cost, what it was offered, and what replays it."""
    return tally.record()


def passed(tally: Tally, code: Code, reason: str, model: str | None, **facts: int | float | str) -> CompanionDecision:
    """A pass with its reason; `facts`, what the reader's words of it need (said.py)."""
    return CompanionDecision(decision="pass", code=code, reason=one_line(reason, REASON_LIMIT), model=model,
                             facts=facts, **cost(tally))


