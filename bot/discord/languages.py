"""The reader's language for each interaction, and the slash commands' descriptions in every language.

Each interaction's handler runs with the member's language (`interaction.locale`) and, for a Community
server, the server's (`guild_locale`) set (bot.words.reading): the gateway's interaction parser is wrapped
once, so every task discord.py starts for it (a command, a button, an autocomplete) starts in that context.
In local play, where the page is one member, the server's /settings language is that member's too.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from bot.words import SOURCE, language_of, reading, words_in

COMMUNITY = "COMMUNITY"


def read_interactions(bot: Any) -> None:
    """Wrap the bot's INTERACTION_CREATE parser so the tasks it starts read in the interaction's languages."""
    parsers = bot._connection.parsers
    parse: Callable[[dict[str, Any]], None] = parsers["INTERACTION_CREATE"]

    def parse_reading(data: dict[str, Any]) -> None:
        member = getattr(bot, "one_reader_language", None) or data.get("locale")
        with reading(member, server=_community_language(bot, data)):
            parse(data)

    parsers["INTERACTION_CREATE"] = parse_reading


def _community_language(bot: Any, data: dict[str, Any]) -> str | None:
    """The guild's own language where it is a Community server ("" for another server; None outside one)."""
    guild_id = data.get("guild_id")
    if guild_id is None:
        return None
    guild = bot.get_guild(int(guild_id))
    if guild is None:
        return None
    return language_of(data.get("guild_locale")) if COMMUNITY in guild.features else ""


class CommandWords(app_commands.Translator):
    """Command, group and option descriptions (and choices) in each member's language; names stay as typed."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        if context.location in (app_commands.TranslationContextLocation.command_name,
                                app_commands.TranslationContextLocation.group_name,
                                app_commands.TranslationContextLocation.parameter_name):
            return None
        language = language_of(locale)
        if language == SOURCE:
            return None
        translated = words_in(language, string.message)
        return translated if translated != string.message else None
