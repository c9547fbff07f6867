"""Colour-blind sight simulated on a rendered picture: Machado, Oliveira and Fernandes (2009), severity 1.0,
applied to linear RGB; and the shape a mark shows once its colour is gone.

A mark (a stone, a token, a tab) "differs by shape" from another when the pixels that stand out from its
own fill, as a colour-blind eye sees them, make a different figure."""
from __future__ import annotations

from PIL import Image

MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
STANDS_OUT = 40   # of 255: how far a pixel's lightness is from its mark's fill to count as the figure
SAME_FIGURE = 0.8  # two figures that overlap this much (intersection over union) read as one shape


def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encoded(v: float) -> float:
    v = min(1.0, max(0.0, v))
    return 255 * (v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)


def simulate(rgb: tuple[int, int, int], kind: str) -> tuple[float, float, float]:
    lin = [_linear(c) for c in rgb]
    return tuple(_encoded(sum(m * c for m, c in zip(row, lin))) for row in MACHADO[kind])  # type: ignore[return-value]


def lightness(rgb: tuple[float, float, float]) -> float:
    r, g, b = rgb
    return 0.299 * r + 0.587 * g + 0.114 * b


def figure(image: Image.Image, centre: tuple[float, float], radius: float, kind: str) -> frozenset[tuple[int, int]]:
    """The pixels of the disc at `centre` that stand out in lightness from the disc's own fill (its
    median), as the `kind` of colour-blind eye sees them, relative to the centre."""
    cx, cy = centre
    seen = {}
    r = int(radius)
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            if dx * dx + dy * dy <= radius * radius:
                seen[(dx, dy)] = lightness(simulate(image.getpixel((round(cx + dx), round(cy + dy))), kind))
    fill = sorted(seen.values())[len(seen) // 2]
    return frozenset(p for p, v in seen.items() if abs(v - fill) > STANDS_OUT)


def same_shape(a: frozenset, b: frozenset) -> bool:
    if not a and not b:
        return True
    return len(a & b) / len(a | b) >= SAME_FIGURE
