"""Tactics in the bot: the kind (rules glue), its slash commands, its pictures and the companion's pilots."""
from __future__ import annotations

from bot.core.kinds import GamePlugin

from .actions import FORMER
from .kind import Tactics
from .pilots import make_pilots

KIND = Tactics()


def _cog(bot):
    from .commands import TacticsCog  # discord is imported by the front-end only when it builds the cog

    return TacticsCog(bot, KIND)


PLUGIN = GamePlugin(KIND, _cog, pilots=make_pilots, former=FORMER)
