"""/tally …: start a game (optionally against the `auto` seat) and take its steps in its thread."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.cogs.game import GameSteps

from .actions import Add, Boom, Name
from .kind import Tally, TallyState


class TallyCog(GameSteps, commands.GroupCog, group_name="tally", group_description="The test game"):
    kind: Tally

    @app_commands.command(name="start", description="Start a tally game")
    async def start(self, interaction: discord.Interaction, target: int = 10, auto: bool = False) -> None:
        await self.bot.play.start(interaction, self.kind.key, TallyState(target=target, auto=auto))

    @app_commands.command(name="boom", description="A step that fails with a bug (for tests)")
    async def boom(self, interaction: discord.Interaction) -> None:
        await self.step(interaction, Boom())

    @app_commands.command(name="add", description="Add to the count")
    async def add(self, interaction: discord.Interaction, amount: int) -> None:
        await self.step_read(interaction, Add, amount)  # an amount other than 1 or 2 is refused before the kind

    @app_commands.command(name="name", description="Name the count")
    async def name(self, interaction: discord.Interaction, text: str) -> None:
        await self.step(interaction, Name(text))
