"""Picking from a board's selects as a member does, when each option is a whole action (formation's)."""
from __future__ import annotations


async def choose(member, message, action):
    """Pick the select option that takes `action` (each option of a board's select is a whole action)."""
    wanted = action.encode()
    for row in message.components:
        for item in getattr(row, "children", [row]):
            if any(option.value == wanted for option in getattr(item, "options", None) or []):
                return await member.select(message, [wanted], custom_id=item.custom_id)
    raise AssertionError(f"no select on the board offers {wanted}")
