"""Controls a modified client could send: a message in a channel carrying one button whose custom id the
test chooses (a forged id, an old board's id, a control copied to another server)."""
from __future__ import annotations

import discord


async def post_button(bot, channel, custom_id: str, label: str = "forged"):
    """The bot's message in `channel` with one button `label` carrying `custom_id`; a member clicks it by label."""
    view = discord.ui.View(timeout=None).add_item(discord.ui.Button(label=label, custom_id=custom_id))
    return await bot.get_channel(channel.id).send(label, view=view)
