"""A member's private answers in Discord: the acknowledgement within Discord's 3 s, an ephemeral reply
whether or not one was sent already, the private message a step edits, and what they are told when
something outside the game failed (the store, Discord, a bug): that nothing changed, and to try again.

Rules of faults: every interaction is acknowledged first (a defer), then answered, even when the store
or Discord fails."""
from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Any

import discord

from bot.core.reply import Reply
from bot.core.results import STORE_DOWN_TEXT, StoreUnavailable
from bot.words import N_, words
from db.games import GameRecord

from .components import view_for
from .messages import clip, compose, files_of, is_private
from .released import drop_items, release

log = logging.getLogger(__name__)
DISCORD_DOWN_TEXT = N_("Discord did not accept my answer just now ({error}); your game is saved as it was "
                     "— try again in a moment.")
BUG_TEXT = N_("Something went wrong on my side; nothing was changed. It has been logged — try again in a moment.")


def fault_text(exc: BaseException) -> str:
    """What a player is told when something outside the game failed."""
    if isinstance(exc, StoreUnavailable):
        return words(STORE_DOWN_TEXT)
    if isinstance(exc, discord.HTTPException):
        return words(DISCORD_DOWN_TEXT, error=f"{exc.status} {exc.text or ''}".strip())
    return words(BUG_TEXT)


async def defer_privately(interaction: discord.Interaction) -> None:
    """Acknowledge within Discord's 3 s before anything slow, once (a later step may defer again)."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)


async def private(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    """An ephemeral answer, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(clip(text), ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(clip(text), ephemeral=True, **kwargs)


async def fault(interaction: discord.Interaction, exc: BaseException) -> None:
    """Answer an interaction whose handler failed: privately, saying nothing was changed."""
    if isinstance(exc, StoreUnavailable):
        log.warning("store unavailable during an interaction: %s", exc)
    elif isinstance(exc, discord.HTTPException):
        log.warning("Discord refused a call during an interaction: %s", exc)
    else:
        log.error("interaction failed", exc_info=exc)
    try:
        await private(interaction, fault_text(exc))
    except discord.HTTPException as again:  # the interaction itself is gone: nothing more to say
        log.warning("could not answer a failed interaction either: %s", again)


async def guarded(interaction: discord.Interaction, work: Awaitable[Any],
                  pressed: discord.ui.Item[Any] | None = None) -> None:
    """Run a component's handler; any fault is answered (components have no tree-level handler). Then
    the interaction and the view of the control `pressed` are let go (released.py)."""
    try:
        await work
    except Exception as exc:
        await fault(interaction, exc)
    finally:
        release(interaction, pressed.view if pressed is not None else None)


async def show_private(interaction: discord.Interaction, game: GameRecord, reply: Reply) -> None:
    """A reply for the actor's eyes only: edits the private message pressed, or sends a new one."""
    view = view_for(game.id, game.version, reply, interactive=game.running)
    try:
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
    finally:
        if view is not None:
            drop_items(view)  # sent (or refused): never used again (released.py)


__all__ = ["defer_privately", "fault", "fault_text", "guarded", "private", "show_private"]
