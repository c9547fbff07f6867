"""Summon in the bot: the rules glue. Seat i of a game plays the engine's player i; the engine draws
who places first. Steps (accept, decline, place, pass, surrender) go to the engine; who acts, the
30-second turn timer and the end are decided here. Words are narrate.py's and text.py's, private views
views.py's, decks decks.py's, starting starting.py's.
"""
from __future__ import annotations

from collections.abc import Hashable

import engine.summon as sm
from bot.core.kinds import Context, GameError, GameKind, Outcome, Seat, step, view
from bot.core.reply import Button, Link, Picture, Reply
from bot.render.kept import drawn_once
from bot.words import N_, words
from db.games import GameRecord
from engine.errors import RuleError
from engine.summon.state import TURN_SECONDS

from . import narrate, render, starting, tutorial, views
from .actions import Accept, AskSurrender, Cell, Decline, Pass, Place, PlaceNamed, PreviewPlacement, ShowHand, Surrender
from .decks import deck_for
from .progress import profile_lines, recorder
from .refusals import refusal
from .replay import render_battle
from .session import AI, KEY, SummonGame
from .text import at_cell, cell_name

CHALLENGE_SECONDS = 300  # a challenge lapses after 5 minutes


class Summon(GameKind[SummonGame]):
    state_model = SummonGame
    key = KEY
    title = N_("Summon")
    blurb = N_("jigsaw pieces summon units that battle by themselves — `/summon tutorial`, `/summon ai`, "
             "`/summon challenge opponent:`; in the thread the table's Your hand button, or `/summon place`, "
             "`/summon pass`, `/summon surrender`; decks: `/summon deck show|auto|add|remove|reset`, `/summon piece`")

    new_ai_game = staticmethod(starting.new_ai_game)  # how a game begins, for callers holding only the kind

    def thread_name(self, state: SummonGame, player_name: str) -> str:
        return words("Summon · {first} vs {second}", first=state.seats[0].name, second=state.seats[1].name)

    # --- who acts -------------------------------------------------------------------------------

    def seats(self, state: SummonGame, game: GameRecord) -> tuple[Seat, ...] | None:
        if self.is_over(state):
            return ()
        humans = tuple(game.players)
        if state.stage == "play" and state.game is not None and state.seats[state.game.to_move].user_id is None:
            return humans + (AI,)
        return humans  # the kind tells a player acting out of turn whose turn it is

    def phase(self, state: SummonGame) -> Hashable:
        """Every change opens a new table and closes the one before (its buttons go, its countdown says
        a newer table is below), so no table left in the thread still says whose turn it was."""
        return state.stage, state.tutorial, state.game.version if state.game is not None else -1

    def fallback(self, state: SummonGame, seat: str) -> Pass:
        return Pass()

    def pilot_seconds(self, state: SummonGame, seat: str, ctx: Context) -> float:
        return 10.0

    def shown_with_answer(self, state: SummonGame) -> bool:
        return state.game is None or not state.game.battles  # a battle's replay and line are on its own table

    def deadline_seconds(self, state: SummonGame, ctx: Context) -> int | None:
        if state.stage == "challenge":
            return CHALLENGE_SECONDS
        if self.is_over(state) or state.tutorial:
            return None  # a tutorial step waits for its reader
        return max(TURN_SECONDS, ctx.timer_seconds or TURN_SECONDS)

    def timeout(self, state: SummonGame, ctx: Context) -> Outcome | None:
        if state.stage == "challenge":
            lapsed = state.model_copy(update={"stage": "over", "ended": "lapsed"})
            return Outcome(lapsed, words("The challenge lapsed: {name} did not answer within 5 minutes.",
                                         name=state.name(1)), finished=True)
        if self.is_over(state) or state.game is None:
            return None
        new = sm.apply(state.game, sm.Timeout(player=state.game.to_move))
        return self._played(state, new, ctx, narrate.event_lines(state, new.events))

    def is_over(self, state: SummonGame) -> bool:
        return state.stage == "over" or (state.game is not None and state.game.phase == "over")

    # --- the table ------------------------------------------------------------------------------

    def example_picture(self) -> Picture:
        """A table a few placements into a game between two automatic decks, for the rules page."""
        st = sm.new_game(7, sm.auto_deck(1), sm.auto_deck(2))
        for _ in range(5):
            st = sm.apply(st, sm.ai_action(st))
        seats = (render.Seat(words("You"), st.to_move == 0, st.first == 0),
                 render.Seat(words("Rival"), st.to_move == 1, st.first == 1))
        return Picture(render.render_table(sm.view_for(st, None), seats, words("Summon · an example table"), None),
                       "summon-example.png", words("A summon table: two 3×3 boards of pieces and two battle lines"))

    def board(self, state: SummonGame, game: GameRecord) -> Reply:
        if state.stage == "challenge":
            when = f"<t:{int(game.deadline.timestamp())}:R>" if game.deadline else words("in 5 minutes")
            text = words("**{first}** challenges **{second}** to Summon. {second}: accept or decline — the challenge "
                         "lapses {when}.", first=state.name(0), second=state.name(1), when=when)
            return Reply(text, buttons=(Button(words("Accept"), Accept(), "success"),
                                        Button(words("Decline"), Decline(), "danger")))
        if state.game is None:
            ended = {"declined": N_("{name} declined the challenge."),
                     "lapsed": N_("The challenge lapsed: {name} did not answer within 5 minutes.")}.get(
                         state.ended or "", N_("This challenge is closed."))
            return Reply(words(ended, name=state.name(1)))
        st = state.game
        over = st.phase == "over"
        seat0, seat1 = (render.Seat(state.name(i), not over and st.to_move == i, st.first == i) for i in (0, 1))
        headline = words("Summon · {first} vs {second} · {now}", first=state.name(0), second=state.name(1),
                         now=narrate.result_short(state) if over else words("summon phase {phase}",
                                                                            phase=st.summon_phase))
        if state.tutorial and not over:
            headline = words("Summon tutorial · step {step} of {steps}", step=state.tutorial,
                             steps=len(sm.tutorial_steps()))
        table = Picture(drawn_once(render.render_table, sm.view_for(st, None), (seat0, seat1), headline,
                                  None if over else game.deadline), "summon.png",
                        words("Summon table: {first} and {second}'s boards and battle lines", first=state.name(0),
                              second=state.name(1)))
        names = (state.name(0), state.name(1))
        replays = tuple(Picture(drawn_once(render_battle, rep, names), f"battle-{rep.phase}.gif",
                                words("Battle phase {phase} replay", phase=rep.phase)) for rep in st.battles)
        text = narrate.table_text(state)
        if state.tutorial and not over:
            text = f"{tutorial.heading(state)}\n{text}"
        if over:
            rematch = Link(words("Rematch"), f"summon-rematch:{game.id}", "primary")
            return Reply(text, table, extra_pictures=replays, links=(rematch,), layout="container")
        buttons = (Button(words("Your hand"), ShowHand(), "primary"), Button(words("Pass"), Pass()),
                   Button(words("Surrender"), AskSurrender(), "danger"))
        return Reply(text, table, buttons=buttons, extra_pictures=replays, layout="container")

    # --- steps ----------------------------------------------------------------------------------

    def _seat(self, state: SummonGame, ctx: Context) -> int | None:
        return state.ai_seat if ctx.seat == AI else state.seat_of(ctx.user_id)

    def _playing(self, state: SummonGame, what: str) -> sm.SummonState:
        if state.stage == "challenge":
            raise GameError(words("{what}: the challenge has not been accepted yet.", what=words(what)))
        if state.game is None or self.is_over(state):
            raise GameError(words("{what}: this game is over.", what=words(what)))
        return state.game

    def _player(self, state: SummonGame, ctx: Context, what: str) -> tuple[sm.SummonState, int]:
        st = self._playing(state, what)
        me = self._seat(state, ctx)
        if me is None:
            raise GameError(words("{what}: you are not playing in this game.", what=words(what)))
        return st, me

    def _played(self, state: SummonGame, new: sm.SummonState, ctx: Context, lines: list[str],
                private: Reply | None = None) -> Outcome:
        """The outcome of an engine action: the new state, what happened in words, the result recorded."""
        after = state.model_copy(update={"game": new, "stage": "over" if new.phase == "over" else "play"})
        said = "\n".join(lines)
        if new.phase != "over":
            return Outcome(after, said, private=private)
        record = None if state.tutorial else recorder(after, ctx)  # leaving the tutorial is no loss
        return Outcome(after, said, finished=True, on_saved=record, private=private)

    @step(Accept)
    def _accept(self, state: SummonGame, action: Accept, ctx: Context) -> Outcome:
        _answering(state, ctx, N_("Accept: this challenge was already answered."),
                   N_("Accept: only {name} can accept this challenge."))
        d0, n0 = deck_for(ctx.db, state.seats[0].user_id or 0, state.seed, who=words("{name}'s", name=state.name(0)))
        d1, n1 = deck_for(ctx.db, ctx.user_id or 0, state.seed)
        game = sm.new_game(state.seed, d0, d1)
        seats = [state.seats[0].model_copy(update={"deck": n0}), state.seats[1].model_copy(update={"deck": n1})]
        new = state.model_copy(update={"stage": "play", "game": game, "seats": seats})
        return Outcome(new, words("{name} accepted. The draw: {first}.", name=state.name(1),
                                  first=narrate.places_first(new, game.first)))

    @step(Decline)
    def _decline(self, state: SummonGame, action: Decline, ctx: Context) -> Outcome:
        _answering(state, ctx, N_("Decline: this challenge was already answered."),
                   N_("Decline: only {name} can answer this challenge."))
        return Outcome(state.model_copy(update={"stage": "over", "ended": "declined"}),
                       words("{name} declined the challenge.", name=state.name(1)), finished=True)

    @step(Place)
    def _place(self, state: SummonGame, action: Place, ctx: Context) -> Outcome:
        return self._placing(state, action.piece, action.rotation, action.cell, ctx)

    @step(PlaceNamed)
    def _place_named(self, state: SummonGame, action: PlaceNamed, ctx: Context) -> Outcome:
        st, me = self._player(state, ctx, "Place")
        wanted = action.name.strip().lower()
        uid = next((h.uid for h in st.players[me].hand
                    if wanted in (h.card, sm.card(h.card).name.lower(), words(sm.card(h.card).name).lower())), None)
        if uid is None:
            raise GameError(words("Place: {piece} is not in your hand — pick a piece from the list.",
                                  piece=repr(action.name.strip())))
        return self._placing(state, uid, action.rotation, action.cell, ctx)

    def _placing(self, state: SummonGame, piece: int, rotation: int, cell: Cell, ctx: Context) -> Outcome:
        st, me = self._player(state, ctx, "Place")
        where = cell_name(cell.col, cell.row)
        place = sm.Place(player=me, piece=piece, rotation=rotation, col=cell.col, row=cell.row)
        try:
            new = sm.apply(st, place)
        except RuleError as exc:
            raise refusal(words("Place {cell}", cell=at_cell(cell.col, cell.row)), exc, state, where) from None
        lines = narrate.event_lines(state, new.events)
        said = narrate.event_lines(state, new.events, you=me, past=True)[0]
        if state.tutorial:
            after, verdict = tutorial.after_placement(state, new, ctx.db)
            told = views.after_placing(after, me, f"{said} {verdict}")
            return Outcome(after, "\n".join([*lines, verdict]), private=told)
        private: Reply | None = None
        if ctx.seat != AI:
            after = state.model_copy(update={"game": new})
            private = views.after_placing(after, me, said)
        return self._played(state, new, ctx, lines, private)

    @step(Pass)
    def _pass(self, state: SummonGame, action: Pass, ctx: Context) -> Outcome:
        st, me = self._player(state, ctx, "Pass")
        if state.tutorial:
            raise GameError(tutorial.passing_refused())
        try:
            new = sm.apply(st, sm.Pass(player=me))
        except RuleError as exc:
            raise refusal("Pass", exc, state) from None
        return self._played(state, new, ctx, narrate.event_lines(state, new.events))

    @step(Surrender)
    def _surrender(self, state: SummonGame, action: Surrender, ctx: Context) -> Outcome:
        st, me = self._player(state, ctx, "Surrender")
        new = sm.apply(st, sm.Surrender(player=me))
        return self._played(state, new, ctx, narrate.event_lines(state, new.events))

    # --- private views --------------------------------------------------------------------------

    @view(ShowHand)
    def _hand(self, state: SummonGame, action: ShowHand, ctx: Context) -> Reply:
        self._playing(state, "Your hand")
        me = self._seat(state, ctx)
        if me is None:
            raise GameError(words("Your hand: only the players see their own hands."))
        return views.hand(state, me, action)

    @view(PreviewPlacement)
    def _preview(self, state: SummonGame, action: PreviewPlacement, ctx: Context) -> Reply:
        st, me = self._player(state, ctx, "Preview")
        return views.preview(state, me, action)

    @view(AskSurrender)
    def _surrender_question(self, state: SummonGame, action: AskSurrender, ctx: Context) -> Reply:
        self._player(state, ctx, "Surrender")
        return views.surrender_question()

    def profile_lines(self, progress: dict) -> list[str]:
        return profile_lines(progress)


def _answering(state: SummonGame, ctx: Context, answered: str, only: str) -> None:
    """A challenge is answered once, by the member challenged: GameError, worded `answered` or `only`, if not."""
    if state.stage != "challenge":
        raise GameError(words(answered))
    if ctx.user_id != state.seats[1].user_id:
        raise GameError(words(only, name=state.name(1)))


__all__ = ["CHALLENGE_SECONDS", "Summon"]
