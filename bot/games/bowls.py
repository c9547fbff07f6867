"""Bowls in the bot: select a bowl, confirm to sow; undo, pause, end; progress, bests and themes.

The seed's move is two steps: selecting a bowl shows its stones (and the forecast when it is on);
only confirming sows. The selection is part of the saved session, so a restart keeps it too.
"""
from __future__ import annotations

from datetime import date
from typing import Optional

import sqlite_utils
from pydantic import BaseModel

import engine.bowls as bowls
from bot.core.kinds import Context, GameError, GameKind, Outcome
from bot.core.reply import Button, Picture, Reply
from db import daily as daily_store
from db import players
from db.games import GameRecord

KEY = "bowls"
WIN_XP = 20          # first win of a puzzle
DAILY_XP = 15        # a counted daily played to its end
ENDLESS_XP_CAP = 30  # endless: a point of XP per 50 points, up to this
BOWL_EMOJI = {"volcano": "🌋", "frozen": "❄️", "reverse": "↩️"}


class BowlsSession(BaseModel):
    """What the bot saves: the engine's attempt plus the bowl the player has selected."""
    game: bowls.BowlsGame
    selected: Optional[int] = None


class BowlsProgress(BaseModel):
    """The player's bowls record in the store."""
    record: bowls.Progress = bowls.Progress()
    won: list[int] = []
    theme: str = "Simple"
    forecast: bool = False

    @classmethod
    def load(cls, db: sqlite_utils.Database, user_id: int) -> BowlsProgress:
        return cls.model_validate(players.get_progress(db, user_id, KEY) or {})

    def save(self, db: sqlite_utils.Database, user_id: int, now) -> None:
        players.save_progress(db, user_id, KEY, self.model_dump(mode="json"), now)

    def themes(self) -> list[str]:
        return bowls.unlocked_themes(self.record)


def new_session(game: bowls.BowlsGame, progress: BowlsProgress) -> BowlsSession:
    """A fresh attempt in the player's theme and forecast preference."""
    theme = progress.theme if progress.theme in progress.themes() else "Simple"
    return BowlsSession(game=bowls.set_forecast(bowls.set_theme(game, theme), progress.forecast))


