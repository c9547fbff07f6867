"""The /profile card: name, level with its XP bar, and a line or two per game."""
from __future__ import annotations

from PIL import Image, ImageDraw

from bot.words import number, words

from .common import ACCENT, BACKGROUND, MUTED, PANEL, TEXT, font, png_bytes

WIDTH = 640


def render_profile(name: str, level: int, xp: int, level_floor: int, level_ceiling: int,
                   sections: list[tuple[str, list[str]]]) -> bytes:
    line_h = 24
    height = 150 + sum(40 + line_h * max(1, len(lines)) for _, lines in sections)
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((16, 16, WIDTH - 16, 120), radius=14, fill=PANEL)
    draw.text((36, 28), name, font=font(30), fill=TEXT)
    draw.text((36, 66), words("Level {level}  ·  {xp} XP", level=level, xp=number(xp)), font=font(20), fill=MUTED)
    span = max(1, level_ceiling - level_floor)
    share = min(1.0, max(0.0, (xp - level_floor) / span))
    draw.rounded_rectangle((36, 96, WIDTH - 36, 108), radius=6, fill=BACKGROUND)
    draw.rounded_rectangle((36, 96, 36 + int((WIDTH - 72) * share), 108), radius=6, fill=ACCENT)
    y = 136
    for title, lines in sections:
        draw.text((24, y), title, font=font(22), fill=TEXT)
        y += 32
        for line in lines or [words("Not played yet.")]:
            draw.text((40, y), line, font=font(17), fill=MUTED)
            y += line_h
        y += 8
    return png_bytes(image)
