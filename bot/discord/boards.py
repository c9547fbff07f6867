"""Where a result shows: the one path every press, slash step, pilot answer and time-out ends in.

A result is decided once, from its status and where it came from:
- to the one who acted, privately: a refusal (its reason first, a long echo of their input shortened),
  a private view, a press that lost a race ("already done"), a broken game;
- the board: a kind that declares phases keeps one live board per phase, edited in place by every
  change within it (whoever made it), and a new phase posts a new board while the older one is made
  read-only; a kind that declares none has the pressed board edited and any other change posted;
- a finished game locks its thread; a timed board carries a live countdown (`<t:…:R>`);
- a board whose reply asks for the container layout is one Components V2 container, its pictures first
  (a gallery with their alt text), then its words, then its controls. It is posted anew whenever it
  changes, never edited to a new picture: Discord refuses an edit that puts a new upload into a media
  gallery (discord-api-docs #7529). Retiring it edits only its text and controls, keeping its uploads by
  listing them (`attachments`) and naming them `attachment://<filename>`. A message sent with the flag
  has no content or embeds, and the flag stays on it; discord.py sets the flag from the view, and a
  deferred response never carries it (defer sends only the ephemeral flag), so boards are posted or
  edited as messages, never as a deferred answer. Limits: 40 components, 4,000 characters.

Changes to one game are shown in the order they were saved (one display lock per game), so the
loser of a double press finds the winner's board, with the winner's words, already on screen.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol

import discord

from bot.core.reply import Reply
from bot.core.results import DONE_TEXT, RETIRED_TEXT, ActResult
from bot.core.sessions import Sessions
from bot.core.timers import TimerRunner
from bot.words import N_, words
from db.games import GameRecord

from .messages import (
    COUNTDOWN,
    board_message,
    clip,
    countdown,
    files_of,
    is_private,
    move_countdown_in_layout,
    offer_rules,
    offers_rules,
    refusal_text,
    retired,
    thread_link,
)
from .released import drop_items


class Front(Protocol):
    """What the result path and the starts (starting.py) use of Play (named here, so Play can import them)."""
    bot: Any

    @property
    def sessions(self) -> Sessions: ...

    @property
    def timers(self) -> TimerRunner: ...

    async def private(self, interaction: discord.Interaction, text: str, **kwargs: Any) -> None: ...

    async def show_private(self, interaction: discord.Interaction, game: GameRecord, reply: Reply) -> None: ...

    async def after_change(self, result: ActResult, channel: Any) -> None: ...

    async def thread_gone(self, thread_id: int) -> None: ...

    async def post_board(self, result: ActResult) -> None: ...


log = logging.getLogger(__name__)
BEHIND_TEXT = N_("This board was behind the game; it is up to date now: check it before you press again.")
MOVED_ON_TEXT = N_("This board is out of date: the game moved on before your press arrived, so it did nothing. "
                 "The current board is the last one in {thread}:")


class Boards:
    """Shows results in Discord for `play` (which owns threads, timers and pilots' follow-ups)."""

    def __init__(self, play: Front) -> None:
        self.play = play
        self._locks: dict[int, asyncio.Lock] = {}
        self._shown: dict[int, int] = {}  # game id -> the version its live board shows
        self.rules_offered: set[int] = set()  # newcomers' games: each board keeps How to play

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    def shows(self, game: GameRecord) -> bool:
        """Whether the game's live board is known to show its current version."""
        return self._shown.get(game.id) == game.version

    # --- the one path -------------------------------------------------------------------------

    async def show(self, result: ActResult, interaction: discord.Interaction | None = None, *,
                   pressed: bool = False) -> None:
        """Show `result`: to `interaction`'s user (a press when `pressed`, else a slash step or a resume),
        or, with no interaction, in the thread only (a pilot's answer, a time-out). Call it under
        `lock(game id)`."""
        play, game = self.play, result.game
        if result.status == "broken":
            if game is not None:
                await self.say_in_thread(game, result.text)
                play.timers.cancel(game.id)
            if interaction is not None:
                await play.private(interaction, result.text)
            return
        if interaction is None:
            if result.applied:
                await self._board(result, None, pressed=False)
            return
        if result.status == "private" and game is not None and result.private is not None:
            await play.show_private(interaction, game, result.private)
            return
        if result.status == "stale" and pressed and game is not None and result.board is not None:
            await self._stale(interaction, result)
            return
        if result.status == "retired" and game is not None and result.board is not None:
            text = words(RETIRED_TEXT, thread=thread_link(game))
            await play.private(interaction, f"{text}\n\n{result.board.text}", files=files_of(result.board))
            return
        if result.status == "done":
            await play.private(interaction, result.text or DONE_TEXT)
            return
        if not result.applied:
            await play.private(interaction, refusal_text(result.text), files=self._stale_files(result))
            return
        assert game is not None
        if pressed and is_private(interaction.message):
            # A step taken from a private message (a hand): that message shows its owner what is left,
            # and the table everyone sees goes to the thread.
            await play.show_private(interaction, game, result.private or Reply(result.text or words("Done.")))
            await self._board(result, None, pressed=False)
            return
        shown = await self._board(result, interaction, pressed=pressed)
        if pressed and shown and result.private is not None:
            await play.show_private(interaction, game, result.private)  # what the change says to its actor alone
        if not pressed:
            if not shown:
                await play.private(interaction, result.text + "\n" + words(
                    "Your step is saved, but Discord did not accept the new board; press any button on the last "
                    "board to bring it up to date."))
            elif result.private is not None:
                await play.show_private(interaction, game, result.private)
            else:
                await self._done(interaction, result.text)

    @staticmethod
    def _stale_files(result: ActResult) -> list[discord.File]:
        return files_of(result.board) if result.status == "stale" and result.board is not None else []

    async def _board(self, result: ActResult, interaction: discord.Interaction | None, *, pressed: bool) -> bool:
        """Put the changed game's board where it belongs; then the thread follows the game (renamed,
        or locked when it is over) and its timer and pilots are started. False when Discord refused."""
        game, board = result.game, result.board
        assert game is not None and board is not None
        if self._shown.get(game.id, -1) > game.version:
            return True  # a newer board is on screen already (a pilot's answer raced a press)
        live = game.board_message_id
        on_live = pressed and interaction is not None and interaction.message is not None \
            and interaction.message.id == live
        kwargs = board_message(game, board, result.text)
        if interaction is not None and offers_rules(interaction.message):
            self.rules_offered.add(game.id)  # known again from the board after a restart
        if game.running and game.id in self.rules_offered:
            offer_rules(kwargs, game.kind)
        contained = board.layout == "container"  # posted anew on every change: a gallery takes no new upload
        sent = kwargs.get("view")
        try:
            if result.new_phase is None and not contained:  # no phases: a press edits, anything else posts
                shown = await (self._edit_pressed(interaction, kwargs) if pressed and interaction is not None
                               else self._post(game, kwargs))
            elif not result.new_phase and not contained:
                shown = await (self._edit_pressed(interaction, kwargs) if on_live and interaction is not None
                               else self._edit_live(game, kwargs))
            else:
                shown = await self._post(game, kwargs)
                if shown is not False:
                    await self._retire(game, live, interaction if on_live else None)
        finally:
            if sent is not None:
                drop_items(sent)  # sent (or refused): never used again (released.py)
        if shown is None:  # the thread is gone: the game was closed with it
            return True
        if shown:
            self._shown[game.id] = game.version
            if pressed and interaction is not None and interaction.message is not None \
                    and result.new_phase is None and interaction.message.id != live:
                await self.play.sessions.call(self.play.sessions.attach, game, board_message_id=interaction.message.id)
        await self.play.after_change(result, interaction.channel if interaction is not None else None)
        return shown

    async def _edit_pressed(self, interaction: discord.Interaction, kwargs: dict[str, Any]) -> bool:
        files = kwargs.pop("files")
        kwargs.setdefault("view", None)
        try:
            await interaction.edit_original_response(attachments=files, **kwargs)
        except discord.HTTPException as exc:
            log.warning("a board was not updated: %s", exc)
            await self.play.private(interaction, words("Your step is saved, but Discord did not update the board; "
                                                       "press any button on it to bring it up to date."))
            return False
        return True

    async def _edit_live(self, game: GameRecord, kwargs: dict[str, Any]) -> bool | None:
        """Edit the phase's live board in place; post a new one when it cannot be edited."""
        if not game.thread_id or not game.board_message_id:
            return await self._post(game, kwargs)
        thread = self.play.bot.get_partial_messageable(game.thread_id, guild_id=game.guild_id)
        files = kwargs.pop("files")
        kwargs.setdefault("view", None)
        try:
            await thread.get_partial_message(game.board_message_id).edit(attachments=files, **kwargs)
        except discord.HTTPException as exc:
            log.info("game %s: the live board could not be edited (%s); posting a new one", game.id, exc)
            return await self._post(game, {**kwargs, "files": files})
        return True

    async def _post(self, game: GameRecord, kwargs: dict[str, Any]) -> bool | None:
        """Post the board at the bottom of the thread and remember it as the live one (None: the thread
        is gone, so the game was closed)."""
        if not game.thread_id:
            return False
        thread = self.play.bot.get_partial_messageable(game.thread_id, guild_id=game.guild_id)
        if kwargs.get("view") is None:
            kwargs.pop("view", None)
        try:
            message = await thread.send(**kwargs, allowed_mentions=discord.AllowedMentions.none())
        except discord.NotFound:
            await self.play.thread_gone(game.thread_id)
            return None
        except discord.HTTPException as exc:  # the change is saved; the next press refreshes the board
            log.warning("game %s: posting the board failed: %s", game.id, exc)
            return False
        await self.play.sessions.call(self.play.sessions.attach, game, board_message_id=message.id)
        return True

    async def _retire(self, game: GameRecord, message_id: int | None,
                      interaction: discord.Interaction | None) -> None:
        """The previous phase's board becomes a read-only copy (its buttons go; its words stay)."""
        if message_id is None:
            return
        edit: dict[str, Any] = {}
        try:
            if interaction is not None and interaction.message is not None:
                edit = retired(interaction.message)
                await interaction.edit_original_response(**edit)
            elif game.thread_id:
                thread = self.play.bot.get_partial_messageable(game.thread_id, guild_id=game.guild_id)
                old = await thread.fetch_message(message_id)
                edit = retired(old)
                await old.edit(**edit)
        except discord.HTTPException as exc:  # its buttons answer "out of date" anyway
            log.info("game %s: the previous board kept its buttons (%s)", game.id, exc)
        finally:
            if edit.get("view") is not None:
                drop_items(edit["view"])

    async def _stale(self, interaction: discord.Interaction, result: ActResult) -> None:
        """A press on a board that moved on: the loser of a race is told it was already done, and the
        board keeps the winner's words; a live board that fell behind (the bot stopped, or Discord
        refused an edit) is brought up to date."""
        game, board = result.game, result.board
        assert game is not None and board is not None
        pressed = interaction.message
        if pressed is not None and pressed.id == game.board_message_id:
            if self.shows(game):
                await self.play.private(interaction, DONE_TEXT)
                return
            kwargs = board_message(game, board)
            if board.layout == "container":  # brought up to date by a new board below
                if await self._post(game, kwargs):
                    self._shown[game.id] = game.version
                    await self._retire(game, pressed.id, interaction)
                    await self.play.private(interaction, words(BEHIND_TEXT))
                return
            if await self._edit_pressed(interaction, kwargs):
                self._shown[game.id] = game.version
                await self.play.private(interaction, words(BEHIND_TEXT))
            return
        text = words(MOVED_ON_TEXT, thread=thread_link(game))
        await self.play.private(interaction, f"{text}\n\n{board.text}", files=files_of(board))

    async def clock_moved(self, game: GameRecord) -> None:
        """After a restart gave the phase back the time the bot was away: the live board's countdown
        says the new moment (its words, pictures and buttons stay as they are)."""
        if not game.thread_id or not game.board_message_id or not countdown(game):
            return
        thread = self.play.bot.get_partial_messageable(game.thread_id, guild_id=game.guild_id)
        try:
            board = await thread.fetch_message(game.board_message_id)
            if board.flags.components_v2:
                await move_countdown_in_layout(board, game)
            elif COUNTDOWN.search(board.content):
                await board.edit(content=COUNTDOWN.sub(countdown(game), board.content))
        except discord.HTTPException as exc:  # the next change posts the board with its countdown anyway
            log.info("game %s: the countdown was not moved (%s)", game.id, exc)


    @staticmethod
    async def _done(interaction: discord.Interaction, said: str) -> None:
        """Close the private "thinking…" of a slash step whose board went to the thread."""
        try:
            await interaction.delete_original_response()
        except discord.HTTPException:
            await interaction.followup.send(clip(said or words("Done.")), ephemeral=True)

    async def say_in_thread(self, game: GameRecord, text: str) -> None:
        if not game.thread_id:
            return
        thread = self.play.bot.get_partial_messageable(game.thread_id, guild_id=game.guild_id)
        try:
            await thread.send(clip(text))
        except discord.HTTPException as exc:
            log.warning("game %s: could not post to its thread: %s", game.id, exc)

    def forget(self, game_id: int) -> None:
        """A game that ended: nothing more to show of it (a press still on its way is refused as ended)."""
        self._shown.pop(game_id, None)
        self._locks.pop(game_id, None)
        self.rules_offered.discard(game_id)
