"""/tally …: start a game (optionally against the `auto` seat) and add in its thread."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.actions import ActionError

from .actions import Add, Boom, Name
from .kind import TallyState


class TallyCog(commands.GroupCog, group_name="tally", group_description="The test game"):
    def __init__(self, bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="start", description="Start a tally game")
    async def start(self, interaction: discord.Interaction, target: int = 10, auto: bool = False) -> None:
        await self.bot.play.start(interaction, "tally", TallyState(target=target, auto=auto))

    @app_commands.command(name="boom", description="A step that fails with a bug (for tests)")
    async def boom(self, interaction: discord.Interaction) -> None:
        await self.bot.play.act_here(interaction, "tally", Boom())

    @app_commands.command(name="add", description="Add to the count")
    async def add(self, interaction: discord.Interaction, amount: int) -> None:
        try:
            action = Add.decode(str(amount))
        except ActionError:
            await self.bot.play.private(interaction, f"Step add {amount}: only 1 or 2 can be added.")
            return
        await self.bot.play.act_here(interaction, "tally", action)

    @app_commands.command(name="name", description="Name the count")
    async def name(self, interaction: discord.Interaction, text: str) -> None:
        await self.bot.play.act_here(interaction, "tally", Name(text))
