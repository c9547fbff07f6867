"""The bot's heartbeat: every few seconds a running process records in the store that it is running
(and once more as it stops), so that the next start knows how long it was away and gives the running
games' phases that time back (a crash loses at most the seconds since its last record). The front-end
keeps the beat (discord.py's `tasks.loop`); this module reads and writes it."""
from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

from db.clock import last_seen, record_seen

if TYPE_CHECKING:
    from .sessions import Sessions

BEAT_SECONDS = 3.0


class Heartbeat:
    """When process `process` was last seen running, in the store."""

    def __init__(self, sessions: Sessions, process: str) -> None:
        self.sessions = sessions
        self.process = process

    async def away(self) -> timedelta:
        """How long this process was stopped: from its last record until now (0 on a first start)."""
        seen = await self.sessions.call(last_seen, self.sessions.db, self.process)
        return max(timedelta(0), self.sessions.clock() - seen) if seen is not None else timedelta(0)

    async def beat(self) -> None:
        """Record now (the clock read here, the write on the store worker)."""
        await self.sessions.call(record_seen, self.sessions.db, self.process, self.sessions.clock())


def process_name(shard_ids: tuple[int, ...] | None) -> str:
    """The name a process's heartbeat is kept under: the shards it runs."""
    return "shards:all" if shard_ids is None else "shards:" + ",".join(str(i) for i in sorted(shard_ids))
