"""Per-server settings: where the daily puzzles go, the phase timer, the companion mode."""
from __future__ import annotations

from dataclasses import dataclass

import sqlite_utils



@dataclass(frozen=True)
class GuildSettings:
    guild_id: int
    daily_channel_id: int | None = None
    timer_seconds: int | None = None  # None: each game's own default (tactics 30 s, summon 30 s)
    companion_mode: str = "auto"


def get_settings(db: sqlite_utils.Database, guild_id: int) -> GuildSettings:
    rows = list(db["guild_settings"].rows_where("guild_id = ?", [guild_id]))
    if not rows:
        return GuildSettings(guild_id)
    row = rows[0]
    return GuildSettings(guild_id, row["daily_channel_id"],
                         row["timer_seconds"] or None, row["companion_mode"] or "auto")


def update_settings(db: sqlite_utils.Database, guild_id: int, **fields: object) -> GuildSettings:
    with db.atomic():
        db["guild_settings"].upsert({"guild_id": guild_id, **fields}, pk="guild_id")
    return get_settings(db, guild_id)


def guilds_with_daily_channel(db: sqlite_utils.Database) -> list[GuildSettings]:
    return [get_settings(db, row["guild_id"])
            for row in db["guild_settings"].rows_where("daily_channel_id is not null")]
