"""A companion decision as its thread reads it, in the reader's language (bot/words): a pass's reason
by its kind, the model's own reason as it wrote it, and the day's-budget notice.

The reason stored with a decision stays the pilot's English, which the host's `/tactics companion` and
the model's corrective retry read; an English reader is shown it as it is, since it carries the details
(the model's text, the engine's refusal) a catalog cannot hold. A reader in another language is told
the kind, which is what a player can act on.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from bot.words import N_, SOURCE, current, words

if TYPE_CHECKING:
    from .decision import CompanionDecision

# A failure of the server (or of the pilot) is said in public by its kind only, in every language: its own
# words, which may quote the request, go to the stored decision and the host's `/tactics companion`.
PUBLIC: dict[str, str] = {
    "http_error": N_("the companion's model server refused the request — the host can check `/tactics companion`"),
    "rate_limited": N_("the companion's model server is taking no more requests for now — the host can check "
                       "`/tactics companion`"),
    "connection": N_("the companion's model server could not be reached — the host can check `/tactics companion`"),
    "bad_response": N_("the companion's model server sent an answer that cannot be read — the host can check "
                       "`/tactics companion`"),
    "error": N_("the companion's pilot ran into a fault — the host can check `/tactics companion`"),
}

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


def pass_reason(decision: CompanionDecision) -> str:
    """Why the companion passed, for the thread's reader."""
    if decision.code in PUBLIC:
        return words(PUBLIC[decision.code])
    if decision.code == "model_pass" or current() == SOURCE:
        return decision.reason  # the model's own words as it wrote them; or the pilot's English, in full
    return words(KINDS.get(decision.code, UNSAID), seconds=decision.facts.get("seconds", ""))


def pass_line(decision: CompanionDecision, name: str) -> str:
    """`Cindle passes: no answer in 10 s`."""
    return words("{name} passes: {reason}", name=name, reason=pass_reason(decision))


def budget_notice(decision: CompanionDecision) -> str | None:
    """Said once a day in the thread when the server's model calls are used up (None otherwise)."""
    if not decision.budget_notice:
        return None
    return words("The companion's model has used today's {limit} calls on this server; it plays auto until "
                 "00:00 UTC.", limit=decision.facts.get("limit", ""))
