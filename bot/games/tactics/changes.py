"""What a change of the fight brings: the line of the turn kept on the phase's live board, a new phase's
clock, the tutorial's next step, and the result with what it earned. Every step of the kind ends here."""
from __future__ import annotations

import engine.tactics as tx
from bot.core.kinds import Context, Outcome
from bot.core.reply import Reply
from bot.words import words
from engine.tactics.model import events as ev

from . import names, tutorial
from .offers import offers_kept
from .progress import load_record, recorder, remember
from .report import grouped
from .session import (
    TacticsSession,
    due,
)
from .text import closing_lines, news_lines


class Changes:
    """The session after a change of its fight, as a part of the Tactics kind."""

    def _advance(self, state: TacticsSession, played: tx.TurnResult, ctx: Context, said: str,
                 private: Reply | None = None, ready_made: bool = False) -> Outcome:
        """The session after a change of the fight: its line (what the turn hit, from the engine's events)
        kept on the phase's live board; a new phase's clock (the strays' phase is on the board, from the
        fight's own events); the turns offered on the board just left kept for open previews; the result
        with what it earned; and the player's choices remembered (with the save)."""
        before, after = state.fight, played.state
        turn = played.events[: len(played.events) - len(played.strays_phase)]
        hits = grouped(after, [e for e in turn if not isinstance(e, ev.Moved)], most=4)
        line = said + ("\n→ " + words("; ").join(hits) if hits else "")
        if state.tutorial:
            return self._lesson(state, played, ctx, line, private, ready_made)
        update: dict = {"fight": after}
        if after.round != before.round:
            update.update(phase_opened=ctx.now, notes=[], closed_by=[line], offered={})
        else:
            update.update(offered=offers_kept(state, after), notes=[*state.notes, line])
        if after.result and not before.result:
            return self._finish(state.model_copy(update=update), ctx, [line], private)
        new = state.model_copy(update={**update, "noted": True})
        return Outcome(new, "", private=private,
                       on_saved=None if state.noted else remember(state, ctx.db, ctx.now))

    def _lesson(self, state: TacticsSession, played: tx.TurnResult, ctx: Context, line: str,
                private: Reply | None, ready_made: bool) -> Outcome:
        """A tutorial step: while the hero is still acting, its line on the board; once it is done, the
        companion's part and the strays' phase, then the next step (or the first campaign fight), or the
        same step again with why, said only to the player."""
        after = played.state
        if due(after, "hero"):
            kept = {"fight": after, "notes": [*state.notes, line], "offered": offers_kept(state, after)}
            return Outcome(state.model_copy(update=kept), "", private=private)
        events = played.events
        lines = [*state.notes, line]
        if not after.result and due(after, "companion"):
            ally = tutorial.companion_turn(state, after)
            name = names.fighter(after.get("companion").name)
            turn = ally.events[: len(ally.events) - len(ally.strays_phase)]
            told = grouped(ally.state, [e for e in turn if not isinstance(e, ev.Moved)], most=4)
            lines.append(words("; ").join(told) if told else words("{name} waits and watches.", name=name))
            strays = grouped(ally.state, list(ally.strays_phase), most=4)
            lines.extend([words("**Strays' phase:** {line}", line=words("; ").join(strays))] if strays else [])
            events, after = (*events, *ally.events), ally.state
        new, said, why = tutorial.judged(state, tuple(events), ready_made, lines, ctx.db, ctx.now)
        if why:
            return Outcome(new, "", private=Reply("\n".join([why, *lines])))
        return Outcome(new, said, private=private)

    def _finish(self, state: TacticsSession, ctx: Context, lines: list[str], private: Reply | None) -> Outcome:
        """The result: said once with what it earned, kept on the result board, recorded with the save."""
        enc = tx.encounter(state.fight.encounter)
        record = load_record(ctx.db, state.player)
        after, reward = tx.record_fight(record, enc, state.fight.result, counted=state.counted,
                                        hero_fought=state.hero_fought)
        new = state.model_copy(update={"closing": closing_lines(state, reward, after), "noted": True, "offered": {}})
        return Outcome(new, "\n".join(lines + news_lines(reward)), private=private, finished=True,
                       on_saved=recorder(state, ctx.db, ctx.now))
