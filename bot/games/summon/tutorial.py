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
from .text import cell_name, piece_name


def heading(state: SummonGame) -> str:
    """The step's line above its table, and the position the step sets up (each step starts from its
    own, so nothing on the table appears without being said)."""
    steps = sm.tutorial_steps()
    step = steps[state.tutorial - 1]
    where = f"\n{position_words(state)}" if state.game is not None else ""
    return words("**Tutorial {step} of {steps}** — {line}", step=state.tutorial, steps=len(steps),
                 line=words(step.line)) + where


def position_words(state: SummonGame) -> str:
    """ "New position: your board: Stone Wall at B2 (summoned); AI's board: Clay Doll at B2 (summoned)." """
    assert state.game is not None
    sides = []
    for i, p in enumerate(state.game.players):
        pieces = [words("{piece} at {cell} ({how})", piece=piece_name(b.card),
                        cell=cell_name(b.x - p.ox, b.y - p.oy),
                        how=words("summoned") if b.summoned else words("waiting for its tabs")) for b in p.board]
        whose = words("your board") if i == 0 else words("{name}'s board", name=state.name(i))
        listed = words(", ").join(pieces) if pieces else words("empty")
        sides.append(words("{whose}: {pieces}", whose=whose, pieces=listed))
    return words("New position: {sides}.", sides=words("; ").join(sides))


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


__all__ = ["after_placement", "heading", "passing_refused", "position_words"]
