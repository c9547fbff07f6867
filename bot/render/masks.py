"""The strings a font has rasterised, remembered within one budget in bytes for every size.

A board's labels, numbers and names are the same on every press, so each is rasterised once. Captions,
log lines and member names are not: a count of strings per size let a long-running worker fill with
every caption its members ever saw (a large size's masks weigh ten times a small one's). Here every mask
counts its pixels against `MASKS_KEPT_BYTES`, shared by all sizes, and the least recently drawn goes
first: the strings drawn on every press stay, and a process's masks stay within the budget."""
from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from .budget import Budgeted

MASKS_KEPT_BYTES = 8 * 1024 * 1024  # a process's masks: the strings drawn again and again fit in half of it

_kept: Budgeted[Hashable] = Budgeted()


def remembered(render: Callable[..., Any], size: int) -> Callable[..., Any]:
    """`FreeTypeFont.getmask2` of the font at `size`, remembered by its arguments. A mask is only read
    when drawn (draw_bitmap), except in colour-font mode (RGBA), which Pillow changes in place: that one
    is never kept."""
    def getmask2(text: Any, mode: str = "", *args: Any, **kwargs: Any) -> Any:
        if mode == "RGBA":
            return render(text, mode, *args, **kwargs)
        key = (size, text, mode, args, tuple(sorted(kwargs.items())))
        try:
            found = _kept.get(key)
        except TypeError:  # an unhashable argument (a list of features): rendered as it comes
            return render(text, mode, *args, **kwargs)
        if found is not None:
            return found
        made = render(text, mode, *args, **kwargs)
        if _kept.put(key, made, _footprint(made), MASKS_KEPT_BYTES):
            _kept.trim(MASKS_KEPT_BYTES)
        return made

    return getmask2


def _footprint(made: Any) -> int:
    """A mask's bytes (one a pixel, as Pillow keeps "L" and "1"), and a little for its key."""
    mask = made[0] if isinstance(made, tuple) else made
    width, height = getattr(mask, "size", (0, 0))
    return width * height + 64


def kept_bytes() -> int:
    """The masks' bytes the store holds now."""
    with _kept.lock:
        return _kept.size


def forget() -> None:
    """Drop every remembered mask (tests rasterising a string again)."""
    _kept.clear()
