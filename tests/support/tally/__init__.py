"""Tally, the test game, in the same shape as every shipped game: kind, commands, PLUGIN."""
from __future__ import annotations

from bot.core.kinds import GamePlugin

from .kind import AutoPilot, Tally


def _cog(bot):
    from .commands import TallyCog

    return TallyCog(bot)


PLUGIN = GamePlugin(Tally(), _cog, pilots=lambda settings: {"auto": AutoPilot()})


def plugin_with_pilots(**pilots) -> GamePlugin:
    """Tally whose seats are filled by the given pilots (a test's hanging or failing one)."""
    return GamePlugin(Tally(), _cog, pilots=lambda settings: dict(pilots))
