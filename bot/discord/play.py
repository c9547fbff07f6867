"""Shows sessions in Discord: threads for games, starting and ending them, and every fault.

Where a result shows (the pressed board, the thread, a private answer) is decided once, in
boards.py; timers and pilots run in the core (bot/core/timers.py, bot/core/pilots.py) and hand
what they changed to `post_board`. A finished game locks its thread.

Rules of faults: every interaction is acknowledged first (a defer), then answered, even when the
store or Discord fails; store work runs on the sessions' worker, never on the event loop; a game
whose thread is gone is closed, not left blocking its player.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from contextlib import suppress
from typing import Any, Protocol

import discord

from bot.core.actions import Action
from bot.core.kinds import GameError
from bot.core.languages import server_language
from bot.core.pilots import PilotRunner
from bot.core.reply import Reply
from bot.core.results import PLAYER, STORE_DOWN_TEXT, ActResult, StoreUnavailable
from bot.core.sessions import Sessions
from bot.core.timers import TimerRunner
from bot.words import N_, current, read_in, words, words_in
from db import players
from db.games import BROKEN, FINISHED, AlreadyRunning, GameRecord

from .boards import Boards, board_message, clip, compose, file_of, files_of, is_private, thread_link
from .components import HowToPlayButton, close_view, view_for


def renamed(current: str, title: str) -> str:
    """The thread's new name: `title` with the member's part of the `current` name in place of PLAYER.

    A game's part of a name has as many " · " as its title's (the kind, the puzzle or lesson); whatever
    follows them is the member's, " · " and all ("Sam · she/her")."""
    game_part = title.split(PLAYER, 1)[0]
    player = current.split(" · ", game_part.count(" · "))[-1] if PLAYER in title else ""
    return title.replace(PLAYER, player)[:100]


class Host(Protocol):
    """What Play uses of the bot (GameHall is one): its session core, runners and Discord channels."""
    sessions: Sessions
    timers: TimerRunner
    pilots: PilotRunner

    def get_channel(self, id: int, /) -> Any: ...

    async def fetch_channel(self, channel_id: int, /) -> Any: ...

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None,
                                type: discord.ChannelType | None = None) -> discord.PartialMessageable: ...

log = logging.getLogger(__name__)
MAX_GAME_ID = 2**63 - 1
DISCORD_DOWN_TEXT = N_("Discord did not accept my answer just now ({error}); your game is saved as it was "
                     "— try again in a moment.")
BUG_TEXT = N_("Something went wrong on my side; nothing was changed. It has been logged — try again in a moment.")
NO_THREAD_TEXT = N_("I can't open a thread here: I need the Create Public Threads and Send Messages in Threads "
                  "permissions in this channel. Ask a server manager, or try another channel.")
THREAD_FAILED_TEXT = N_("Discord did not let me open the game's thread ({error}); nothing was started — "
                      "try again in a moment.")
def _offer_rules(message: dict[str, Any], key: str) -> None:
    """Add a How to play button to a board message, where Discord leaves room for one."""
    view = message.get("view") or discord.ui.View(timeout=None)
    if isinstance(view, discord.ui.LayoutView):  # a container board: the button joins its controls
        box = next(item for item in view.children if isinstance(item, discord.ui.Container))
        rows = [item for item in box.children if isinstance(item, discord.ui.ActionRow)]
        if rows and all(isinstance(item, discord.ui.Button) for item in rows[-1].children) \
                and len(rows[-1].children) < 5:
            rows[-1].add_item(HowToPlayButton(key))
        else:
            box.add_item(discord.ui.ActionRow(HowToPlayButton(key)))
        return
    try:
        view.add_item(HowToPlayButton(key))
    except ValueError:  # the board's rows are full: /help game: still has the rules
        return
    message["view"] = view


def fault_text(exc: BaseException) -> str:
    """What a player is told when something outside the game failed."""
    if isinstance(exc, StoreUnavailable):
        return words(STORE_DOWN_TEXT)
    if isinstance(exc, discord.HTTPException):
        return words(DISCORD_DOWN_TEXT, error=f"{exc.status} {exc.text or ''}".strip())
    return words(BUG_TEXT)


