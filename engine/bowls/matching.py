"""What matching does to one bowl, from its stone counts: tables built once at import, so the core can
follow each bowl's counts as stones arrive and leave, and reads a bowl's queue only when it matches.

Whether a bowl matches, which colours go and how many wilds they take depend only on how many stones
of each colour and how many wilds it holds (blockers never count); the queue matters for the stones
left, and for a tie between colours needing the same number of wilds. So a bowl's counts are one int,
its *key*: a field of `FIELD` bits a letter (R, Y, G, B, P, W), so a stone arriving is one addition
(`UNIT`) and a match leaving one subtraction. A key is kept under 2**60, two of the interpreter's
digits, so it adds and hashes fast: the core follows keys only while no bowl holds more than `LONGEST`
stones, and from there no phase can bring 2**FIELD stones of a letter into one bowl (each of at most
13 sowings brings a bowl one stone in twelve of its hand, rounded up, and a hand is at most the
board), nor remove as many (the removed stones, summed as one key, are at most the board's).
- `COUNTS`: every queue of up to `PIECE` letters → its key; a longer queue's key is the sum over its pieces.
- `RECIPES`: key → None (no match), `TIE` (the queue decides), or a `Recipe`. Every key of up to
  `TABLED` counted stones is built at import (about 25 ms); a bigger one is worked out the
  first time it is asked for and kept in `BIGGER`, which `forget_bigger` empties. Ten covers nearly
  every bowl a full board's move and its eruptions make (with eight, 0.4 look-ups a move on full boards
  went past the table, each a Python-level call).
- `COUNTS_OF`: key → its counts, kept as they are asked for (`forget_bigger` empties it too).
No table remembers any board: each entry depends on a bowl's counts alone.
"""
from __future__ import annotations

from itertools import product
from typing import NamedTuple

COLORS = "RYGBP"
WILD = "W"
LETTERS = "RYGBPWX"
FIELD = 10
LONGEST = 72  # 72 + 13 * (12 * 72 / 12 + 1) < 2**FIELD
PIECE = 4
TABLED = 10
_MASK = (1 << FIELD) - 1

UNIT = {c: 1 << FIELD * i for i, c in enumerate(COLORS + WILD)} | {"X": 0}


class Recipe(NamedTuple):
    """A match worked out from counts: what it removes (R,Y,G,B,P,W, and as a key), the colours that
    go (the first, then any more) and how many wilds (the front-most) go with them."""
    removed: tuple[int, ...]
    removed_key: int
    first: str
    more: str
    wilds: int


TIE = Recipe((), 0, "", "", 0)  # only some of the colours needing the same wilds can go: the queue decides


def pack(removed) -> int:
    """Counts R,Y,G,B,P,W as a key."""
    r, y, g, b, p, w = removed
    return r | y << FIELD | g << 2 * FIELD | b << 3 * FIELD | p << 4 * FIELD | w << 5 * FIELD


def unpack(key: int) -> tuple[int, ...]:
    """A key as counts R,Y,G,B,P,W."""
    return (key & _MASK, key >> FIELD & _MASK, key >> 2 * FIELD & _MASK, key >> 3 * FIELD & _MASK,
            key >> 4 * FIELD & _MASK, key >> 5 * FIELD)


def recipe(key: int) -> Recipe | None:
    """The match of a bowl with these counts, as the rules file says: natural groups (3+) go whole;
    then pairs (one wild each) before single stones (two each), a group needing more wilds than are
    left stopping the completing. TIE when only some of the pairs (or of the singles) can be
    completed: which ones is decided by whose first stone stands earlier in the queue."""
    *colors, wilds = unpack(key)
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
    return Recipe(tuple(removed), pack(removed), gone[0], "".join(gone[1:]), wilds - left)


BIGGER: dict[int, Recipe | None] = {}


class _Counts(dict):
    """A key's counts, worked out the first time they are asked for (a phase's removed stones are
    summed as one key)."""

    def __missing__(self, key: int) -> tuple[int, ...]:
        if len(self) > 100_000:  # a long-lived process: keep memory bounded
            self.clear()
        counts = self[key] = unpack(key)
        return counts


COUNTS_OF: dict[int, tuple[int, ...]] = _Counts()


def forget_bigger() -> None:
    """Empty what is worked out past the built table: bigger recipes and the counts of keys."""
    BIGGER.clear()
    COUNTS_OF.clear()


class _Recipes(dict):
    def __missing__(self, key: int) -> Recipe | None:
        try:
            return BIGGER[key]
        except KeyError:
            how = BIGGER[key] = recipe(key)
            return how


def _all_counts(total: int, parts: int):
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _all_counts(total - first, parts - 1):
            yield (first, *rest)


COUNTS: dict[str, int] = {
    "".join(q): sum(UNIT[c] for c in q) for n in range(PIECE + 1) for q in product(LETTERS, repeat=n)
}
RECIPES: dict[int, Recipe | None] = _Recipes(
    (k, recipe(k)) for k in (pack(c) for total in range(TABLED + 1) for c in _all_counts(total, 6)))


def key_of(s: str) -> int:
    """A queue's key, piece by piece."""
    if len(s) <= 2 * PIECE:
        return COUNTS[s[:PIECE]] + COUNTS[s[PIECE:]]
    return sum(COUNTS[s[i:i + PIECE]] for i in range(0, len(s), PIECE))
