"""The Discord front-end. `create_bot(settings)` builds the one bot used by `python -m bot`, tests and local play."""
from __future__ import annotations

from bot.core.kinds import GamePlugin
from bot.core.seats import ExternalWait
from bot.settings import Settings

from .app import GameHall


def default_plugins() -> list[GamePlugin]:
    """Every game the bot ships, in the order /help lists them."""
    from bot.games import registry

    return registry.plugins()


def create_bot(settings: Settings, *, plugins: list[GamePlugin] | None = None,
               external_wait: ExternalWait | None = None) -> GameHall:
    """Build the bot. `plugins` replaces the shipped games (tests add a small game of their own).

    `external_wait(awaitable, reason=...)` is how pilots await input from outside the process (a model
    server's answer): tests and local play hand in SimCord's `env.external_wait` (late-bound, since the
    simulated Discord is made around the bot), so a deliberate wait is not taken for a stuck bot; left
    out, the input is simply awaited.
    """
    return GameHall(settings, default_plugins() if plugins is None else plugins, external_wait=external_wait)


__all__ = ["create_bot", "ExternalWait", "GameHall", "GamePlugin"]
