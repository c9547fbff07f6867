"""The PNG the bot writes itself (unfiltered rows) holds the very pixels drawn, in every mode it writes, and
every game's picture decodes as a PNG a viewer opens."""
from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageDraw

from bot.games.bowls.render import render_board as bowls_board
from bot.games.tactics.render import render_board as tactics_board
from bot.render.common import font, png_bytes
from engine.bowls import new_puzzle
from engine.tactics import new_fight


def _drawn(mode: str, size: tuple[int, int]) -> Image.Image:
    """A board-like picture: noise (so every byte value shows up), a panel and smoothed text."""
    rng = random.Random(7)
    channels = len(mode)
    image = Image.frombytes(mode, size, bytes(rng.randrange(256) for _ in range(size[0] * size[1] * channels)))
    d = ImageDraw.Draw(image)
    ink, panel = ((10, 10, 10, 255)[:channels], (240, 240, 240, 255)[:channels]) if channels > 1 else (10, 240)
    d.rounded_rectangle((0, size[1] // 2, size[0] - 1, size[1] - 1), radius=8, fill=panel)
    d.text((4, size[1] // 2), "Bramble Watch · round 3", font=font(17), fill=ink)
    return image


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L"])
@pytest.mark.parametrize("size", [(300, 120), (1, 1), (7, 3)])
def test_written_png_decodes_to_the_pixels_drawn(mode, size):
    image = _drawn(mode, size)
    data = png_bytes(image)
    back = Image.open(io.BytesIO(data))
    back.load()
    assert (back.mode, back.size) == (mode, size)
    assert back.tobytes() == image.tobytes()


def test_other_modes_are_written_by_pillow_with_the_same_pixels():
    image = _drawn("RGB", (64, 40)).quantize(16)
    back = Image.open(io.BytesIO(png_bytes(image)))
    assert back.mode == "P" and back.convert("RGB").tobytes() == image.convert("RGB").tobytes()


def test_game_pictures_are_pngs_no_larger_than_pillows():
    """The unfiltered rows compress about as well as Pillow's best filter on our flat pictures."""
    for data in (bowls_board(new_puzzle(1)), tactics_board(new_fight("c01", 1, "Tidecaller", "Cindle"))):
        image = Image.open(io.BytesIO(data))
        image.load()
        pillows = io.BytesIO()
        image.save(pillows, format="PNG", compress_level=1)
        assert len(data) <= 1.15 * len(pillows.getvalue())
