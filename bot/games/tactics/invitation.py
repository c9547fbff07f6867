"""The friend's invitation to pilot the companion: Accept, Decline, or the host's Start with auto. The
fight's clock starts when it is answered; a friend who does not answer leaves the companion to auto."""
from __future__ import annotations

from bot.core.kinds import Context, GameError, Outcome, step
from bot.words import words

from .actions import Accept, Decline, StartSolo
from .notes import Answer
from .session import TacticsSession


def opened(state: TacticsSession, answer: Answer) -> TacticsSession:
    """The session whose first phase opens with the invitation's `answer` on its board (every later edit
    keeps it)."""
    return state.model_copy(update={"closed_by": [answer]})


def solo(state: TacticsSession, ctx: Context) -> TacticsSession:
    """The session with auto piloting the companion, its first phase opening now (the friend, if one was
    asked, is no longer in it)."""
    return state.model_copy(update={"invite": False, "pilot": "auto", "phase_opened": ctx.now, "friend": None})


def _friend(state: TacticsSession) -> tuple[int, ...]:
    """The invited friend, who leaves the fight when the invitation ends without them."""
    return (state.friend,) if state.friend is not None else ()


class Invitation:
    """The invitation's steps, as a part of the Tactics kind."""

    @step(Accept)
    def _accept(self, state: TacticsSession, action: Accept, ctx: Context) -> Outcome:
        if not state.invite or ctx.user_id != state.friend:
            raise GameError(words("Accept: only the friend who was asked can accept, while the invitation is open."))
        new = state.model_copy(update={"invite": False, "phase_opened": ctx.now})
        return Outcome(opened(new, Answer(answer="accepted", friend=state.friend)), "")

    @step(Decline)
    def _decline(self, state: TacticsSession, action: Decline, ctx: Context) -> Outcome:
        if not state.invite or ctx.user_id != state.friend:
            raise GameError(words("Decline: only the friend who was asked can decline, while the invitation is "
                                  "open."))
        return Outcome(opened(solo(state, ctx), Answer(answer="declined", friend=state.friend)), "",
                       leaves=_friend(state))

    @step(StartSolo)
    def _start_alone(self, state: TacticsSession, action: StartSolo, ctx: Context) -> Outcome:
        if not state.invite or ctx.user_id != state.player:
            raise GameError(words("Start with auto: only the host can, while the invitation is open."))
        return Outcome(opened(solo(state, ctx), Answer(answer="auto")), "", leaves=_friend(state))
