"""Boards are drawn on their own small pool once a change is saved: the store worker is kept for the store."""
from __future__ import annotations

import threading
from datetime import UTC, datetime

from bot.core.sessions import Sessions
from db.store import open_store
from tools.drive.tally.actions import Add
from tools.drive.tally.kind import Tally, TallyState

PLAYER = 1


class DrawnWhere(Tally):
    """Tally noting which thread draws its boards and which runs its steps."""

    def __init__(self) -> None:
        self.threads: dict[str, set[str]] = {"board": set(), "step": set()}

    def board(self, state, game):
        self.threads["board"].add(threading.current_thread().name.rpartition("_")[0])
        return super().board(state, game)

    def act(self, state, action, ctx):
        self.threads["step"].add(threading.current_thread().name.rpartition("_")[0])
        return super().act(state, action, ctx)


async def test_boards_are_drawn_off_the_store_worker_after_the_save(tmp_path):
    kind = DrawnWhere()
    sessions = Sessions(open_store(tmp_path / "gamehall.db"), {"tally": kind}, lambda: datetime.now(UTC))
    try:
        game = sessions.start("tally", guild_id=None, channel_id=None, players=[PLAYER], state=TallyState())
        result = await sessions.act(game.id, PLAYER, Add(2))
        stale = await sessions.act(game.id, PLAYER, Add(1), version=game.version)
        assert result.applied and result.board is not None and "Count: 2/10" in result.board.text
        assert stale.status == "stale" and stale.board is not None and "Count: 2/10" in stale.board.text
        assert kind.threads == {"board": {"draw"}, "step": {"store"}}
    finally:
        sessions.close()
        sessions.db.close()
