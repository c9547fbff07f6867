"""Summon's refusals in words: the engine refuses a step with a code, and the player reads the step and the
reason, worded here from that code in the reader's language."""
from __future__ import annotations

from bot.core.kinds import GameError
from bot.words import N_, words
from engine.errors import RuleError

from . import narrate
from .session import SummonGame

STEP_NAMES = (N_("Place"), N_("Pass"), N_("Surrender"), N_("Your hand"), N_("Preview"))  # a refusal names its step


def refusal(what: str, exc: RuleError, state: SummonGame, where: str = "there") -> GameError:
    """The engine's refusal of step `what` as the player reads it: the step, then the reason in words made
    from the engine's code (where names the cell a placement aimed at)."""
    st = state.game
    texts = {
        "not_your_turn": N_("it is {whose} turn; wait for the table to come back to you") if st else "",
        "not_in_hand": N_("that piece is not in your hand (it may have been placed or passed back) — press "
                          "Your hand for the pieces you hold"),
        "stale": N_("the table moved on since you looked: press Your hand on the newest table"),
        "game_over": N_("this game is over"),
        "occupied": N_("{where} already holds a piece"),
        "not_adjacent": N_("{where} does not touch a piece on your board (each piece goes next to one already "
                           "there)"),
        "off_board": (N_("the first piece goes inside the 3×3 board") if "first" in str(exc)
                      else N_("{where} is not on the board nor one step beside it")),
        "no_fit": N_("it does not fit its neighbours there: a tab needs a blank of its attribute (a neutral tab "
                     "fits any blank) — turn it, or choose another cell"),
    }
    reason = texts.get(exc.code) or N_("that is not allowed now")
    whose = narrate.names_of(state).whose(st.to_move) if st else ""
    return GameError(words("{what}: {reason}.", what=words(what) if what in STEP_NAMES else what,
                           reason=words(reason, whose=whose, where=where if where != "there" else words("there"))))


__all__ = ["STEP_NAMES", "refusal"]
