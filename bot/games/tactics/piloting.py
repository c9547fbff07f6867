"""The companion's pilot's decisions (`auto` or `model`) and the player's calls to it: a turn, a pass
with its reason, or the same aim again after the hero moved first."""
from __future__ import annotations

import json

import engine.tactics as tx
from bot.companion import CompanionDecision
from bot.companion.coordination import Aim, rebind
from bot.companion.plain import plain
from bot.core.kinds import Context, GameError, Outcome, step
from bot.core.reply import Reply
from bot.words import words

from . import names, refusals
from .actions import (
    PilotTurn,
    Tell,
)
from .changes import Changes
from .notes import Call, NoCalls, Rebound, decided
from .session import (
    TacticsSession,
    mine,
    no_pings,
    refusal,
)


class PilotSteps(Changes):
    """The companion's pilot's steps, as a part of the Tactics kind."""

    @step(PilotTurn)
    def _pilot(self, state: TacticsSession, action: PilotTurn, ctx: Context) -> Outcome:
        """A decision of the companion's pilot (`auto` or `model`): its turn, or a pass with the reason."""
        if ctx.seat not in ("auto", "model"):
            raise GameError(words("Only the companion's pilot sends its decisions."))
        try:
            data = json.loads(action.decision)
            decision = CompanionDecision.model_validate(data["decision"])
            seq = int(data["seq"])
        except (ValueError, KeyError, TypeError):
            raise GameError(words("The pilot's decision cannot be read.")) from None
        name = names.fighter(state.fight.get("companion").name)
        decision = decision.model_copy(update={"say": no_pings(decision.say)})
        rebound = None
        if decision.passed:
            with refusal(words("{name} passes", name=name)):
                after = tx.play_pass(state.fight, "companion")
        else:
            try:
                after = tx.play_turn(state.fight, "companion", decision.steps)
            except tx.TacticsError as exc:
                if seq == state.fight.seq:
                    raise GameError(words("{name}'s turn: {reason}", name=name, reason=refusals.reason(exc))) \
                        from None
                # The hero acted while the pilot decided: the same aim, or a pass saying why.
                after, rebound = self._rebound(state, decision, name)
        heard = {"call": None} if ctx.seat == "model" else {}  # the model's prompt had the player's call
        return self._advance(state.model_copy(update=heard), after, ctx, decided(decision, rebound))

    @staticmethod
    def _rebound(state: TacticsSession, decision: CompanionDecision, name: str) -> tuple[tx.TurnResult, Rebound]:
        """The companion's chosen turn after the hero moved first: the best turn now with the same aim,
        or a pass that says why (playing together: bot/companion/coordination.py)."""
        aim = Aim.of_decision(decision.aim_foes, decision.aim_support)
        rebound = rebind(state.fight, "companion", decision.steps, aim)
        if rebound.steps is not None:
            with refusal(words("{name}'s turn", name=name)):
                return tx.play_turn(state.fight, "companion", rebound.steps), Rebound(played=True, rank=rebound.rank,
                                                                                       why=rebound.why)
        with refusal(words("{name} passes", name=name)):
            return tx.play_pass(state.fight, "companion"), Rebound(why=rebound.why)

    @step(Tell)
    def _tell(self, state: TacticsSession, action: Tell, ctx: Context) -> Outcome:
        """The player's call for the companion's next decision (a model pilot reads it; others do not)."""
        if ctx.user_id != state.player:
            raise GameError(words("Tell: only the duo's leader can call the companion's play."))
        mine(state, ctx, words("Tell"))
        name = names.fighter(state.fight.get("companion").name)
        if state.pilot == "friend":
            raise GameError(words("Tell: {name} is piloted by <@{friend}>; talk to them in the thread.", name=name,
                                  friend=state.friend))
        if state.pilot == "auto":
            if state.call_ignored:
                raise GameError(words("Tell: {name} is piloted by auto, which plays the planner's turns and does not "
                                      "take calls.", name=name))
            return Outcome(state.model_copy(update={"call_ignored": True, "notes": [*state.notes, NoCalls()]}), "")
        if not state.model:
            raise GameError(words("Tell: no language model is connected, so {name} passes each phase and reads "
                                  "nothing.", name=name))
        call = plain(action.message)  # shown on the public board: cleaned as the model's words are
        told = state.model_copy(update={"call": action.message, "notes": [*state.notes, Call(call=action.message)]})
        return Outcome(told, "", private=Reply(words("{name} will read your call at its next decision: \"{call}\"",
                                                     name=name, call=call)))

