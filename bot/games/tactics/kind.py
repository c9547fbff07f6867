"""Tactics in the bot: the duo's fights, the hero piloted by the player and the companion by a friend,
the planner (`auto`) or a language model (`model`), in timed duo phases.

This module is the rules glue: who is due, the board, the phase's clock. The fighters' steps are in
turns.py, the pilot's in piloting.py, what a change brings in changes.py (kept as notes, notes.py), the
result board's follow-ups in followups.py, the private views in views.py, the words in text.py (a note's
in note_words.py, the result's in closing.py), starting fights in fights.py, progress in progress.py. A
fight's session ends with its result (it leaves the running games at once); the result board's Next fight
and Retry start the next fight in a new thread (the cog's own buttons). The duo phase lasts the server's
timer (30 s by default) from the moment it opens; whoever has not finished then passes. The companion's
pilot decides within 10 s of the phase opening; with no model configured for a `model` pilot, the phase
closes 10 s after it opened once only the companion is left (engine `phase_timer`).
"""
from __future__ import annotations

from collections.abc import Hashable
from datetime import date, timedelta

import engine.tactics as tx
from bot.core.kinds import Context, GameKind, Outcome, Seat
from bot.core.reply import Button, Link, Picture, Reply, Style
from bot.render.kept import drawn_once
from bot.words import N_, words
from db.games import GameRecord
from db.store import Store

from . import fights, names, tutorial
from .actions import (
    CODE_OF,
    Accept,
    Decline,
    Pass,
    ShowMap,
    ShowSkills,
    ShowTurns,
    StartSolo,
    Tutorial,
    WhatHappened,
)
from .closing import RESULTS, goal_line
from .followups import FollowUps
from .invitation import Invitation, opened, solo
from .notes import Answer, TimeUp
from .piloting import PilotSteps
from .plans import planned_turns
from .progress import daily_status, load_record, profile_lines
from .recap import lines_of, render_recap
from .render import render_board
from .room import fit
from .session import (
    INVITE_SECONDS,
    KEY,
    PILOT_SECONDS,
    Choices,
    TacticsSession,
    due,
    member_actor,
)
from .text import board_message, picture_words
from .turns import TurnSteps
from .views import TacticsViews, turn_button

ALT_MOST = 1024  # characters Discord keeps of a picture's description

__all__ = ["KEY", "Choices", "PILOT_SECONDS", "Tactics", "TacticsSession"]
FOLLOW_UPS: tuple[tuple[str, str, Style], ...] = ((N_("Next fight"), "next", "success"),
                                                  (N_("Retry"), "retry", "primary"))


def follow_up_id(what: str, game_id: int) -> str:
    """The custom id of a finished fight's Next fight / Retry button (answered by the tactics cog)."""
    return f"tactics-{what}:{game_id}"


