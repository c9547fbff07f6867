"""Every description the slash-command tree hands to its translator: commands', groups', options' and
choices' (names stay as members type them)."""
from __future__ import annotations

from typing import Any

from discord import app_commands


def source(parameter: app_commands.Parameter) -> str:
    """An option's description as written (the one the translator gets), before discord.py cuts it to 100."""
    described = parameter._Parameter__parent.description
    return str(getattr(described, "message", described))


def command_descriptions(tree: app_commands.CommandTree) -> set[str]:
    found: set[str] = set()
    for command in tree.walk_commands():
        found.add(str(command.description))
        if isinstance(command, app_commands.Command):
            for parameter in command.parameters:
                found.add(source(parameter))
                found.update(str(choice.name) for choice in parameter.choices)
    return {text for text in found if text and text != "…"}


async def translated_payloads(tree: app_commands.CommandTree) -> list[dict[str, Any]]:
    """The commands as they are synced: with each description's translations."""
    translator = tree.translator
    return [await command.get_translated_payload(tree, translator) for command in tree.get_commands()]
