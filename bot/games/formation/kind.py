"""Formation in the bot: fill five slots from the pool, battle, read the replay, earn XP and mastery.

A session walks a sequence of puzzles (the tutorial, a campaign chapter from where the player is, a
daily flight, or a single puzzle); after a win, Next moves on in the same thread.
"""
from __future__ import annotations

import re
from datetime import date
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, field_serializer, field_validator

import engine.formation as fm
from bot.core.actions import Action
from bot.core.kinds import Context, GameError, GameKind, Outcome, step, view
from bot.core.processes import elsewhere
from bot.core.progress import load_progress as _load
from bot.core.progress import save_progress as _save
from bot.core.reply import Button, Option, Picture, Reply, Select
from bot.render.kept import drawn_once
from bot.words import N_, words
from db import players
from db.games import GameRecord
from db.store import Store

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
from .render import render_brief, render_replay

KEY = "formation"
_DAILY_FLIGHTS: dict[date, tuple[fm.Puzzle, ...]] = {}  # the flights prepared, one a day
Track = Literal["tutorial", "campaign", "daily", "single"]


class LastBattle(BaseModel):
    """What the board shows of the latest battle: whether it was won, what it paid, and the replay to attach
    once (its words are made from the battle, played again when shown: it is deterministic and quick; `lines`
    and `rewards` are the English of saves made before the rewards were kept)."""
    won: bool
    lines: list[str] = []
    rewards: list[str] = []
    paid: fm.Rewards | None = None
    fresh: bool = True  # the replay is attached once, on the board the battle itself produced


@lru_cache(maxsize=1)
def _shipped() -> dict[str, fm.Puzzle]:
    return {p.id: p for p in fm.shipped_puzzles()}


class FormationSession(BaseModel):
    track: Track
    # The sequence. A shipped puzzle is saved as its id (a chapter is 18 of them); a daily one is saved
    # whole, so it never needs regenerating. Saves that hold every puzzle whole still load.
    puzzles: list[fm.Puzzle]
    index: int = 0
    formation: dict[str, str] = {}
    slot: str | None = None    # the slot the creature select fills
    hints: int = 0
    last: LastBattle | None = None
    won_current: bool = False
    day: date | None = None

    @field_validator("puzzles", mode="before")
    @classmethod
    def _resolve_ids(cls, value: Any) -> Any:
        if not isinstance(value, list):
            return value
        shipped = _shipped()
        out = []
        for item in value:
            if isinstance(item, str):
                if item not in shipped:
                    raise ValueError(f"no shipped formation puzzle {item!r}")
                out.append(shipped[item])
            else:
                out.append(item)
        return out

    @field_serializer("puzzles")
    def _ids_for_shipped(self, puzzles: list[fm.Puzzle]) -> list[Any]:
        shipped = _shipped()
        return [p.id if shipped.get(p.id) == p else p.model_dump(mode="json") for p in puzzles]

    @property
    def puzzle(self) -> fm.Puzzle:
        return self.puzzles[self.index]

    def at(self, index: int) -> FormationSession:
        p = self.puzzles[index]
        return self.model_copy(update={"index": index, "formation": dict(fm.starting_formation(p)),
                                       "slot": None, "hints": 0, "last": None, "won_current": False})


def load_progress(db: Store, user_id: int) -> fm.FormationProgress:
    return _load(db, user_id, KEY, fm.FormationProgress)


def new_session(track: Track, puzzles: list[fm.Puzzle], start: int = 0, day: date | None = None) -> FormationSession:
    return FormationSession(track=track, puzzles=list(puzzles), day=day).at(start)


ROUND_LINE = re.compile(r"R\d+: ")  # a battle summary's line for one round
LESSON_SHOWN = 240  # characters of a lesson on the board: about 6 lines on a phone (More has the rest)
# Words an option's ability is written with, shortened so the whole ability fits Discord's 100 characters
SHORT_WORDS = ((" damage", " dmg"), (" enemy", " foe"), (" remaining HP percentage (of its maximum HP)", " HP %"),
               ("itself included.", "self incl."), ("itself included", "self incl."), ("when it stands", "if"),
               ("its normal target", "its target"), ("when no back row is left", "if no back row"),
               ("attack ", "atk "))


def lesson_line(puzzle: fm.Puzzle) -> tuple[str, bool]:
    """The lesson as the board shows it (whole sentences within LESSON_SHOWN where it can), and whether
    More has the rest."""
    text = said.lesson(puzzle)
    if len(text) <= LESSON_SHOWN:
        return text, False
    cut = text[:LESSON_SHOWN]
    end = max(cut.rfind(". "), cut.rfind("; "), cut.rfind("。"))
    return (cut[:end + 1] if end > 0 else _cut(text, LESSON_SHOWN)), True


