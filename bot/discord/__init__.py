"""The Discord front-end. `create_bot(settings)` builds the one bot used by `python -m bot`, tests and local play."""
from __future__ import annotations

from bot.core.kinds import GamePlugin
from bot.settings import Settings

from .app import GameHall


def default_plugins() -> list[GamePlugin]:
    """Every game the bot ships, in the order /help lists them."""
    from bot.games import registry

    return registry.plugins()


def create_bot(settings: Settings, *, plugins: list[GamePlugin] | None = None) -> GameHall:
    """Build the bot. `plugins` replaces the shipped games (tests add a small game of their own)."""
    return GameHall(settings, default_plugins() if plugins is None else plugins)


__all__ = ["create_bot", "GameHall", "GamePlugin"]
