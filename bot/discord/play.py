"""Shows sessions in Discord: threads for games, board messages, refusals, timers.

Rules of presentation: a button press edits the board it was pressed on; a slash step or a timer
posts the new board at the bottom of the thread; older boards keep their buttons, and a press on
one is refused privately as out of date. A finished game locks its thread.
"""
from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any, Callable

import discord

from bot.core.kinds import GameError
from bot.core.reply import Picture, Reply
from bot.core.sessions import ActResult, Sessions
from db.games import GameRecord, games_with_deadlines

from .components import view_for

if TYPE_CHECKING:
    from .app import GameHall

log = logging.getLogger(__name__)
MAX_CONTENT = 2000


def _clip(text: str) -> str:
    return text if len(text) <= MAX_CONTENT else text[: MAX_CONTENT - 1] + "…"


def file_of(picture: Picture) -> discord.File:
    return discord.File(io.BytesIO(picture.data), filename=picture.filename,
                        description=picture.description or None)


def files_of(reply: Reply) -> list[discord.File]:
    pictures = ([reply.picture] if reply.picture else []) + list(reply.extra_pictures)
    return [file_of(p) for p in pictures]


def compose(reply: Reply, said: str = "") -> str:
    return _clip(f"{said}\n\n{reply.text}".strip() if said else reply.text)


def thread_link(game: GameRecord) -> str:
    return f"<#{game.thread_id}>" if game.thread_id else "its thread"


