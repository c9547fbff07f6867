"""The engine's sowing (a hand of up to 12 one stone a bowl, a longer one in shares of every 12th stone)
lands every stone where sowing them one at a time does, and keeps each bowl's key (its stone counts,
matching.py) equal to the key of its letters."""
import random

import pytest

from engine.bowls import core
from engine.bowls.matching import UNIT, key_of


def sown_one_stone_at_a_time(bowls: list[str], src: int, hand: str, reverse: bool) -> tuple[list[str], list[int]]:
    """The plain reading of the rules: stone k goes to the k-th bowl after the source."""
    b, keys = bowls[:], [key_of(s) for s in bowls]
    step = -1 if reverse else 1
    for k, stone in enumerate(hand, 1):
        j = (src + step * k) % core.N_BOWLS
        b[j] += stone
        keys[j] += UNIT[stone]
    return b, keys


@pytest.mark.parametrize("reverse", [False, True], ids=["clockwise", "counterclockwise"])
@pytest.mark.parametrize("length", range(1, 31))
def test_a_hand_of_any_length_lands_as_sown_one_stone_at_a_time(length, reverse):
    rng = random.Random(f"{length} {reverse}")
    for _ in range(40):
        bowls = ["".join(rng.choice(core.LETTERS) for _ in range(rng.randrange(8))) for _ in range(12)]
        src = rng.randrange(12)
        hand = "".join(rng.choice(core.LETTERS) for _ in range(length))
        bowls[src] = ""  # the source is emptied before its stones go (and gets its share from the 12th on)
        want, want_keys = sown_one_stone_at_a_time(bowls, src, hand, reverse)

        b, keys = bowls[:], [key_of(s) for s in bowls]
        core._sow(b, keys, core._DEST[src][int(reverse)], hand)
        assert b == want and keys == want_keys, (bowls, src, hand, reverse)
        assert keys == [key_of(s) for s in b]
        if length >= 12:
            assert b[src] == hand[11::12]  # the source takes every 12th stone

        b = bowls[:]
        core.deliver(b, src, hand, reverse)  # the letters alone, as a refill or the CLI sows
        assert b == want
        assert core.reach(src, length, reverse) == sum(1 << j for j in range(12) if b[j] != bowls[j])
