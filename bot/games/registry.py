"""The shipped games, in /help order. A game joins the bot by adding its plugin here."""
from __future__ import annotations

from bot.discord.app import GamePlugin


def plugins() -> list[GamePlugin]:
    from bot.discord.cogs.bowls import BowlsCog
    from bot.games.bowls import Bowls

    return [GamePlugin(Bowls(), BowlsCog)]
