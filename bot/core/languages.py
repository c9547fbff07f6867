"""Who reads a game's words: a public board reads in its server's language, a private answer in its
member's. A Community server's language is Discord's (its `guild_locale`); any other server's is the one a
host set with /settings language; English where neither is known."""
from __future__ import annotations

from bot.words import SOURCE, community, language_of
from db.guilds import get_settings, update_settings
from db.store import Store


def server_language(db: Store, guild_id: int | None) -> str:
    """The language of the server's public boards (on the store worker). A Community server's language
    that an interaction brought is remembered, so a timer's or a pilot's board, which no member asked
    for, reads the same."""
    if not guild_id:
        return SOURCE
    told = community()
    settings = get_settings(db, guild_id)
    if told is not None:
        remembered = told or None
        if remembered != settings.discord_language:
            update_settings(db, guild_id, discord_language=remembered)
        if told:
            return language_of(told)
    elif settings.discord_language:
        return language_of(settings.discord_language)
    return language_of(settings.language)
