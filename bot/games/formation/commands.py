"""/formation …: the tutorial, campaign chapters, single puzzles and the daily flight; placing and battling."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

import engine.formation as fm
from bot.discord.cogs.game import GameSteps

from .actions import Battle, Clear, EndSession, Hint, NextPuzzle, Place, SlotName
from .kind import KEY, Formation
from .text import creature


class FormationCog(GameSteps, commands.GroupCog, group_name="formation",
                   group_description="Creature line-up puzzles"):
    kind: Formation

    @app_commands.command(name="tutorial", description="Four short lessons and a puzzle to try them on")
    async def tutorial(self, interaction: discord.Interaction) -> None:
        user_id = interaction.user.id
        await self.bot.play.start(interaction, KEY, lambda: self.kind.new_tutorial(self.bot.db, user_id))

    @app_commands.command(name="campaign", description="The campaign: 18 puzzles a chapter, the last a boss")
    @app_commands.describe(chapter="Which chapter (default: the furthest one open to you)")
    async def campaign(self, interaction: discord.Interaction,
                       chapter: app_commands.Range[int, 1, len(fm.CHAPTERS)] | None = None) -> None:
        user_id = interaction.user.id
        await self.bot.play.start(interaction, KEY, lambda: self.kind.new_campaign(self.bot.db, user_id, chapter))

    @app_commands.command(name="puzzle", description="Play one puzzle by its id")
    @app_commands.describe(id="The puzzle's id, e.g. c1-05")
    async def puzzle(self, interaction: discord.Interaction, id: str) -> None:
        user_id = interaction.user.id
        today = discord.utils.utcnow().date()
        await self.bot.play.start(interaction, KEY, lambda: self.kind.new_single(self.bot.db, user_id, id, today))

    @puzzle.autocomplete("id")
    async def _puzzle_ids(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        found = await self.bot.play.choices(self.kind.puzzle_choices, self.bot.db, interaction.user.id, current)
        return [app_commands.Choice(name=label, value=value) for label, value in found]

    @app_commands.command(name="daily", description="Today's flight: three puzzles, the same for everyone")
    async def daily(self, interaction: discord.Interaction) -> None:
        await self.bot.play.start_daily(interaction, KEY)

    @app_commands.command(name="place", description="Put a creature in a slot (in your game's thread)")
    @app_commands.describe(slot="The slot to fill", creature="The creature to put there (its name in any language)")
    async def place(self, interaction: discord.Interaction, slot: SlotName, creature: str) -> None:
        await self.step(interaction, Place(slot, creature))

    @place.autocomplete("creature")
    async def _creatures(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        state = await self.bot.play.state_here(interaction, KEY)
        slot = getattr(interaction.namespace, "slot", None)
        names = self.kind.creature_choices(state, slot, current)
        return [app_commands.Choice(name=creature(n), value=n) for n in names]

    @app_commands.command(name="battle", description="Fight with your line-up")
    async def battle(self, interaction: discord.Interaction) -> None:
        await self.step(interaction, Battle())

    @app_commands.command(name="hint", description="One more hint: the mechanic, a useful position, then a solution")
    async def hint(self, interaction: discord.Interaction) -> None:
        await self.step(interaction, Hint())

    @app_commands.command(name="next", description="On to the next puzzle after a win (in your game's thread)")
    async def next(self, interaction: discord.Interaction) -> None:
        await self.step(interaction, NextPuzzle())

    @app_commands.command(name="end", description="End this formation session")
    async def end(self, interaction: discord.Interaction) -> None:
        await self.step(interaction, EndSession())

    @app_commands.command(name="clear", description="Empty your line-up (fixed creatures stay)")
    async def clear(self, interaction: discord.Interaction) -> None:
        await self.step(interaction, Clear())
