"""A press's discord.py objects let go of the moment it is answered, rather than at the next full
garbage collection.

discord.py leaves each press in reference cycles: the interaction and its response point at each other
(and at the original response, whose state points back), and the view it builds from the pressed
message holds its controls, each pointing back at it (a container's too). Nothing else refers to them
once the press is answered, but only the cyclic collector frees a cycle: a press outlives a few young
collections while it is answered, so hundreds of interactions, with the pressed message and all its
parsed components, piled up in the oldest generation, and every full collection walked and freed them
with the interpreter's lock held, stalling the event loop. Broken here, reference counting frees them
at once."""
from __future__ import annotations

import discord


def release(interaction: discord.Interaction, view: discord.ui.View | discord.ui.LayoutView | None = None) -> None:
    """Break the cycles of an interaction that has been answered and of the view it was pressed on.
    Call it only when nothing will use either again: a later `interaction.response` would be a new one,
    not knowing the interaction was acknowledged."""
    try:
        del interaction._cs_response  # type: ignore[attr-defined]  # made on first use, and made anew after
    except AttributeError:  # never asked for
        pass
    interaction._original_response = None  # its state points back at the interaction
    if view is not None:
        drop_items(view)


def drop_items(view: discord.ui.View | discord.ui.LayoutView) -> None:
    """Empty a view that will not be used again, and every row and container in it, so that no control
    and its parent point at each other."""
    for item in list(view.walk_children()):
        clear = getattr(item, "clear_items", None)
        if callable(clear):
            clear()
    view.clear_items()


__all__ = ["drop_items", "release"]
