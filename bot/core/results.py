"""What one action came to (applied, private, refused, stale, …) and the refusals a player can read.

Shared by the session core, the pilot and timer runners and every front-end, so none of them needs
another's module to read a result.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from bot.words import N_, words
from db.games import GameRecord

from .reply import Reply

Status = Literal["applied", "private", "refused", "stale", "not_player", "not_running", "broken", "done",
                 "retired"]

STALE_TEXT = N_("This board is out of date: here is the current one.")
RETIRED_TEXT = N_("This board is out of date: it was posted by an earlier version of the bot, whose controls "
                  "no longer work, so your press changed nothing. The current board is the last one in {thread}:")
DONE_TEXT = N_("That was already done: the board shows what it did.")
NOT_PLAYER_TEXT = N_("This is not your game. Start your own with /help.")
NOT_RUNNING_TEXT = N_("This game has ended.")
UNKNOWN_STATUS_TEXT = N_("This game cannot be played: its saved status is not one this bot knows. End it from "
                          "/games to free its place, then start a new one.")
NOT_YOUR_TURN_TEXT = N_("It is not your turn: wait for the board to come back to you.")
PLAYER = "\x00player\x00"  # stands for the player's name in a thread title
STORE_DOWN_TEXT = N_("The game store is unavailable right now; nothing was changed — try again in a moment.")


class StoreUnavailable(Exception):
    """The store failed (locked, read-only, full, unreadable); the transaction changed nothing."""


@dataclass(frozen=True)
class ActResult:
    status: Status
    text: str
    game: GameRecord | None = None
    board: Reply | None = None
    private: Reply | None = None  # for the actor's eyes only: a private view, or what a step showed them
    title: str | None = None  # the thread's name for the new state, with PLAYER standing for the player
    # An applied change: True when it opened a new phase (a new board message), False when it moved within
    # the phase (the live board is edited); None when the kind declares no phases.
    new_phase: bool | None = None
    # The board still to draw (off the store worker, once the change is saved): see Sessions.drawn.
    draw: Callable[[], Reply] | None = field(default=None, compare=False, repr=False)
    # A private view still to draw (a view changes nothing and reads no store): see Sessions.drawn.
    look: Callable[[], ActResult] | None = field(default=None, compare=False, repr=False)

    @property
    def applied(self) -> bool:
        return self.status == "applied"

    @property
    def finished(self) -> bool:
        return self.game is not None and not self.game.running


def broken_text(game: GameRecord | None) -> str:
    reason = game.broken_reason if game is not None else words("unknown")
    return words("This game's saved state could not be loaded ({reason}), so it has been stopped. "
                 "Nothing else is affected: start a new game any time.", reason=reason)


__all__ = ["ActResult", "DONE_TEXT", "NOT_PLAYER_TEXT", "NOT_RUNNING_TEXT", "NOT_YOUR_TURN_TEXT", "PLAYER",
           "RETIRED_TEXT", "STALE_TEXT", "STORE_DOWN_TEXT", "UNKNOWN_STATUS_TEXT", "Status", "StoreUnavailable",
           "broken_text"]
