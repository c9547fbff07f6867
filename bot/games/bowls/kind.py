"""Bowls in the bot: select a bowl, confirm to sow; undo, pause, end; progress, bests and themes.

The seed's move is two steps: selecting a bowl shows its stones (and the forecast when it is on);
only confirming sows. The selection is part of the saved session, so a restart keeps it too.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date

import engine.bowls as bowls
from bot.core.kinds import Context, GameError, GameKind, Outcome, step, view
from bot.core.progress import save_progress
from bot.core.reply import Button, Picture, Reply, Style
from bot.render.kept import drawn_once
from bot.words import N_, words
from db import daily as daily_store
from db import players
from db.games import GameRecord
from db.store import Store
from engine.bowls.progress import PlayerRecord, record_move
from engine.errors import RuleError

from . import starting
from . import text as said
from .actions import AskUndo, EndAttempt, Forecast, Pause, Pick, Resume, Sow, TextBoard, Theme, Undo
from .board_text import text_board
from .render import render_board
from .session import KEY, BowlsSession, load_record, new_session
from .starting import choose_theme

BOWL_EMOJI = {"volcano": "🌋", "frozen": "❄️", "reverse": "↩️"}


class Bowls(GameKind[BowlsSession]):
    state_model = BowlsSession
    key = KEY
    title = N_("Bowls")
    blurb = N_("sow stones round 12 bowls and chain matches through volcanoes — `/bowls puzzle`, "
             "`/bowls endless`, `/bowls daily`")

    def thread_name(self, state: BowlsSession, player_name: str) -> str:
        return words("Bowls · {title} · {player}", title=said.title(state.game), player=player_name)

    def replaceable(self, state: BowlsSession) -> bool:
        return state.game.over

    # --- showing ------------------------------------------------------------------------------

    def board(self, state: BowlsSession, game: GameRecord) -> Reply:
        g = state.game
        lines = [f"**{said.status_line(g)}**", said.goal_text(g)]
        intro = _intro(g)
        if intro:  # the first puzzle with a modifier says what it does
            lines.append(words("New here — {intro}", intro=said.intro(intro)))
        if state.selected is not None:
            stones = " ".join(said.letter(c) for c in g.bowls[state.selected - 1]) or "-"
            line = words("Selected bowl {bowl}: {stones} (oldest first). Confirm to sow.", bowl=state.selected,
                         stones=stones)
            if g.forecast:
                line += "\n" + words("Forecast: {forecast}", forecast=said.describe(bowls.forecast(g, state.selected)))
            lines.append(line)
        elif g.over:
            lines.append(self._over_line(g))
        elif g.paused:
            lines.append(words("Paused: press Resume (or `/bowls endless`) to carry on."))
        else:
            lines.append(words("Pick a bowl, then confirm. `/bowls sow bowl:` does both at once."))
        # The picture's alt text is the whole board in words, for screen readers; Text board shows it.
        picture = Picture(drawn_once(render_board, g), "bowls.png", said.render_text(g))
        return Reply("\n".join(lines), picture, self._buttons(state))

    @view(TextBoard)
    def _text_board(self, state: BowlsSession, action: TextBoard, ctx: Context) -> Reply:
        return Reply(text_board(state.game))

    @staticmethod
    def _over_line(g: bowls.BowlsGame) -> str:
        if g.outcome == "won":
            return words("Puzzle solved! Start another with `/bowls puzzle`.")
        if g.outcome == "ended":
            return words("Attempt ended.")
        if g.practice and g.mode != "puzzle":
            return words("The attempt is over (practice: it does not count). Undo to try another plan, or End to "
                         "close it.")
        return words("The attempt is over. Undo to try another plan, or End to close it.")

    @staticmethod
    def _buttons(state: BowlsSession) -> tuple[Button, ...]:
        g = state.game
        legal = set(bowls.legal_bowls(g))
        flags = {kind: set(g.flags(kind)) for kind in BOWL_EMOJI}
        buttons = []
        for n in range(1, 13):
            emoji = next((e for kind, e in BOWL_EMOJI.items() if n in flags[kind]), None)
            style: Style = "primary" if state.selected == n else "secondary"
            buttons.append(Button(str(n), Pick(n), style, disabled=n not in legal, emoji=emoji,
                                  row=(n - 1) // 4))
        can_sow = state.selected is not None and state.selected in legal
        buttons.append(Button(words("Sow {bowl}", bowl=state.selected) if can_sow else words("Sow"), Sow(), "success",
                              disabled=not can_sow, row=3))
        # In endless and daily the first undo makes the attempt practice: the button asks first.
        undo = AskUndo() if g.mode != "puzzle" and not g.practice else Undo()
        buttons.append(Button(words("Undo"), undo, disabled=not g.history or g.outcome == "ended", row=3))
        if g.mode == "endless" and not g.over:
            pause = Button(words("Resume"), Resume(), row=3) if g.paused else Button(words("Pause"), Pause(), row=3)
            buttons.append(pause)
        buttons.append(Button(words("End"), EndAttempt(), "danger", row=3))
        buttons.append(Button(words("Text board"), TextBoard(), row=3))
        return tuple(buttons)

    # --- acting -------------------------------------------------------------------------------

    @step(Pick)
    def _pick(self, state: BowlsSession, action: Pick, ctx: Context) -> Outcome:
        bowl = _bowl_number(action.bowl)
        if bowl not in bowls.legal_bowls(state.game):
            with _refusal(words("Bowl {bowl}", bowl=bowl), state.game, bowl):
                bowls.forecast(state.game, bowl)  # raises the engine's reason (empty, frozen, over, paused)
        return Outcome(state.model_copy(update={"selected": bowl}), words("Selected bowl {bowl}.", bowl=bowl))

    @step(Sow)
    def _sow(self, state: BowlsSession, action: Sow, ctx: Context) -> Outcome:
        bowl = _bowl_number(action.bowl) if action.bowl is not None else state.selected
        if bowl is None:
            raise GameError(words("Sow: select a bowl first (or use `/bowls sow bowl:`)."))
        before = state.game
        with _refusal(words("Sow bowl {bowl}", bowl=bowl), before, bowl):
            after, report = bowls.sow(before, bowl)
        told = said.describe(report)  # the board below adds what to do next when the attempt is over
        combo = 0 if report.player.overflow else report.player.combo
        told += self._unlocks(before, after, ctx, combo)
        return Outcome(BowlsSession(game=after), told, finished=after.outcome == "won",
                       on_saved=self._recorder(before, after, ctx, combo))

    @staticmethod
    def _unlocks(before: bowls.BowlsGame, after: bowls.BowlsGame, ctx: Context, combo: int) -> str:
        """The themes this move unlocks, said once: on the move that earns them."""
        if ctx.user_id is None:
            return ""
        record = load_record(ctx.db, ctx.user_id)
        new = [t for t in record_move(record, before, after, combo).player.themes() if t not in record.themes()]
        return "\n" + words("New theme unlocked: {themes} (`/bowls theme`).",
                            themes=words(", ").join(said.theme_name(t) for t in new)) if new else ""

    @step(Undo)
    def _undo(self, state: BowlsSession, action: Undo, ctx: Context) -> Outcome:
        with _refusal(words("Undo"), state.game):
            new = bowls.undo(state.game)
        done = words("Undid the last move. This attempt is now practice: it will not count.") \
            if new.practice and not state.game.practice else words("Undid the last move.")
        return Outcome(BowlsSession(game=new), done)

    @view(AskUndo)
    def _ask_undo(self, state: BowlsSession, action: AskUndo, ctx: Context) -> Reply:
        return Reply(words("Undo turns this attempt into **practice**: it will no longer count for your best or "
                           "today's daily. Undo anyway?"),
                     buttons=(Button(words("Undo, as practice"), Undo(), "danger"),))

    @step(Pause)
    def _pause(self, state: BowlsSession, action: Pause, ctx: Context) -> Outcome:
        if state.game.mode != "endless":
            raise GameError(words("Pause: only an endless attempt can be paused."))
        with _refusal(words("Pause"), state.game):
            return Outcome(BowlsSession(game=bowls.pause(state.game)), words("Paused. Your attempt is saved."))

    @step(Resume)
    def _resume(self, state: BowlsSession, action: Resume, ctx: Context) -> Outcome:
        if not state.game.paused:
            raise GameError(words("Resume: this attempt is not paused."))
        with _refusal(words("Resume"), state.game):
            return Outcome(BowlsSession(game=bowls.resume(state.game)), words("Resumed."))

    @step(EndAttempt)
    def _end(self, state: BowlsSession, action: EndAttempt, ctx: Context) -> Outcome:
        g = state.game
        with _refusal(words("End"), g):
            ended = bowls.end_attempt(g)
        return Outcome(BowlsSession(game=ended), self._ending_words(g, ended), finished=True,
                       on_saved=self._recorder(g, ended, ctx))

    @step(Theme)
    def _theme(self, state: BowlsSession, action: Theme, ctx: Context) -> Outcome:
        match = choose_theme(load_record(ctx.db, ctx.player), action.name)
        return Outcome(BowlsSession(game=bowls.set_theme(state.game, match), selected=state.selected),
                       words("Theme: {theme}.", theme=said.theme_name(match)),
                       on_saved=lambda: self.save_preferences(ctx.db, ctx.user_id, ctx.now, theme=match))

    @step(Forecast)
    def _forecast(self, state: BowlsSession, action: Forecast, ctx: Context) -> Outcome:
        on = action.setting == "on"
        return Outcome(BowlsSession(game=bowls.set_forecast(state.game, on), selected=state.selected),
                       words("Move forecast on.") if on else words("Move forecast off."),
                       on_saved=lambda: self.save_preferences(ctx.db, ctx.user_id, ctx.now, forecast=on))

    @staticmethod
    def _recorder(before: bowls.BowlsGame, after: bowls.BowlsGame, ctx: Context, combo: int = 0):
        """Progress to write once the move is saved: the engine decides what it earned; this stores it."""
        def record() -> None:
            user = ctx.user_id
            if user is None:
                return
            earned = record_move(load_record(ctx.db, user), before, after, combo)
            save_progress(ctx.db, user, KEY, earned.player, ctx.now)
            if earned.daily_day is not None and earned.daily_score is not None:
                daily_store.record_result(ctx.db, user, KEY, earned.daily_day, earned.daily_score, False, ctx.now)
            if earned.xp:
                players.add_xp(ctx.db, user, earned.xp, ctx.now)
        return record

    @staticmethod
    def _ending_words(before: bowls.BowlsGame, ended: bowls.BowlsGame) -> str:
        if before.mode != "puzzle" and not before.practice:
            return words("Attempt ended with {score} points; it counts towards your best.", score=ended.score)
        return words("Attempt ended.")

    # --- what the commands ask for --------------------------------------------------------------

    save_preferences = staticmethod(starting.save_preferences)
    new_puzzle = staticmethod(starting.new_puzzle)
    new_endless = staticmethod(starting.new_endless)
    resumable = staticmethod(starting.resumable)
    puzzle_choices = staticmethod(starting.puzzle_choices)
    theme_choices = staticmethod(starting.theme_choices)
    pick_theme = staticmethod(starting.pick_theme)
    theme_preview = staticmethod(starting.theme_preview)

    def example_picture(self) -> Picture:
        return Picture(render_board(bowls.new_puzzle(1)), "bowls-example.png",
                       words("A bowls board: twelve bowls in a circle, each with its queue of stones"))

    # --- profile and daily --------------------------------------------------------------------

    def profile_lines(self, progress: dict) -> list[str]:
        if not progress:
            return []
        p = PlayerRecord.model_validate(progress)
        r = p.record
        return [words("Puzzles won: {won}/100 · best combo {combo}", won=r.puzzles_won, combo=r.best_combo),
                words("Best endless {endless} · best daily {daily} · dailies {dailies}", endless=r.best_endless,
                      daily=r.best_daily, dailies=r.dailies_finished),
                words("Themes: {themes}", themes=words(", ").join(said.theme_name(t) for t in p.themes()))]

    def daily(self, day: date) -> str | None:
        return words("20 moves on today's board, the same for everyone (`/bowls daily`).")

    def daily_status(self, day: date, db: Store, user_id: int) -> str | None:
        best = daily_store.best_result(db, user_id, KEY, day)
        return None if best is None else words("played — your best today is {best}", best=best)

    def new_daily(self, day: date, user_id: int, db: Store) -> BowlsSession:
        return new_session(bowls.new_daily(day), load_record(db, user_id))


def _intro(g: bowls.BowlsGame) -> str | None:
    if g.mode != "puzzle" or not g.puzzle_id:
        return None
    try:
        return bowls.get_puzzle(g.puzzle_id).intro
    except (LookupError, ValueError):
        return None


def _bowl_number(bowl: int) -> int:
    if not 1 <= bowl <= 12:
        raise GameError(words("Bowls are numbered 1–12, not {bowl}.", bowl=bowl))
    return bowl


@contextmanager
def _refusal(step_name: str, game: bowls.BowlsGame, bowl: int | None = None) -> Iterator[None]:
    """The engine's refusal, as a GameError naming the step and saying why in the reader's words."""
    try:
        yield
    except RuleError as exc:
        raise GameError(words("{step}: {reason}", step=step_name, reason=said.refusal(exc, game, bowl))) from None
