"""Tally, the small game the tests and benchmarks play, in the same shape as every shipped game: actions,
kind, commands, PLUGIN."""
from __future__ import annotations

from bot.core.kinds import GamePlugin

from .kind import AutoPilot, Tally


def _plugin(kind: Tally, pilots) -> GamePlugin:
    def cog(bot):
        from .commands import TallyCog  # discord is imported by the front-end only when it builds the cog

        return TallyCog(bot, kind)

    return GamePlugin(kind, cog, pilots=pilots)


PLUGIN = _plugin(Tally(), lambda needs: {"auto": AutoPilot()})


def plugin_with_pilots(**pilots) -> GamePlugin:
    """Tally whose seats are filled by the given pilots (a test's hanging or failing one)."""
    return _plugin(Tally(), lambda needs: dict(pilots))
