"""A board's strings are rasterised once per font size and reused: the very pixels Pillow draws fresh."""
from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from bot.render import masks
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


def test_a_long_run_of_new_captions_keeps_the_masks_within_their_budget(monkeypatch):
    """Captions and log lines are new on every press: however many a process draws, its remembered masks
    stay within the budget, and the labels drawn on every press stay remembered (rasterised once)."""
    budget = 256 * 1024
    monkeypatch.setattr(masks, "MASKS_KEPT_BYTES", budget)
    masks.forget()
    real = ImageFont.truetype(FONT_FILE, size=26)
    rasterised: list[str] = []
    rasterise = real.getmask2

    def counted(text, *args, **kwargs):
        rasterised.append(text)
        return rasterise(text, *args, **kwargs)

    real.getmask2 = masks.remembered(counted, 26)
    image = Image.new("L", (780, 60))
    draw = ImageDraw.Draw(image)
    for press in range(600):
        draw.text((10, 10), "Battle", font=real, fill=255)
        draw.text((10, 10), f"Ember Imp hits Stone Wall of player {press}: -{press % 7}", font=real, fill=255)
        assert masks.kept_bytes() <= budget
    assert rasterised.count("Battle") == 1, "the label drawn on every press was rasterised once"
    assert len(rasterised) == 601, "every caption was rasterised once, as it came"
    masks.forget()