class Tactics(GameKind[TacticsSession], TurnSteps, PilotSteps, FollowUps, TacticsViews, Invitation):
    state_model = TacticsSession
    key = KEY
    title = N_("Tactics")
    blurb = N_("a hero and a companion against telegraphing strays on a 13×9 board — `/tactics campaign`, "
             "`/tactics tutorial`, `/tactics daily`, `/tactics fight`")

    def thread_name(self, state: TacticsSession, player_name: str) -> str:
        if state.tutorial:
            return words("Tactics tutorial · {player}", player=player_name)
        return words("Tactics · {fight} · {player}", fight=names.fight_name(state.fight), player=player_name)

    def replaceable(self, state: TacticsSession) -> bool:
        return state.over

    def is_over(self, state: TacticsSession) -> bool:
        return state.over

    def phase(self, state: TacticsSession) -> Hashable:
        """The fight's phase as the core's clock and live board see it: a new value opens a new phase."""
        return state.fight.round, state.fight.phase, state.invite, state.over, state.tutorial

    # --- who acts -------------------------------------------------------------------------------

    def seats(self, state: TacticsSession, game: GameRecord) -> tuple[Seat, ...] | None:
        if state.invite or state.over:
            return None  # any of the game's players; the steps say who may do what
        if state.tutorial:  # the companion plays inside the hero's step: no pilot, no clock
            return (state.player,) if due(state.fight, "hero") else ()
        seats: list[Seat] = []
        if due(state.fight, "hero"):
            seats.append(state.player)
        if due(state.fight, "companion"):
            if state.pilot == "friend" and state.friend is not None:
                seats.append(state.friend)
            elif state.pilot == "auto":
                seats.append("auto")
            elif state.model:
                seats.append("model")
        return tuple(seats)

    def fallback(self, state: TacticsSession, seat: str) -> Pass:
        return Pass()

    def pilot_seconds(self, state: TacticsSession, seat: str, ctx: Context) -> float:
        """What is left of the companion's 10 s since its phase opened (a restart does not reset it)."""
        if state.phase_opened is None:
            return PILOT_SECONDS
        return max(0.0, PILOT_SECONDS - (ctx.now - state.phase_opened).total_seconds())

    # --- showing ------------------------------------------------------------------------------

    def board(self, state: TacticsSession, game: GameRecord) -> Reply:
        f = state.fight
        # The alt text is the board in words: the whole text view where it fits, else its fighters and
        # telegraphs (Discord keeps 1,024 characters of a picture's description).
        picture = Picture(drawn_once(render_board, f), "tactics.png", fit(picture_words(f), ALT_MOST))
        links = tuple(Link(words(label), follow_up_id(what, game.id), style) for label, what, style in FOLLOW_UPS) \
            if state.over else ()
        title = words("{fight}: {result} in round {round}", fight=names.fight_name(f),
                      result=words(RESULTS[f.result]) if f.result else "", round=min(f.round, 10))
        recap = (Picture(drawn_once(render_recap, title, lines_of(f)), "tactics-recap.png",
                         words("Each fighter's HP round by round, downs crossed")),) if state.over else ()
        text, more_to_tell = board_message(state)
        return Reply(text, picture, self._buttons(state, more_to_tell), links=links, extra_pictures=recap)

    def _buttons(self, state: TacticsSession, more_to_tell: bool) -> tuple[Button, ...]:
        """The board's buttons; `more_to_tell`: the strays' full list says more than the board (board_message)."""
        if state.invite:
            return (Button(words("Accept"), Accept(), "success"), Button(words("Decline"), Decline(), "danger"),
                    Button(words("Start with auto"), StartSolo()))
        if state.over:
            return ()
        actor = member_actor(state)
        if actor is None:
            return ()
        code = CODE_OF[actor]
        buttons = [turn_button(i, t, code) for i, t in enumerate(planned_turns(state.fight, actor))]
        row = 2
        buttons.append(Button(words("Pass ({name})", name=names.fighter(state.fight.get(actor).name)), Pass(code),
                              "danger", row=row))
        buttons.append(Button(words("Skill previews"), ShowSkills(code), row=row))
        if actor == "hero" and state.pilot == "friend" and due(state.fight, "companion"):
            buttons.append(Button(words("{name}'s turns", name=names.fighter(state.fight.get("companion").name)),
                                  ShowTurns("c"), row=row))
        if more_to_tell:
            buttons.append(Button(words("What happened"), WhatHappened(), row=row))
        if tutorial.offered(state):
            buttons.append(Button(words("Tutorial (no timer)"), Tutorial(), "success", row=row))
        buttons.append(Button(words("Text map"), ShowMap(), row=row))
        return tuple(buttons)

    def example_picture(self) -> Picture:
        fight = tx.new_fight("c01", 1, "Tidecaller", "Cindle")
        return Picture(render_board(fight), "tactics-example.png",
                       words("A tactics board: the duo on the west edge, strays to the east with their telegraphs"))

    # --- the fight's steps ----------------------------------------------------------------------------
    # --- timers ----------------------------------------------------------------------------------------

    def deadline_seconds(self, state: TacticsSession, ctx: Context) -> float | None:
        if state.tutorial:
            return None  # a tutorial step waits for its reader
        if state.invite:
            return INVITE_SECONDS
        if state.over:
            return None
        length = max(30, ctx.timer_seconds or 30)
        connected = not (state.pilot == "model" and not state.model)
        seconds = tx.phase_timer(state.fight, connected, length)
        opened = state.phase_opened or ctx.now
        return max(0.0, seconds - (ctx.now - opened).total_seconds())

    def resumed(self, state: TacticsSession, away: timedelta) -> TacticsSession:
        """The phase's clock (and its pilot's 10 s) moved on by the time the bot was stopped."""
        if state.phase_opened is None:
            return state
        return state.model_copy(update={"phase_opened": state.phase_opened + away})

    def timeout(self, state: TacticsSession, ctx: Context) -> Outcome | None:
        """The phase ran out: exactly the fighters still due in it pass (nothing reaches the next round)."""
        if state.invite:
            unanswered = Answer(answer="unanswered", friend=state.friend, minutes=INVITE_SECONDS // 60)
            return Outcome(opened(solo(state, ctx), unanswered), "",
                           leaves=(state.friend,) if state.friend is not None else ())
        if state.over:
            return Outcome(state, words("This fight's thread is closed. Start another with `/tactics campaign`."),
                           finished=True)
        passing = tx.due_now(state.fight)   # exactly these pass: the engine's own time-out (play_timeout)
        if not passing:
            return None
        result = tx.play_timeout(state.fight)
        unpiloted = [fid for fid in passing if fid == "companion" and state.pilot == "model" and not state.model]
        return self._advance(state, result, ctx, TimeUp(passing=list(passing), unpiloted=unpiloted))

    # --- what the commands and the core ask for ------------------------------------------------------

    def new_daily(self, day: date, user_id: int, db: Store) -> TacticsSession:
        """The daily from the daily post: the player's remembered duo and pilot (auto at first)."""
        pilot = load_record(db, user_id).pilot
        pilot = pilot if pilot in ("model", "auto") else "auto"
        return fights.new_daily_fight(db, user_id, day, Choices(pilot=pilot, model_configured=pilot == "model"))[0]

    def profile_lines(self, progress: dict) -> list[str]:
        return profile_lines(progress)

    def daily(self, day: date) -> str | None:
        enc = tx.daily_encounter(day)
        goal = goal_line(enc)
        return words("{goal}, {n} strays — one counted attempt (`/tactics daily`).", goal=goal, n=len(enc.pack))

    def daily_status(self, day: date, db: Store, user_id: int) -> str | None:
        return daily_status(day, db, user_id)
