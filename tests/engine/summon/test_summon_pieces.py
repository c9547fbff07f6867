"""Summon: sides, rotation, the connection/fit tests and seeded edge dealing (seed 004, 接続のルール)."""
from collections import Counter

import pytest

from engine.rng import Rng
from engine.summon.pieces import (
    FLAT,
    accepts,
    blank,
    connected,
    deal_sides,
    fits,
    parse_sides,
    rotate,
    sides_code,
    tab,
)


@pytest.mark.parametrize(
    "t, b, ok",
    [
        (tab("neutral"), blank("neutral"), True),  # the shared neutral shape
        (tab("neutral"), blank("red"), True),  # an attribute blank also takes the neutral tab
        (tab("red"), blank("red"), True),  # an attribute tab into its own blank
        (tab("red"), blank("neutral"), False),  # ...but not into the neutral blank
        (tab("red"), blank("blue"), False),  # ...nor into another attribute's blank
        (tab("white"), blank("black"), False),
    ],
)
def test_tab_into_blank(t, b, ok):
    assert accepts(t, b) is ok
    assert connected(t, b) is ok and connected(b, t) is ok  # the test is symmetric in who faces whom
    assert fits(t, b) is ok  # a tab that does not fit cannot stand there


def test_blank_against_blank_is_allowed_but_no_connection():
    assert fits(blank("red"), blank("red")) and not connected(blank("red"), blank("red"))
    assert fits(blank("neutral"), FLAT) and not connected(blank("neutral"), FLAT)
    assert fits(FLAT, FLAT) and not connected(FLAT, FLAT)


def test_tab_against_tab_or_flat_does_not_fit():
    assert not fits(tab("neutral"), tab("neutral"))
    assert not fits(tab("neutral"), FLAT)
    assert not fits(FLAT, tab("green"))


def test_codes_round_trip():
    s = parse_sides("R.nu")
    assert s == (tab("red"), FLAT, blank("neutral"), blank("blue"))
    assert sides_code(s) == "R.nu"
    with pytest.raises(ValueError):
        parse_sides("R.n")
    with pytest.raises(ValueError):
        parse_sides("R.nx")


def test_rotation_turns_all_four_sides_clockwise():
    s = parse_sides("R.nu")  # up R, right ., down n, left u
    # one clockwise quarter turn: the left side comes to the top, the top goes right
    assert sides_code(rotate(s, 1)) == "uR.n"
    assert sides_code(rotate(s, 2)) == "nuR."
    assert sides_code(rotate(s, 3)) == ".nuR"
    assert rotate(s, 4) == s and rotate(rotate(s, 1), 3) == s


def test_dealing_keeps_the_edge_multiset_and_is_seeded():
    tabs, blanks = ["red", "neutral"], ["red"]
    a = deal_sides(tabs, blanks, 1, Rng(5))
    assert a == deal_sides(tabs, blanks, 1, Rng(5))  # same generator state, same sides
    assert Counter(sides_code(a)) == Counter("RNr.")
    seen = {sides_code(deal_sides(tabs, blanks, 1, Rng(s))) for s in range(40)}
    assert len(seen) > 6  # positions really change from draw to draw
    with pytest.raises(ValueError):
        deal_sides(["red"], [], 1, Rng(1))
