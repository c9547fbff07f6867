"""The shared seeded generator: replays exactly from its state, stays in range."""
from datetime import date

from hypothesis import given
from hypothesis import strategies as st

from engine.rng import Rng, daily_seed, seed_from


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=1000))
def test_same_state_same_draws_and_in_range(seed, n):
    a, b = Rng(seed), Rng(seed)
    draws = [a.below(n) for _ in range(20)]
    assert draws == [b.below(n) for _ in range(20)]
    assert all(0 <= d < n for d in draws)
    resumed = Rng(a.state)
    assert resumed.below(n) == a.below(n)


def test_known_sequence_is_pinned():
    # SplitMix64 reference output for seed 0 (first value from the published algorithm).
    assert Rng(0).next_u64() == 0xE220A8397B1DCDAF


def test_daily_seed_changes_with_date_and_game_but_not_between_runs():
    d = date(2026, 11, 29)
    assert daily_seed("bowls", d) == daily_seed("bowls", d)
    assert daily_seed("bowls", d) != daily_seed("bowls", date(2026, 11, 30))
    assert daily_seed("bowls", d) != daily_seed("formation", d)
    assert seed_from("a", 1) == seed_from("a", 1)


def test_shuffle_is_a_permutation():
    items = list(range(30))
    Rng(7).shuffle(items)
    assert sorted(items) == list(range(30))
