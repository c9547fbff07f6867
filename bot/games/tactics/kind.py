"""Tactics in the bot: the duo's fights, the hero piloted by the player and the companion by a friend,
the planner (`auto`) or a language model (`model`), in timed duo phases.

This module is the rules glue: who is due, the steps, the phase's clock and what a change brings. The
private views are in views.py, the words in text.py, starting fights in fights.py, progress in
progress.py. A fight's session ends with its result (it leaves the running games at once); the result
board's Next fight and Retry start the next fight in a new thread (the cog's own buttons). The duo
phase lasts the server's timer (30 s by default) from the moment it opens; whoever has not finished
then passes. The companion's pilot decides within 10 s of the phase opening; with no model configured
for a `model` pilot, the phase closes 10 s after it opened once only the companion is left (engine
`phase_timer`).
"""
from __future__ import annotations

import json
from collections.abc import Hashable
from datetime import date, timedelta

import engine.tactics as tx
from bot.companion import CompanionDecision
from bot.companion.coordination import Aim, rebind
from bot.companion.plain import plain
from bot.core.errors import AlreadyDone
from bot.core.kinds import Context, GameError, GameKind, Outcome, Seat, step
from bot.core.reply import Button, Link, Picture, Reply, Style
from bot.render.kept import drawn_once
from bot.words import N_, words
from db.games import GameRecord
from db.store import Store
from engine.tactics.model import events as ev
from engine.tactics.model.steps import EndStep, HoldStep, MoveStep, SkillStep, step_text

from . import fights, tutorial
from .actions import (
    CODE_OF,
    REACTION_WORDS,
    Accept,
    Close,
    Decline,
    End,
    Hold,
    Move,
    NextFight,
    Pass,
    PilotTurn,
    Retry,
    SendTurn,
    ShowMap,
    ShowSkills,
    ShowTurns,
    StartSolo,
    Tell,
    Tutorial,
    TypedTurn,
    UseSkill,
    WhatHappened,
    echo,
)
from .invitation import Invitation, opened, solo
from .offers import offered_turn, offers_kept, turns_now
from .plans import planned_turns
from .progress import daily_status, load_record, profile_lines, recorder, remember
from .recap import lines_of, render_recap
from .render import render_board
from .report import grouped
from .room import fit
from .session import (
    INVITE_SECONDS,
    KEY,
    PILOT_SECONDS,
    SENT_KEPT,
    Choices,
    TacticsSession,
    due,
    fought,
    member_actor,
    mine,
    no_pings,
    refusal,
)
from .text import board_message, closing_lines, goal_line, news_lines, text_view
from .views import TacticsViews, turn_button

ALT_MOST = 1024  # characters Discord keeps of a picture's description

__all__ = ["KEY", "Choices", "PILOT_SECONDS", "Tactics", "TacticsSession"]
FOLLOW_UPS: tuple[tuple[str, str, Style], ...] = (("Next fight", "next", "success"), ("Retry", "retry", "primary"))


def follow_up_id(what: str, game_id: int) -> str:
    """The custom id of a finished fight's Next fight / Retry button (answered by the tactics cog)."""
    return f"tactics-{what}:{game_id}"