class Play:
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.boards = Boards(self)
        self._start_locks: dict[tuple[int, str], asyncio.Lock] = {}

    @property
    def sessions(self) -> Sessions:
        return self.bot.sessions

    @property
    def timers(self) -> TimerRunner:
        return self.bot.timers

    # --- replies ------------------------------------------------------------------------------

    @staticmethod
    def board_message(game: GameRecord, reply: Reply, said: str = "") -> dict[str, Any]:
        return board_message(game, reply, said)

    @staticmethod
    async def defer_privately(interaction: discord.Interaction) -> None:
        """Acknowledge within Discord's 3 s before anything slow, once (a later step may defer again)."""
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)

    @staticmethod
    async def private(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
        """An ephemeral answer, whether or not the interaction was answered already."""
        if interaction.response.is_done():
            await interaction.followup.send(clip(text), ephemeral=True, **kwargs)
        else:
            await interaction.response.send_message(clip(text), ephemeral=True, **kwargs)

    async def fault(self, interaction: discord.Interaction, exc: BaseException) -> None:
        """Answer an interaction whose handler failed: privately, saying nothing was changed."""
        if isinstance(exc, StoreUnavailable):
            log.warning("store unavailable during an interaction: %s", exc)
        elif isinstance(exc, discord.HTTPException):
            log.warning("Discord refused a call during an interaction: %s", exc)
        else:
            log.error("interaction failed", exc_info=exc)
        try:
            await self.private(interaction, fault_text(exc))
        except discord.HTTPException as again:  # the interaction itself is gone: nothing more to say
            log.warning("could not answer a failed interaction either: %s", again)

    async def guarded(self, interaction: discord.Interaction, work: Awaitable[Any]) -> None:
        """Run a component's handler; any fault is answered (components have no tree-level handler)."""
        try:
            await work
        except Exception as exc:
            await self.fault(interaction, exc)

    # --- starting -----------------------------------------------------------------------------

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
            await self.private(interaction, words("Games are played in a server's channels, not in direct messages."))
            return None
        if isinstance(channel, discord.Thread):
            channel = channel.parent
        if not isinstance(channel, discord.TextChannel):
            await self.private(interaction,
                               words("Start games from a text channel: each game gets its own thread there."))
            return None
        await self.defer_privately(interaction)
        lock = self._start_locks.setdefault((interaction.user.id, key), asyncio.Lock())
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
            await self.lock_thread(old)
        if running is not None and not await self._thread_alive(running):
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
            first = self.board_message(game, reply, f"{user.mention} — {label or words_in(board_language, kind.title)}")
            if newcomer:  # a player's first game of this kind: the rules are one press away
                _offer_rules(first, key)
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
        self.timers.arm(game)
        self.bot.pilots.schedule(game)
        return game

    async def _thread_alive(self, game: GameRecord) -> bool:
        """Whether the game's thread still exists (a game that never got one is not alive either)."""
        if not game.thread_id:
            return False
        if self.bot.get_channel(game.thread_id) is not None:
            return True
        try:
            await self.bot.fetch_channel(game.thread_id)
        except discord.NotFound:
            return False
        except discord.HTTPException:
            return True  # unknown: keep the game, the player can end it from the refusal's button
        return True

    async def start_daily(self, interaction: discord.Interaction, key: str) -> GameRecord | None:
        """Today's daily of one game (from its command or a button on the daily post)."""
        kind = self.sessions.kinds.get(key)
        if kind is None:
            await self.private(interaction, words("That game is not available on this bot any more."))
            return None
        day = discord.utils.utcnow().date()
        user_id = interaction.user.id
        return await self.start(interaction, key, lambda: kind.new_daily(day, user_id, self.sessions.db),
                                label=words("{game} daily, {day}", game=words(kind.title), day=day.isoformat()))

    async def resume_instead(self, interaction: discord.Interaction, key: str, action: Action | str,
                             resumable: Callable[[Any], bool], text: str) -> bool:
        """If the player's running game of this kind is `resumable`, apply `action` there instead of
        starting another; True when it did (the board is posted in its thread, `text` said privately)."""
        await self.defer_privately(interaction)  # the store is read first: answer Discord before it
        running, _ = await self.sessions.call(self.sessions.blocking_game, key, interaction.user.id,
                                              interaction.guild_id, close_replaceable=False)
        state = await self.sessions.call(self.sessions.load, running) if running is not None else None
        if running is None or state is None or not resumable(state):
            return False
        result = await self.sessions.act(running.id, interaction.user.id, action, guild_id=interaction.guild_id)
        if result.applied:
            await self.post_board(result)
        await self.private(interaction, text.format(thread=thread_link(running)))
        return True

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

    async def act_here(self, interaction: discord.Interaction, key: str, action: Action | str,
                       value: str | None = None) -> ActResult | None:
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
            result = await self.sessions.act(game.id, interaction.user.id, action, value,
                                             guild_id=interaction.guild_id)
            await self.boards.show(result, interaction)
        return result

    async def press(self, interaction: discord.Interaction, game_id: int, version: int, action: str,
                    value: str | None) -> None:
        """A button or select on a board message: acknowledged at once, then shown by boards.py."""
        await interaction.response.defer()  # rendering (a battle replay, say) may take a moment
        if not 0 < game_id <= MAX_GAME_ID:
            await self.private(interaction, words("This button does not belong to any game."))
            return
        async with self.boards.lock(game_id):
            result = await self.sessions.act(game_id, interaction.user.id, action, value, version=version,
                                             guild_id=interaction.guild_id)
            await self.boards.show(result, interaction, pressed=True)

    async def show_private(self, interaction: discord.Interaction, game: GameRecord, reply: Reply) -> None:
        """A reply for the actor's eyes only: edits the private message pressed, or sends a new one."""
        view = view_for(game.id, game.version, reply, interactive=game.running)
        if is_private(interaction.message):
            try:
                await interaction.edit_original_response(content=compose(reply), attachments=files_of(reply),
                                                         view=view)
                return
            except discord.HTTPException as exc:
                log.info("could not edit a private message (%s); sending a new one", exc)
        kwargs: dict[str, Any] = {"files": files_of(reply)}
        if view is not None:
            kwargs["view"] = view
        await interaction.followup.send(compose(reply), ephemeral=True, **kwargs)

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
            await self._rename_thread(game, result.title, channel)
        else:
            self.stop(game.id)
            await self.lock_thread(game, channel)

    def stop(self, game_id: int) -> None:
        """A game is over: its timer and pilots stop."""
        self.timers.cancel(game_id)
        self.bot.pilots.cancel(game_id)
        self.boards.forget(game_id)

    async def _rename_thread(self, game: GameRecord, title: str | None, channel: Any) -> None:
        """Keep the thread's name in step with the game (a tutorial moving on to lesson 2)."""
        thread = channel if isinstance(channel, discord.Thread) else self.bot.get_channel(game.thread_id or 0)
        if title is None or not isinstance(thread, discord.Thread):
            return
        name = renamed(thread.name, title)
        if name != thread.name:
            try:
                await thread.edit(name=name)
            except discord.HTTPException as exc:  # a name is a nicety: the game goes on
                log.info("could not rename thread %s: %s", thread.id, exc)

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


__all__ = ["Play", "fault_text", "file_of", "files_of"]
