"""A finished fight's follow-ups on a result board saved still running (Next fight, Retry, End), and
the tutorial offered in place of a first fight."""
from __future__ import annotations

from bot.core.kinds import Context, GameError, Outcome, step
from bot.words import words

from . import fights, tutorial
from .actions import (
    Close,
    NextFight,
    Retry,
    Tutorial,
)
from .session import (
    Choices,
    TacticsSession,
)


class FollowUps:
    """The result board's and the offered tutorial's steps, as a part of the Tactics kind."""

    def _host_only(self, state: TacticsSession, ctx: Context, what: str) -> None:
        if not state.over:
            raise GameError(words("{what}: finish this fight first.", what=what))
        if ctx.user_id != state.player:
            raise GameError(words("{what}: only <@{player}>, who leads the duo, can.", what=what, player=state.player))

    @step(Tutorial)
    def _tutorial(self, state: TacticsSession, action: Tutorial, ctx: Context) -> Outcome:
        """The tutorial in this thread instead of a first fight the hero has not yet acted in."""
        if ctx.user_id != state.player:
            raise GameError(words("Tutorial: only <@{player}>, who leads the duo, can start it here; "
                                  "`/tactics tutorial` starts your own.", player=state.player))
        if not tutorial.offered(state):
            raise GameError(words("Tutorial: this fight is under way; `/tactics tutorial` starts it once the "
                                  "fight ends."))
        new, said = tutorial.new_tutorial(ctx.db, state.player, Choices(model_configured=state.model,
                                                                        guild_id=state.guild_id))
        return Outcome(new, said)

    @step(NextFight, Retry)
    def _again(self, state: TacticsSession, action: NextFight | Retry, ctx: Context) -> Outcome:
        """Next fight / Retry on a result board that was saved still running (before results ended it)."""
        self._host_only(state, ctx, words("Retry") if isinstance(action, Retry) else words("Next fight"))
        new, said = fights.follow_up(ctx.db, state, isinstance(action, Retry), ctx.now)
        return Outcome(new, words("{said}.", said=said))

    @step(Close)
    def _close(self, state: TacticsSession, action: Close, ctx: Context) -> Outcome:
        self._host_only(state, ctx, words("End"))
        return Outcome(state, words("The duo heads home. Start another fight any time with `/tactics campaign`."),
                       finished=True)

