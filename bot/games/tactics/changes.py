"""What a change of the fight brings: the note of the turn kept on the phase's live board, a new phase's
clock, the tutorial's next step, and the result with what it earned. Every step of the kind ends here."""
from __future__ import annotations

import engine.tactics as tx
from bot.core.kinds import Context, Outcome
from bot.core.reply import Reply
from bot.words import words
from engine.tactics.model import events as ev

from . import tutorial
from .closing import news_lines
from .note_words import lines_of
from .notes import Ally, Note, Result, Said, cast_of, turn_note
from .offers import offers_kept
from .progress import load_record, recorder, remember
from .report import grouped
from .session import (
    TacticsSession,
    due,
)


def turn_events(played: tx.TurnResult) -> list[tx.Event]:
    """The events of the turn itself, without the strays' phase it may have opened."""
    return list(played.events[: len(played.events) - len(played.strays_phase)])


class Changes:
    """The session after a change of its fight, as a part of the Tactics kind."""

    def _advance(self, state: TacticsSession, played: tx.TurnResult, ctx: Context, said: Said,
                 private: Reply | None = None, ready_made: bool = False) -> Outcome:
        """The session after a change of the fight: its note (how the turn was sent, and what it hit, from
        the engine's events) kept on the phase's live board; a new phase's clock (the strays' phase is on
        the board, from the fight's own events); the turns offered on the board just left kept for open
        previews; the result with what it earned; and the player's choices remembered (with the save)."""
        before, after = state.fight, played.state
        note = turn_note(after, said, turn_events(played))
        if state.tutorial:
            return self._lesson(state, played, ctx, note, private, ready_made)
        update: dict = {"fight": after}
        if after.round != before.round:
            update.update(phase_opened=ctx.now, notes=[], closed_by=[note], offered={})
        else:
            update.update(offered=offers_kept(state, after), notes=[*state.notes, note])
        if after.result and not before.result:
            return self._finish(state.model_copy(update=update), ctx, [note], private)
        new = state.model_copy(update={**update, "noted": True})
        return Outcome(new, "", private=private,
                       on_saved=None if state.noted else remember(state, ctx.db, ctx.now))

    def _lesson(self, state: TacticsSession, played: tx.TurnResult, ctx: Context, note: Note,
                private: Reply | None, ready_made: bool) -> Outcome:
        """A tutorial step: while the hero is still acting, its note on the board; once it is done, the
        companion's part and the strays' phase, then the next step (or the first campaign fight), or the
        same step again with why, said only to the player."""
        after = played.state
        if due(after, "hero"):
            kept = {"fight": after, "notes": [*state.notes, note], "offered": offers_kept(state, after)}
            return Outcome(state.model_copy(update=kept), "", private=private)
        events = played.events
        notes: list[Note] = [*state.notes, note]
        strays: list[str] = []
        if not after.result and due(after, "companion"):
            ally = tutorial.companion_turn(state, after)
            turn: list[tx.Event] = [e for e in turn_events(ally) if not isinstance(e, ev.Moved)]
            notes.append(Ally(events=turn, cast=cast_of(ally.state, turn, "companion")))
            told = grouped(ally.state, list(ally.strays_phase), most=4)
            strays = [words("**Strays' phase:** {line}", line=words("; ").join(told))] if told else []
            events, after = (*events, *ally.events), ally.state
        new, said, why = tutorial.judged(state, tuple(events), ready_made, notes, strays, ctx.db, ctx.now)
        if why:
            return Outcome(new, "", private=Reply("\n".join([why, *lines_of(notes, state), *strays])))
        return Outcome(new, said, private=private)

    def _finish(self, state: TacticsSession, ctx: Context, notes: list[Note], private: Reply | None) -> Outcome:
        """The result: said once with what it earned, kept on the result board, recorded with the save."""
        enc = tx.encounter(state.fight.encounter)
        record = load_record(ctx.db, state.player)
        after, reward = tx.record_fight(record, enc, state.fight.result, counted=state.counted,
                                        hero_fought=state.hero_fought)
        result = Result(reward=reward, xp=after.xp, next_fight=after.next_campaign())
        new = state.model_copy(update={"closing": [result], "noted": True, "offered": {}})
        lines = lines_of(notes, new)
        return Outcome(new, "\n".join(lines + news_lines(reward)), private=private, finished=True,
                       on_saved=recorder(state, ctx.db, ctx.now))
