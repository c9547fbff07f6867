"""/formation …: the tutorial, campaign chapters, single puzzles and the daily flight; placing and battling."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

import engine.formation as fm
from bot.games.formation import KEY, load_progress, new_session

if TYPE_CHECKING:
    from ..app import GameHall

SlotName = Literal["front_left", "front_right", "back_left", "back_middle", "back_right"]


def _first_open(puzzles, progress) -> int:
    """The first puzzle not yet won that the player may play (else the first playable one)."""
    playable = [i for i, p in enumerate(puzzles) if progress.locked_reason(p) is None]
    return next((i for i in playable if puzzles[i].id not in progress.won), playable[0] if playable else 0)


class FormationCog(commands.GroupCog, group_name="formation", group_description="Creature line-up puzzles"):
    def __init__(self, bot: GameHall) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="tutorial", description="Four short lessons and a puzzle to try them on")
    async def tutorial(self, interaction: discord.Interaction) -> None:
        puzzles = list(fm.tutorial())
        progress = load_progress(self.bot.db, interaction.user.id)
        start = next((i for i, p in enumerate(puzzles) if p.id not in progress.won), 0)
        await self.bot.play.start(interaction, KEY, new_session("tutorial", puzzles, start), label="Formation tutorial")

    @app_commands.command(name="campaign", description="The campaign: 18 puzzles a chapter, the last a boss")
    @app_commands.describe(chapter="Which chapter (default: the furthest one open to you)")
    async def campaign(self, interaction: discord.Interaction,
                       chapter: app_commands.Range[int, 1, len(fm.CHAPTERS)] | None = None) -> None:
        progress = load_progress(self.bot.db, interaction.user.id)
        if chapter is None:
            chapter = max(c for c in fm.CHAPTERS if progress.chapter_open(c))
        if not progress.chapter_open(chapter):
            await self.bot.play.private(interaction, f"Chapter {chapter} opens when you beat the chapter "
                                                     f"{chapter - 1} boss.")
            return
        puzzles = list(fm.campaign(chapter))
        start = _first_open(puzzles, progress)
        await self.bot.play.start(interaction, KEY, new_session("campaign", puzzles, start),
                                  label=f"Formation chapter {chapter}")

    @app_commands.command(name="puzzle", description="Play one puzzle by its id")
    @app_commands.describe(id="The puzzle's id, e.g. c1-05")
    async def puzzle(self, interaction: discord.Interaction, id: str) -> None:
        try:
            puzzle = fm.puzzle_by_id(id)
        except (KeyError, ValueError):
            await self.bot.play.private(interaction, f"There is no puzzle {id!r}: pick one from the list.")
            return
        reason = load_progress(self.bot.db, interaction.user.id).locked_reason(puzzle)
        if reason:
            await self.bot.play.private(interaction, f"{puzzle.title} is locked: {reason}")
            return
        await self.bot.play.start(interaction, KEY, new_session("single", [puzzle]), label=puzzle.title)

    @puzzle.autocomplete("id")
    async def _puzzle_ids(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        progress = load_progress(self.bot.db, interaction.user.id)
        found = []
        for p in fm.shipped_puzzles():
            label = f"{p.id} · {p.title}" + (" ✓" if p.id in progress.won else "")
            if current.lower() in label.lower() and progress.locked_reason(p) is None:
                found.append(app_commands.Choice(name=label[:100], value=p.id))
        return found[:25]

    @app_commands.command(name="daily", description="Today's flight: three puzzles, the same for everyone")
    async def daily(self, interaction: discord.Interaction) -> None:
        from .daily import start_daily

        await start_daily(self.bot, interaction, KEY)

    @app_commands.command(name="place", description="Put a creature in a slot (in your game's thread)")
    async def place(self, interaction: discord.Interaction, slot: SlotName, creature: str) -> None:
        await self.bot.play.act_here(interaction, KEY, f"place:{slot}", creature)

    @place.autocomplete("creature")
    async def _creatures(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        game = self.bot.sessions.running_in_thread(interaction.channel_id or 0)
        state = self.bot.sessions.load(game) if game is not None and game.kind == KEY else None
        slot = getattr(interaction.namespace, "slot", None)
        if state is None:
            names = list(fm.NAMES)
        elif slot in fm.SLOTS:
            names = fm.allowed_creatures(state.puzzle, {k: v for k, v in state.formation.items() if k != slot}, slot)
        else:
            names = list(state.puzzle.pool)
        return [app_commands.Choice(name=n, value=n) for n in names if current.lower() in n.lower()][:25]

    @app_commands.command(name="battle", description="Fight with your line-up")
    async def battle(self, interaction: discord.Interaction) -> None:
        await self.bot.play.act_here(interaction, KEY, "battle")

    @app_commands.command(name="hint", description="One more hint: the mechanic, a useful position, then a solution")
    async def hint(self, interaction: discord.Interaction) -> None:
        await self.bot.play.act_here(interaction, KEY, "hint")

    @app_commands.command(name="clear", description="Empty your line-up (fixed creatures stay)")
    async def clear(self, interaction: discord.Interaction) -> None:
        await self.bot.play.act_here(interaction, KEY, "clear")
