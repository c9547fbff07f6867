"""The engine's player phase agrees with an independent one written from the rules alone
(tools/drive/bowls_reference.py) on random boards of every kind: sparse and full, settled or not, many
wilds and blockers, volcano and reverse flags anywhere. Bowls, points, combo, removed stones,
overflow, perfect clear and the volcanoes that erupted must all be the same."""
import random

import pytest

from engine.bowls import core
from tools.drive import bowls_reference

MIXES = {  # stones drawn from, bowl sizes, chance of each flag on a bowl
    "mixed": ("RYGBP" * 6 + "WWXX", (0, 1, 2, 3, 4, 5, 6, 7), 1 / 6),
    "sparse": ("RYGBP" * 6 + "WWXX", (0, 0, 0, 1, 2, 3), 1 / 6),
    "full": ("RYGBP" * 6 + "WWXX", (5, 6, 7), 1 / 6),
    "wilds and blockers": ("RYGBP" * 4 + "WWWWWXXXXX", (0, 2, 4, 6, 7), 1 / 6),
    "many flags": ("RYGBP" * 6 + "WWXX", (2, 4, 6, 7), 1 / 2),
    "hand-made, unsettled": ("RYGBPWX", (0, 3, 6, 9, 12), 1 / 4),
}


@pytest.mark.parametrize("mix", MIXES)
def test_the_engine_plays_every_phase_as_the_independent_implementation_does(mix):
    stones, sizes, chance = MIXES[mix]
    rng = random.Random(mix)
    played = 0
    while played < 4000:
        bowls = tuple("".join(rng.choice(stones) for _ in range(rng.choice(sizes))) for _ in range(12))
        if not any(bowls):
            continue
        volcano, reverse = (sum(1 << i for i in range(12) if rng.random() < chance) for _ in range(2))
        core.forget()  # cold, as a fresh process: every bowl worked out, none remembered
        for src in (i for i in range(12) if bowls[i]):
            assert core.play(bowls, src, volcano, reverse) == bowls_reference.play(bowls, src, volcano, reverse), \
                (bowls, src, volcano, reverse)
            played += 1


def test_long_hand_made_bowls_play_as_the_independent_implementation_does():
    # Bowls of up to 72 stones are followed by their counts, a field of 10 bits a colour: a phase may
    # pile hundreds of one colour into a bowl. Longer bowls (only on a hand-made board, up to 1,100 of
    # one colour here) are followed by their letters.
    rng = random.Random("long")
    for played in range(600):
        sizes = (0, 5, 40, 72) if played % 2 else (0, 12, 72, 73, 300, 1100)
        bowls = tuple("".join(rng.choice("RRRRRRYGWX") for _ in range(rng.choice(sizes))) for _ in range(12))
        volcano = sum(1 << i for i in range(12) if rng.random() < 0.5)
        reverse = sum(1 << i for i in range(12) if rng.random() < 0.3)
        src = rng.choice([i for i in range(12) if bowls[i]] or [0])
        if not bowls[src]:
            continue
        assert core.play(bowls, src, volcano, reverse) == bowls_reference.play(bowls, src, volcano, reverse), \
            (bowls, src, volcano, reverse)


def test_the_independent_implementation_follows_the_worked_examples():
    # Rules: bowl 1 "RG" sows R into bowl 2 "RR" and G into bowl 3 "GG": two bowls match, 6 stones
    # × 10 × combo 2 = 120, the board is empty: +100.
    bowls = ("RG", "RR", "GG") + ("",) * 9
    assert bowls_reference.play(bowls, 0) == (("",) * 12, 220, 2, (3, 0, 3, 0, 0, 0), False, True, 0)
    # "RWBWB": no natural group; blue needs one wild, red two. Blue goes first with the front wild; red
    # would need two and one is left, so red and the second wild stay.
    assert bowls_reference.match("RWBWB") == ("RW", [0, 0, 0, 2, 0, 1])
    assert core.match_bowl("RWBWB") == ("RW", (0, 0, 0, 2, 0, 1))