class Play:
    def __init__(self, bot: GameHall) -> None:
        self.bot = bot
        self._timers: dict[int, asyncio.Task[None]] = {}

    @property
    def sessions(self) -> Sessions:
        return self.bot.sessions

    # --- replies ------------------------------------------------------------------------------

    def board_message(self, game: GameRecord, reply: Reply, said: str = "") -> dict[str, Any]:
        view = view_for(game.id, game.version, reply, interactive=game.running)
        kwargs: dict[str, Any] = {"content": compose(reply, said), "files": files_of(reply)}
        if view is not None:
            kwargs["view"] = view
        return kwargs

    @staticmethod
    async def private(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
        """An ephemeral answer, whether or not the interaction was answered already."""
        if interaction.response.is_done():
            await interaction.followup.send(_clip(text), ephemeral=True, **kwargs)
        else:
            await interaction.response.send_message(_clip(text), ephemeral=True, **kwargs)

    # --- starting -----------------------------------------------------------------------------

    async def start(self, interaction: discord.Interaction, key: str, state: Any,
                    label: str | None = None) -> GameRecord | None:
        """Create the game, its thread named after the game and player, and its first board.

        `state` may be a callable that builds the state: it runs after the interaction is deferred,
        for content that takes a moment to generate.
        """
        channel = interaction.channel
        if interaction.guild is None or channel is None:
            await self.private(interaction, "Games are played in a server's channels, not in direct messages.")
            return None
        if isinstance(channel, discord.Thread):
            channel = channel.parent
        if not isinstance(channel, discord.TextChannel):
            await self.private(interaction, "Start games from a text channel: each game gets its own thread there.")
            return None
        kind = self.sessions.kind(key)
        user = interaction.user
        closed: list[GameRecord] = []
        running = self.sessions.blocking_game(key, user.id, interaction.guild.id, closed)
        for old in closed:  # a lost attempt left open for undo is over once a new game starts
            await self.lock_thread(old)
        if running is not None:
            await self.private(interaction, f"You already have a {kind.title} game running in "
                                            f"{thread_link(running)}: finish it, or use its End button first.")
            return None
        await interaction.response.defer(thinking=True)
        if callable(state):
            try:
                state = state()
            except GameError as exc:
                await interaction.followup.send(str(exc))
                return None
        game = self.sessions.start(key, guild_id=interaction.guild.id, channel_id=channel.id,
                                   players=[user.id], state=state)
        name = kind.thread_name(state, user.display_name)[:100]
        try:
            thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread,
                                                 auto_archive_duration=1440)
            reply = self.sessions.board(game)
            message = await thread.send(**self.board_message(game, reply, f"{user.mention} — {label or kind.title}"))
        except discord.Forbidden:
            self.sessions.end(game)
            await interaction.followup.send(
                "I can't open a thread here: I need the Create Public Threads and Send Messages in Threads "
                "permissions in this channel. Ask a server manager, or try another channel.")
            return None
        game = self.sessions.attach(game, thread_id=thread.id, board_message_id=message.id)
        self.arm(game)
        self.bot.pilots.schedule(game)
        await interaction.followup.send(f"{kind.title}: your game is ready in {thread.mention}.")
        return game

    async def start_daily(self, interaction: discord.Interaction, key: str) -> GameRecord | None:
        """Today's daily of one game (from its command or a button on the daily post)."""
        kind = self.sessions.kinds.get(key)
        if kind is None:
            await self.private(interaction, "That game is not available on this bot any more.")
            return None
        day = discord.utils.utcnow().date()
        user_id = interaction.user.id
        return await self.start(interaction, key, lambda: kind.new_daily(day, user_id, self.sessions.db),
                                label=f"{kind.title} daily, {day.isoformat()}")

    async def resume_instead(self, interaction: discord.Interaction, key: str, action: str,
                             resumable: Callable[[Any], bool], text: str) -> bool:
        """If the player's running game of this kind is `resumable`, apply `action` there instead of
        starting another; True when it did (the board is posted in its thread, `text` said privately)."""
        running = self.sessions.blocking_game(key, interaction.user.id, interaction.guild_id)
        state = self.sessions.load(running) if running is not None else None
        if running is None or state is None or not resumable(state):
            return False
        result = await self.sessions.act(running.id, interaction.user.id, action)
        if result.applied:
            await self.post_board(result)
        await self.private(interaction, text.format(thread=thread_link(running)))
        return True

    def state_here(self, interaction: discord.Interaction, key: str) -> Any:
        """The state of the running game of this kind in the interaction's thread, or None."""
        game = self.sessions.running_in_thread(interaction.channel_id or 0)
        return self.sessions.load(game) if game is not None and game.kind == key else None

    # --- acting -------------------------------------------------------------------------------

    async def act_here(self, interaction: discord.Interaction, key: str, action: str,
                       value: str | None = None) -> ActResult | None:
        """A slash-command step inside a game thread; the new board is posted at the bottom."""
        game = self.sessions.running_in_thread(interaction.channel_id or 0)
        if game is None or game.kind != key:
            kind = self.sessions.kind(key)
            await self.private(interaction, f"There is no running {kind.title} game in this channel: "
                                            f"use this command in your game's thread (see /games).")
            return None
        result = await self.sessions.act(game.id, interaction.user.id, action, value)
        if result.status == "broken":
            await interaction.response.send_message(_clip(result.text))
            self.cancel(game.id)
            return result
        if not result.applied:
            await self.private(interaction, result.text)
            return result
        assert result.game is not None and result.board is not None
        await interaction.response.send_message(**self.board_message(result.game, result.board, result.text))
        message = await interaction.original_response()
        self.sessions.attach(result.game, board_message_id=message.id)
        await self._after_change(result, interaction.channel)
        return result

    async def press(self, interaction: discord.Interaction, game_id: int, version: int, action: str,
                    value: str | None) -> None:
        """A button or select on a board message: acknowledged at once, then the board is edited."""
        await interaction.response.defer()  # rendering (a battle replay, say) may take a moment
        result = await self.sessions.act(game_id, interaction.user.id, action, value, version=version)
        if result.status == "stale" and result.game is not None and result.board is not None:
            board = result.board
            link = ""
            if result.game.thread_id and result.game.board_message_id and interaction.guild_id:
                link = (f" The current board: https://discord.com/channels/{interaction.guild_id}/"
                        f"{result.game.thread_id}/{result.game.board_message_id}")
            await self.private(interaction, f"{result.text}{link}\n\n{board.text}", files=files_of(board))
            return
        if result.status == "broken":
            await interaction.followup.send(_clip(result.text))
            self.cancel(game_id)
            return
        if not result.applied:
            await self.private(interaction, result.text)
            return
        assert result.game is not None and result.board is not None
        kwargs = self.board_message(result.game, result.board, result.text)
        files = kwargs.pop("files")
        kwargs.setdefault("view", None)
        await interaction.edit_original_response(attachments=files, **kwargs)
        if interaction.message is not None and interaction.message.id != result.game.board_message_id:
            self.sessions.attach(result.game, board_message_id=interaction.message.id)
        await self._after_change(result, interaction.channel)

    async def _after_change(self, result: ActResult, channel: Any) -> None:
        game = result.game
        assert game is not None
        if game.running:
            self.arm(game)
            self.bot.pilots.schedule(game)
        else:
            self.cancel(game.id)
            self.bot.pilots.cancel(game.id)
            await self.lock_thread(game, channel)

    async def lock_thread(self, game: GameRecord, channel: Any = None) -> None:
        thread = channel if isinstance(channel, discord.Thread) else None
        if thread is None and game.thread_id:
            found = self.bot.get_channel(game.thread_id)
            if found is None:
                try:
                    found = await self.bot.fetch_channel(game.thread_id)
                except discord.HTTPException:
                    found = None
            thread = found if isinstance(found, discord.Thread) else None
        if thread is not None:
            try:
                await thread.edit(locked=True)
            except discord.HTTPException as exc:  # missing permission: the game is still over
                log.warning("could not lock thread %s: %s", thread.id, exc)

    # --- timers -------------------------------------------------------------------------------

    def arm(self, game: GameRecord) -> None:
        """(Re)start the game's phase timer from the deadline stored with it."""
        self.cancel(game.id)
        if game.deadline is None or not game.running:
            return
        delay = max(0.0, (game.deadline - self.sessions.clock()).total_seconds())
        self._timers[game.id] = asyncio.get_running_loop().create_task(
            self._wait_and_expire(game.id, delay), name=f"game-timer-{game.id}")

    def cancel(self, game_id: int) -> None:
        task = self._timers.pop(game_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def rearm_all(self) -> int:
        """At start-up: every stored deadline is armed again; one that passed fires at once."""
        games = games_with_deadlines(self.sessions.db)
        for game in games:
            self.arm(game)
            self.bot.pilots.schedule(game)  # a pilot deciding when the bot stopped decides again
        return len(games)

    async def _wait_and_expire(self, game_id: int, delay: float) -> None:
        await asyncio.sleep(delay)
        self._timers.pop(game_id, None)
        try:
            result = await self.sessions.expire(game_id)
            if result is not None:
                await self._post_to_thread(result)
        except Exception:  # a failing timer must not take the bot down
            log.exception("timer of game %s failed", game_id)

    async def post_board(self, result: ActResult) -> None:
        """Post a changed game's board at the bottom of its thread (timers, resumes from elsewhere)."""
        await self._post_to_thread(result)

    async def _post_to_thread(self, result: ActResult) -> None:
        game = result.game
        if game is None or not game.thread_id:
            return
        thread = self.bot.get_partial_messageable(game.thread_id, guild_id=game.guild_id)
        if result.status == "broken" or result.board is None:
            await thread.send(_clip(result.text))
            return
        message = await thread.send(**self.board_message(game, result.board, result.text))
        self.sessions.attach(game, board_message_id=message.id)
        await self._after_change(result, None)

