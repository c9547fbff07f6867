"""A small server to play in: a guild with a #games channel and the named members."""
from __future__ import annotations


def world(env, *names: str):
    """(guild, #games, member, member, …) for the names given, in order."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    return (guild, channel, *(guild.add_member(env.create_user(name)) for name in names))


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
