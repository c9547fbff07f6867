"""Shared drawing helpers: the one font every picture draws with, PNG bytes, the palette of the bot's cards."""
from __future__ import annotations

import io
import struct
import zlib
from functools import lru_cache

import noto_cjk_sans_jp_regular
from isal import isal_zlib
from PIL import Image, ImageFont

from .masks import remembered

BACKGROUND = (30, 31, 34)
PANEL = (43, 45, 49)
TEXT = (242, 243, 245)
MUTED = (181, 186, 193)
ACCENT = (88, 101, 242)


FONT_FILE = str(noto_cjk_sans_jp_regular.FONT_PATH)
"""Noto Sans CJK JP (OFL), installed as a package with the project: Latin, Greek, Cyrillic, kana, kanji and
hangul in one face, so a member's name in any of those scripts draws as glyphs and Japanese words fit."""


@lru_cache(maxsize=32)
def font(size: int) -> ImageFont.FreeTypeFont:
    """The pictures' font at this size, opened once a process (FreeType reads the file lazily). Each string
    it renders is remembered (masks.py), so a board's labels (the same on every press) are rasterised once:
    the very mask Pillow would make."""
    loaded = ImageFont.truetype(FONT_FILE, size=size)
    loaded.getmask2 = remembered(loaded.getmask2, size)  # type: ignore[method-assign]
    return loaded


PNG_LEVEL = 1  # ISA-L's fastest deflate: as small as zlib's fast levels on our boards, in a fraction of the time


def png_bytes(image: Image.Image) -> bytes:
    """The picture as PNG, written here rather than by Pillow: Pillow tries all five PNG filters on every
    row and keeps the best, while our pictures (flat panels, text) compress as well unfiltered. The rows
    are deflated by ISA-L (`isal`), which writes the same zlib stream format several
    times faster than zlib. The pixels are the same; the compressor releases the interpreter lock while
    it works. Modes other than RGB, RGBA and L go to Pillow."""
    colour = _PNG_COLOUR.get(image.mode)
    if colour is None:
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", compress_level=1)
        return buffer.getvalue()
    width, height = image.size
    pixels = memoryview(image.tobytes())
    stride = len(pixels) // height if height else 0
    parts: list[bytes | memoryview] = [_NO_FILTER] * (2 * height)
    parts[1::2] = [pixels[i:i + stride] for i in range(0, len(pixels), stride)]  # views: each row copied once
    rows = b"".join(parts)
    header = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    return b"".join((PNG_SIGNATURE, _chunk(b"IHDR", header), _chunk(b"IDAT", isal_zlib.compress(rows, PNG_LEVEL)),
                     _chunk(b"IEND", b"")))


_NO_FILTER = b"\x00"  # a row's PNG filter type: none


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_PNG_COLOUR = {"L": 0, "RGB": 2, "RGBA": 6}  # PNG's colour type of each Pillow mode written here


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
