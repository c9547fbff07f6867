"""Formation in the bot: fill five slots from the pool, battle, read the replay, earn XP and mastery.

A session walks a sequence of puzzles (the tutorial, a campaign chapter from where the player is, a
daily flight, or a single puzzle); after a win, Next moves on in the same thread.
"""
from __future__ import annotations

from datetime import date

import engine.formation as fm
from bot.core.actions import Action
from bot.core.kinds import Context, GameError, GameKind, Outcome, step, view
from bot.core.processes import elsewhere
from bot.core.progress import save_progress as _save
from bot.core.reply import Button, Option, Picture, Reply, Select
from bot.render.kept import drawn_once
from bot.words import N_, words
from db import players
from db.games import GameRecord
from db.store import Store

from . import battles, starting
from . import text as said
from .actions import (
    EMPTY,
    SLOT_NAMES,
    Battle,
    ChooseSlot,
    Clear,
    EndSession,
    Hint,
    MoreBrief,
    NextPuzzle,
    Place,
    slot_name,
)
from .board import board_text, brief_view, option_words, picture_words
from .board import label as _label
from .refusals import limit_refusal, locked_reason
from .render import render_brief, render_replay
from .session import KEY, FormationSession, LastBattle, load_progress, new_session

_DAILY_FLIGHTS: dict[date, tuple[fm.Puzzle, ...]] = {}  # the flights prepared, one a day