class Tactics(GameKind[TacticsSession], TacticsViews, Invitation):
    key = KEY
    title = N_("Tactics")
    blurb = N_("a hero and a companion against telegraphing strays on a 13×9 board — `/tactics campaign`, "
             "`/tactics tutorial`, `/tactics daily`, `/tactics fight`")

    def load(self, text: str) -> TacticsSession:
        return TacticsSession.model_validate_json(text)

    def thread_name(self, state: TacticsSession, player_name: str) -> str:
        if state.tutorial:
            return f"Tactics tutorial · {player_name}"
        return f"Tactics · {state.fight.encounter_name} · {player_name}"

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
        picture = Picture(drawn_once(render_board, f), "tactics.png", fit(text_view(f), ALT_MOST))
        links = tuple(Link(label, follow_up_id(what, game.id), style) for label, what, style in FOLLOW_UPS) \
            if state.over else ()
        recap = (Picture(drawn_once(render_recap, f"{f.encounter_name}: {f.result} in round {min(f.round, 10)}",
                                   lines_of(f)),
                         "tactics-recap.png",
                         "Each fighter's HP round by round, downs crossed"),) if state.over else ()
        text, more_to_tell = board_message(state)
        return Reply(text, picture, self._buttons(state, more_to_tell), links=links, extra_pictures=recap)

    def _buttons(self, state: TacticsSession, more_to_tell: bool) -> tuple[Button, ...]:
        """The board's buttons; `more_to_tell`: the strays' full list says more than the board (board_message)."""
        if state.invite:
            return (Button("Accept", Accept(), "success"), Button("Decline", Decline(), "danger"),
                    Button("Start with auto", StartSolo()))
        if state.over:
            return ()
        actor = member_actor(state)
        if actor is None:
            return ()
        code = CODE_OF[actor]
        buttons = [turn_button(i, t, code) for i, t in enumerate(planned_turns(state.fight, actor))]
        row = 2
        buttons.append(Button(f"Pass ({state.fight.get(actor).name})", Pass(code), "danger", row=row))
        buttons.append(Button("Skill previews", ShowSkills(code), row=row))
        if actor == "hero" and state.pilot == "friend" and due(state.fight, "companion"):
            buttons.append(Button(f"{state.fight.get('companion').name}'s turns", ShowTurns("c"), row=row))
        if more_to_tell:
            buttons.append(Button("What happened", WhatHappened(), row=row))
        if tutorial.offered(state):
            buttons.append(Button(words("Tutorial (no timer)"), Tutorial(), "success", row=row))
        buttons.append(Button("Text map", ShowMap(), row=row))
        return tuple(buttons)

    def example_picture(self) -> Picture:
        fight = tx.new_fight("c01", 1, "Tidecaller", "Cindle")
        return Picture(render_board(fight), "tactics-example.png",
                       "A tactics board: the duo on the west edge, strays to the east with their telegraphs")

    # --- the fight's steps ----------------------------------------------------------------------------

    @step(SendTurn)
    def _send(self, state: TacticsSession, action: SendTurn, ctx: Context) -> Outcome:
        """A ready-made turn from a preview, checked against the fight as it is now: it plays if every
        step still works, even when the board moved on since the preview opened."""
        n, key = action.number, f"{action.fighter}:{action.seq}"
        fid = mine(state, ctx, f"Turn {n}", action.fighter)
        name = state.fight.get(fid).name
        if f"{key}:{n}" in state.sent:
            raise AlreadyDone(f"Turn {n} was already sent: {name} played it.")
        turn = offered_turn(state, fid, key, action)
        if not due(state.fight, fid):
            raise GameError(f"Turn {n}: {name} has already acted this phase; nothing more was played.")
        if turn is None:
            raise GameError(f"Turn {n} was planned for an earlier phase, which is over; nothing was played. "
                            f"{turns_now(state, fid)}")
        try:
            after = tx.play_turn(state.fight, fid, turn.steps)
        except tx.TacticsError as exc:
            where = f"step {exc.step + 1} ({step_text(turn.steps[exc.step])})" if exc.step is not None \
                and exc.step < len(turn.steps) else "it"
            raise GameError(f"Turn {n} no longer works since the board moved on: {where}: {exc.reason}. "
                            f"Nothing was played. {turns_now(state, fid)}") from None
        sent = fought(state, fid, turn.steps).model_copy(update={"sent": [*state.sent, f"{key}:{n}"][-SENT_KEPT:]})
        return self._advance(sent, after, ctx, f"{name}: {turn.label}", private=Reply(f"Sent turn {n}: {turn.summary}"),
                             ready_made=True)

    @step(Pass)
    def _pass(self, state: TacticsSession, action: Pass, ctx: Context) -> Outcome:
        if isinstance(ctx.seat, str):  # a pilot's fallback: it failed or ran out of time
            name = state.fight.get("companion").name
            with refusal(f"{name} passes"):
                after = tx.play_pass(state.fight, "companion")
            return self._advance(state, after, ctx, f"{name} passes: no answer in {PILOT_SECONDS:g} s")
        fid = mine(state, ctx, "Pass", action.fighter)
        name = state.fight.get(fid).name
        with refusal("Pass"):
            after = tx.play_pass(state.fight, fid)
        return self._advance(state, after, ctx, f"{name} passes.")

    @step(End)
    def _end(self, state: TacticsSession, action: End, ctx: Context) -> Outcome:
        return self._steps(state, ctx, "End", [EndStep()], "ends the turn")

    @step(Move)
    def _move(self, state: TacticsSession, action: Move, ctx: Context) -> Outcome:
        return self._steps(state, ctx, f"Move to {action.to}", [MoveStep(to=action.to)], f"moves to {action.to}")

    @step(Hold)
    def _hold(self, state: TacticsSession, action: Hold, ctx: Context) -> Outcome:
        words = REACTION_WORDS[action.reaction]
        return self._steps(state, ctx, f"Hold {words}", [HoldStep(reaction=action.reaction)], f"holds {words}")

    @step(UseSkill)
    def _do(self, state: TacticsSession, action: UseSkill, ctx: Context) -> Outcome:
        fid = mine(state, ctx, "Skill", action.fighter)
        skills = list(tx.kit(state.fight.get(fid).name))
        if action.index >= len(skills) or action.index < 0:
            raise GameError("Skill: this button names no skill of yours; use the skill from a new preview.")
        skill = SkillStep(skill=skills[action.index], at=action.at, toward=action.toward)
        return self._steps(state, ctx, f"{skill.skill} at {action.at}", [skill], step_text(skill))

    @step(TypedTurn)
    def _turn(self, state: TacticsSession, action: TypedTurn, ctx: Context) -> Outcome:
        fid = mine(state, ctx, "Turn")
        try:
            steps = tx.parse_turn_text(state.fight, fid, action.text)
        except tx.TacticsError as exc:
            raise GameError(f"Turn: {exc.reason}. You wrote {echo(action.text)}.") from None
        try:
            after = tx.play_turn(state.fight, fid, steps)
        except tx.TacticsError as exc:
            where = f"step {exc.step + 1} ({step_text(steps[exc.step])})" if exc.step is not None \
                and exc.step < len(steps) else "the turn"
            raise GameError(f"Turn: {where}: {exc.reason}. Nothing was played.") from None
        said = "; ".join(step_text(s) for s in steps)
        return self._advance(fought(state, fid, steps), after, ctx, f"{state.fight.get(fid).name}: {said}")

    def _steps(self, state: TacticsSession, ctx: Context, what: str, steps: list, words: str) -> Outcome:
        fid = mine(state, ctx, what)
        with refusal(what):
            after = tx.play_turn(state.fight, fid, steps)
        return self._advance(fought(state, fid, steps), after, ctx, f"{state.fight.get(fid).name} {words}.")

    @step(PilotTurn)
    def _pilot(self, state: TacticsSession, action: PilotTurn, ctx: Context) -> Outcome:
        """A decision of the companion's pilot (`auto` or `model`): its turn, or a pass with the reason."""
        if ctx.seat not in ("auto", "model"):
            raise GameError("Only the companion's pilot sends its decisions.")
        try:
            data = json.loads(action.decision)
            decision = CompanionDecision.model_validate(data["decision"])
            seq = int(data["seq"])
        except (ValueError, KeyError, TypeError):
            raise GameError("The pilot's decision cannot be read.") from None
        name = state.fight.get("companion").name
        decision = decision.model_copy(update={"say": no_pings(decision.say)})
        if decision.passed:
            with refusal(f"{name} passes"):
                after = tx.play_pass(state.fight, "companion")
            said = decision.line(name)
        else:
            try:
                after = tx.play_turn(state.fight, "companion", decision.steps)
                said = decision.line(name)
            except tx.TacticsError as exc:
                if seq == state.fight.seq:
                    raise GameError(f"{name}'s turn: {exc.reason}") from None
                # The hero acted while the pilot decided: the same aim, or a pass saying why.
                after, said = self._rebound(state, decision, name)
        if decision.notice:
            said += f"\n{decision.notice}"
        heard = {"call": None} if ctx.seat == "model" else {}  # the model's prompt had the player's call
        return self._advance(state.model_copy(update=heard), after, ctx, said)

    @staticmethod
    def _rebound(state: TacticsSession, decision: CompanionDecision, name: str) -> tuple[tx.TurnResult, str]:
        """The companion's chosen turn after the hero moved first: the best turn now with the same aim,
        or a pass that says why (playing together: bot/companion/coordination.py)."""
        aim = Aim.of_decision(decision.aim_foes, decision.aim_support)
        rebound = rebind(state.fight, "companion", decision.steps, aim)
        if rebound.steps is not None:
            with refusal(f"{name}'s turn"):
                return tx.play_turn(state.fight, "companion", rebound.steps), f"{name}: {rebound.note}."
        with refusal(f"{name} passes"):
            return tx.play_pass(state.fight, "companion"), f"{name} passes: {rebound.note}."

    @step(Tell)
    def _tell(self, state: TacticsSession, action: Tell, ctx: Context) -> Outcome:
        """The player's call for the companion's next decision (a model pilot reads it; others do not)."""
        if ctx.user_id != state.player:
            raise GameError("Tell: only the duo's leader can call the companion's play.")
        mine(state, ctx, "Tell")
        name = state.fight.get("companion").name
        if state.pilot == "friend":
            raise GameError(f"Tell: {name} is piloted by <@{state.friend}>; talk to them in the thread.")
        if state.pilot == "auto":
            if state.call_ignored:
                raise GameError(f"Tell: {name} is piloted by auto, which plays the planner's turns and "
                                "does not take calls.")
            said = f"{name} (auto) plays the planner's best turn and does not take calls; nothing was passed on."
            return Outcome(state.model_copy(update={"call_ignored": True, "notes": [*state.notes, said]}), "")
        if not state.model:
            raise GameError(f"Tell: no language model is connected, so {name} passes each phase and reads nothing.")
        call = plain(action.message)  # shown on the public board: cleaned as the model's words are
        told = state.model_copy(update={"call": action.message, "notes": [*state.notes, f"To {name}: \"{call}\""]})
        return Outcome(told, "", private=Reply(f"{name} will read your call at its next decision: \"{call}\""))

    # --- result boards saved before a result ended the session -----------------------------------------

    def _host_only(self, state: TacticsSession, ctx: Context, what: str) -> None:
        if not state.over:
            raise GameError(f"{what}: finish this fight first.")
        if ctx.user_id != state.player:
            raise GameError(f"{what}: only <@{state.player}>, who leads the duo, can.")

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
        self._host_only(state, ctx, "Retry" if isinstance(action, Retry) else "Next fight")
        new, said = fights.follow_up(ctx.db, state, isinstance(action, Retry), ctx.now)
        return Outcome(new, said + ".")

    @step(Close)
    def _close(self, state: TacticsSession, action: Close, ctx: Context) -> Outcome:
        self._host_only(state, ctx, "End")
        return Outcome(state, "The duo heads home. Start another fight any time with `/tactics campaign`.",
                       finished=True)

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
            return Outcome(opened(solo(state, ctx), f"<@{state.friend}> did not answer in {INVITE_SECONDS // 60} "
                                  f"minutes: {state.fight.get('companion').name} is played by auto."), "",
                           leaves=(state.friend,) if state.friend is not None else ())
        if state.over:
            return Outcome(state, "This fight's thread is closed. Start another with `/tactics campaign`.",
                           finished=True)
        fight, said, played = state.fight, [], []
        ran_out = (fight.round, fight.phase)
        for fid in [fid for fid in ("hero", "companion") if due(state.fight, fid)]:
            if (fight.round, fight.phase) != ran_out or fight.result:
                break  # the phase closed with the last pass: the next one is not this time-out's
            name = fight.get(fid).name
            step = tx.play_pass(fight, fid)
            fight = step.state
            played.append(step)
            absent = fid == "companion" and state.pilot == "model" and not state.model
            said.append(f"{name} passes: no model is connected." if absent else f"{name} passes.")
        if not played:
            return None
        events = tuple(e for step in played for e in step.events)
        strays = next((step.strays_phase for step in reversed(played) if step.strays_phase), ())
        result = tx.TurnResult(fight, events, strays, played[-1].outcome)
        return self._advance(state, result, ctx, "Time's up: " + " ".join(said))

    # --- what a change brings ------------------------------------------------------------------------

    def _advance(self, state: TacticsSession, played: tx.TurnResult, ctx: Context, said: str,
                 private: Reply | None = None, ready_made: bool = False) -> Outcome:
        """The session after a change of the fight: its line (what the turn hit, from the engine's events)
        kept on the phase's live board; a new phase's clock (the strays' phase is on the board, from the
        fight's own events); the turns offered on the board just left kept for open previews; the result
        with what it earned; and the player's choices remembered (with the save)."""
        before, after = state.fight, played.state
        turn = played.events[: len(played.events) - len(played.strays_phase)]
        hits = grouped(after, [e for e in turn if not isinstance(e, ev.Moved)], most=4)
        line = said + ("\n→ " + "; ".join(hits) if hits else "")
        if state.tutorial:
            return self._lesson(state, played, ctx, line, private, ready_made)
        update: dict = {"fight": after}
        if after.round != before.round:
            update.update(strays=[], phase_opened=ctx.now, notes=[], closed_by=[line], offered={})
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
            name = after.get("companion").name
            turn = ally.events[: len(ally.events) - len(ally.strays_phase)]
            told = grouped(ally.state, [e for e in turn if not isinstance(e, ev.Moved)], most=4)
            lines.append("; ".join(told) if told else words("{name} waits and watches.", name=name))
            strays = grouped(ally.state, list(ally.strays_phase), most=4)
            lines.extend(["**Strays' phase:** " + "; ".join(strays)] if strays else [])
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
        return f"{goal}, {len(enc.pack)} strays — one counted attempt (`/tactics daily`)."

    def daily_status(self, day: date, db: Store, user_id: int) -> str | None:
        return daily_status(day, db, user_id)
