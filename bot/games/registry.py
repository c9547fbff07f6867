"""The shipped games, in /help order. A game joins the bot by adding its plugin here."""
from __future__ import annotations

from bot.core.kinds import GamePlugin


def plugins() -> list[GamePlugin]:
    from bot.games.bowls import PLUGIN as bowls
    from bot.games.formation import PLUGIN as formation
    from bot.games.summon import PLUGIN as summon
    from bot.games.tactics import PLUGIN as tactics

    return [bowls, formation, tactics, summon]
