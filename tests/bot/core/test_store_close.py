"""A bot that stops while the store worker runs a job waits for that job before it closes the store: the
job finishes on an open store (a connection closed under a running query can crash the whole process,
as a busy bot's did at its close), and the jobs still queued behind it are cancelled, not run."""
from __future__ import annotations

import asyncio
import threading
import time

import pytest
import simcord

from db.games import get_game


async def test_closing_waits_for_the_running_store_job_and_cancels_the_queued_ones(make_real_bot):
    bot = make_real_bot()
    started, done = threading.Event(), {}

    def running_job() -> None:
        started.set()
        time.sleep(0.3)  # a step's store work, under way when the bot is told to stop
        done["read"] = get_game(bot.db, 1)

    def queued_job() -> None:
        done["queued"] = True

    async with simcord.run(bot):
        running = asyncio.ensure_future(bot.sessions.call(running_job))
        queued = asyncio.ensure_future(bot.sessions.call(queued_job))
        assert await asyncio.to_thread(started.wait, 10)
        await bot.close()
        await running  # finished on the open store: no error
        with pytest.raises(asyncio.CancelledError):
            await queued
    assert "read" in done and done["read"] is None, "the running job read the store before it closed"
    assert "queued" not in done
