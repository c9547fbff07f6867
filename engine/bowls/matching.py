"""What matching does to one bowl, from its stone counts: tables built once at import, so a bowl never
seen before is worked out in a few dictionary look-ups instead of counting each letter.

Whether a bowl matches, which colours go and how many wilds they take depend only on how many stones
of each colour and how many wilds it holds (blockers never count); only the stones left need the queue,
and only a tie between colours needing the same number of wilds needs their order. So:
- `COUNTS`: every queue of up to four letters → its counts packed in one int (four bits a letter:
  R, Y, G, B, P, W; blockers add nothing). A longer queue's counts are the sum over its four-letter pieces.
- `RECIPES`: packed counts (every bowl of up to `TABLED` counted stones) → None (no match), `TIE`
  (the queue's order decides: worked out from the queue), or (removed R,Y,G,B,P,W, colours that go,
  wilds used).
Neither table remembers any board: both are fixed, the same in every process.
"""
from __future__ import annotations

from itertools import product

COLORS = "RYGBP"
WILD = "W"
LETTERS = "RYGBPWX"
FIELD = 4        # bits a count takes in a packed int: a bowl of up to 15 counted stones fits
PIECE = 4        # COUNTS holds every queue of up to this many letters
TABLED = 12      # RECIPES holds every bowl of up to this many counted stones
TIE = "tie"      # the colours that go depend on whose first stone stands earlier

Recipe = tuple[tuple[int, ...], str, int]

_UNIT = {c: 1 << FIELD * i for i, c in enumerate(COLORS + WILD)} | {"X": 0}

COUNTS: dict[str, int] = {
    "".join(q): sum(_UNIT[c] for c in q) for n in range(PIECE + 1) for q in product(LETTERS, repeat=n)
}


def recipe(colors: tuple[int, ...], wilds: int) -> Recipe | str | None:
    """The match of a bowl holding `colors` (R,Y,G,B,P counts) and `wilds`, as the rules file says:
    natural groups (3+) go whole; then pairs (one wild each) before single stones (two each), a group
    needing more wilds than are left stopping the completing. TIE when only some of the pairs (or of
    the singles) can be completed: which ones is decided by the queue."""
    removed = [n if n >= 3 else 0 for n in colors] + [0]
    gone = [COLORS[i] for i, n in enumerate(colors) if n >= 3]
    left = wilds
    if wilds:
        for need in (1, 2):
            group = [i for i, n in enumerate(colors) if n == 3 - need]
            can = min(len(group), left // need)
            if can < len(group):
                if can:
                    return TIE
                break
            left -= need * can
            for i in group:
                gone.append(COLORS[i])
                removed[i] = colors[i]
    if not gone:
        return None
    removed[5] = wilds - left
    return tuple(removed), "".join(gone), wilds - left


def _all_counts(total: int, parts: int):
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _all_counts(total - first, parts - 1):
            yield (first, *rest)


RECIPES: dict[int, Recipe | str | None] = {
    sum(n << FIELD * i for i, n in enumerate(c)): recipe(c[:5], c[5])
    for total in range(TABLED + 1) for c in _all_counts(total, 6)
}
