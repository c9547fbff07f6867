"""The player's steps in a fight (and a friend's, for the companion): a ready-made turn, a pass, a move, a
hold, a skill or a typed turn, each checked by the engine and ending in one change (changes.py)."""
from __future__ import annotations

import engine.tactics as tx
from bot.core.errors import AlreadyDone
from bot.core.kinds import Context, GameError, Outcome, step
from bot.core.reply import Reply
from bot.words import words
from engine.tactics.model.steps import EndStep, HoldStep, MoveStep, SkillStep

from . import names, refusals
from .actions import (
    End,
    Hold,
    Move,
    Pass,
    SendTurn,
    TypedTurn,
    UseSkill,
)
from .changes import Changes
from .notes import Passed, Sent, Stepped, Typed
from .offers import offered_turn, turns_now
from .quoting import echo
from .session import (
    PILOT_SECONDS,
    SENT_KEPT,
    TacticsSession,
    due,
    fought,
    mine,
    refusal,
)
from .steps_words import step_words, summary
from .typed import engine_text, written_step


class TurnSteps(Changes):
    """A fighter's own steps, as a part of the Tactics kind."""

    @step(SendTurn)
    def _send(self, state: TacticsSession, action: SendTurn, ctx: Context) -> Outcome:
        """A ready-made turn from a preview, checked against the fight as it is now: it plays if every
        step still works, even when the board moved on since the preview opened."""
        n, key = action.number, f"{action.fighter}:{action.seq}"
        fid = mine(state, ctx, words("Turn {n}", n=n), action.fighter)
        name = names.fighter(state.fight.get(fid).name)
        if f"{key}:{n}" in state.sent:
            raise AlreadyDone(words("Turn {n} was already sent: {name} played it.", n=n, name=name))
        turn = offered_turn(state, fid, key, action)
        if not due(state.fight, fid):
            raise GameError(words("Turn {n}: {name} has already acted this phase; nothing more was played.", n=n,
                                  name=name))
        if turn is None:
            raise GameError(words("Turn {n} was planned for an earlier phase, which is over; nothing was played. "
                                  "{now}", n=n, now=turns_now(state, fid)))
        try:
            after = tx.play_turn(state.fight, fid, turn.steps)
        except tx.TacticsError as exc:
            where = words("step {n} ({step})", n=exc.step + 1, step=step_words(turn.steps[exc.step])) \
                if exc.step is not None and exc.step < len(turn.steps) else words("it")
            raise GameError(words("Turn {n} no longer works since the board moved on: {where}: {reason}. Nothing was "
                                  "played. {now}", n=n, where=where, reason=refusals.reason(exc),
                                  now=turns_now(state, fid))) from None
        sent = fought(state, fid, turn.steps).model_copy(update={"sent": [*state.sent, f"{key}:{n}"][-SENT_KEPT:]})
        return self._advance(sent, after, ctx, Sent(fid=fid, label=turn.label, steps=turn.steps),
                             private=Reply(words("Sent turn {n}: {summary}", n=n, summary=summary(turn))),
                             ready_made=True)

    @step(Pass)
    def _pass(self, state: TacticsSession, action: Pass, ctx: Context) -> Outcome:
        if isinstance(ctx.seat, str):  # a pilot's fallback: it failed or ran out of time
            name = names.fighter(state.fight.get("companion").name)
            with refusal(words("{name} passes", name=name)):
                after = tx.play_pass(state.fight, "companion")
            return self._advance(state, after, ctx, Passed(fid="companion", waited=PILOT_SECONDS))
        fid = mine(state, ctx, words("Pass"), action.fighter)
        with refusal(words("Pass")):
            after = tx.play_pass(state.fight, fid)
        return self._advance(state, after, ctx, Passed(fid=fid))

    @step(End)
    def _end(self, state: TacticsSession, action: End, ctx: Context) -> Outcome:
        return self._steps(state, ctx, words("End"), EndStep())

    @step(Move)
    def _move(self, state: TacticsSession, action: Move, ctx: Context) -> Outcome:
        return self._steps(state, ctx, words("Move to {to}", to=action.to), MoveStep(to=action.to))

    @step(Hold)
    def _hold(self, state: TacticsSession, action: Hold, ctx: Context) -> Outcome:
        held = names.reaction(action.reaction)
        return self._steps(state, ctx, words("Hold {reaction}", reaction=held), HoldStep(reaction=action.reaction))

    @step(UseSkill)
    def _do(self, state: TacticsSession, action: UseSkill, ctx: Context) -> Outcome:
        fid = mine(state, ctx, words("Skill"), action.fighter)
        skills = list(tx.kit(state.fight.get(fid).name))
        if action.index >= len(skills) or action.index < 0:
            raise GameError(words("Skill: this button names no skill of yours; use the skill from a new preview."))
        skill = SkillStep(skill=skills[action.index], at=action.at, toward=action.toward)
        return self._steps(state, ctx, words("{skill} at {at}", skill=names.skill(skill.skill), at=action.at), skill)

    @step(TypedTurn)
    def _turn(self, state: TacticsSession, action: TypedTurn, ctx: Context) -> Outcome:
        fid = mine(state, ctx, words("Turn"))
        typed = engine_text(state.fight, fid, action.text)
        try:
            steps = tx.parse_turn_text(state.fight, fid, typed)
        except tx.TacticsError as exc:
            reason = refusals.reason(exc, written_step(action.text, typed, exc.step))
            raise GameError(words("Turn: {reason}. You wrote {text}.", reason=reason, text=echo(action.text))) \
                from None
        try:
            after = tx.play_turn(state.fight, fid, steps)
        except tx.TacticsError as exc:
            where = words("step {n} ({step})", n=exc.step + 1, step=step_words(steps[exc.step])) \
                if exc.step is not None and exc.step < len(steps) else words("the turn")
            raise GameError(words("Turn: {where}: {reason}. Nothing was played.", where=where,
                                  reason=refusals.reason(exc))) \
                from None
        return self._advance(fought(state, fid, steps), after, ctx, Typed(fid=fid, steps=steps))

    def _steps(self, state: TacticsSession, ctx: Context, what: str, one: tx.Step) -> Outcome:
        """One step of the fighter the member pilots (`what` names it in a refusal)."""
        fid = mine(state, ctx, what)
        with refusal(what):
            after = tx.play_turn(state.fight, fid, [one])
        return self._advance(fought(state, fid, [one]), after, ctx, Stepped(fid=fid, step=one))

