"""Reading and driving a tactics fight through SimCord: its saved state, its buttons, its private views."""
from __future__ import annotations

from bot.games.tactics.kind import Tactics
from db.games import get_game

KIND = Tactics()


def labels(message) -> list[str | None]:
    """The labels of a message's buttons (a channel message, or a private answer's raw components)."""
    out = []
    for row in message.components:
        children = row.get("components", []) if isinstance(row, dict) else row.children
        out += [c.get("label") if isinstance(c, dict) else getattr(c, "label", None) for c in children]
    return out


def session(bot, game_id: int = 1):
    """The saved session of game `game_id` (its fight is `.fight`)."""
    game = get_game(bot.db, game_id)
    assert game is not None, f"no game {game_id}"
    return KIND.load(game.state)


def last_private(result):
    """The newest private message an interaction produced (a preview with Send, a list of turns)."""
    messages = [result.response, *result.followups]
    return [m for m in messages if m is not None and m.ephemeral][-1]


async def first_turn_preview(member, thread):
    """Ready-made turn 1's private preview, pressed on the thread's board; None when the board showed a
    result and the same fight was started again instead (Retry), in a thread of its own: the channel's
    newest, which the caller presses next."""
    board = thread.last_message
    if "Retry" in labels(board):
        await member.click(board, label="Retry")
        return None
    shown = await member.click(board, label=next(x for x in labels(board) if x and x.startswith("1. ")))
    return last_private(shown)


async def send_turn(member, board, number: int = 1):
    """Press ready-made turn `number` on the board, then Send on its private preview."""
    label = next(label for label in labels(board) if label and label.startswith(f"{number}. "))
    shown = await member.click(board, label=label)
    return await member.click(last_private(shown), label="Send")


async def fight_through(thread, press, most: int = 14) -> None:
    """Play the fight to its result (its board offers Next fight), the hero doing `press` on each board (a
    button, or a ready-made turn sent), at most `most` times."""
    for _ in range(most):
        if "Next fight" in labels(thread.last_message):
            return
        await press(thread.last_message)
    raise AssertionError("the fight did not end")


def thread_texts(thread) -> list[str]:
    return [m.content for m in thread.history()]
