"""/bowls …: start puzzles, endless and daily attempts; sow, undo, theme, forecast and end in the thread."""
from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.kinds import GameError
from bot.discord.cogs.game import GameSteps
from bot.discord.play import file_of
from bot.words import words

from .actions import EndAttempt, Forecast, Resume, Sow, Theme, Undo
from .kind import KEY, Bowls
from .text import theme_name


class BowlsCog(GameSteps, commands.GroupCog, group_name="bowls", group_description="The sowing chain puzzle"):
    kind: Bowls

    @app_commands.command(name="puzzle", description="Play one of the 100 puzzles")
    @app_commands.describe(number="1–100, gentlest first (default: your first unsolved one)")
    async def puzzle(self, interaction: discord.Interaction,
                     number: app_commands.Range[int, 1, 100] | None = None) -> None:
        user_id = interaction.user.id
        await self.bot.play.start(interaction, KEY, lambda: self.kind.new_puzzle(self.bot.db, user_id, number))

    @puzzle.autocomplete("number")
    async def _puzzle_numbers(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        found = await self.bot.play.choices(self.kind.puzzle_choices, self.bot.db, interaction.user.id, current)
        return [app_commands.Choice(name=label, value=number) for label, number in found]

    @app_commands.command(name="endless", description="Endless: score until a bowl overflows (resumes a paused one)")
    async def endless(self, interaction: discord.Interaction) -> None:
        if await self.bot.play.resume_instead(interaction, KEY, Resume(), self.kind.resumable,
                                              words("Resumed your endless attempt in {thread}.")):
            return
        seed, user_id = interaction.id, interaction.user.id  # a fresh, unguessable board per attempt
        await self.bot.play.start(interaction, KEY,
                                  lambda: (self.kind.new_endless(self.bot.db, user_id, seed), words("Bowls endless")))

    @app_commands.command(name="daily", description="Today's daily: 20 moves on the board everyone gets today")
    async def daily(self, interaction: discord.Interaction) -> None:
        await self.bot.play.start_daily(interaction, KEY)

    @app_commands.command(name="sow", description="Sow from a bowl (in your game's thread)")
    @app_commands.describe(bowl="The bowl to sow from, 1–12")
    async def sow(self, interaction: discord.Interaction, bowl: app_commands.Range[int, 1, 12]) -> None:
        await self.step(interaction, Sow(bowl))

    @app_commands.command(name="undo", description="Take back the last move (in endless and daily it becomes practice)")
    async def undo(self, interaction: discord.Interaction) -> None:
        await self.step(interaction, Undo())

    @app_commands.command(name="end", description="End the attempt in this thread and record its result")
    async def end(self, interaction: discord.Interaction) -> None:
        await self.step(interaction, EndAttempt())

    @app_commands.command(name="theme", description="Change how bowls and stones look")
    @app_commands.describe(name="One of your unlocked themes")
    async def theme(self, interaction: discord.Interaction, name: str) -> None:
        call = self.bot.sessions.call
        try:
            match = await call(self.kind.pick_theme, self.bot.db, interaction.user.id, name)
        except GameError as exc:
            preview = await call(self.kind.theme_preview, name)  # every theme may be looked at, even locked
            await self.bot.play.private(interaction, str(exc) + (words(" Here is how it looks.") if preview else ""),
                                        files=[file_of(preview)] if preview else [])
            return
        if await self.bot.play.in_game_thread(interaction):
            await self.step(interaction, Theme(match))
            return
        await call(self.kind.save_preferences, self.bot.db, interaction.user.id, discord.utils.utcnow(), theme=match)
        await self.bot.play.private(interaction, words("Your new bowls games will use the {theme} theme.",
                                                       theme=theme_name(match)))

    @theme.autocomplete("name")
    async def _theme_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        found = await self.bot.play.choices(self.kind.theme_choices, self.bot.db, interaction.user.id, current)
        return [app_commands.Choice(name=label, value=value) for label, value in found]

    @app_commands.command(name="forecast", description="Show a one-line forecast of the selected move")
    @app_commands.describe(setting="on shows the forecast, off hides it")
    async def forecast(self, interaction: discord.Interaction, setting: Literal["on", "off"]) -> None:
        if await self.bot.play.in_game_thread(interaction):
            await self.step(interaction, Forecast(setting))
            return
        await self.bot.sessions.call(self.kind.save_preferences, self.bot.db, interaction.user.id,
                                     discord.utils.utcnow(), forecast=setting == "on")
        await self.bot.play.private(interaction, words("Move forecast on for your new bowls games.") if setting == "on"
                                    else words("Move forecast off for your new bowls games."))
