"""The summon tutorial in the bot: the engine's scripted steps (fixed hands, one idea each) played in a
thread as a normal table, each with its one line; a placement that shows the idea moves on to the next
step, any other starts the step over; after the last, a gentle game against the AI in the same thread.
Nothing is recorded until that game."""
from __future__ import annotations

import engine.summon as sm
from bot.words import words
from db.store import Store

from .narrate import places_first
from .session import SummonGame
from .starting import ai_game


def heading(state: SummonGame) -> str:
    """The step's line above its table."""
    steps = sm.tutorial_steps()
    step = steps[state.tutorial - 1]
    return words("**Tutorial {step} of {steps}** — {line}", step=state.tutorial, steps=len(steps),
                 line=words(step.line))


def after_placement(state: SummonGame, new: sm.SummonState, db: Store) -> tuple[SummonGame, str]:
    """The state the tutorial goes on with after a placement, and what to say about it."""
    steps = sm.tutorial_steps()
    n = state.tutorial
    step = steps[n - 1]
    if not sm.achieved(step, new.events):
        _, fresh = sm.tutorial_step(n)
        again = words("Not quite: {line} The step starts over — try again.", line=words(step.line))
        return state.model_copy(update={"game": fresh}), again
    if n < len(steps):
        _, fresh = sm.tutorial_step(n + 1)
        return (state.model_copy(update={"game": fresh, "tutorial": n + 1}),
                words("That is it. Next, step {step} of {steps}.", step=n + 1, steps=len(steps)))
    me = state.seats[0]
    assert me.user_id is not None
    game = ai_game(db, me.user_id, me.name, state.seed, "gentle")
    assert game.game is not None
    return game, words("That is the tutorial done. Now a gentle game against the AI, with your own deck: {first}.",
                       first=places_first(game, game.game.first))


def passing_refused() -> str:
    return words("Pass: in the tutorial, place a piece — the line above the table says which and where "
                 "(Surrender leaves the tutorial).")


__all__ = ["after_placement", "heading", "passing_refused"]
