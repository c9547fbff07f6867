"""Bowls progress rules in the bot: what counts towards records and themes."""
from __future__ import annotations

from datetime import UTC, datetime

import engine.bowls as bowls
from bot.core.kinds import Context
from bot.games.bowls.kind import Bowls, BowlsSession, load_record
from db import games
from db.store import open_store

NOW = datetime(2026, 11, 29, tzinfo=UTC)


def play(db, session: BowlsSession, action: str):
    """`action` as a board's control carries it ("sow:1"), read by the kind as a press is."""
    record = games.create_game(db, kind="bowls", guild_id=1, channel_id=2, players=[7],
                               state=session.model_dump_json(), now=NOW)
    kind = Bowls()
    outcome = kind.act(session, kind.decode(action), Context(db, NOW, 7, record, 300))
    if outcome.on_saved:
        outcome.on_saved()
    return outcome


def test_a_combo_in_an_overflowing_move_does_not_count(tmp_path):
    # Sowing bowl 1 (R G B Y) completes red in 2, green in 3, blue in 4: a 3-bowl combo. But bowl 5
    # (P P R R G G B) receives the Y and holds 8 stones with no triple: the move overflows, so like
    # its points (seed: "A phase that overflows does not award its points") its combo is no record.
    db = open_store(tmp_path / "g.db")
    board = ["RGBY", "RR", "GG", "BB", "PPRRGGB", "", "", "", "", "", "", ""]
    game = bowls.BowlsGame(mode="puzzle", puzzle_id=1, bowls=board, move_limit=3,
                           goal=bowls.Goal(kind="score", points=500))
    outcome = play(db, BowlsSession(game=game), "sow:1")
    assert outcome.state.game.outcome == "overflow"
    assert load_record(db, 7).record.best_combo == 0


def test_a_safe_combo_counts_and_unlocks_the_next_theme(tmp_path):
    # The same sowing without the crowded bowl 5 is safe: 3 bowls match, the "Chain maker"
    # achievement is earned, and with it the second theme, Garden.
    db = open_store(tmp_path / "g.db")
    board = ["RGBY", "RR", "GG", "BB", "", "", "", "", "", "", "", ""]
    game = bowls.BowlsGame(mode="puzzle", puzzle_id=1, bowls=board, move_limit=3,
                           goal=bowls.Goal(kind="score", points=500))
    play(db, BowlsSession(game=game), "sow:1")
    progress = load_record(db, 7)
    assert progress.record.best_combo == 3
    assert progress.themes() == ["Simple", "Garden"]
