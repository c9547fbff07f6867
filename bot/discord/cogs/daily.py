"""The daily post: at 00:00 UTC each server's daily channel gets today's puzzles with start buttons.

The day posted is stored per server, so a restart neither repeats nor skips it: at start-up a server
whose post for today is missing gets it at once.
"""
from __future__ import annotations

import asyncio
import logging
from datetime import UTC, date, time
from typing import TYPE_CHECKING, cast

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.core.heap import settle_heap
from bot.core.languages import server_language
from bot.core.results import StoreUnavailable
from bot.words import read_in, words
from db import daily, guilds

from ..unkept import SentView

if TYPE_CHECKING:
    from ..hall import Hall

log = logging.getLogger(__name__)
RETRY_MINUTES = 10


class DailyButton(discord.ui.DynamicItem[discord.ui.Button], template=r"d:(?P<kind>[a-z_]{1,30})"):
    """Starts today's daily of one game; works on any day's post, after any restart."""

    def __init__(self, kind: str, label: str | None = None) -> None:
        self.kind = kind
        super().__init__(discord.ui.Button(label=label or words("Play"), custom_id=f"d:{kind}",
                                           style=discord.ButtonStyle.primary))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match, /):  # type: ignore[override]
        return cls(match["kind"], item.label)

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = cast("Hall", interaction.client)
        await bot.play.start_daily(interaction, self.kind)


def today() -> date:
    return discord.utils.utcnow().date()


def daily_post(bot: Hall, day: date, played: dict[str, str] | None = None) -> tuple[str, discord.ui.View | None]:
    """The day's post; with `played` (a player's status per game) it says what they did and offers the rest."""
    lines = [words("**Daily puzzles — {day}** (the same for everyone today; new ones at 00:00 UTC)",
                   day=day.isoformat())]
    view = SentView(timeout=None)
    for plugin in bot.plugins:
        line = plugin.kind.daily(day)
        if not line:
            continue
        status = (played or {}).get(plugin.kind.key)
        if status:
            lines.append(f"• **{words(plugin.kind.title)}** — ✅ {status}")
        else:
            lines.append(f"• **{words(plugin.kind.title)}** — {line}")
            view.add_item(DailyButton(plugin.kind.key, words("Play {game}", game=words(plugin.kind.title))))
    if len(lines) == 1:
        lines.append(words("No game with a daily is installed."))
    return "\n".join(lines), (view if view.children else None)


class DailyPoster(commands.Cog):
    def __init__(self, bot: Hall) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(DailyButton)
        self.bot.soon(self.midnight.start)  # its catch-up posts today's daily once the bot is attached
        self.bot.soon(self.retry.start)

    async def cog_unload(self) -> None:
        self.midnight.cancel()
        self.retry.cancel()

    @tasks.loop(minutes=RETRY_MINUTES)
    async def retry(self) -> None:
        """A post that failed (Discord or the store down at midnight) is tried again until it lands."""
        if self.bot.is_ready():
            await self.post_everywhere(today())

    @tasks.loop(time=time(0, 0, tzinfo=UTC))
    async def midnight(self) -> None:
        await self.prepare(today())
        await self.post_everywhere(today())

    @midnight.before_loop
    async def _catch_up(self) -> None:
        await self.bot.wait_until_ready()
        await self.prepare(today())
        await self.post_everywhere(today())

    @retry.before_loop
    async def _after_ready(self) -> None:
        await self.bot.wait_until_ready()

    async def prepare(self, day: date) -> None:
        """Generate each game's daily in a worker thread, so the first player of the day never waits. It is
        awaited as outside work (the bot's external wait): a simulated Discord does not hold its start-up
        for it (formation's flight is seconds of solving on a busy machine)."""
        for plugin in self.bot.plugins:
            try:
                await self.bot.external_wait(asyncio.to_thread(plugin.kind.prepare_daily, day),
                                             reason=f"preparing the {plugin.kind.key} daily")
            except Exception:  # a failed warm-up only means the first start generates it
                log.exception("preparing the %s daily failed", plugin.kind.key)
        settle_heap()  # the day's content joins the frozen heap

    async def post_everywhere(self, day: date) -> int:
        """Post `day`'s daily in every server of this process's shards that has a daily channel and has
        not had it yet."""
        call = self.bot.sessions.call
        try:
            settings = [s for s in await call(guilds.guilds_with_daily_channel, self.bot.db)
                        if self.bot.owns(s.guild_id)]
        except StoreUnavailable as exc:
            log.warning("daily post of %s waits for the store: %s", day, exc)
            return 0
        posted = 0
        for setting in settings:
            try:
                posted += await self._post_one(setting.guild_id, setting.daily_channel_id, day)
            except StoreUnavailable as exc:
                log.warning("daily post to guild %s waits for the store: %s", setting.guild_id, exc)
        return posted

    async def _post_one(self, guild_id: int, channel_id: int | None, day: date) -> int:
        channel = self.bot.get_channel(channel_id or 0)
        if not isinstance(channel, discord.TextChannel):
            log.warning("daily channel %s of guild %s is gone", channel_id, guild_id)
            return 0
        call = self.bot.sessions.call
        if not await call(daily.claim_post, self.bot.db, guild_id, day, channel.id, discord.utils.utcnow()):
            return 0
        language = await call(server_language, self.bot.db, guild_id)  # a public post: the server's words
        content, view = read_in(language, daily_post, self.bot, day)
        try:
            message = await (channel.send(content, view=view) if view else channel.send(content))
        except discord.HTTPException as exc:
            log.warning("daily post to %s failed (%s); it is retried every %d minutes", channel.id, exc,
                        RETRY_MINUTES)
            await call(daily.release_post, self.bot.db, guild_id, day)
            return 0
        await call(daily.record_post, self.bot.db, guild_id, day, channel.id, message.id, discord.utils.utcnow())
        return 1

    @app_commands.command(name="daily", description="Today's daily puzzles, with buttons to play them")
    async def daily_command(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        day, user_id = today(), interaction.user.id

        def statuses() -> dict[str, str]:
            found = {p.kind.key: p.kind.daily_status(day, self.bot.db, user_id) for p in self.bot.plugins}
            return {key: status for key, status in found.items() if status}

        content, view = daily_post(self.bot, day, await self.bot.sessions.call(statuses))
        await interaction.followup.send(content, ephemeral=True, view=view or discord.utils.MISSING)
