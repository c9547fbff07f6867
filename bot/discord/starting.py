"""Starting a game in Discord: its thread, named after the game and player, and its first board; one
game per player and kind (a second start waits for the first, a forgotten one is closed or pointed at);
today's daily; and a step that resumes a running game instead of starting another.

Nothing is left behind when Discord refuses: neither the game nor an empty thread.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from contextlib import suppress
from typing import Any

import discord

from bot.core.actions import Action
from bot.core.kinds import GameError
from bot.core.languages import server_language
from bot.core.sessions import Sessions
from bot.words import N_, current, read_in, words, words_in
from db import players
from db.games import AlreadyRunning, GameRecord

from .answers import defer_privately, private
from .boards import Boards, Front
from .components import close_view
from .messages import board_message, clip, offer_rules, thread_link
from .threads import lock_thread, thread_alive

log = logging.getLogger(__name__)
NO_THREAD_TEXT = N_("I can't open a thread here: I need the Create Public Threads and Send Messages in Threads "
                  "permissions in this channel. Ask a server manager, or try another channel.")
THREAD_FAILED_TEXT = N_("Discord did not let me open the game's thread ({error}); nothing was started — "
                      "try again in a moment.")


class Starts:
    """Starts games for `play`, whose boards (`boards`) then keep How to play for a newcomer."""

    def __init__(self, play: Front, boards: Boards) -> None:
        self.play = play
        self.boards = boards
        self._locks: dict[tuple[int, str], asyncio.Lock] = {}

    @property
    def sessions(self) -> Sessions:
        return self.play.sessions

    async def start(self, interaction: discord.Interaction, key: str, state: Any,
                    label: str | None = None, *, others: tuple[int, ...] = ()) -> GameRecord | None:
        """Create the game, its thread named after the game and player, and its first board.

        `state` may be a callable that builds the state (or `(state, label)`): it runs on the store
        worker after the interaction is deferred, for content that reads progress or takes a moment.
        `others` are the game's other players: a challenged member, a friend piloting a seat.
        One game per player and kind: a second start while the first is being made waits for it.
        """
        channel = interaction.channel
        if interaction.guild is None or channel is None:
            await private(interaction, words("Games are played in a server's channels, not in direct messages."))
            return None
        if isinstance(channel, discord.Thread):
            channel = channel.parent
        if not isinstance(channel, discord.TextChannel):
            await private(interaction,
                               words("Start games from a text channel: each game gets its own thread there."))
            return None
        await defer_privately(interaction)
        lock = self._locks.setdefault((interaction.user.id, key), asyncio.Lock())
        async with lock:
            game = await self._start_locked(interaction, channel, key, state, label, others)
        if game is not None:
            kind = self.sessions.kind(key)
            await interaction.followup.send(words("{game}: your game is ready in {thread}.", game=words(kind.title),
                                                  thread=f"<#{game.thread_id}>"),
                                            ephemeral=True)
        return game

    async def _start_locked(self, interaction: discord.Interaction, channel: discord.TextChannel, key: str,
                            state: Any, label: str | None, others: tuple[int, ...] = ()) -> GameRecord | None:
        kind = self.sessions.kind(key)
        user = interaction.user
        guild_id = interaction.guild_id
        newcomer = not await self.sessions.call(players.get_progress, self.sessions.db, user.id, key)
        running, closed = await self.sessions.call(self.sessions.blocking_game, key, user.id, guild_id)
        for old in closed:  # a lost attempt left open for undo is over once a new game starts
            await lock_thread(self.play.bot, old)
        if running is not None and not await thread_alive(self.play.bot, running):
            log.info("game %s: its thread is gone; closing it so a new game can start", running.id)
            await self.sessions.call(self.sessions.end, running)
            running = None
        if running is not None:
            await interaction.followup.send(
                words("You already have a {game} game running in {thread}: finish it there, or end it with the "
                      "button below.", game=words(kind.title), thread=thread_link(running)),
                ephemeral=True, view=close_view([running], {key: words(kind.title)}))
            return None
        board_language = await self.sessions.call(server_language, self.sessions.db, guild_id)
        if callable(state):
            try:
                built = await self.sessions.call(state)  # a refusal in the member's language
            except GameError as exc:
                await interaction.followup.send(clip(str(exc)), ephemeral=True)
                return None
            if board_language != current():  # the board's words in the server's (the same state again)
                built = await self.sessions.call(read_in, board_language, state)
            state, label = built if isinstance(built, tuple) else (built, label)
        try:
            game = await self.sessions.call(self.sessions.start, key, guild_id=guild_id, channel_id=channel.id,
                                            players=[user.id, *others], state=state)
        except AlreadyRunning as taken:  # another process (or a retried request) made it meanwhile
            whose = N_("You already have a {game} game running (#{id}): end it with the button below, or from "
                       "/games.") if not others else N_("A player of this game already has a {game} game running "
                                                         "(#{id}): end it with the button below, or from /games.")
            held = await self.sessions.call(self.sessions.get, taken.game_id)
            end = close_view([held], {key: kind.title}) if held else discord.utils.MISSING
            await interaction.followup.send(words(whose, game=words(kind.title), id=taken.game_id),
                                            ephemeral=True, view=end)
            return None
        name = read_in(board_language, kind.thread_name, state, user.display_name)[:100]
        thread: discord.Thread | None = None
        try:
            thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread,
                                                 auto_archive_duration=1440)
            saved = await self.sessions.call(self.sessions.load, game)
            assert saved is not None  # the state was saved a moment ago: it loads
            reply = await self.sessions.draw(read_in, board_language, kind.board, saved, game)
            first = board_message(game, reply, f"{user.mention} — {label or words_in(board_language, kind.title)}")
            if newcomer:  # a player's first game of this kind: the rules are one press away on each board
                offer_rules(first, key)
            message = await thread.send(**first)
        except discord.HTTPException as exc:
            # Nothing is left behind: neither the game nor an empty thread.
            await self.sessions.call(self.sessions.discard, game)
            if thread is not None:
                with suppress(discord.HTTPException):
                    await thread.delete()
            log.warning("starting %s in channel %s failed: %s", key, channel.id, exc)
            text = words(NO_THREAD_TEXT) if isinstance(exc, discord.Forbidden) else \
                words(THREAD_FAILED_TEXT, error=f"{exc.status} {exc.text or ''}".strip())
            await interaction.followup.send(text, ephemeral=True)
            return None
        game = await self.sessions.call(self.sessions.attach, game, thread_id=thread.id, board_message_id=message.id)
        if newcomer:
            self.boards.rules_offered.add(game.id)
        self.play.timers.arm(game)
        self.play.bot.pilots.schedule(game)
        return game

    async def start_daily(self, interaction: discord.Interaction, key: str) -> GameRecord | None:
        """Today's daily of one game (from its command or a button on the daily post)."""
        kind = self.sessions.kinds.get(key)
        if kind is None:
            await private(interaction, words("That game is not available on this bot any more."))
            return None
        day = discord.utils.utcnow().date()
        user_id = interaction.user.id
        return await self.start(interaction, key, lambda: kind.new_daily(day, user_id, self.sessions.db),
                                label=words("{game} daily, {day}", game=words(kind.title), day=day.isoformat()))

    async def resume_instead(self, interaction: discord.Interaction, key: str, action: Action,
                             resumable: Callable[[Any], bool], text: str) -> bool:
        """If the player's running game of this kind is `resumable`, apply `action` there instead of
        starting another; True when it did (the board is posted in its thread, `text` said privately)."""
        await defer_privately(interaction)  # the store is read first: answer Discord before it
        running, _ = await self.sessions.call(self.sessions.blocking_game, key, interaction.user.id,
                                              interaction.guild_id, close_replaceable=False)
        state = await self.sessions.call(self.sessions.load, running) if running is not None else None
        if running is None or state is None or not resumable(state):
            return False
        result = await self.sessions.act(running.id, interaction.user.id, action, guild_id=interaction.guild_id)
        if result.applied:
            await self.play.post_board(result)
        await private(interaction, text.format(thread=thread_link(running)))
        return True


__all__ = ["Starts"]
