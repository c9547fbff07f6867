"""Words cut to fit summon's pictures: a piece's name a word a line in the largest size that fits its
piece, a sign's text cut with "…", in signs the pictures' font can draw. Worked out once a text and
size: a board draws the same names on every press."""
from __future__ import annotations

from functools import lru_cache

from PIL import ImageFont

from bot.render.common import font

SMALLEST = 24  # px on a picture drawn at 2×: 12 px where Discord shows it
_UNDRAWABLE = str.maketrans({"×": "x", "−": "-", "—": "-", "♥": " hearts"})  # signs the pictures' font lacks


def short_name(name: str, room: int) -> str:
    """Text cut to `room` characters, in signs the pictures' font can draw."""
    name = name.translate(_UNDRAWABLE)
    return name if len(name) <= room else name[:room - 1] + "…"


NAME_FLOOR = SMALLEST  # px at 2×: a piece's name shrinks to 12 px where a phone shows it, then is cut to fit
NAME_MARGIN = 3   # px kept clear between a name and its piece's edge


@lru_cache(maxsize=1024)
def name_words(name: str) -> list[str]:
    """A name's words for lines: its own words, or a name written without spaces (Japanese) cut into two
    or three even parts."""
    if " " in name.strip() or len(name) <= 4 or name.isascii():
        return name.split()
    parts = 2 if len(name) <= 8 else 3
    step = -(-len(name) // parts)
    return [name[k:k + step] for k in range(0, len(name), step)]


@lru_cache(maxsize=2048)
def name_lines(name: str, room: int, size: int) -> tuple[tuple[str, ...], int]:
    """A piece's name a word a line (three at most), and its font size: the largest up to `size` (down
    to NAME_FLOOR) in which its widest word fits `room` pixels; a word still too wide is cut, with "…".
    Worked out once a name and size: a board draws the same pieces on every press."""
    words = [w.translate(_UNDRAWABLE) for w in name_words(name)][:3]
    px = size
    while px > NAME_FLOOR and max(font(px).getlength(w) for w in words) > room:
        px -= 1
    name_font = font(px)
    return tuple(_cut_to(w, name_font, room) for w in words), px


def _cut_to(word: str, name_font: ImageFont.FreeTypeFont | ImageFont.ImageFont, room: int) -> str:
    if name_font.getlength(word) <= room:
        return word
    for end in range(len(word) - 1, 0, -1):
        if name_font.getlength(word[:end] + "…") <= room:
            return word[:end] + "…"
    return word[:1] + "…"


@lru_cache(maxsize=2048)
def fitted(text: str, size: int, room: int) -> str:
    """Text in the pictures' signs, cut with "…" to fit `room` pixels at `size`."""
    text = short_name(text, len(text) + 1)
    return _cut_to(text, font(size), room)


__all__ = ["NAME_FLOOR", "NAME_MARGIN", "SMALLEST", "fitted", "name_lines", "name_words", "short_name"]