OPTION_MOST = 100  # characters of a select option's label and of its description (Discord's limit)


def option_words(c: fm.Creature) -> tuple[str, str]:
    """A creature's select option: its name, ability name and numbers as the label, the whole ability
    (shortened words, never a cut sentence) and when it acts as the description."""
    a = c.ability
    text = said.ability_text(c.name)
    for long, short in SHORT_WORDS:
        text = text.replace(long, short)
    rounds = ",".join(str(r) for r in a.rounds)
    description = words("{text} (rounds {rounds}, first)", text=text, rounds=rounds) if a.is_shield else \
        words("{text} (rounds {rounds})", text=text, rounds=rounds)
    if len(description) > OPTION_MOST:
        description = words("{text} (r{rounds}, first)", text=text, rounds=rounds) if a.is_shield else \
            words("{text} (r{rounds})", text=text, rounds=rounds)
    return words("{creature} · {ability} · HP {hp} · Atk {attack} · Spd {speed}", creature=said.creature(c.name),
                 ability=said.ability_name(c.name), hp=c.hp, attack=c.attack, speed=c.speed), description


def board_text(state: FormationSession) -> str:
    """The board's words, a few lines for a phone: the lesson's start, the goal, both line-ups and the
    limits in short, the newest hint; after a battle, its result. More shows the whole brief."""
    p = state.puzzle
    parts = [f"**{said.title(p)}** ({state.index + 1}/{len(state.puzzles)})"]
    if state.last is None:
        lesson, more = lesson_line(p)
        if lesson:
            parts.append(words("{lesson} (**More** has the rest.)", lesson=lesson) if more else lesson)
        parts.extend(said.goal_lines(p))
        front = said.creatures(p.opponent[s] for s in fm.SLOTS if s.startswith("front"))
        back = said.creatures(p.opponent[s] for s in fm.SLOTS if s.startswith("back"))
        parts.append(words("Opponent — front: {front} · back: {back} (**More**: when each ability fires)",
                           front=front, back=back))
        if tuple(p.pool) != fm.NAMES:
            parts.append(words("Pool: {creatures}.", creatures=said.creatures(p.pool)))
        if p.fixed:
            parts.append(words("Fixed: {creatures}.", creatures=words(", ").join(
                words("{creature} ({slot})", creature=said.creature(name), slot=_label(slot))
                for slot, name in p.fixed.items())))
    else:  # the result takes the room: the brief stays in the picture, the board before and More
        parts.extend(said.goal_lines(p))
    parts.append(words("Your line-up: {lineup}", lineup=words(", ").join(
        words("{slot}: {creature}", slot=_label(s), creature=said.creature(state.formation[s]))
        for s in fm.SLOTS if s in state.formation) or words("empty")))
    if state.hints:
        shown = words("Hint {n}: {hint}", n=state.hints, hint=said.hint(p, state.hints))
        parts.append(words("{hint} (**More** has the earlier ones.)", hint=shown) if state.hints > 1 else shown)
    if state.last is not None:  # round by round is the replay's and More's
        parts.append("\n".join([line for line in battle_lines(state) if not ROUND_LINE.match(line)]
                               + reward_lines(state.last)))
    return "\n".join(parts)


def battle_lines(state: FormationSession) -> list[str]:
    """The last battle in short, in the reader's words: the battle played again (it is deterministic)."""
    return said.summary_lines(state.puzzle, fm.battle(state.puzzle, state.formation))


def reward_lines(last: LastBattle) -> list[str]:
    return said.rewards_lines(last.paid) if last.paid is not None else list(last.rewards)


def picture_words(state: FormationSession) -> str:
    """The brief picture in words (its alt text): both line-ups, slot by slot."""
    p = state.puzzle
    return words("{title}. Your line-up: {mine}. Opponent: {theirs}.", title=said.title(p),
                 mine=said.lineup(state.formation) or words("empty"), theirs=said.lineup(p.opponent))


def brief_view(state: FormationSession) -> str:
    """The whole brief (More): the lesson, every enemy ability's timing, ground, limits, pairs, every hint."""
    p = state.puzzle
    hints = [words("Hint {n}: {hint}", n=n, hint=said.hint(p, n)) for n in range(1, state.hints + 1)]
    battle = [words("**The last battle, round by round:**"), *battle_lines(state)] if state.last is not None else []
    return "\n".join([said.brief_text(p), *hints, *battle])


def _cut(text: str, limit: int) -> str:
    """`text` within `limit` characters, cut at a word with an ellipsis rather than mid-word."""
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0].rstrip(" ,;:—-") + "…"


