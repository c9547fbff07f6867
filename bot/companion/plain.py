"""What the model (or its server) wrote, made plain text before a thread shows it.

The companion's line sits just above the board's code block in a public thread: a ``` in it would close
or open that block, a masked link would post a disguised address, a mention would ping. Every step is
idempotent, so a decision can be read back from its JSON (or the store) and cleaned again unchanged.
"""
from __future__ import annotations

import re

MASKED_LINK = re.compile(r"\[([^\]\n]*)\]\(\s*<?[^)\s]*>?[^)]*\)")
ADDRESS = re.compile(r"<?(?:https?://|www\.|discord\.gg/)[^\s>]*>?", re.IGNORECASE)
LINK_WORD = "(link removed)"
MARKUP = str.maketrans({"`": "'", "*": None, "~": None, "|": "/"})
EMPHASIS = re.compile(r"(?<!\w)_+|_+(?!\w)")  # _italic_ and __underline__; snake_case names stay whole
MENTION = re.compile("@(?!\u200b)")


def plain(text: str) -> str:
    """`text` with links removed (a masked link keeps its words), no Markdown or code fences, and every
    @ unable to mention anyone (a zero-width space after it)."""
    text = " ".join(str(text).split())  # one line: nothing can start a heading or a block
    text = MASKED_LINK.sub(lambda m: m.group(1), text)
    text = ADDRESS.sub(LINK_WORD, text)
    text = EMPHASIS.sub("", text.translate(MARKUP))
    return MENTION.sub("@\u200b", text)
