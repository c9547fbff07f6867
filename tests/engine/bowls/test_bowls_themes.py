"""Bowls themes: the seed's order, Simple open from the start, one more per achievement in any mode."""
import pytest

from engine.bowls import (
    ACHIEVEMENTS,
    THEME_NAMES,
    THEMES,
    Progress,
    achievements,
    get_theme,
    new_puzzle,
    set_theme,
    sow,
    unlocked_themes,
)
from engine.bowls.solver import solve


def test_themes_come_in_the_seeds_order():
    assert THEME_NAMES == ("Simple", "Garden", "Sand", "Ocean", "Runes", "Neon", "Space")
    assert [t.name for t in THEMES] == list(THEME_NAMES)
    assert len(ACHIEVEMENTS) == len(THEMES) - 1
    assert all(t.unlock for t in THEMES)


def test_simple_is_open_immediately_and_each_achievement_opens_the_next_in_order():
    assert unlocked_themes(Progress()) == ["Simple"]
    # one achievement from endless only (any mode counts): Garden, not some later theme
    assert unlocked_themes(Progress(best_endless=600)) == ["Simple", "Garden"]
    assert unlocked_themes(Progress(puzzles_won=1, best_combo=3)) == ["Simple", "Garden", "Sand"]
    everything = Progress(puzzles_won=100, best_endless=5000, best_daily=900, dailies_finished=3, best_combo=4)
    assert len(achievements(everything)) == 6
    assert unlocked_themes(everything) == list(THEME_NAMES)


def test_a_theme_changes_nothing_of_the_rules():
    p = new_puzzle(30)
    line = solve(p)
    plain, themed = p, set_theme(p, "Neon")
    for bowl in line:
        plain, r1 = sow(plain, bowl)
        themed, r2 = sow(themed, bowl)
        assert r1 == r2 and plain.bowls == themed.bowls
    assert themed.won and themed.theme == "Neon"


def test_unknown_theme_is_refused():
    with pytest.raises(ValueError):
        set_theme(new_puzzle(1), "Lava")
    with pytest.raises(ValueError):
        get_theme("Lava")
