"""Hand-written bowls positions for rule tests: a board from the bowls named, flags as a bitmask."""
from __future__ import annotations

from engine.bowls import core


def board(**bowls: str) -> tuple[str, ...]:
    """board(b1="RYG", b5="X") → a 12-tuple with those bowls filled."""
    out = [""] * 12
    for k, v in bowls.items():
        out[int(k[1:]) - 1] = v
    return tuple(out)


def m(*bowls: int) -> int:
    return core.mask(bowls)
