"""The tactics tutorial in the bot: the engine's scripted steps (a fixed duo, one idea each) played in a
thread as a normal fight with no timer, each with its one line. When the hero's turn is done the
companion plays (it waits, or plays the planner's first turn) and the strays' phase runs; a phase that
shows the idea moves on to the next step, any other starts the step over, saying why privately. After
the last step, the first campaign fight begins in the same thread. Nothing is recorded until that fight."""
from __future__ import annotations

from datetime import datetime

import engine.tactics as tx
from bot.core.kinds import GameError
from bot.words import words
from db.store import Store
from engine.tactics import tutorial as lessons

from . import fights, names
from .note_words import lines_of, note_lines
from .notes import Ally, Note, TutorialDone
from .session import Choices, TacticsSession


def new_tutorial(db: Store, user_id: int, c: Choices) -> tuple[TacticsSession, str]:
    """Step 1 of the tutorial; the first campaign fight after it uses the player's own duo and pilot."""
    if c.pilot == "friend" or c.friend is not None:
        raise GameError(words("Tutorial: it is played with the planner beside you; start a fight with a friend "
                              "from `/tactics campaign`."))
    _, fight = lessons.tutorial_step(1)
    state = TacticsSession(fight=fight, mode="tutorial", player=user_id, pilot="auto", model=c.model_configured,
                           key="tutorial", guild_id=c.guild_id, counted=False, noted=True, tutorial=1)
    hero, companion = lessons.tutorial_duo()
    return state, words("Tactics tutorial — {steps} short steps, one idea each, no timer: you play the {hero} "
                        "with {companion} beside you. Then your first campaign fight.",
                        steps=len(lessons.tutorial_steps()), hero=names.fighter(hero),
                        companion=names.fighter(companion))


def offered(state: TacticsSession) -> bool:
    """Whether the board offers the tutorial: a first campaign fight, round 1, the hero yet to act."""
    return (state.offer_tutorial and state.mode == "campaign" and not state.over and not state.hero_fought
            and state.fight.round == 1 and state.pilot != "friend")


def companion_turn(state: TacticsSession, fight: tx.FightState) -> tx.TurnResult:
    """The companion's part of a tutorial step once the hero is done: it waits, or plays the planner's
    first turn (no pilot and no clock in the tutorial)."""
    step = lessons.tutorial_steps()[state.tutorial - 1]
    if step.companion == "acts":
        return tx.play_planned(fight, "companion", 0)
    return tx.play_pass(fight, "companion")


def restart(state: TacticsSession, n: int) -> TacticsSession:
    """Step `n` from its own position (what an earlier board offered is dropped)."""
    _, fight = lessons.tutorial_step(n)
    return state.model_copy(update={"fight": fight, "tutorial": n, "offered": {}, "sent": [], "notes": [],
                                    "closed_by": []})


def judged(state: TacticsSession, events: tuple[tx.Event, ...], ready_made: bool, notes: list[Note],
           strays: list[str], db: Store, now: datetime) -> tuple[TacticsSession, str, str]:
    """The session after a tutorial step's phase (`notes`: what it did, and `strays`: the strays' phase,
    in the thread's words): the next step (or the first campaign fight) with what to say in the thread, or
    the same step again with why, said only to the player (public, private). The first campaign fight's
    board keeps what the companion did and that the tutorial is done (its pilot acts at once, which
    redraws the board)."""
    steps = lessons.tutorial_steps()
    n = state.tutorial
    step = steps[n - 1]
    if not lessons.achieved(step, events, ready_made):
        return restart(state, n), "", words("Not quite: {hint} The step starts over — try again.",
                                             hint=words(step.hint))
    lines = [*lines_of(notes, state), *strays]
    if n < len(steps):
        said = words("That is it. Step {step} of {steps}.", step=n + 1, steps=len(steps))
        return restart(state, n + 1), "\n".join([*lines, said]), ""
    choices = Choices(pilot="model" if state.model else "auto", model_configured=state.model,
                      guild_id=state.guild_id, now=now)
    fight, _ = fights.new_campaign(db, state.player, None, choices, offer=False)
    done = TutorialDone(encounter=fight.fight.encounter)
    name = names.fighter(state.fight.get("companion").name)
    ally = [note for note in notes if isinstance(note, Ally) and note_lines(note, state)[0].startswith(name)]
    return fight.model_copy(update={"closed_by": [*ally, done]}), "\n".join([*lines, *note_lines(done, fight)]), ""


__all__ = ["companion_turn", "offered", "judged", "new_tutorial", "restart"]