class Formation(GameKind[FormationSession]):
    state_model = FormationSession
    key = KEY
    title = N_("Formation")
    blurb = N_("pick five creatures into two rows and watch the battle — `/formation tutorial`, "
             "`/formation campaign`, `/formation daily`")

    def thread_name(self, state: FormationSession, player_name: str) -> str:
        return words("Formation · {title} · {player}", title=said.title(state.puzzle), player=player_name)

    def replaceable(self, state: FormationSession) -> bool:
        return state.won_current and state.index == len(state.puzzles) - 1

    # --- showing ------------------------------------------------------------------------------

    def board(self, state: FormationSession, game: GameRecord) -> Reply:
        p = state.puzzle
        replay: tuple[Picture, ...] = ()
        if state.last is not None and state.last.fresh:
            # The battle is deterministic and quick: replay it rather than store its log.
            result = battles.battle(p, state.formation)
            replay = (Picture(drawn_once(render_replay, result, p), "replay.gif",
                              words("Replay: {outcome}", outcome=said.outcome_line(result))),)
        brief = Picture(drawn_once(render_brief, p, state.formation), "formation.png", picture_words(state))
        return Reply(board_text(state), brief, self._buttons(state), self._selects(state), replay)

    def _selects(self, state: FormationSession) -> tuple[Select, ...]:
        if state.won_current:
            return ()
        p = state.puzzle
        fixed = set(p.fixed)
        slots = tuple(Option(words("{slot}: {creature}", slot=_label(s), creature=said.creature(state.formation[s])
                                   if s in state.formation else words("empty")), ChooseSlot(s),
                             default=s == state.slot)
                      for s in SLOT_NAMES if s not in fixed)
        selects = [Select(slots, words("Choose a slot to fill"), row=0)]
        if state.slot is not None:
            names = fm.allowed_creatures(p, state.formation, state.slot)
            slot = slot_name(state.slot)
            options = []
            for n in names[:24]:
                label, ability = option_words(fm.CREATURES[n])
                options.append(Option(label, Place(slot, n), ability))
            if state.slot in state.formation:
                options.append(Option(words("(empty this slot)"), Place(slot, EMPTY)))
            if options:
                selects.append(Select(tuple(options), words("Creature for {slot}", slot=_label(state.slot)), row=1))
        return tuple(selects)

    @staticmethod
    def _buttons(state: FormationSession) -> tuple[Button, ...]:
        if state.won_current:
            more = state.index + 1 < len(state.puzzles)
            return (Button(words("Next puzzle"), NextPuzzle(), "success", disabled=not more, row=2),
                    Button(words("More"), MoreBrief(), row=2),
                    Button(words("End"), EndSession(), "danger", row=2))
        full = len(state.formation) == len(fm.SLOTS)
        hints_left = state.hints < fm.hint_count(state.puzzle)
        return (Button(words("Battle"), Battle(), "success", disabled=not full, row=2),
                Button(words("Hint"), Hint(), disabled=not hints_left, row=2),
                Button(words("More"), MoreBrief(), row=2),
                Button(words("Clear"), Clear(), row=2),
                Button(words("End"), EndSession(), "danger", row=2))

    # --- acting -------------------------------------------------------------------------------

    def act(self, state: FormationSession, action: Action, ctx: Context) -> Outcome[FormationSession]:
        if state.last is not None and state.last.fresh:  # the replay is shown once, on the battle's own board
            state = state.model_copy(update={"last": state.last.model_copy(update={"fresh": False})})
        if state.won_current and not isinstance(action, (EndSession, NextPuzzle)):
            raise GameError(words("This puzzle is won: press Next puzzle or End."))
        return super().act(state, action, ctx)

    @view(MoreBrief)
    def _more(self, state: FormationSession, action: MoreBrief, ctx: Context) -> Reply:
        return Reply(brief_view(state)[:1990])

    @step(EndSession)
    def _end(self, state: FormationSession, action: EndSession, ctx: Context) -> Outcome:
        return Outcome(state, words("Formation session ended."), finished=True)

    @step(NextPuzzle)
    def _next(self, state: FormationSession, action: NextPuzzle, ctx: Context) -> Outcome:
        if not state.won_current or state.index + 1 >= len(state.puzzles):
            raise GameError(words("Next: win this puzzle first.") if not state.won_current else
                            words("Next: that was the last puzzle here."))
        nxt = state.at(state.index + 1)
        reason = locked_reason(load_progress(ctx.db, ctx.player), nxt.puzzle)
        if reason:
            raise GameError(words("Next: {reason}", reason=reason))
        return Outcome(nxt, words("On to {title}.", title=said.title(nxt.puzzle)))

    @step(ChooseSlot)
    def _slot(self, state: FormationSession, action: ChooseSlot, ctx: Context) -> Outcome:
        slot = action.slot
        if slot in state.puzzle.fixed:
            raise GameError(words("Slot {slot}: {creature} is fixed there by this puzzle.", slot=_label(slot),
                                  creature=said.creature(state.puzzle.fixed[slot])))
        return Outcome(state.model_copy(update={"slot": slot, "last": None}),
                       words("Filling {slot}.", slot=_label(slot)))

    @step(Place)
    def _place_step(self, state: FormationSession, action: Place, ctx: Context) -> Outcome:
        return self._place(state, action.slot or state.slot, action.creature)

    @step(Clear)
    def _clear(self, state: FormationSession, action: Clear, ctx: Context) -> Outcome:
        return Outcome(state.model_copy(update={"formation": dict(fm.starting_formation(state.puzzle)),
                                                "slot": None, "last": None}), words("Line-up cleared."))

    @step(Hint)
    def _hint(self, state: FormationSession, action: Hint, ctx: Context) -> Outcome:
        p = state.puzzle
        if state.hints >= fm.hint_count(p):
            raise GameError(words("Hint: all {n} hints for this puzzle are shown.", n=fm.hint_count(p)))
        n = state.hints + 1
        return Outcome(state.model_copy(update={"hints": n}),
                       words("Hint {n} of {count} is below.", n=n, count=fm.hint_count(p)))

    def _place(self, state: FormationSession, slot: str | None, creature: str | None) -> Outcome:
        p = state.puzzle
        if slot is None:
            raise GameError(words("Place: choose a slot first."))
        if slot not in fm.SLOTS:
            raise GameError(words("Place: “{slot}” is not a slot ({slots}).", slot=slot,
                                  slots=words(", ").join(_label(s) for s in fm.SLOTS)))
        if slot in p.fixed:
            raise GameError(words("Place: {creature} is fixed at {slot} by this puzzle.",
                                  creature=said.creature(p.fixed[slot]), slot=_label(slot)))
        formation = dict(state.formation)
        if creature in (None, EMPTY, ""):
            formation.pop(slot, None)
            return Outcome(state.model_copy(update={"formation": formation, "last": None}),
                           words("{slot} emptied.", slot=_label(slot)))
        name = said.creature_named(creature)
        if name is None:
            raise GameError(words("Place “{creature}”: no such creature ({creatures}).", creature=creature,
                                  creatures=said.creatures(fm.NAMES)))
        allowed = fm.allowed_creatures(p, formation, slot)
        if name not in allowed:
            formation[slot] = name
            try:
                fm.check_limits(p, formation, complete=False)
            except fm.FormationError as exc:
                raise GameError(words("Place {creature} at {slot}: {reason}", creature=said.creature(name),
                                      slot=_label(slot), reason=limit_refusal(exc, p, formation))) from None
            raise GameError(words("Place {creature} at {slot}: not allowed here (allowed: {allowed}).",
                                  creature=said.creature(name), slot=_label(slot),
                                  allowed=said.creatures(allowed) or words("none")))
        formation[slot] = name
        nxt = next((s for s in fm.SLOTS if s not in formation), None)
        return Outcome(state.model_copy(update={"formation": formation, "slot": nxt, "last": None}),
                       words("{creature} stands at {slot}.", creature=said.creature(name), slot=_label(slot)))

    @step(Battle)
    def _battle(self, state: FormationSession, action: Battle, ctx: Context) -> Outcome:
        p = state.puzzle
        empty = [_label(s) for s in fm.SLOTS if s not in state.formation]
        if empty:
            listed = words(" and ").join(empty) if len(empty) <= 2 else \
                words(", ").join(empty[:-1]) + words(" and ") + empty[-1]
            raise GameError(words("Battle: Fill every slot first ({slots} is empty).", slots=listed) if len(empty) == 1
                            else words("Battle: Fill every slot first ({slots} are empty).", slots=listed))
        try:
            fm.check_limits(p, state.formation, complete=True)
        except fm.FormationError as exc:
            raise GameError(words("Battle: {reason}", reason=limit_refusal(exc, p, state.formation))) from None
        result = battles.battle(p, state.formation)
        progress = load_progress(ctx.db, ctx.player)
        try:
            new_progress, rewards = fm.record_result(progress, p, result, ctx.now.date())
        except fm.LockedError:
            raise GameError(words("Battle: {reason}", reason=locked_reason(progress, p))) from None
        last = LastBattle(won=result.won, paid=rewards)
        new_state = state.model_copy(update={"last": last, "won_current": result.won, "slot": None})
        finished = result.won and state.index + 1 >= len(state.puzzles) and state.track != "campaign"
        # the board itself says how the battle ended: the change says only what the board does not
        told = words("Today's flight is complete: all three puzzles won.") \
            if finished and state.track == "daily" else ""

        def record() -> None:
            _save(ctx.db, ctx.player, KEY, new_progress, ctx.now)
            if rewards.xp:
                players.add_xp(ctx.db, ctx.player, rewards.xp, ctx.now)

        return Outcome(new_state, told, finished=finished, on_saved=record)

    def example_picture(self) -> Picture:
        lesson = fm.tutorial()[0]
        return Picture(render_brief(lesson, dict(fm.starting_formation(lesson))), "formation-example.png",
                       words("A formation brief: the enemy line-up above, your five slots below"))

    # --- profile and daily --------------------------------------------------------------------

    def profile_lines(self, progress: dict) -> list[str]:
        if not progress:
            return []
        pr = fm.FormationProgress.model_validate(progress)
        top = sorted(pr.mastery.items(), key=lambda kv: -kv[1])[:3]
        lines = [words("Level {level} · {xp} XP · puzzles won {won} · puzzles mastered {mastered}", level=pr.level,
                       xp=pr.xp, won=len(pr.won), mastered=len(pr.mastered))]
        if top:
            lines.append(words("Mastery: {gains}", gains=words(", ").join(
                f"{said.creature(name)} {points}" for name, points in top)))
        return lines

    def daily(self, day: date) -> str | None:
        return words("a flight of three line-up puzzles, gentlest first (`/formation daily`).")

    def daily_status(self, day: date, db: Store, user_id: int) -> str | None:
        prefix = f"daily-{day.isoformat()}-"
        bests = {k: v for k, v in load_progress(db, user_id).daily_best.items() if k.startswith(prefix)}
        if not bests:
            return None
        won = sum(1 for b in bests.values() if b.won)
        return words("played {played} of 3 — {won} won", played=len(bests), won=won)

    def prepare_daily(self, day: date) -> None:
        """The day's flight solved in a worker process (a second or two of solving that would otherwise
        hold this process's interpreter while the first presses of the day come in), kept here for the day."""
        _DAILY_FLIGHTS[day] = elsewhere(fm.daily_flight, day)

    def new_daily(self, day: date, user_id: int, db: Store) -> FormationSession:
        flight = _DAILY_FLIGHTS.get(day) or fm.daily_flight(day)
        return new_session("daily", list(flight), day=day)

    # --- what the commands ask for --------------------------------------------------------------

    new_tutorial = staticmethod(starting.new_tutorial)
    new_campaign = staticmethod(starting.new_campaign)
    new_single = staticmethod(starting.new_single)
    puzzle_choices = staticmethod(starting.puzzle_choices)
    creature_choices = staticmethod(starting.creature_choices)
