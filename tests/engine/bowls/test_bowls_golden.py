"""Whole-game golden playthroughs: endless and daily, move by move, diffed against text files.

A change to any rule, the random stream or the wording shows up here as a diff. After a deliberate
change, regenerate with `pytest --update-golden` and read the diff before committing it.
"""
import datetime as dt
from pathlib import Path

import pytest
from support.golden import assert_golden

from engine.bowls import BowlsGame, describe, legal_bowls, new_daily, new_endless, render_text, sow

GOLDEN = Path(__file__).parent / "golden"


def cautious(game: BowlsGame) -> int:
    """A fixed policy: the bowl whose player phase leaves the fullest bowl emptiest, then most points."""
    def key(b):
        after = sow(game.model_copy(update={"mode": "puzzle", "move_limit": 999, "goal": None}), b)[0]
        return (after.over, max(map(len, after.bowls)), -after.score, b)
    return min(legal_bowls(game), key=key)


def playthrough(game: BowlsGame, moves: int) -> str:
    lines = [render_text(game), ""]
    for k in range(1, moves + 1):
        if game.over:
            break
        bowl = cautious(game)
        game, report = sow(game, bowl)
        lines += [f"== move {k}: bowl {bowl}", describe(report), render_text(game), ""]
    return "\n".join(lines)


@pytest.mark.parametrize("name,start,moves", [
    ("endless_seed_2026", lambda: new_endless(2026), 30),
    ("daily_2026_11_29", lambda: new_daily(dt.date(2026, 11, 29)), 20),
])
def test_golden_playthrough(name, start, moves):
    assert_golden(GOLDEN / f"{name}.txt", playthrough(start(), moves) + "\n")
