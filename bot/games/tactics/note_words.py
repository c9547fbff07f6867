"""The session's notes (notes.py) in words, when the board, What happened or a post shows them: the line
the thread says of each change, in the language of whoever reads it now."""
from __future__ import annotations

from collections.abc import Sequence

import engine.tactics as tx
from bot.companion import CompanionDecision, coordination
from bot.companion.plain import plain
from bot.companion.said import budget_notice, pass_line
from bot.words import N_, SOURCE, current, words

from . import names
from .closing import encounter_line, result_lines
from .notes import (
    Ally,
    Answer,
    Call,
    Decided,
    NoCalls,
    Note,
    Passed,
    Result,
    Said,
    Sent,
    Stepped,
    TimeUp,
    Turn,
    TutorialDone,
    Typed,
    Written,
)
from .report import Cast, grouped, name_of
from .session import TacticsSession
from .steps_words import label, step_words, turn_words

TURN_HITS = 4             # the grouped lines of what a turn hit, said after its line
ANSWERS = {"accepted": N_("<@{friend}> pilots {name}. The fight begins!"),
           "declined": N_("<@{friend}> declined: {name} is played by auto."),
           "unanswered": N_("<@{friend}> did not answer in {n} minutes: {name} is played by auto."),
           "auto": N_("{name} is played by auto.")}
ONE_STEP = {"end": N_("{name} ends the turn."), "move": N_("{name} moves to {to}."),
            "hold": N_("{name} holds {reaction}."), "skill": N_("{name} {step}.")}


def lines_of(notes: Sequence[Note], state: TacticsSession) -> list[str]:
    """The lines `notes` say, in order. A session copied with new notes is not validated again, so a line
    given as a string there reads as a Written note would."""
    return [line for note in notes
            for line in note_lines(Written(line=note) if isinstance(note, str) else note, state)]


def note_lines(note: Note, state: TacticsSession) -> list[str]:
    """A note's lines for the reader now (one, but the result board's several, and none for a note that
    has nothing to say); `state` the session whose board shows it."""
    companion = names.fighter(state.fight.get("companion").name)
    if isinstance(note, Turn):
        hits = grouped(note.cast, note.events, most=TURN_HITS)
        return [said_line(note.said, note.cast) + ("\n→ " + words("; ").join(hits) if hits else "")]
    if isinstance(note, Call):
        return [words("To {name}: \"{call}\"", name=companion, call=plain(note.call))]
    if isinstance(note, NoCalls):
        return [words("{name} (auto) plays the planner's best turn and does not take calls; nothing was passed on.",
                      name=companion)]
    if isinstance(note, Answer):
        return [words(ANSWERS[note.answer], friend=note.friend, name=companion, n=note.minutes)]
    if isinstance(note, Ally):
        told = grouped(note.cast, note.events, most=TURN_HITS)
        return [words("; ").join(told) if told else
                words("{name} waits and watches.", name=name_of(note.cast, "companion"))]
    if isinstance(note, TutorialDone):
        return [words("That is the tutorial done. Now the first campaign fight, with your own duo and 30-second "
                      "phases: {fight}.", fight=encounter_line(tx.encounter(note.encounter)))]
    if isinstance(note, Result):
        return result_lines(state, note.reward, note.xp, note.next_fight)
    return [note.line]


def said_line(said: Said, cast: Cast) -> str:
    """How a turn was sent, as its line starts ("Tidecaller: move to E5; Tide Lash at F5")."""
    if isinstance(said, TimeUp):
        passes = [words("{name} passes: no model is connected.", name=name_of(cast, fid)) if fid in said.unpiloted
                  else words("{name} passes.", name=name_of(cast, fid)) for fid in said.passing]
        return words("Time's up: {said}", said=" ".join(passes))
    name = name_of(cast, said.fid)
    if isinstance(said, Sent):
        return words("{name}: {steps}", name=name, steps=label(said))
    if isinstance(said, Typed):
        return words("{name}: {steps}", name=name, steps=words("; ").join(step_words(s) for s in said.steps))
    if isinstance(said, Stepped):
        return one_step(said.step, name)
    if isinstance(said, Passed):
        return words("{name} passes.", name=name) if said.waited is None else \
            words("{name} passes: no answer in {n} s", name=name, n=f"{said.waited:g}")
    return decided_line(said, name)


def one_step(step: tx.Step, name: str) -> str:
    """A single step's line: "Tidecaller moves to E5.", "Tidecaller holds opportunity attack."."""
    if isinstance(step, tx.MoveStep):
        return words(ONE_STEP["move"], name=name, to=step.to)
    if isinstance(step, tx.HoldStep):
        return words(ONE_STEP["hold"], name=name, reaction=names.reaction(step.reaction))
    if isinstance(step, tx.SkillStep):
        return words(ONE_STEP["skill"], name=name, step=step_words(step))
    return words(ONE_STEP["end"], name=name)


def decided_line(said: Decided, name: str) -> str:
    """A pilot's decision (or the turn played in its place after the hero moved first), with the day's
    budget notice when it is due."""
    decision, rebound = said.decision, said.rebound
    if rebound is None:
        line = decision_line(decision, name)
    else:
        why = coordination.Rebound([] if rebound.played else None, rebound.rank, rebound.why).note
        line = words("{name}: {note}.", name=name, note=why) if rebound.played else \
            words("{name} passes: {note}.", name=name, note=why)
    notice = budget_notice(decision)
    return f"{line}\n{notice}" if notice else line


def decision_line(decision: CompanionDecision, name: str) -> str:
    """The thread's line for a pilot's decision: a pass with its reason (bot/companion/said.py); a turn in
    the planner's English words for an English reader, else its steps in the reader's words, with what the
    companion said."""
    if decision.passed:
        return pass_line(decision, name)
    if current() == SOURCE:
        return decision.line(name)
    what = turn_words(tx.parse_steps(decision.steps))
    return words("{name}: \"{say}\" ({what})", name=name, say=decision.say, what=what) if decision.say else \
        words("{name}: {steps}", name=name, steps=what)


__all__ = ["decision_line", "lines_of", "note_lines", "said_line"]
