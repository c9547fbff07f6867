"""Local play: the same bot on SimCord's in-memory Discord, shown in SimCord's browser preview.

No account or token: a guild with a #games channel and one player who manages it. SimCord's
preview shows one channel at a time, so when the player's game opens a thread the preview follows
it there (same address; reload the page), and comes back to #games when the game ends.
"""
from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime

from bot.settings import Settings

log = logging.getLogger(__name__)


async def run_local(settings: Settings, *, port: int | None = None, plugins=None) -> int:
    try:
        import simcord
    except ImportError:
        print("Local play needs SimCord: pip install -e '.[local]'  (or set DISCORD_TOKEN to connect to Discord)")
        return 2
    import discord

    from bot.discord import create_bot

    port = settings.local_play_port if port is None else port
    bot = create_bot(settings, plugins=plugins)
    env = simcord.Env(bot, check_errors=False, shard_count=settings.shard_count or 1)
    # SimCord's clock starts on 2026-01-01; start it at the real time instead, so today's daily is
    # today's and timers run in step with the wall clock.
    clock = env.backend.clock
    clock.elapsed = max(0.0, (datetime.now(UTC) - clock.now()).total_seconds())
    await env.start()
    try:
        with env.time_context():
            guild = env.create_guild("Game Hall (local)")
            games = guild.create_text_channel("games")
            hosts = guild.create_role("Hosts", permissions=discord.Permissions(manage_guild=True))
            member = guild.add_member(env.create_user("you"), roles=[hosts])
            await _serve(env, bot, games, member, port)
    finally:
        await env.shutdown()
    return 0


async def _serve(env, bot, games, member, port: int) -> None:
    """Show #games, then each game thread the player opens, until the preview is closed."""
    channel = games
    capability = None
    while True:
        preview = env.preview(channel, viewers=[member], layout="channel", port=port)
        # One address for the whole session: the page is re-opened on the new channel, and a
        # reload of the same address shows it.
        capability = capability or preview.capability
        preview.capability = capability
        async with preview:
            where = "#games" if channel is games else f"the thread {channel.name!r} (reload the page)"
            print(f"Local play: open {preview.url}  — showing {where}; Ctrl+C stops", flush=True)
            watcher = asyncio.create_task(_next_channel(bot, games, channel))
            closed = asyncio.create_task(preview.wait_closed())
            done, _ = await asyncio.wait({watcher, closed}, return_when=asyncio.FIRST_COMPLETED)
            if closed in done:
                watcher.cancel()
                return
            closed.cancel()
            channel = watcher.result()


async def _next_channel(bot, games, current):
    """Wait until the preview should show another channel: a new game thread, or #games once the
    game shown has ended."""
    known = {t.id for t in games.threads}
    while True:
        await asyncio.sleep(0.5)
        new = [t for t in games.threads if t.id not in known]
        if new:
            return new[-1]
        if current is not games and bot.sessions.running_in_thread(current.id) is None:
            await asyncio.sleep(3)  # leave the final board on screen a moment
            return games
