"""What the front-end's parts (the shared cogs, the game cogs' steps) use of the one bot.

`GameHall` (app.py) is the bot and satisfies this structurally; the parts name this protocol rather
than the bot's class, so the bot can import them without any of them importing it back.
"""
from __future__ import annotations

from typing import Any, Protocol

from bot.core.kinds import GamePlugin
from bot.core.pilots import PilotRunner
from bot.core.seats import ExternalWait
from bot.core.sessions import Sessions
from bot.core.timers import TimerRunner
from bot.settings import Settings
from db.store import Store

from .play import Play


class Hall(Protocol):
    settings: Settings
    plugins: list[GamePlugin]
    db: Store
    sessions: Sessions
    pilots: PilotRunner
    timers: TimerRunner
    play: Play
    external_wait: ExternalWait  # how outside work is awaited (SimCord's external wait in local play)
    one_reader: bool  # local play: the page is one member, who reads the server's /settings language
    one_reader_language: str | None

    def soon(self, work: Any) -> None: ...

    def owns(self, guild_id: int | None) -> bool: ...

    def get_channel(self, id: int, /) -> Any: ...

    def is_ready(self) -> bool: ...

    async def wait_until_ready(self) -> None: ...

    def add_dynamic_items(self, *items: Any) -> None: ...

    def remove_dynamic_items(self, *items: Any) -> None: ...


__all__ = ["Hall"]
