"""Formation in the bot: the kind (rules glue), its slash commands and its pictures."""
from __future__ import annotations

from bot.core.kinds import GamePlugin

from .actions import FORMER
from .kind import Formation

KIND = Formation()


def _cog(bot):
    from .commands import FormationCog  # discord is imported by the front-end only when it builds the cog

    return FormationCog(bot, KIND)


PLUGIN = GamePlugin(KIND, _cog, former=FORMER)
