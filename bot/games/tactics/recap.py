"""The fight's recap picture: each fighter's HP round by round as a small line chart, downs marked with a
cross, so the end of a fight shows how it went and when it turned. Drawn flat with Pillow, as the board."""
from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

import engine.tactics as tx
from bot.render.common import BACKGROUND, MUTED, PANEL, TEXT, font, png_bytes
from bot.words import words

from . import names

WIDTH, HEIGHT = 560, 300
LEFT, RIGHT, TOP, BOTTOM = 44, 150, 34, 36     # the plot's margins (the legend on the right)
DUO_COLOURS = {"hero": (88, 140, 255), "companion": (40, 200, 180)}
STRAY_COLOURS = ((240, 130, 60), (230, 80, 90), (220, 180, 60), (200, 110, 200), (150, 200, 90))
DOWN = (235, 60, 50)


@dataclass(frozen=True)
class Line:
    """One fighter's HP at the start of the fight, then at the end of each round, and where it went down."""
    name: str
    fid: str
    hp: tuple[int, ...]
    max_hp: int
    down_at: int | None = None   # the index into `hp` where it was first 0


def _colour(fid: str, n: int) -> tuple[int, int, int]:
    return DUO_COLOURS.get(fid, STRAY_COLOURS[n % len(STRAY_COLOURS)])


def lines_of(fight: tx.FightState) -> list[Line]:
    """Each fighter's line: its HP at the start, then at the end of every round the engine marked."""
    marks = sorted(fight.history, key=lambda m: m.round)
    out = []
    for f in fight.fighters:
        hp = (f.max_hp, *(m.hp.get(f.id, f.hp) for m in marks)) if marks else (f.max_hp, f.hp)
        down = next((i + 1 for i, m in enumerate(marks) if f.id in m.downs), None) if marks else \
            (1 if f.down else None)
        out.append(Line(names.fighter(f.name), f.id, hp, f.max_hp, down))
    return out


def render_recap(title: str, lines: list[Line]) -> bytes:
    """The chart as PNG bytes: x is the round, y the share of each fighter's HP left."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    d = ImageDraw.Draw(image)
    d.text((10, 8), title, font=font(15), fill=TEXT)
    x0, y0, x1, y1 = LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM
    d.rectangle((x0, y0, x1, y1), fill=PANEL)
    points = max((len(line.hp) for line in lines), default=1)
    step = (x1 - x0) / max(1, points - 1)
    small = font(12)
    for share in (0.0, 0.5, 1.0):
        y = y1 - share * (y1 - y0)
        d.line((x0, y, x1, y), fill=(70, 72, 78))
        d.text((6, y - 7), f"{int(share * 100)}%", font=small, fill=MUTED)
    for i in range(points):
        label = words("start") if i == 0 else words("r{n}", n=i)
        d.text((x0 + i * step - 8, y1 + 6), label, font=small, fill=MUTED)
    strays = 0
    for row, line in enumerate(lines):
        colour = _colour(line.fid, strays)
        strays += line.fid not in DUO_COLOURS
        xy = [(x0 + i * step, y1 - (hp / max(1, line.max_hp)) * (y1 - y0)) for i, hp in enumerate(line.hp)]
        if len(xy) > 1:
            d.line(xy, fill=colour, width=3 if line.fid in DUO_COLOURS else 2)
        for x, y in xy:
            d.ellipse((x - 3, y - 3, x + 3, y + 3), fill=colour)
        if line.down_at is not None and line.down_at < len(xy):
            x, y = xy[line.down_at]
            d.line((x - 7, y - 7, x + 7, y + 7), fill=DOWN, width=3)
            d.line((x - 7, y + 7, x + 7, y - 7), fill=DOWN, width=3)
        ly = TOP + row * 20
        d.line((x1 + 12, ly + 8, x1 + 30, ly + 8), fill=colour, width=3)
        d.text((x1 + 36, ly), line.name + (words(" · down") if line.down_at is not None else ""), font=small,
               fill=TEXT)
    return png_bytes(image)
