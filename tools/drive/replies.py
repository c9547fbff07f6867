"""Reading what the bot answered to one interaction, whether as its response or as a follow-up, and the
words of any message, classic (its content) or a container board (its text displays)."""
from __future__ import annotations

import discord


def words_of(message) -> str:
    """A message's words: its content, or a Components V2 board's text displays."""
    if message.content or not message.flags.components_v2:
        return message.content
    found: list[str] = []

    def walk(component) -> None:
        if isinstance(component, discord.components.TextDisplay):
            found.append(component.content)
        for child in getattr(component, "children", []):
            walk(child)

    for component in message.components:
        walk(component)
    return "\n".join(found)


def controls_of(message) -> list:
    """A message's buttons and selects, wherever its layout holds them."""
    found: list = []

    def walk(component) -> None:
        if isinstance(component, (discord.components.Button, discord.components.SelectMenu)):
            found.append(component)
        for child in getattr(component, "children", []):
            walk(child)

    for component in message.components:
        walk(component)
    return found


def private_text(result) -> str:
    """Everything the bot said privately (ephemeral) to this interaction; empty if nothing."""
    messages = ([result.response] if result.response is not None else []) + list(result.followups)
    return "\n".join(words_of(m) for m in messages if m.ephemeral)


def public_text(result) -> str:
    messages = ([result.response] if result.response is not None else []) + list(result.followups)
    return "\n".join(words_of(m) for m in messages if not m.ephemeral)
