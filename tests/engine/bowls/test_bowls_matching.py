"""The count tables (engine/bowls/matching.py) answer every bowl as reading its queue does: whether it
matches, which stones go, what is left, and when only the queue's order can say (a tie)."""
import random
from itertools import product

from engine.bowls import core, matching


def _queue_match(s):
    """The match read from the queue itself, with no table (core's order-aware worker)."""
    return core._match_uncached(s)


def test_every_bowl_of_up_to_six_stones_matches_as_its_queue_says():
    for n in range(7):
        for q in product(matching.LETTERS, repeat=n):
            s = "".join(q)
            assert core.match_bowl(s) == _queue_match(s), s


def test_long_bowls_and_bowls_past_the_built_table_match_as_their_queues_say():
    rng = random.Random(5)
    for _ in range(20_000):
        s = "".join(rng.choice("RYGBPWWX") for _ in range(rng.randrange(7, 30)))
        assert core.match_bowl(s) == _queue_match(s), s


def test_a_key_is_the_bowls_counts_and_blockers_add_nothing():
    k = matching.key_of("RRWXGXRBBBBBBBBBBBBBBBBBB")
    assert matching.unpack(k) == (3, 0, 1, 18, 0, 1)
    assert matching.key_of("XXXXXXXXX") == 0


def test_only_a_real_tie_needs_the_queue():
    # Two pairs, one wild: which pair goes depends on whose first stone stands earlier.
    assert matching.recipe(matching.pack((2, 2, 0, 0, 0, 1))) is matching.TIE
    assert core.match_bowl("RRYYW") == ("YY", (2, 0, 0, 0, 0, 1))
    assert core.match_bowl("YRRYW") == ("RR", (0, 2, 0, 0, 0, 1))
    # Two pairs, two wilds: both go, whatever the order; a single stone then needs two more.
    how = matching.recipe(matching.pack((2, 2, 1, 0, 0, 2)))
    assert how is not None and how is not matching.TIE and how.first + how.more == "RY" and how.wilds == 2
