"""The shipped games, in /help order. A game joins the bot by adding its plugin here."""
from __future__ import annotations

from bot.discord.app import GamePlugin


def plugins() -> list[GamePlugin]:
    found: list[GamePlugin] = []
    return found
