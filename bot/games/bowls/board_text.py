"""The bowls board as text in a code block, for a reader who cannot see the picture: as narrow as a phone."""
from __future__ import annotations

import unicodedata

import engine.bowls as bowls
from bot.words import words

from . import text as said
from .render import STONE_SYMBOLS

CODE_WIDTH = 40  # a code block does not wrap on a phone: no line of the text board is wider


def text_board(g: bowls.BowlsGame) -> str:
    """The board in words, as narrow as a phone: every bowl's stones oldest first (a bowl's flags on a
    line of their own when they would not fit), then each stone's letter, symbol and name."""
    rows = []
    for line in said.bowl_lines(g):
        stones, bracket, flags = line.partition(" [")
        rows += [line] if len(line) <= CODE_WIDTH else [stones, f"    [{flags}"]
    legend = [said.marked(c, STONE_SYMBOLS[c]) for c in STONE_SYMBOLS]
    pairs = [(a + " " * (14 - _width(a)) + b).rstrip() for a, b in zip(legend[::2], [*legend[1::2], ""])]
    body = "\n".join([*rows, "", *pairs, words("oldest stone first")])
    return f"**{said.status_line(g)}**\n{said.goal_text(g)}\n```\n{body}\n```"


def _width(text: str) -> int:
    """Columns `text` takes in a code block: a wide (CJK) character takes two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
