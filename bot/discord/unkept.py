"""The views the bot sends: discord.py sends them as any other and never keeps them.

Every control on the bot's messages is answered through its custom id's template (the dynamic items
registered at start-up, which is also why a board's controls work after a restart), so a view is never
needed once it is sent. discord.py would keep it anyway: a board's for as long as the process runs when
it has a control that is not a dynamic item (a Rematch link), and every private answer's for 15 minutes,
with a sleeping task of its own, which is hundreds of views held at any time on a busy server. A view
that says it has finished is not kept."""
from __future__ import annotations

import discord


class SentView(discord.ui.View):
    """A classic board's rows of controls, not kept once sent."""

    def is_finished(self) -> bool:
        return True


class SentLayout(discord.ui.LayoutView):
    """A container board (Components V2), not kept once sent."""

    def is_finished(self) -> bool:
        return True


def sent_layout(view: discord.ui.LayoutView) -> SentLayout:
    """The same components in a layout that is not kept (`LayoutView.from_message` makes a plain one)."""
    sent = SentLayout(timeout=None)
    for item in view.children:
        sent.add_item(item)
    return sent


__all__ = ["SentLayout", "SentView", "sent_layout"]
