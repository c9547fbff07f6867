"""A small server to play in: a guild with a #games channel and the named members, and the bot running
beside it in SimCord."""
from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import simcord


def world(env, *names: str):
    """(guild, #games, member, member, …) for the names given, in order."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    return (guild, channel, *(guild.add_member(env.create_user(name)) for name in names))


@asynccontextmanager
async def running(bot, *names: str) -> AsyncIterator[tuple]:
    """`bot` running in SimCord beside a small server: (env, guild, #games, member, …) for the names given."""
    async with simcord.run(bot) as env:
        yield (env, *world(env, *names))


def add_host(env, guild, name: str = "host"):
    """A member holding Manage Server, as a server's host would."""
    import discord

    hosts = guild.create_role("Hosts", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(env.create_user(name), roles=[hosts])


def daily_world(env):
    """(guild, #games, #puzzles, host): a server whose host has not yet chosen a daily channel."""
    guild = env.create_guild()
    games = guild.create_text_channel("games")
    puzzles = guild.create_text_channel("puzzles")
    return guild, games, puzzles, add_host(env, guild)


async def open_game(member, channel, command: str, **options):
    """The thread `member` opens by `command` in `channel` (a game's own thread, its board the last message)."""
    await member.slash(channel, command, **options)
    return channel.threads[-1]
