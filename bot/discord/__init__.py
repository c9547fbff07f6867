"""The Discord front-end. `create_bot(settings)` builds the one bot used by `python -m bot`, tests and local play."""
from __future__ import annotations

from bot.core.kinds import GamePlugin
from bot.settings import Settings

from .app import ExternalWait, GameHall


def default_plugins() -> list[GamePlugin]:
    """Every game the bot ships, in the order /help lists them."""
    from bot.games import registry

    return registry.plugins()


def create_bot(settings: Settings, *, plugins: list[GamePlugin] | None = None,
               external_wait: ExternalWait | None = None) -> GameHall:
    """Build the bot. `plugins` replaces the shipped games (tests add a small game of their own).
    `external_wait` is how the bot awaits the world outside Discord (a model server) when its Discord is
    SimCord's: `env.external_wait`, or local play's own; None on real Discord."""
    bot = GameHall(settings, default_plugins() if plugins is None else plugins)
    bot.external_wait = external_wait
    return bot


__all__ = ["create_bot", "ExternalWait", "GameHall", "GamePlugin"]
