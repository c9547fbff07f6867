"""A companion decision as its thread reads it, in the reader's language (bot/words): a pass's reason
by its kind, the model's own reason as it wrote it, and the day's-budget notice.

The reason stored with a decision stays the pilot's English, which the host's `/tactics companion` and
the model's corrective retry read; an English reader is shown it as it is, since it carries the details
(the model's text, the engine's refusal) a catalog cannot hold. A reader in another language is told
the kind, which is what a player can act on; the host's `/tactics companion` says the same kind (from the
stored code) before the stored English.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from bot.words import N_, SOURCE, current, words

if TYPE_CHECKING:
    from .decision import CompanionDecision

# A failure of the server (or of the pilot) is said in public by its kind only, in every language, sending
# the host to `/tactics companion`: its own words, which may quote the request, go to the stored decision.
PUBLIC: dict[str, str] = {
    "http_error": N_("the companion's model server refused the request"),
    "rate_limited": N_("the companion's model server is taking no more requests for now"),
    "connection": N_("the companion's model server could not be reached"),
    "bad_response": N_("the companion's model server sent an answer that cannot be read"),
    "error": N_("the companion's pilot ran into a fault"),
}
ASK_HOST = N_("{kind} — the host can check `/tactics companion`")

# What the other passes come to, for a reader of another language than the pilot's English.
KINDS: dict[str, str] = {
    "timeout": N_("no answer in {seconds} s"),
    "no_model": N_("no model is configured"),
    "no_turns": N_("no turn to offer"),
    "no_tool_call": N_("the model answered in words instead of calling one of its tools"),
    "unknown_tool": N_("the model called a tool it was not given"),
    "malformed": N_("the model's answer did not fit its tool"),
    "out_of_range": N_("the model chose a turn that was not offered"),
    "illegal": N_("the model's turn is not legal on this board"),
    "stale": N_("the board moved on and the turn is no longer legal"),
}
UNSAID = N_("its pilot could not use the model's answer")
UNTIMED = N_("no answer in time")   # a timeout whose seconds are not at hand (the store keeps no facts)

# How a turn came about, for the host's `/tactics companion` (the thread shows the turn itself).
DECIDED: dict[str, str] = {
    "chosen": N_("the model chose one of the turns offered"),
    "text_turn": N_("the model named one of the turns offered in its text"),
    "custom": N_("the model made its own turn, which the rules accept"),
    "model_pass": N_("the model chose to pass"),
    "auto": N_("the planner's first turn"),
    "budget": N_("the planner's first turn: the day's model calls are used up"),
}


def kind_of(code: str, facts: dict | None = None) -> str | None:
    """What a decision of this code came to, in the reader's words; None for a code it does not know."""
    facts = facts or {}
    if code in PUBLIC:
        return words(PUBLIC[code])
    if code == "timeout" and "seconds" not in facts:
        return words(UNTIMED)
    if code in KINDS:
        return words(KINDS[code], seconds=facts.get("seconds", ""))
    return words(DECIDED[code]) if code in DECIDED else None


def pass_reason(decision: CompanionDecision) -> str:
    """Why the companion passed, for the thread's reader."""
    if decision.code in PUBLIC:
        return words(ASK_HOST, kind=words(PUBLIC[decision.code]))
    if decision.code == "model_pass" or current() == SOURCE:
        return decision.reason  # the model's own words as it wrote them; or the pilot's English, in full
    return kind_of(decision.code, decision.facts) or words(UNSAID)


def pass_line(decision: CompanionDecision, name: str) -> str:
    """`Cindle passes: no answer in 10 s`."""
    return words("{name} passes: {reason}", name=name, reason=pass_reason(decision))


def budget_notice(decision: CompanionDecision) -> str | None:
    """Said once a day in the thread when the server's model calls are used up (None otherwise)."""
    if not decision.budget_notice:
        return None
    return words("The companion's model has used today's {limit} calls on this server; it plays auto until "
                 "00:00 UTC.", limit=decision.facts.get("limit", ""))
