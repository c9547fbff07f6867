"""/bowls …: start puzzles, endless and daily attempts; sow, undo, theme, forecast and end in the thread."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

import engine.bowls as bowls
from bot.core.kinds import GameError
from bot.core.reply import Picture
from bot.games.bowls import KEY, BowlsProgress, choose_theme, new_session, theme_named
from bot.render.bowls import render_board

from ..play import file_of

if TYPE_CHECKING:
    from ..app import GameHall


class BowlsCog(commands.GroupCog, group_name="bowls", group_description="The sowing chain puzzle"):
    def __init__(self, bot: GameHall) -> None:
        self.bot = bot
        super().__init__()

    def _progress(self, interaction: discord.Interaction) -> BowlsProgress:
        return BowlsProgress.load(self.bot.db, interaction.user.id)

    @app_commands.command(name="puzzle", description="Play one of the 100 puzzles")
    @app_commands.describe(number="1–100, gentlest first (default: your first unsolved one)")
    async def puzzle(self, interaction: discord.Interaction,
                     number: app_commands.Range[int, 1, 100] | None = None) -> None:
        progress = self._progress(interaction)
        if number is None:
            number = next((n for n in range(1, 101) if n not in progress.won), 1)
        game = bowls.new_puzzle(number)
        await self.bot.play.start(interaction, KEY, new_session(game, progress), label=f"Bowls puzzle {number}")

    @puzzle.autocomplete("number")
    async def _puzzle_numbers(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        won = set(self._progress(interaction).won)
        choices = []
        for p in bowls.all_puzzles():
            label = f"{p.id} · {bowls.text.goal_description(p.goal)} in {p.moves}" + (" ✓" if p.id in won else "")
            if current.strip() in str(p.id) or current.strip().lower() in label.lower():
                choices.append(app_commands.Choice(name=label[:100], value=p.id))
        return choices[:25]

    @app_commands.command(name="endless", description="Endless: score until a bowl overflows (resumes a paused one)")
    async def endless(self, interaction: discord.Interaction) -> None:
        running = self.bot.sessions.blocking_game(KEY, interaction.user.id, interaction.guild_id)
        if running is not None:
            state = self.bot.sessions.load(running)
            if state is not None and state.game.mode == "endless" and state.game.paused:
                result = await self.bot.sessions.act(running.id, interaction.user.id, "resume")
                if result.applied:
                    await self.bot.play.post_board(result)
                await self.bot.play.private(interaction, f"Resumed your endless attempt in <#{running.thread_id}>.")
                return
        seed = interaction.id  # a fresh, unguessable board per attempt
        await self.bot.play.start(interaction, KEY, new_session(bowls.new_endless(seed), self._progress(interaction)),
                                  label="Bowls endless")

    @app_commands.command(name="daily", description="Today's daily: 20 moves on the board everyone gets today")
    async def daily(self, interaction: discord.Interaction) -> None:
        from .daily import start_daily

        await start_daily(self.bot, interaction, KEY)

    @app_commands.command(name="sow", description="Sow from a bowl (in your game's thread)")
    @app_commands.describe(bowl="The bowl to sow from, 1–12")
    async def sow(self, interaction: discord.Interaction, bowl: app_commands.Range[int, 1, 12]) -> None:
        await self.bot.play.act_here(interaction, KEY, f"sow:{bowl}")

    @app_commands.command(name="undo", description="Take back the last move (in endless and daily it becomes practice)")
    async def undo(self, interaction: discord.Interaction) -> None:
        await self.bot.play.act_here(interaction, KEY, "undo")

    @app_commands.command(name="end", description="End the attempt in this thread and record its result")
    async def end(self, interaction: discord.Interaction) -> None:
        await self.bot.play.act_here(interaction, KEY, "end")

    @app_commands.command(name="theme", description="Change how bowls and stones look")
    @app_commands.describe(name="One of your unlocked themes")
    async def theme(self, interaction: discord.Interaction, name: str) -> None:
        progress = self._progress(interaction)
        try:
            match = choose_theme(progress, name)
        except GameError as exc:
            locked = theme_named(name)
            preview = []
            if locked is not None:  # every theme may be looked at, even before it is earned
                sample = bowls.set_theme(bowls.new_puzzle(1), locked)
                preview = [file_of(Picture(render_board(sample), "theme.png", f"{locked} theme preview"))]
            await self.bot.play.private(interaction, str(exc) + (" Here is how it looks." if preview else ""),
                                        files=preview)
            return
        if self.bot.sessions.running_in_thread(interaction.channel_id or 0) is not None:
            await self.bot.play.act_here(interaction, KEY, f"theme:{match}")
            return
        progress.model_copy(update={"theme": match}).save(self.bot.db, interaction.user.id, discord.utils.utcnow())
        await self.bot.play.private(interaction, f"Your new bowls games will use the {match} theme.")

    @theme.autocomplete("name")
    async def _theme_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        unlocked = set(self._progress(interaction).themes())
        return [app_commands.Choice(name=t if t in unlocked else f"{t} (locked)", value=t)
                for t in bowls.THEME_NAMES if current.lower() in t.lower()][:25]

    @app_commands.command(name="forecast", description="Show a one-line forecast of the selected move")
    async def forecast(self, interaction: discord.Interaction, setting: Literal["on", "off"]) -> None:
        if self.bot.sessions.running_in_thread(interaction.channel_id or 0) is not None:
            await self.bot.play.act_here(interaction, KEY, f"forecast:{setting}")
            return
        progress = self._progress(interaction)
        progress.model_copy(update={"forecast": setting == "on"}).save(
            self.bot.db, interaction.user.id, discord.utils.utcnow())
        await self.bot.play.private(interaction, f"Move forecast {setting} for your new bowls games.")
