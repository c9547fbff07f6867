"""Bowls in the bot: select a bowl, confirm to sow; undo, pause, end; progress, bests and themes.

The seed's move is two steps: selecting a bowl shows its stones (and the forecast when it is on);
only confirming sows. The selection is part of the saved session, so a restart keeps it too.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime

from pydantic import BaseModel

import engine.bowls as bowls
from bot.core.kinds import Context, GameError, GameKind, Outcome, step, view
from bot.core.progress import load_progress, save_progress
from bot.core.reply import Button, Picture, Reply, Style
from bot.render.kept import drawn_once
from bot.words import N_
from db import daily as daily_store
from db import players
from db.games import GameRecord
from db.store import Store
from engine.bowls.progress import PlayerRecord, record_move

from .actions import AskUndo, EndAttempt, Forecast, Pause, Pick, Resume, Sow, TextBoard, Theme, Undo
from .render import STONE_NAMES, STONE_SYMBOLS, render_board

KEY = "bowls"
BOWL_EMOJI = {"volcano": "🌋", "frozen": "❄️", "reverse": "↩️"}
CODE_WIDTH = 40  # a code block does not wrap on a phone: no line of the text board is wider


class BowlsSession(BaseModel):
    """What the bot saves: the engine's attempt plus the bowl the player has selected."""
    game: bowls.BowlsGame
    selected: int | None = None


def load_record(db: Store, user_id: int) -> PlayerRecord:
    return load_progress(db, user_id, KEY, PlayerRecord)


def new_session(game: bowls.BowlsGame, progress: PlayerRecord) -> BowlsSession:
    """A fresh attempt in the player's theme and forecast preference."""
    theme = progress.theme if progress.theme in progress.themes() else "Simple"
    return BowlsSession(game=bowls.set_forecast(bowls.set_theme(game, theme), progress.forecast))


