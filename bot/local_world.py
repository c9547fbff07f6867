"""Local play's server: the same guild, #games, player and Hosts role on every start, the same page
address, and the player's running games opened again in fresh threads.

SimCord's world lives in memory, so each start builds it anew. Its ids must not change, or the
store's games and progress would belong to strangers after a restart. A snowflake is the instant
it was minted plus a counter; SimCord mints one at its clock's instant, counting from 0 within a
millisecond. So each piece of the world is built with SimCord's clock held at its own fixed
instant, before the clock moves on to the wall time: the first id minted there is the piece's id,
the same on every start (`WORLD_IDS`), with no file needed for them.

The page's address carries a secret (whoever holds it can play); it is kept in a file beside the
database, so the address printed at one start is the address of every start: an open tab reloads
into the new process instead of being refused.
"""
from __future__ import annotations

import logging
import os
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bot.words import words
from db.games import GameRecord, running_games_in_guild, set_location
from db.store import Store

log = logging.getLogger(__name__)

DISCORD_EPOCH = datetime(2015, 1, 1, tzinfo=UTC)
SIMCORD_EPOCH = datetime(2026, 1, 1, tzinfo=UTC)  # where SimCord's clock starts (elapsed 0)
PLAYER_NAME = "you"
BOT_NAME = "Game Hall"  # the bot's name on the page, as a server would have named its bot
SERVER_NAME = "Game Hall (local)"

# The second after SimCord's epoch at which each piece is made. Data, not logic: a piece added later
# takes a new second, so no existing id moves.
WORLD_SECONDS = {"guild": 1, "games": 2, "hosts": 3, "player": 4}


def snowflake_at(moment: datetime) -> int:
    """The first id Discord (and SimCord) mints at `moment`: its milliseconds since Discord's epoch."""
    return int((moment - DISCORD_EPOCH) / timedelta(milliseconds=1)) << 22


WORLD_IDS = {piece: snowflake_at(SIMCORD_EPOCH + timedelta(seconds=s)) for piece, s in WORLD_SECONDS.items()}
SECRET_FILE = "local-play-secret"  # beside the database: the page address's secret


def page_secret(folder: Path) -> str:
    """The page address's secret: made once, then read back on every start. Readable by its owner alone."""
    path = folder / SECRET_FILE
    try:
        kept = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        kept = ""
    if len(kept) >= 32 and kept.replace("-", "").replace("_", "").isalnum():
        return kept
    made = secrets.token_urlsafe(32)
    folder.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(made + "\n")
    return made


@dataclass
class World:
    guild: Any   # SimCord GuildHandle
    games: Any   # ChannelHandle of #games
    player: Any  # MemberActor: the one who plays, holding Manage Server through Hosts


def build_world(env: Any) -> World:
    """The guild, #games, Hosts and the player, with their fixed ids. Call before `env.start()`,
    while SimCord's clock is still at its epoch, reading the page's language (#games's topic is in it)."""
    import discord

    env.backend.bot_user.name = BOT_NAME  # before the bot logs in: it reads its own name then
    clock = env.backend.clock
    clock.elapsed = WORLD_SECONDS["guild"]
    guild = env.create_guild(SERVER_NAME, id=WORLD_IDS["guild"])
    clock.elapsed = WORLD_SECONDS["games"]
    games = guild.create_text_channel("games", topic=words("Type / for the commands; /help lists every game."))
    clock.elapsed = WORLD_SECONDS["hosts"]
    hosts = guild.create_role("Hosts", permissions=discord.Permissions(manage_guild=True))
    clock.elapsed = WORLD_SECONDS["player"]
    player = guild.add_member(env.create_user(PLAYER_NAME), roles=[hosts])
    made = {"guild": guild.id, "games": games.id, "hosts": hosts.id, "player": player.id}
    if made != WORLD_IDS:  # a SimCord that mints ids differently: play works, but forgets
        log.error("local play could not keep its fixed ids (%s instead of %s): progress from earlier "
                  "sessions will not be found", made, WORLD_IDS)
    return World(guild, games, player)


def reopen_games(env: Any, world: World, db: Store, kinds: dict[str, Any]) -> list[GameRecord]:
    """Open a new thread in #games for each running game of this server, and point the game at it.

    Done before the bot starts, so a timer or pilot that fires at start-up already posts into the
    new thread (the old one died with the last process). The boards are posted once the bot is up
    (bot/local.py). Returns the games, re-pointed.
    """
    backend = env.backend
    reopened = []
    for game in running_games_in_guild(db, world.guild.id):
        kind = kinds.get(game.kind)
        if kind is None:  # a game this bot no longer ships: leave its row alone
            continue
        name = kind.title
        try:
            name = kind.thread_name(kind.load(game.state), PLAYER_NAME)[:100] or name
        except Exception:  # a state that no longer loads is dealt with (marked broken) by the core
            log.warning("game %s: its saved state did not load while reopening it", game.id)
        thread = backend.create_thread(world.games.id, name, backend.bot_user.id, auto_archive_duration=1440)
        reopened.append(set_location(db, game.id, thread_id=thread.id))
    return reopened


def latest_played(games: list[GameRecord]) -> GameRecord | None:
    """The game the player moved in last: where the page opens after a restart."""
    return max(games, key=lambda g: (g.updated_at, g.id), default=None)
