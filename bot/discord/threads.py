"""A game's thread following its game: renamed as the game moves on, locked when it ends, and asked
whether it still exists (a game whose thread is gone is closed, never left blocking its player)."""
from __future__ import annotations

import logging
import re
from typing import Any, Protocol

import discord

from bot.core.results import PLAYER
from db.games import GameRecord

log = logging.getLogger(__name__)
SEPARATOR = re.compile(r" · |・")  # between a thread name's parts, in English and in Japanese


class Channels(Protocol):
    """What the thread care uses of the bot: its channels, cached or fetched."""

    def get_channel(self, id: int, /) -> Any: ...

    async def fetch_channel(self, channel_id: int, /) -> Any: ...


def renamed(current: str, title: str) -> str:
    """The thread's new name: `title` with the member's part of the `current` name in place of PLAYER.

    A game's part of a name has as many separators (" · ", or Japanese's "・") as its title's (the kind, the
    puzzle or lesson); whatever follows them is the member's, separators and all ("Sam · she/her",
    "ジョン・スミス")."""
    if PLAYER not in title:
        return title[:100]
    parts = len(SEPARATOR.findall(title.split(PLAYER, 1)[0]))
    player = SEPARATOR.split(current, maxsplit=parts)[-1] if parts else current
    return title.replace(PLAYER, player)[:100]


async def rename_thread(bot: Channels, game: GameRecord, title: str | None, channel: Any) -> None:
    """Keep the thread's name in step with the game (a tutorial moving on to lesson 2)."""
    thread = channel if isinstance(channel, discord.Thread) else bot.get_channel(game.thread_id or 0)
    if title is None or not isinstance(thread, discord.Thread):
        return
    name = renamed(thread.name, title)
    if name != thread.name:
        try:
            await thread.edit(name=name)
        except discord.HTTPException as exc:  # a name is a nicety: the game goes on
            log.info("could not rename thread %s: %s", thread.id, exc)


async def lock_thread(bot: Channels, game: GameRecord, channel: Any = None) -> None:
    """A finished game's thread is locked (`channel`: the thread when the caller has it at hand)."""
    thread = channel if isinstance(channel, discord.Thread) else None
    if thread is None and game.thread_id:
        found = bot.get_channel(game.thread_id)
        if found is None:
            try:
                found = await bot.fetch_channel(game.thread_id)
            except discord.HTTPException:
                found = None
        thread = found if isinstance(found, discord.Thread) else None
    if thread is not None:
        try:
            await thread.edit(locked=True)
        except discord.HTTPException as exc:  # missing permission: the game is still over
            log.warning("could not lock thread %s: %s", thread.id, exc)


async def thread_alive(bot: Channels, game: GameRecord) -> bool:
    """Whether the game's thread still exists (a game that never got one is not alive either)."""
    if not game.thread_id:
        return False
    if bot.get_channel(game.thread_id) is not None:
        return True
    try:
        await bot.fetch_channel(game.thread_id)
    except discord.NotFound:
        return False
    except discord.HTTPException:
        return True  # unknown: keep the game, the player can end it from the refusal's button
    return True


__all__ = ["lock_thread", "rename_thread", "renamed", "thread_alive"]
