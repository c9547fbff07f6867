"""A board as a phone shows it: its lines of text, its code blocks' widths, its picture's size and the
smallest text in that picture once shown PHONE_WIDTH pixels wide."""
from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from PIL import Image, ImageDraw

from tools.drive.replies import words_of

PHONE_WIDTH = 390   # px: a phone's screen, the width a board's picture is shown at
MOST_LINES = 12     # lines of text on a public board
CODE_MOST = 40      # characters of a code-block line (a code block does not wrap on a phone)
SMALLEST_PX = 12    # px: the smallest text in a picture, shown PHONE_WIDTH wide
FENCE = re.compile(r"```(?:[^\n`]*\n)?(.*?)```", re.S)


@dataclass(frozen=True)
class Measure:
    lines: int           # non-blank lines of the message's text (a code block's fences count)
    code_widest: int     # characters of its longest code-block line (0: none)
    picture: tuple[int, int] | None
    alt_text: str


def text_lines(content: str) -> int:
    return sum(1 for line in content.splitlines() if line.strip())


def code_widest(content: str) -> int:
    return max((len(line) for block in FENCE.findall(content) for line in block.splitlines()), default=0)


def measure(message) -> Measure:
    """A SimCord message as a phone shows it (its first picture)."""
    content = words_of(message) or ""
    picture, alt = None, ""
    if message.attachments:
        first = message.attachments[0]
        alt = first.description or ""
        if getattr(first, "width", None):
            picture = (first.width, first.height)
    return Measure(text_lines(content), code_widest(content), picture, alt)


def picture_size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


@contextmanager
def text_sizes() -> Iterator[list[float]]:
    """Every text a picture drawn inside draws, as the px it shows at when the picture is shown
    PHONE_WIDTH wide (a picture drawn at twice the size and scaled down counts the same)."""
    seen: list[float] = []
    drawn = ImageDraw.ImageDraw.text

    def recording(self, xy, text, *args, **kwargs):
        f = kwargs.get("font") or (args[1] if len(args) > 1 else None)
        if text and str(text).strip() and f is not None and hasattr(f, "size"):
            seen.append(f.size * PHONE_WIDTH / self.im.size[0])
        return drawn(self, xy, text, *args, **kwargs)

    ImageDraw.ImageDraw.text = recording  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        ImageDraw.ImageDraw.text = drawn  # type: ignore[method-assign]


def smallest_text(render: Callable[[], bytes]) -> float:
    """The smallest text `render` draws, in px shown PHONE_WIDTH wide."""
    with text_sizes() as seen:
        render()
    return min(seen)
