"""Shared drawing helpers: fonts without font files, PNG bytes, the palette of the bot's cards."""
from __future__ import annotations

import io
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from PIL import Image, ImageFont

BACKGROUND = (30, 31, 34)
PANEL = (43, 45, 49)
TEXT = (242, 243, 245)
MUTED = (181, 186, 193)
ACCENT = (88, 101, 242)


MASKS_KEPT = 2048  # rendered strings remembered per font size (board numbers, labels, names: a few hundred)


@lru_cache(maxsize=32)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's bundled scalable font: no font file to ship or find. Each string it renders is kept, so a
    board's labels (the same on every press) are rasterised once: the very mask Pillow would make."""
    loaded = ImageFont.load_default(size=size)
    if isinstance(loaded, ImageFont.FreeTypeFont):
        loaded.getmask2 = _remembered(loaded.getmask2)  # type: ignore[method-assign]
    return loaded


def _remembered(render: Callable[..., Any]) -> Callable[..., Any]:
    """`FreeTypeFont.getmask2`, remembered by its arguments. A mask is only read when drawn (draw_bitmap),
    except in colour-font mode (RGBA), which Pillow changes in place: that one is never kept."""
    @lru_cache(maxsize=MASKS_KEPT)
    def kept(*args: Any, **kwargs: Any) -> Any:
        return render(*args, **kwargs)

    def getmask2(text: Any, mode: str = "", *args: Any, **kwargs: Any) -> Any:
        if mode == "RGBA":
            return render(text, mode, *args, **kwargs)
        try:
            return kept(text, mode, *args, **kwargs)
        except TypeError:  # an unhashable argument (a list of features): rendered as it comes
            return render(text, mode, *args, **kwargs)

    return getmask2


PNG_LEVEL = 1  # zlib's fastest: boards are drawn on every press, and level 6 took a third longer for ~10 % less


def png_bytes(image: Image.Image) -> bytes:
    """The picture as PNG, encoded fast (Pillow releases the interpreter lock while it encodes)."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=PNG_LEVEL)
    return buffer.getvalue()
