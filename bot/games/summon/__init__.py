"""Summon in the bot: the kind (rules glue), its slash commands, its pictures, and the AI's seat."""
from __future__ import annotations

from bot.core.kinds import GamePlugin

from .actions import FORMER
from .kind import Summon
from .pilot import AiPilot

KIND = Summon()


def _cog(bot):
    from .commands import SummonCog  # discord is imported by the front-end only when it builds the cog

    return SummonCog(bot, KIND)


PLUGIN = GamePlugin(KIND, _cog, pilots=lambda needs: {"ai": AiPilot()}, former=FORMER)
