"""Per-server settings: where the daily puzzles go, the phase timer, the companion mode, the language."""
from __future__ import annotations

from dataclasses import dataclass

from .store import Store


@dataclass(frozen=True)
class GuildSettings:
    guild_id: int
    daily_channel_id: int | None = None
    timer_seconds: int | None = None  # None: each game's own default (tactics 30 s, summon 30 s)
    companion_mode: str = "auto"
    language: str | None = None  # /settings language, for a server that is not a Community server
    discord_language: str | None = None  # a Community server's own language, as Discord last sent it


def get_settings(db: Store, guild_id: int) -> GuildSettings:
    rows = db.rows("select * from guild_settings where guild_id = ?", [guild_id])
    if not rows:
        return GuildSettings(guild_id)
    row = rows[0]
    return GuildSettings(guild_id, row["daily_channel_id"], row["timer_seconds"] or None,
                         row["companion_mode"] or "auto", row.get("language") or None,
                         row.get("discord_language") or None)


def update_settings(db: Store, guild_id: int, **fields: object) -> GuildSettings:
    with db.atomic():
        db.upsert("guild_settings", {"guild_id": guild_id, **fields}, pk=("guild_id",))
    return get_settings(db, guild_id)


def guilds_with_daily_channel(db: Store) -> list[GuildSettings]:
    return [get_settings(db, row["guild_id"])
            for row in db.rows("select guild_id from guild_settings where daily_channel_id is not null "
                               "order by guild_id")]
