"""The characters a font draws as its missing-glyph box (its notdef glyph), as test_font_glyphs checks."""
from __future__ import annotations

from PIL import ImageFont

UNASSIGNED = "\u0378"  # no character at all: every font draws it with its notdef glyph


def boxes_in(text: str, face: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> list[str]:
    box = bytes(face.getmask(UNASSIGNED))
    return [ch for ch in text if not ch.isspace() and bytes(face.getmask(ch)) == box]