class Bowls(GameKind[BowlsSession]):
    key = KEY
    title = N_("Bowls")
    blurb = N_("sow stones round 12 bowls and chain matches through volcanoes — `/bowls puzzle`, "
             "`/bowls endless`, `/bowls daily`")

    def load(self, text: str) -> BowlsSession:
        return BowlsSession.model_validate_json(text)

    def thread_name(self, state: BowlsSession, player_name: str) -> str:
        from engine.bowls.text import title

        return f"Bowls · {title(state.game)} · {player_name}"

    def replaceable(self, state: BowlsSession) -> bool:
        return state.game.over

    # --- showing ------------------------------------------------------------------------------

    def board(self, state: BowlsSession, game: GameRecord) -> Reply:
        g = state.game
        lines = [f"**{bowls.text.status_line(g)}**", bowls.goal_text(g)]
        intro = _intro(g)
        if intro:  # the first puzzle with a modifier says what it does
            lines.append(f"New here — {intro}")
        if state.selected is not None:
            stones = " ".join(g.bowls[state.selected - 1]) or "-"
            line = f"Selected bowl {state.selected}: {stones} (oldest first). Confirm to sow."
            if g.forecast:
                line += f"\nForecast: {bowls.describe(bowls.forecast(g, state.selected))}"
            lines.append(line)
        elif g.over:
            lines.append(self._over_line(g))
        elif g.paused:
            lines.append("Paused: press Resume (or `/bowls endless`) to carry on.")
        else:
            lines.append("Pick a bowl, then confirm. `/bowls sow bowl:` does both at once.")
        # The picture's alt text is the whole board in words, for screen readers; Text board shows it.
        picture = Picture(drawn_once(render_board, g), "bowls.png", bowls.render_text(g))
        return Reply("\n".join(lines), picture, self._buttons(state))

    @view(TextBoard)
    def _text_board(self, state: BowlsSession, action: TextBoard, ctx: Context) -> Reply:
        return Reply(text_board(state.game))

    @staticmethod
    def _over_line(g: bowls.BowlsGame) -> str:
        if g.outcome == "won":
            return "Puzzle solved! Start another with `/bowls puzzle`."
        if g.outcome == "ended":
            return "Attempt ended."
        note = " (practice: it does not count)" if g.practice and g.mode != "puzzle" else ""
        return f"The attempt is over{note}. Undo to try another plan, or End to close it."

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
        buttons.append(Button(f"Sow {state.selected}" if can_sow else "Sow", Sow(), "success",
                              disabled=not can_sow, row=3))
        # In endless and daily the first undo makes the attempt practice: the button asks first.
        undo = AskUndo() if g.mode != "puzzle" and not g.practice else Undo()
        buttons.append(Button("Undo", undo, disabled=not g.history or g.outcome == "ended", row=3))
        if g.mode == "endless" and not g.over:
            buttons.append(Button("Resume" if g.paused else "Pause", Resume() if g.paused else Pause(), row=3))
        buttons.append(Button("End", EndAttempt(), "danger", row=3))
        buttons.append(Button("Text board", TextBoard(), row=3))
        return tuple(buttons)

    # --- acting -------------------------------------------------------------------------------

    @step(Pick)
    def _pick(self, state: BowlsSession, action: Pick, ctx: Context) -> Outcome:
        bowl = _bowl_number(action.bowl)
        if bowl not in bowls.legal_bowls(state.game):
            with _refusal(f"Bowl {bowl}"):
                bowls.forecast(state.game, bowl)  # raises the engine's reason (empty, frozen, over, paused)
        return Outcome(state.model_copy(update={"selected": bowl}), f"Selected bowl {bowl}.")

    @step(Sow)
    def _sow(self, state: BowlsSession, action: Sow, ctx: Context) -> Outcome:
        bowl = _bowl_number(action.bowl) if action.bowl is not None else state.selected
        if bowl is None:
            raise GameError("Sow: select a bowl first (or use `/bowls sow bowl:`).")
        before = state.game
        with _refusal(f"Sow bowl {bowl}"):
            after, report = bowls.sow(before, bowl)
        said = bowls.describe(report)  # the board below adds what to do next when the attempt is over
        combo = 0 if report.player.overflow else report.player.combo
        said += self._unlocks(before, after, ctx, combo)
        return Outcome(BowlsSession(game=after), said, finished=after.outcome == "won",
                       on_saved=self._recorder(before, after, ctx, combo))

    @staticmethod
    def _unlocks(before: bowls.BowlsGame, after: bowls.BowlsGame, ctx: Context, combo: int) -> str:
        """The themes this move unlocks, said once: on the move that earns them."""
        if ctx.user_id is None:
            return ""
        record = load_record(ctx.db, ctx.user_id)
        new = [t for t in record_move(record, before, after, combo).player.themes() if t not in record.themes()]
        return f"\nNew theme unlocked: {', '.join(new)} (`/bowls theme`)." if new else ""

    @step(Undo)
    def _undo(self, state: BowlsSession, action: Undo, ctx: Context) -> Outcome:
        with _refusal("Undo"):
            new = bowls.undo(state.game)
        note = " This attempt is now practice: it will not count." if new.practice and not state.game.practice else ""
        return Outcome(BowlsSession(game=new), f"Undid the last move.{note}")

    @view(AskUndo)
    def _ask_undo(self, state: BowlsSession, action: AskUndo, ctx: Context) -> Reply:
        return Reply("Undo turns this attempt into **practice**: it will no longer count for your best or "
                     "today's daily. Undo anyway?", buttons=(Button("Undo, as practice", Undo(), "danger"),))

    @step(Pause)
    def _pause(self, state: BowlsSession, action: Pause, ctx: Context) -> Outcome:
        if state.game.mode != "endless":
            raise GameError("Pause: only an endless attempt can be paused.")
        with _refusal("Pause"):
            return Outcome(BowlsSession(game=bowls.pause(state.game)), "Paused. Your attempt is saved.")

    @step(Resume)
    def _resume(self, state: BowlsSession, action: Resume, ctx: Context) -> Outcome:
        if not state.game.paused:
            raise GameError("Resume: this attempt is not paused.")
        with _refusal("Resume"):
            return Outcome(BowlsSession(game=bowls.resume(state.game)), "Resumed.")

    @step(EndAttempt)
    def _end(self, state: BowlsSession, action: EndAttempt, ctx: Context) -> Outcome:
        g = state.game
        with _refusal("End"):
            ended = bowls.end_attempt(g)
        return Outcome(BowlsSession(game=ended), self._ending_words(g, ended), finished=True,
                       on_saved=self._recorder(g, ended, ctx))

    @step(Theme)
    def _theme(self, state: BowlsSession, action: Theme, ctx: Context) -> Outcome:
        match = choose_theme(load_record(ctx.db, ctx.player), action.name)
        return Outcome(BowlsSession(game=bowls.set_theme(state.game, match), selected=state.selected),
                       f"Theme: {match}.",
                       on_saved=lambda: self.save_preferences(ctx.db, ctx.user_id, ctx.now, theme=match))

    @step(Forecast)
    def _forecast(self, state: BowlsSession, action: Forecast, ctx: Context) -> Outcome:
        on = action.setting == "on"
        return Outcome(BowlsSession(game=bowls.set_forecast(state.game, on), selected=state.selected),
                       f"Move forecast {'on' if on else 'off'}.",
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
            return f"Attempt ended with {ended.score} points; it counts towards your best."
        return "Attempt ended."

    # --- what the commands ask for --------------------------------------------------------------

    @staticmethod
    def save_preferences(db: Store, user_id: int | None, now: datetime, **prefs: object) -> None:
        if user_id is None:
            return
        save_progress(db, user_id, KEY, load_record(db, user_id).model_copy(update=prefs), now)

    @staticmethod
    def new_puzzle(db: Store, user_id: int, number: int | None) -> tuple[BowlsSession, str]:
        """A puzzle attempt, `number` or the player's first unsolved puzzle, with its label."""
        record = load_record(db, user_id)
        if number is None:
            number = next((n for n in range(1, 101) if n not in record.won), 1)
        return new_session(bowls.new_puzzle(number), record), f"Bowls puzzle {number}"

    @staticmethod
    def new_endless(db: Store, user_id: int, seed: int) -> BowlsSession:
        return new_session(bowls.new_endless(seed), load_record(db, user_id))

    @staticmethod
    def resumable(state: BowlsSession) -> bool:
        """A paused endless attempt, which `/bowls endless` resumes instead of starting another."""
        return state.game.mode == "endless" and state.game.paused

    @staticmethod
    def puzzle_choices(db: Store, user_id: int, current: str) -> list[tuple[str, int]]:
        won = set(load_record(db, user_id).won)
        found = []
        for p in bowls.all_puzzles():
            label = f"{p.id} · {bowls.text.goal_description(p.goal)} in {p.moves}" + (" ✓" if p.id in won else "")
            if current.strip() in str(p.id) or current.strip().lower() in label.lower():
                found.append((label[:100], p.id))
        return found[:25]

    @staticmethod
    def theme_choices(db: Store, user_id: int, current: str) -> list[tuple[str, str]]:
        unlocked = set(load_record(db, user_id).themes())
        return [(t if t in unlocked else f"{t} (locked)", t)
                for t in bowls.THEME_NAMES if current.lower() in t.lower()][:25]

    @staticmethod
    def pick_theme(db: Store, user_id: int, name: str) -> str:
        return choose_theme(load_record(db, user_id), name)

    @staticmethod
    def theme_preview(name: str) -> Picture | None:
        """How a theme looks, even before it is earned; None for a name that is no theme."""
        locked = theme_named(name)
        if locked is None:
            return None
        sample = bowls.set_theme(bowls.new_puzzle(1), locked)
        return Picture(render_board(sample), "theme.png", f"{locked} theme preview")

    def example_picture(self) -> Picture:
        return Picture(render_board(bowls.new_puzzle(1)), "bowls-example.png",
                       "A bowls board: twelve bowls in a circle, each with its queue of stones")

    # --- profile and daily --------------------------------------------------------------------

    def profile_lines(self, progress: dict) -> list[str]:
        if not progress:
            return []
        p = PlayerRecord.model_validate(progress)
        r = p.record
        return [f"Puzzles won: {r.puzzles_won}/100 · best combo {r.best_combo}",
                f"Best endless {r.best_endless} · best daily {r.best_daily} · dailies {r.dailies_finished}",
                f"Themes: {', '.join(p.themes())}"]

    def daily(self, day: date) -> str | None:
        return "20 moves on today's board, the same for everyone (`/bowls daily`)."

    def daily_status(self, day: date, db: Store, user_id: int) -> str | None:
        best = daily_store.best_result(db, user_id, KEY, day)
        return None if best is None else f"played — your best today is {best}"

    def new_daily(self, day: date, user_id: int, db: Store) -> BowlsSession:
        return new_session(bowls.new_daily(day), load_record(db, user_id))


def text_board(g: bowls.BowlsGame) -> str:
    """The board in words, as narrow as a phone: every bowl's stones oldest first (a bowl's flags on a
    line of their own when they would not fit), then each stone's letter, symbol and name."""
    rows = []
    for line in bowls.render_text(g).splitlines()[2:-1]:
        stones, bracket, flags = line.partition(" [")
        rows += [line] if len(line) <= CODE_WIDTH else [stones, f"    [{flags}"]
    legend = [f"{letter} {STONE_SYMBOLS[letter]} {STONE_NAMES[letter]}" for letter in STONE_NAMES]
    pairs = [f"{a:<14}{b}".rstrip() for a, b in zip(legend[::2], [*legend[1::2], ""])]
    body = "\n".join([*rows, "", *pairs, "oldest stone first"])
    return f"**{bowls.text.status_line(g)}**\n{bowls.goal_text(g)}\n```\n{body}\n```"


def _intro(g: bowls.BowlsGame) -> str | None:
    if g.mode != "puzzle" or not g.puzzle_id:
        return None
    try:
        return bowls.get_puzzle(g.puzzle_id).intro
    except (LookupError, ValueError):
        return None


def theme_named(name: str) -> str | None:
    return next((t for t in bowls.THEME_NAMES if t.lower() == name.strip().lower()), None)


def choose_theme(progress: PlayerRecord, name: str) -> str:
    """The theme's proper name if the player has unlocked it; GameError saying why not otherwise."""
    match = theme_named(name)
    if match is None:
        raise GameError(f"Theme {name!r}: there is no such theme; themes are {', '.join(bowls.THEME_NAMES)}.")
    if match not in progress.themes():
        raise GameError(f"Theme {match}: still locked — {bowls.get_theme(match).unlock} unlocks it.")
    return match


def _bowl_number(bowl: int) -> int:
    if not 1 <= bowl <= 12:
        raise GameError(f"Bowls are numbered 1–12, not {bowl}.")
    return bowl


@contextmanager
def _refusal(step_name: str) -> Iterator[None]:
    """The engine's refusal (or a bad theme or bowl number), as a GameError naming the step."""
    try:
        yield
    except ValueError as exc:
        if isinstance(exc, GameError):
            raise
        raise GameError(f"{step_name}: {exc}") from None
