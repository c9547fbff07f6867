"""A board's strings are rasterised once per font size and reused: the very pixels Pillow draws fresh."""
from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from bot.render.common import FONT_FILE, font

STRINGS = [("clockwise", "mm"), ("1 > 2 > ... > 12", "mm"), ("12", "la"), ("Bramble Watch · round 3", "ls")]


def _drawn(make_font, times: int) -> bytes:
    image = Image.new("RGB", (420, 200), (30, 31, 34))
    draw = ImageDraw.Draw(image)
    for _ in range(times):
        for row, (text, anchor) in enumerate(STRINGS):
            draw.text((210.5 if row % 2 else 210, 30 + 40 * row), text, fill=(242, 243, 245),
                      font=make_font(17 + 2 * row), anchor=anchor)
    return image.tobytes()


def test_remembered_strings_draw_the_pixels_pillow_draws_fresh():
    fresh = _drawn(lambda size: ImageFont.truetype(FONT_FILE, size=size), 2)
    assert _drawn(font, 2) == fresh  # the second pass over each string reads it from the cache
    assert _drawn(font, 2) == fresh  # and now both do
