"""A member's own words repeated in an answer: in the reader's quotation marks, and short after a
refusal's reason (a long input never hides why)."""
from __future__ import annotations

from bot.words import SOURCE, current

ECHO = 40  # characters of a member's input repeated in a refusal


def quoted(text: str) -> str:
    """What a member wrote, in the reader's quotation marks: as Python quotes it in English (the engine's
    own refusals read so), 「…」 in Japanese."""
    return repr(text) if current() == SOURCE else f"「{text}」"


def echo(text: str) -> str:
    """A member's input as a refusal repeats it: after the reason, and short (a long input never hides why)."""
    text = " ".join(text.split())
    text = text if len(text) <= ECHO else text[: ECHO - 1] + "…"
    return quoted(text.replace("@", "@\u200b"))
