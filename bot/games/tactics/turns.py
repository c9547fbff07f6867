"""The player's steps in a fight (and a friend's, for the companion): a ready-made turn, a pass, a move, a
hold, a skill or a typed turn, each checked by the engine and ending in one change (changes.py)."""
from __future__ import annotations

import engine.tactics as tx
from bot.core.errors import AlreadyDone
from bot.core.kinds import Context, GameError, Outcome, step
from bot.core.reply import Reply
from engine.tactics.model.steps import EndStep, HoldStep, MoveStep, SkillStep, step_text

from .actions import (
    REACTION_WORDS,
    End,
    Hold,
    Move,
    Pass,
    SendTurn,
    TypedTurn,
    UseSkill,
    echo,
)
from .changes import Changes
from .offers import offered_turn, turns_now
from .session import (
    PILOT_SECONDS,
    SENT_KEPT,
    TacticsSession,
    due,
    fought,
    mine,
    refusal,
)


class TurnSteps(Changes):
    """A fighter's own steps, as a part of the Tactics kind."""

    @step(SendTurn)
    def _send(self, state: TacticsSession, action: SendTurn, ctx: Context) -> Outcome:
        """A ready-made turn from a preview, checked against the fight as it is now: it plays if every
        step still works, even when the board moved on since the preview opened."""
        n, key = action.number, f"{action.fighter}:{action.seq}"
        fid = mine(state, ctx, f"Turn {n}", action.fighter)
        name = state.fight.get(fid).name
        if f"{key}:{n}" in state.sent:
            raise AlreadyDone(f"Turn {n} was already sent: {name} played it.")
        turn = offered_turn(state, fid, key, action)
        if not due(state.fight, fid):
            raise GameError(f"Turn {n}: {name} has already acted this phase; nothing more was played.")
        if turn is None:
            raise GameError(f"Turn {n} was planned for an earlier phase, which is over; nothing was played. "
                            f"{turns_now(state, fid)}")
        try:
            after = tx.play_turn(state.fight, fid, turn.steps)
        except tx.TacticsError as exc:
            where = f"step {exc.step + 1} ({step_text(turn.steps[exc.step])})" if exc.step is not None \
                and exc.step < len(turn.steps) else "it"
            raise GameError(f"Turn {n} no longer works since the board moved on: {where}: {exc.reason}. "
                            f"Nothing was played. {turns_now(state, fid)}") from None
        sent = fought(state, fid, turn.steps).model_copy(update={"sent": [*state.sent, f"{key}:{n}"][-SENT_KEPT:]})
        return self._advance(sent, after, ctx, f"{name}: {turn.label}", private=Reply(f"Sent turn {n}: {turn.summary}"),
                             ready_made=True)

    @step(Pass)
    def _pass(self, state: TacticsSession, action: Pass, ctx: Context) -> Outcome:
        if isinstance(ctx.seat, str):  # a pilot's fallback: it failed or ran out of time
            name = state.fight.get("companion").name
            with refusal(f"{name} passes"):
                after = tx.play_pass(state.fight, "companion")
            return self._advance(state, after, ctx, f"{name} passes: no answer in {PILOT_SECONDS:g} s")
        fid = mine(state, ctx, "Pass", action.fighter)
        name = state.fight.get(fid).name
        with refusal("Pass"):
            after = tx.play_pass(state.fight, fid)
        return self._advance(state, after, ctx, f"{name} passes.")

    @step(End)
    def _end(self, state: TacticsSession, action: End, ctx: Context) -> Outcome:
        return self._steps(state, ctx, "End", [EndStep()], "ends the turn")

    @step(Move)
    def _move(self, state: TacticsSession, action: Move, ctx: Context) -> Outcome:
        return self._steps(state, ctx, f"Move to {action.to}", [MoveStep(to=action.to)], f"moves to {action.to}")

    @step(Hold)
    def _hold(self, state: TacticsSession, action: Hold, ctx: Context) -> Outcome:
        words = REACTION_WORDS[action.reaction]
        return self._steps(state, ctx, f"Hold {words}", [HoldStep(reaction=action.reaction)], f"holds {words}")

    @step(UseSkill)
    def _do(self, state: TacticsSession, action: UseSkill, ctx: Context) -> Outcome:
        fid = mine(state, ctx, "Skill", action.fighter)
        skills = list(tx.kit(state.fight.get(fid).name))
        if action.index >= len(skills) or action.index < 0:
            raise GameError("Skill: this button names no skill of yours; use the skill from a new preview.")
        skill = SkillStep(skill=skills[action.index], at=action.at, toward=action.toward)
        return self._steps(state, ctx, f"{skill.skill} at {action.at}", [skill], step_text(skill))

    @step(TypedTurn)
    def _turn(self, state: TacticsSession, action: TypedTurn, ctx: Context) -> Outcome:
        fid = mine(state, ctx, "Turn")
        try:
            steps = tx.parse_turn_text(state.fight, fid, action.text)
        except tx.TacticsError as exc:
            raise GameError(f"Turn: {exc.reason}. You wrote {echo(action.text)}.") from None
        try:
            after = tx.play_turn(state.fight, fid, steps)
        except tx.TacticsError as exc:
            where = f"step {exc.step + 1} ({step_text(steps[exc.step])})" if exc.step is not None \
                and exc.step < len(steps) else "the turn"
            raise GameError(f"Turn: {where}: {exc.reason}. Nothing was played.") from None
        said = "; ".join(step_text(s) for s in steps)
        return self._advance(fought(state, fid, steps), after, ctx, f"{state.fight.get(fid).name}: {said}")

    def _steps(self, state: TacticsSession, ctx: Context, what: str, steps: list, words: str) -> Outcome:
        fid = mine(state, ctx, what)
        with refusal(what):
            after = tx.play_turn(state.fight, fid, steps)
        return self._advance(fought(state, fid, steps), after, ctx, f"{state.fight.get(fid).name} {words}.")

