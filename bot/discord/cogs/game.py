"""What every game's slash-command cog shares: its steps in the game's thread, forwarded in one place.

A game's cog mixes `GameSteps` in before `commands.GroupCog` and is handed its kind by its plugin, so a
command says only which action it takes: `await self.step(interaction, Sow(bowl))`. A cog's own buttons
(a Rematch) are named in `buttons` and answer while the cog is loaded.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot.core.actions import Action, ActionError
from bot.core.results import ActResult

if TYPE_CHECKING:
    from bot.core.kinds import GameKind

    from ..hall import Hall


class GameSteps:
    """The bot and the game's kind, and the one path from a slash command to the game."""

    bot: Hall
    kind: GameKind[Any]
    buttons: ClassVar[tuple[type[discord.ui.DynamicItem[Any]], ...]] = ()

    def __init__(self, bot: Hall, kind: GameKind[Any]) -> None:
        self.bot = bot
        self.kind = kind
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*self.buttons)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*self.buttons)

    async def step(self, interaction: discord.Interaction, action: Action) -> ActResult | None:
        """A step taken with a slash command in the game's thread; its result shows as a press's does."""
        return await self.bot.play.act_here(interaction, self.kind.key, action)

    async def step_read(self, interaction: discord.Interaction, action_type: type[Action],
                        *options: str | int | None) -> ActResult | None:
        """A step built from slash options by the action's own decode: an option that does not read is
        refused privately with the reason, before the kind runs."""
        try:
            action = action_type.decode(":".join("" if o is None else str(o) for o in options))
        except ActionError as exc:
            await self.bot.play.private(interaction, str(exc))
            return None
        return await self.step(interaction, action)


__all__ = ["GameSteps"]