def _label(slot: str) -> str:
    return said.slot(slot)


def _daily_day(puzzle_id: str) -> date | None:
    """The day a daily puzzle id ('daily-YYYY-MM-DD-n') belongs to, or None for any other id."""
    parts = puzzle_id.strip().split("-")
    if len(parts) != 5 or parts[0] != "daily":
        return None
    try:
        return date.fromisoformat("-".join(parts[1:4]))
    except ValueError:
        return None


class Formation(GameKind[FormationSession]):
    key = KEY
    title = N_("Formation")
    blurb = N_("pick five creatures into two rows and watch the battle — `/formation tutorial`, "
             "`/formation campaign`, `/formation daily`")

    def load(self, text: str) -> FormationSession:
        return FormationSession.model_validate_json(text)

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
            result = fm.battle(p, state.formation)
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
        reason = said.locked_reason(load_progress(ctx.db, ctx.player), nxt.puzzle)
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
                                      slot=_label(slot), reason=said.limit_refusal(exc, p, formation))) from None
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
            raise GameError(words("Battle: {reason}", reason=said.limit_refusal(exc, p, state.formation))) from None
        result = fm.battle(p, state.formation)
        progress = load_progress(ctx.db, ctx.player)
        try:
            new_progress, rewards = fm.record_result(progress, p, result, ctx.now.date())
        except fm.LockedError:
            raise GameError(words("Battle: {reason}", reason=said.locked_reason(progress, p))) from None
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

    @staticmethod
    def new_tutorial(db: Store, user_id: int) -> tuple[FormationSession, str]:
        puzzles = list(fm.tutorial())
        progress = load_progress(db, user_id)
        start = next((i for i, p in enumerate(puzzles) if p.id not in progress.won), 0)
        return new_session("tutorial", puzzles, start), words("Formation tutorial")

    @staticmethod
    def new_campaign(db: Store, user_id: int, chapter: int | None) -> tuple[FormationSession, str]:
        """The chapter's session from the player's first open puzzle; GameError when it is locked."""
        progress = load_progress(db, user_id)
        if chapter is None:
            chapter = max(c for c in fm.CHAPTERS if progress.chapter_open(c))
        if not progress.chapter_open(chapter):
            raise GameError(words("Chapter {chapter} opens when you beat the chapter {before} boss.", chapter=chapter,
                                  before=chapter - 1))
        puzzles = list(fm.campaign(chapter))
        playable = [i for i, p in enumerate(puzzles) if progress.locked_reason(p) is None]
        start = next((i for i in playable if puzzles[i].id not in progress.won), playable[0] if playable else 0)
        return new_session("campaign", puzzles, start), words("Formation chapter {chapter}", chapter=chapter)

    @staticmethod
    def new_single(db: Store, user_id: int, puzzle_id: str,
                   today: date) -> tuple[FormationSession, str]:
        """One puzzle by id; a daily one only for today or a day gone by (tomorrow's stay unseen)."""
        daily_day = _daily_day(puzzle_id)
        if daily_day is not None and daily_day > today:
            raise GameError(words("The daily puzzles of {day} are not out yet: they open at 00:00 UTC that day.",
                                  day=daily_day.isoformat()))
        try:
            puzzle = fm.puzzle_by_id(puzzle_id)
        except (KeyError, ValueError):
            raise GameError(words("There is no puzzle “{id}”: pick one from the list.", id=puzzle_id)) from None
        reason = said.locked_reason(load_progress(db, user_id), puzzle)
        if reason:
            raise GameError(words("{title} is locked: {reason}", title=said.title(puzzle), reason=reason))
        return new_session("single", [puzzle]), said.title(puzzle)

    @staticmethod
    def puzzle_choices(db: Store, user_id: int, current: str) -> list[tuple[str, str]]:
        progress = load_progress(db, user_id)
        found = []
        for p in fm.shipped_puzzles():
            label = f"{p.id} · {said.title(p)}" + (" ✓" if p.id in progress.won else "")
            if current.lower() in label.lower() and progress.locked_reason(p) is None:
                found.append((label[:100], p.id))
        return found[:25]

    @staticmethod
    def creature_choices(state: FormationSession | None, slot: str | None, current: str) -> list[str]:
        """Creatures the place step may name: those allowed in `slot` of the running puzzle."""
        if state is None:
            names = list(fm.NAMES)
        elif slot in fm.SLOTS:
            names = fm.allowed_creatures(state.puzzle, {k: v for k, v in state.formation.items() if k != slot}, slot)
        else:
            names = list(state.puzzle.pool)
        return [n for n in names if current.lower() in n.lower() or current.lower() in said.creature(n).lower()][:25]
