"""Shows sessions in Discord: a game's steps, its end and the faults around them, with starting
(starting.py), private answers (answers.py) and the thread's care (threads.py) each in a room of its own.

Where a result shows (the pressed board, the thread, a private answer) is decided once, in
boards.py; timers and pilots run in the core (bot/core/timers.py, bot/core/pilots.py) and hand
what they changed to `post_board`. A finished game locks its thread.

Rules of faults: every interaction is acknowledged first (a defer), then answered, even when the
store or Discord fails; store work runs on the sessions' worker, never on the event loop; a game
whose thread is gone is closed, not left blocking its player.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol

import discord

from bot.core.actions import Action
from bot.core.pilots import PilotRunner
from bot.core.results import ActResult, StoreUnavailable
from bot.core.sessions import Sessions
from bot.core.timers import TimerRunner
from bot.words import words
from db.games import BROKEN, FINISHED, GameRecord

from . import answers
from .boards import Boards
from .former import Door
from .messages import board_message, compose, file_of, files_of
from .starting import Starts
from .threads import lock_thread, rename_thread


class Host(Protocol):
    """What Play uses of the bot (GameHall is one): its session core, runners and Discord channels."""
    sessions: Sessions
    timers: TimerRunner
    pilots: PilotRunner
    door: Door  # reads older boards' custom ids as today's

    def get_channel(self, id: int, /) -> Any: ...

    async def fetch_channel(self, channel_id: int, /) -> Any: ...

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None,
                                type: discord.ChannelType | None = None) -> discord.PartialMessageable: ...


log = logging.getLogger(__name__)
MAX_GAME_ID = 2**63 - 1


class Play:
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.boards = Boards(self)
        self.starts = Starts(self, self.boards)

    @property
    def sessions(self) -> Sessions:
        return self.bot.sessions

    @property
    def timers(self) -> TimerRunner:
        return self.bot.timers

    @property
    def door(self) -> Door:
        return self.bot.door

    # --- replies (answers.py) -----------------------------------------------------------------

    board_message = staticmethod(board_message)
    defer_privately = staticmethod(answers.defer_privately)
    private = staticmethod(answers.private)
    fault = staticmethod(answers.fault)
    guarded = staticmethod(answers.guarded)
    show_private = staticmethod(answers.show_private)

    # --- starting (starting.py) ---------------------------------------------------------------

    async def start(self, interaction: discord.Interaction, key: str, state: Any,
                    label: str | None = None, *, others: tuple[int, ...] = ()) -> GameRecord | None:
        """Create the game, its thread and its first board (`Starts.start`)."""
        return await self.starts.start(interaction, key, state, label, others=others)

    async def start_daily(self, interaction: discord.Interaction, key: str) -> GameRecord | None:
        """Today's daily of one game (from its command or a button on the daily post)."""
        return await self.starts.start_daily(interaction, key)

    async def resume_instead(self, interaction: discord.Interaction, key: str, action: Action,
                             resumable: Callable[[Any], bool], text: str) -> bool:
        """Apply `action` to the player's running game of this kind if it is `resumable` (`Starts.resume_instead`)."""
        return await self.starts.resume_instead(interaction, key, action, resumable, text)

    async def state_here(self, interaction: discord.Interaction, key: str) -> Any:
        """The state of the running game of this kind in the interaction's thread, or None."""
        def read() -> Any:
            game = self.sessions.running_in_thread(interaction.channel_id or 0)
            return self.sessions.load(game) if game is not None and game.kind == key else None
        try:
            return await self.sessions.call(read)
        except StoreUnavailable:
            return None

    async def choices(self, fn: Callable[..., list[Any]], *args: Any) -> list[Any]:
        """Autocomplete entries read on the store worker; none (rather than an error) when it is down."""
        try:
            return await self.sessions.call(fn, *args)
        except StoreUnavailable:
            return []

    async def in_game_thread(self, interaction: discord.Interaction) -> bool:
        """Whether the interaction comes from a thread with a running game."""
        game = await self.sessions.call(self.sessions.running_in_thread, interaction.channel_id or 0)
        return game is not None

    # --- acting -------------------------------------------------------------------------------

    async def act_here(self, interaction: discord.Interaction, key: str, action: Action) -> ActResult | None:
        """A slash-command step inside a game thread; where its result shows is decided in boards.py."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self.sessions.call(self.sessions.running_in_thread, interaction.channel_id or 0)
        if game is None or game.kind != key:
            kind = self.sessions.kind(key)
            await self.private(interaction, words("There is no running {game} game in this channel: use this "
                                                  "command in your game's thread (see /games).",
                                                  game=words(kind.title)))
            return None
        async with self.boards.lock(game.id):
            result = await self.sessions.act(game.id, interaction.user.id, action, guild_id=interaction.guild_id)
            await self.boards.show(result, interaction)
        return result

    async def press(self, interaction: discord.Interaction, game_id: int, version: int, wire: str | None) -> None:
        """A button or select on a board message, carrying today's wire form of its action (the door in
        components.py read an older board's as today's; None: a control no step answers now): acknowledged
        at once, then shown by boards.py."""
        await interaction.response.defer()  # rendering (a battle replay, say) may take a moment
        if not 0 < game_id <= MAX_GAME_ID:
            await self.private(interaction, words("This button does not belong to any game."))
            return
        async with self.boards.lock(game_id):
            result = await self.sessions.press(game_id, interaction.user.id, wire, version,
                                               guild_id=interaction.guild_id)
            await self.boards.show(result, interaction, pressed=True)

    async def how_to_play(self, interaction: discord.Interaction, key: str) -> None:
        """A game's rules page, privately (from /help game: or the button on a first game)."""
        kind = self.sessions.kinds.get(key)
        if kind is None:
            await self.private(interaction, words("That game is not available on this bot any more."))
            return
        await self.defer_privately(interaction)
        reply = await self.sessions.call(kind.how_to_play)
        await self.private(interaction, compose(reply), files=files_of(reply))

    async def close(self, interaction: discord.Interaction, game_id: int) -> None:
        """The End button of /games or of a refusal: a player closes a running game from anywhere."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self.sessions.call(self.sessions.get, game_id) if 0 < game_id <= MAX_GAME_ID else None
        elsewhere = game is not None and None not in (interaction.guild_id, game.guild_id) \
            and interaction.guild_id != game.guild_id  # as a board press from another server is refused
        if game is None or interaction.user.id not in game.players or elsewhere:
            await self.private(interaction, words("That is not one of your games here."))
            return
        if game.status in (FINISHED, BROKEN):
            await self.private(interaction, words("That game has already ended."))
            return
        ended = await self.sessions.call(self.sessions.end, game)
        self.stop(game.id)
        await self.lock_thread(ended)
        await self.private(interaction, words("Ended your {game} game. You can start a new one any time.",
                                              game=words(self.sessions.kind(game.kind).title)))

    async def after_change(self, result: ActResult, channel: Any) -> None:
        """A change is shown: the game's timer and pilots follow it, and so does its thread."""
        game = result.game
        assert game is not None
        if game.running:
            self.timers.arm(game)
            self.bot.pilots.schedule(game)
            await rename_thread(self.bot, game, result.title, channel)
        else:
            self.stop(game.id)
            await self.lock_thread(game, channel)

    def stop(self, game_id: int) -> None:
        """A game is over: its timer and pilots stop."""
        self.timers.cancel(game_id)
        self.bot.pilots.cancel(game_id)
        self.boards.forget(game_id)


    async def lock_thread(self, game: GameRecord, channel: Any = None) -> None:
        await lock_thread(self.bot, game, channel)

    async def thread_gone(self, thread_id: int) -> None:
        """A game's thread was deleted: the game is over (it must never block its player)."""
        game = await self.sessions.call(self.sessions.running_in_thread, thread_id)
        if game is None:
            return
        await self.sessions.call(self.sessions.end, game)
        self.stop(game.id)
        log.info("game %s: its thread %s was deleted; the game is closed", game.id, thread_id)

    # --- changes from the core (pilots, timers) ----------------------------------------------

    async def post_board(self, result: ActResult) -> None:
        """Show a change no interaction asked for (a pilot's answer, a time-out, a resume) in its thread."""
        if result.game is None:
            return
        async with self.boards.lock(result.game.id):
            await self.boards.show(result)



__all__ = ["MAX_GAME_ID", "Play", "file_of"]  # file_of: the games' commands attach pictures with it
