"""Commands every game shares: /help, /games, /profile and the server's /settings."""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.reply import Picture
from bot.render.profile import render_profile
from bot.words import LANGUAGES, N_, current, listing, number, reading, words
from db import guilds, players
from db.games import GameRecord, held_games_of
from engine import levels

from ..components import close_view
from ..messages import file_of

if TYPE_CHECKING:
    from ..hall import Hall

MIN_TIMER, MAX_TIMER = 30, 86_400
DAILY_PERMISSIONS = {"view_channel": N_("View Channel"),  # the post is one message with buttons
                     "send_messages": N_("Send Messages")}
LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}  # each language in its own words


class Common(commands.Cog):
    def __init__(self, bot: Hall) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="Every game and how to start it; a game's rules with game:")
    @app_commands.describe(game="A game whose rules to read (How to play)")
    async def help(self, interaction: discord.Interaction, game: str | None = None) -> None:
        if game is not None:
            key = next((p.kind.key for p in self.bot.plugins
                        if game.strip().lower() in (p.kind.key, p.kind.title.lower())), None)
            if key is None:
                names = listing(words(p.kind.title) for p in self.bot.plugins)
                await interaction.response.send_message(words("There is no game {game} here: {names}.",
                                                              game=repr(game), names=names), ephemeral=True)
                return
            await self.bot.play.how_to_play(interaction, key)
            return
        lines = [words("**Game Hall** — turn-based games played in threads. Start one in a channel; it moves "
                       "into its own thread, and only its players can act there.")]
        for plugin in self.bot.plugins:
            lines.append(f"• **{words(plugin.kind.title)}** — {words(plugin.kind.blurb)}")
        lines += ["", words("Rules of a game: `/help game:`. Also: `/games` (your running games), `/profile` "
                            "(level and progress), `/daily` (today's puzzles), `/settings` (server managers).")]
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    @help.autocomplete("game")
    async def _games(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=words(p.kind.title), value=p.kind.key) for p in self.bot.plugins
                if current.lower() in p.kind.title.lower() or current in words(p.kind.title)][:25]

    @app_commands.command(name="games", description="Your running games, with links to their threads")
    async def games(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        mine = await self.bot.sessions.call(held_games_of, self.bot.db, interaction.user.id,
                                            guild_id=interaction.guild_id)
        if not mine:
            await interaction.followup.send(words("You have no running games here. `/help` lists them all."),
                                            ephemeral=True)
            return
        titles = {p.kind.key: words(p.kind.title) for p in self.bot.plugins}
        lines = [f"• {titles.get(g.kind, g.kind)} — {_where(g)}" for g in mine]  # one running game a kind here
        await interaction.followup.send(
            words("Your running games (a game whose thread is gone or locked can be ended here):") + "\n"
            + "\n".join(lines),
            ephemeral=True, view=close_view(mine, titles))

    @app_commands.command(name="profile", description="Level, XP and progress in every game")
    @app_commands.describe(member="Whose profile to show (yours if left out)")
    async def profile(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        who = member or interaction.user
        await interaction.response.defer()
        name = who.display_name

        def build() -> tuple[str, Picture]:
            xp = players.get_xp(self.bot.db, who.id)
            level = levels.level_for(xp)
            floor, ceiling = levels.level_bounds(level)
            progress = players.all_progress(self.bot.db, who.id)
            sections = [(words(p.kind.title), p.kind.profile_lines(progress.get(p.kind.key, {})))
                        for p in self.bot.plugins]
            card = render_profile(name, level, xp, floor, ceiling, sections)
            text = [words("**{name}** — level {level}, {xp} XP", name=name, level=level, xp=number(xp))]
            for title, lines in sections:
                text.append(words("{game}: {lines}", game=title,
                                  lines=words("; ").join(lines) if lines else words("not played yet")))
            return "\n".join(text), Picture(card, "profile.png", words("Profile card of {name}", name=name))

        text, card = await self.bot.sessions.call(build)
        await interaction.followup.send(text, files=[file_of(card)])

    settings = app_commands.Group(name="settings", description="Server settings (Manage Server only)",
                                  guild_only=True)

    async def _refuse_unless_manager(self, interaction: discord.Interaction) -> bool:
        perms = interaction.permissions
        if perms.manage_guild or perms.administrator:
            return False
        await interaction.response.send_message(
            words("Only members with the Manage Server permission can change the bot's settings."), ephemeral=True)
        return True

    @settings.command(name="daily-channel", description="Where the daily puzzles are posted at midnight UTC")
    @app_commands.describe(channel="The text channel for the daily post")
    async def daily_channel(self, interaction: discord.Interaction, channel: discord.TextChannel) -> None:
        if await self._refuse_unless_manager(interaction):
            return
        me = interaction.guild.me if interaction.guild is not None else None
        if me is not None:
            perms = channel.permissions_for(me)
            missing = [words(shown) for name, shown in DAILY_PERMISSIONS.items() if not getattr(perms, name)]
            if missing:
                await interaction.response.send_message(
                    words("I can't post in {channel}: I am missing {missing} there. Give me those permissions in "
                          "that channel (or pick another), then set it again. Nothing was changed.",
                          channel=channel.mention, missing=listing(missing)),
                    ephemeral=True)
                return
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.bot.sessions.call(guilds.update_settings, self.bot.db, interaction.guild_id,
                                     daily_channel_id=channel.id)
        await interaction.followup.send(
            words("Daily puzzles will be posted in {channel} every day at 00:00 UTC.", channel=channel.mention),
            ephemeral=True)

    @settings.command(name="timer", description="How long a timed phase lasts, in seconds")
    @app_commands.describe(seconds=f"Between {MIN_TIMER} and {MAX_TIMER}")
    async def timer(self, interaction: discord.Interaction, seconds: int) -> None:
        if await self._refuse_unless_manager(interaction):
            return
        if not MIN_TIMER <= seconds <= MAX_TIMER:
            await interaction.response.send_message(
                words("The timer must be between {low} and {high} seconds; {seconds} is not.",
                      low=MIN_TIMER, high=number(MAX_TIMER), seconds=seconds),
                ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.bot.sessions.call(guilds.update_settings, self.bot.db, interaction.guild_id, timer_seconds=seconds)
        await interaction.followup.send(
            words("Timed phases now last {seconds} seconds (new phases; running timers keep their deadline).",
                  seconds=seconds), ephemeral=True)

    @settings.command(name="language", description="The language of this server's game boards")
    @app_commands.describe(language="English or Japanese (a Community server uses its own Server Language)")
    @app_commands.choices(language=[app_commands.Choice(name=LANGUAGE_NAMES[code], value=code) for code in LANGUAGES])
    async def language(self, interaction: discord.Interaction, language: app_commands.Choice[str]) -> None:
        if await self._refuse_unless_manager(interaction):
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.bot.sessions.call(guilds.update_settings, self.bot.db, interaction.guild_id,
                                     language=language.value)
        if self.bot.one_reader:  # local play: the page's one member reads it too
            self.bot.one_reader_language = language.value
        with reading(language.value if self.bot.one_reader else current()):
            text = words("Game boards in this server are now in {language} (new boards; a Community server "
                         "follows its Server Language set in Discord).", language=LANGUAGE_NAMES[language.value])
        await interaction.followup.send(text, ephemeral=True)


def _where(game: GameRecord) -> str:
    if not game.running:  # a status this bot does not know: it cannot be played, only ended
        return words("cannot be shown (its saved status is not one this bot knows): end it with its button")
    return f"<#{game.thread_id}>" if game.thread_id else words("no thread")
