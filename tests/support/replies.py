"""Reading what the bot answered to one interaction, whether as its response or as a follow-up."""
from __future__ import annotations


def private_text(result) -> str:
    """Everything the bot said privately (ephemeral) to this interaction; empty if nothing."""
    messages = ([result.response] if result.response is not None else []) + list(result.followups)
    return "\n".join(m.content for m in messages if m.ephemeral)


def public_text(result) -> str:
    messages = ([result.response] if result.response is not None else []) + list(result.followups)
    return "\n".join(m.content for m in messages if not m.ephemeral)
