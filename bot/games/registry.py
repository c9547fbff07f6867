"""The shipped games, in /help order. A game joins the bot by adding its plugin here."""
from __future__ import annotations

from bot.discord.app import GamePlugin


def plugins() -> list[GamePlugin]:
    from bot.discord.cogs.bowls import BowlsCog
    from bot.discord.cogs.formation import FormationCog
    from bot.games.bowls import Bowls
    from bot.games.formation import Formation

    return [GamePlugin(Bowls(), BowlsCog), GamePlugin(Formation(), FormationCog)]