class Bowls(GameKind):
    key = KEY
    title = "Bowls"
    blurb = ("sow stones round 12 bowls and chain matches through volcanoes — `/bowls puzzle`, "
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
        from bot.render.bowls import render_board

        g = state.game
        lines = [f"**{bowls.text.status_line(g)}**", bowls.goal_text(g)]
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
        # The text board for screen readers, without the status and goal lines already shown above.
        lines.append("```\n" + "\n".join(bowls.render_text(g).splitlines()[2:]) + "\n```")
        picture = Picture(render_board(g), "bowls.png", bowls.text.status_line(g))
        return Reply("\n".join(lines), picture, self._buttons(state))

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
            style = "primary" if state.selected == n else "secondary"
            buttons.append(Button(str(n), f"pick:{n}", style, disabled=n not in legal, emoji=emoji,
                                  row=(n - 1) // 4))
        can_sow = state.selected is not None and state.selected in legal
        buttons.append(Button(f"Sow {state.selected}" if can_sow else "Sow", "sow", "success",
                              disabled=not can_sow, row=3))
        buttons.append(Button("Undo", "undo", disabled=not g.history or g.outcome == "ended", row=3))
        if g.mode == "endless" and not g.over:
            buttons.append(Button("Resume" if g.paused else "Pause", "resume" if g.paused else "pause", row=3))
        buttons.append(Button("End", "end", "danger", row=3))
        return tuple(buttons)

    # --- acting -------------------------------------------------------------------------------

    def act(self, state: BowlsSession, action: str, value: str | None, ctx: Context) -> Outcome:
        g = state.game
        verb, _, arg = action.partition(":")
        try:
            if verb == "pick":
                bowl = _bowl_number(arg)
                if bowl not in bowls.legal_bowls(g):
                    bowls.forecast(g, bowl)  # raises the engine's reason (empty, frozen, over, paused)
                return Outcome(state.model_copy(update={"selected": bowl}), f"Selected bowl {bowl}.")
            if verb == "sow":
                bowl = _bowl_number(arg) if arg else state.selected
                if bowl is None:
                    raise GameError("Sow: select a bowl first (or use `/bowls sow bowl:`).")
                return self._sow(state, bowl, ctx)
            if verb == "undo":
                new = bowls.undo(g)
                note = " This attempt is now practice: it will not count." if new.practice and not g.practice else ""
                return Outcome(BowlsSession(game=new), f"Undid the last move.{note}")
            if verb == "pause":
                return Outcome(BowlsSession(game=bowls.pause(g)), "Paused. Your attempt is saved.")
            if verb == "resume":
                if not g.paused:
                    raise GameError("Resume: this attempt is not paused.")
                return Outcome(BowlsSession(game=bowls.resume(g)), "Resumed.")
            if verb == "end":
                ended = bowls.end_attempt(g)
                return Outcome(BowlsSession(game=ended), self._ending_words(g, ended), finished=True,
                               on_saved=self._recorder(g, ended, ctx))
            if verb == "theme":
                return self._theme(state, arg, ctx)
            if verb == "forecast":
                on = arg == "on"
                return Outcome(BowlsSession(game=bowls.set_forecast(g, on), selected=state.selected),
                               f"Move forecast {'on' if on else 'off'}.",
                               on_saved=lambda: self._save_pref(ctx, forecast=on))
        except bowls.BowlsError as exc:
            raise GameError(f"{_step_name(verb, arg, state)}: {exc}") from None
        except ValueError as exc:  # themes and bowl numbers
            raise GameError(f"{_step_name(verb, arg, state)}: {exc}") from None
        raise GameError(f"Unknown step {action!r}.")

    def _sow(self, state: BowlsSession, bowl: int, ctx: Context) -> Outcome:
        before = state.game
        after, report = bowls.sow(before, bowl)
        said = bowls.describe(report)  # the board below adds what to do next when the attempt is over
        return Outcome(BowlsSession(game=after), said, finished=after.outcome == "won",
                       on_saved=self._recorder(before, after, ctx, 0 if report.player.overflow else report.player.combo))

    def _recorder(self, before: bowls.BowlsGame, after: bowls.BowlsGame, ctx: Context, combo: int = 0):
        """Progress to write once the move is saved: wins, bests, dailies, achievements, XP."""
        def record() -> None:
            user = ctx.user_id
            if user is None:
                return
            progress = BowlsProgress.load(ctx.db, user)
            rec = progress.record.model_copy()
            xp = 0
            counted = not after.practice or after.mode == "puzzle"
            if counted and combo > rec.best_combo:
                rec.best_combo = combo
            if after.outcome == "won" and after.puzzle_id not in progress.won:
                progress.won.append(after.puzzle_id)
                rec.puzzles_won = len(progress.won)
                xp += WIN_XP
            newly_over = after.over and not before.over
            if newly_over and bowls.eligible(after):
                if after.mode == "endless":
                    rec.best_endless = max(rec.best_endless, after.score)
                    xp += min(ENDLESS_XP_CAP, after.score // 50)
                elif after.mode == "daily":
                    rec.best_daily = max(rec.best_daily, after.score)
                    if after.outcome in ("completed", "overflow", "no_moves"):
                        rec.dailies_finished += 1
                    xp += DAILY_XP
                    daily_store.record_result(ctx.db, user, KEY, after.day, after.score, False, ctx.now)
            progress.record = rec
            progress.save(ctx.db, user, ctx.now)
            if xp:
                players.add_xp(ctx.db, user, xp, ctx.now)
        return record

    @staticmethod
    def _ending_words(before: bowls.BowlsGame, ended: bowls.BowlsGame) -> str:
        if before.mode != "puzzle" and not before.practice:
            return f"Attempt ended with {ended.score} points; it counts towards your best."
        return "Attempt ended."

    def _theme(self, state: BowlsSession, name: str, ctx: Context) -> Outcome:
        match = choose_theme(BowlsProgress.load(ctx.db, ctx.user_id), name)
        return Outcome(BowlsSession(game=bowls.set_theme(state.game, match), selected=state.selected),
                       f"Theme: {match}.", on_saved=lambda: self._save_pref(ctx, theme=match))

    @staticmethod
    def _save_pref(ctx: Context, **prefs) -> None:
        progress = BowlsProgress.load(ctx.db, ctx.user_id)
        progress.model_copy(update=prefs).save(ctx.db, ctx.user_id, ctx.now)

    # --- profile and daily --------------------------------------------------------------------

    def profile_lines(self, progress: dict) -> list[str]:
        if not progress:
            return []
        p = BowlsProgress.model_validate(progress)
        r = p.record
        return [f"Puzzles won: {r.puzzles_won}/100 · best combo {r.best_combo}",
                f"Best endless {r.best_endless} · best daily {r.best_daily} · dailies {r.dailies_finished}",
                f"Themes: {', '.join(p.themes())}"]

    def daily(self, day: date) -> str | None:
        return "20 moves on today's board, the same for everyone (`/bowls daily`)."

    def new_daily(self, day: date, user_id: int, db: sqlite_utils.Database) -> BowlsSession:
        return new_session(bowls.new_daily(day), BowlsProgress.load(db, user_id))


def theme_named(name: str) -> str | None:
    return next((t for t in bowls.THEME_NAMES if t.lower() == name.strip().lower()), None)


def choose_theme(progress: BowlsProgress, name: str) -> str:
    """The theme's proper name if the player has unlocked it; GameError saying why not otherwise."""
    match = theme_named(name)
    if match is None:
        raise GameError(f"Theme {name!r}: there is no such theme; themes are {', '.join(bowls.THEME_NAMES)}.")
    if match not in progress.themes():
        raise GameError(f"Theme {match}: still locked — {bowls.get_theme(match).unlock} unlocks it.")
    return match


def _bowl_number(text: str) -> int:
    try:
        bowl = int(text)
    except ValueError:
        raise GameError(f"{text!r} is not a bowl number (1–12).") from None
    if not 1 <= bowl <= 12:
        raise GameError(f"Bowls are numbered 1–12, not {bowl}.")
    return bowl


def _step_name(verb: str, arg: str, state: BowlsSession) -> str:
    if verb == "sow":
        return f"Sow bowl {arg or state.selected}"
    if verb == "pick":
        return f"Bowl {arg}"
    return verb.capitalize()
