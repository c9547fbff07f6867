"""A tiny timed game that lives only in the tests, to exercise the foundation without a real game.

Players add 1 or 2 to a count until it reaches the target; each turn has a phase timer that adds 1
when it runs out. With `auto` on, the player and the `auto` seat take turns, and a pilot fills it;
a player's turn and auto's answer make one round, the game's phase (one live board per round).
"""
from __future__ import annotations

from collections.abc import Hashable
from datetime import datetime

from pydantic import BaseModel

from bot.core.kinds import Context, GameError, GameKind, Outcome, Seat, step, view
from bot.core.reply import Button, Reply
from db.games import GameRecord

from .actions import Add, Boom, End, Name, Peek


class TallyState(BaseModel):
    count: int = 0
    target: int = 10
    timeouts: int = 0
    auto: bool = False   # the player and the `auto` seat take turns
    turn: int = 0        # steps taken so far: even = the player's turn, odd = auto's


class Tally(GameKind[TallyState]):
    state_model = TallyState
    key = "tally"
    title = "Tally"
    blurb = "count to ten — `/tally start`"

    def board(self, state: TallyState, game: GameRecord) -> Reply:
        over = state.count >= state.target
        waiting = " (auto is thinking)" if self._autos_turn(state) and not over else ""
        return Reply(
            f"Count: {state.count}/{state.target} (timeouts: {state.timeouts}){waiting}",
            buttons=(Button("+1", Add(1), "primary", disabled=over), Button("+2", Add(2), disabled=over),
                     Button("End", End(), "danger"), Button("Peek", Peek())),
        )

    @view(Peek)
    def _peek(self, state: TallyState, action: Peek, ctx: Context) -> Reply:
        """A private view, as a hand of cards is: the secret is the count's parity."""
        secret = "even" if state.count % 2 == 0 else "odd"
        return Reply(f"Only you see this: the count is {secret}.", buttons=(Button("+1 from here", Add(1)),))

    @staticmethod
    def _autos_turn(state: TallyState) -> bool:
        return state.auto and state.turn % 2 == 1

    def seats(self, state: TallyState, game: GameRecord) -> tuple[Seat, ...] | None:
        if not state.auto:
            return None
        return ("auto",) if self._autos_turn(state) else tuple(game.players)

    def phase(self, state: TallyState) -> Hashable | None:
        return state.turn // 2 if state.auto else None

    def fallback(self, state: TallyState, seat: str) -> Add:
        return Add(1)

    @step(End)
    def _end(self, state: TallyState, action: End, ctx: Context) -> Outcome:
        return Outcome(state, "The game was ended.", finished=True)

    @step(Name)
    def _name(self, state: TallyState, action: Name, ctx: Context) -> Outcome:
        if len(action.text) > 20:
            raise GameError(f"Name {action.text!r}: a name is at most 20 characters.")
        return Outcome(state, f"The count is called {action.text}.")

    @step(Add)
    def _add(self, state: TallyState, action: Add, ctx: Context) -> Outcome:
        amount = action.amount
        new = state.model_copy(update={"count": state.count + amount, "turn": state.turn + 1})
        who = "Auto added" if ctx.seat == "auto" else "Added"
        seen = self._peek(new, Peek(), ctx) if ctx.seat != "auto" else None
        return Outcome(new, f"{who} {amount}.", finished=new.count >= new.target, private=seen)

    @step(Boom)
    def _boom(self, state: TallyState, action: Boom, ctx: Context) -> Outcome:
        """A bug on purpose: what a player sees when a handler fails in a way nobody expected."""
        raise RuntimeError("a bug in the game's own code")

    def timeout(self, state: TallyState, ctx: Context) -> Outcome:
        new = state.model_copy(update={"count": state.count + 1, "timeouts": state.timeouts + 1,
                                       "turn": state.turn + 1})
        return Outcome(new, "Time ran out: the timer added 1.", finished=new.count >= new.target)

    def deadline_seconds(self, state: TallyState, ctx: Context) -> int | None:
        return ctx.timer_seconds or 300

    def is_over(self, state: TallyState) -> bool:
        return state.count >= state.target

    def profile_lines(self, progress: dict) -> list[str]:
        return [f"Games finished: {progress.get('finished', 0)}"] if progress else []


class AutoPilot:
    """Tally's `auto` seat: always adds 2."""

    async def decide(self, state: TallyState, seat: str, deadline: datetime) -> Add:
        return Add(2)
