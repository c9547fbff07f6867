"""Tactics in the bot: the duo's fights, the hero piloted by the player and the companion by a friend,
the planner (`auto`) or a language model (`model`), in timed duo phases.

A session is one fight at a time in one thread: after its result, Next fight and Retry start the next
one there. The duo phase lasts the server's timer (30 s by default) from the moment it opens; whoever
has not finished then passes. The companion's pilot decides within 10 s of the phase opening; with no
model configured for a `model` pilot, the phase closes 10 s after it opened once only the companion is
left (engine `phase_timer`).
"""
from __future__ import annotations

import json
import re
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime
from typing import Literal, cast

from pydantic import BaseModel

import engine.tactics as tx
from bot.companion import CompanionDecision
from bot.companion.report import companion_report
from bot.core.kinds import Context, GameError, GameKind, Outcome, Seat, step, view
from bot.core.progress import load_progress, save_progress
from bot.core.reply import Button, Picture, Reply
from db import daily as daily_store
from db import players
from db.games import GameRecord, running_games_of
from db.store import Store
from engine.errors import RuleError
from engine.tactics.steps import Direction, EndStep, HoldStep, MoveStep, Reaction, SkillStep, step_text

from .render import render_board

KEY = "tactics"
Mode = Literal["campaign", "daily", "fight"]
PilotName = Literal["model", "auto", "friend"]
PILOTS = ("model", "auto", "friend")
PILOT_SECONDS = 10.0      # the companion's pilot decides within this of its phase opening (seed)
INVITE_SECONDS = 300      # a friend has this long to accept before the companion plays auto
RESULT_SECONDS = 900      # a finished fight's thread waits this long for Next fight / Retry, then closes
STRAYS_SHOWN = 6          # lines of the strays' phase shown under the board
BOARD_ROOM = 1700         # of a message's 2,000 characters; the rest is for what a change says
FIGHTER_CODE = {"h": "hero", "c": "companion"}
CODE_OF = {v: k for k, v in FIGHTER_CODE.items()}
REACTIONS = {"opportunity_attack": "opportunity attack", "flowing_guard": "flowing guard"}
_SAFE = re.compile(r"[A-Za-z0-9]{1,20}")


class TacticsSession(BaseModel):
    """What the bot saves: the engine's fight plus who pilots what, and the phase's clock."""
    fight: tx.FightState
    mode: Mode
    player: int
    pilot: PilotName
    friend: int | None = None
    invite: bool = False              # waiting for the friend to accept
    model: bool = False               # a language model was configured for this fight's `model` pilot
    key: str                          # names the fight in the companion's stored decisions
    guild_id: int | None = None
    day: date | None = None        # a daily's UTC day
    counted: bool = True              # a daily: the day's one counted attempt (False: practice)
    seed: int = 1
    phase_opened: datetime | None = None
    strays: list[str] = []            # what the strays' last phase did
    notes: list[str] = []             # what the companion's pilot said this phase (kept on the board)
    noted: bool = False               # the duo picked is remembered, a daily attempt counted
    closing: list[str] = []           # the result, XP and level-up, said once and kept on the result board

    @property
    def over(self) -> bool:
        return self.fight.result is not None


@dataclass(frozen=True)
class Choices:
    """What a start command asked for, as the cog read it (the rest comes from the player's progress)."""
    hero: str | None = None
    companion: str | None = None
    pilot: str | None = None
    friend: int | None = None
    friend_is_bot: bool = False
    model_configured: bool = False
    guild_id: int | None = None
    now: datetime | None = None


def load_record(db: Store, user_id: int) -> tx.TacticsProgress:
    return load_progress(db, user_id, KEY, tx.TacticsProgress)


@contextmanager
def _refusal(what: str) -> Iterator[None]:
    """The engine's refusal as a GameError naming the step and why."""
    try:
        yield
    except RuleError as exc:
        raise GameError(f"{what}: {getattr(exc, 'reason', None) or exc}") from None


def _no_pings(text: str) -> str:
    """Text a model or a player wrote, made unable to mention anyone (a zero-width space after each @,
    once: a companion's decision arrives already cleaned)."""
    return re.sub("@(?!\u200b)", "@\u200b", text)


def _new_lines(before: list[str], after: list[str]) -> list[str]:
    """The log lines `after` adds to `before` (the engine keeps only the last lines of its log)."""
    for k in range(len(before) + 1):
        if after[: len(before) - k] == before[k:]:
            return after[len(before) - k:]
    return after


def _strays_lines(lines: list[str], round_: int) -> list[str]:
    """What the strays' phase of `round_` did, in the engine's words (the result is said apart)."""
    prefix = f"r{round_} strays: "
    return [line[len(prefix):] for line in lines
            if line.startswith(prefix) and not line[len(prefix):].startswith("fight ")]


def _why(fight: tx.FightState) -> str:
    """The engine's reason for the result, from its log ("fight won: the pack broke and ran")."""
    if fight.result is None:
        return ""
    for line in reversed(fight.log):
        head, _, why = line.partition(": fight ")
        if why.startswith(f"{fight.result}: "):
            return why[len(fight.result) + 2:]
    return fight.result or ""


def preview_lines(pv: tx.SkillPreview) -> list[str]:
    """A skill's preview in words: damage before luck, where pushes land, statuses and surfaces."""
    head = f"**{pv.skill}** at {pv.at}"
    if pv.moves_to:
        head += f", landing on {pv.moves_to}"
    if pv.cashin:
        head += f" (cashes in {pv.cashin})"
    lines = [head]
    for t in pv.targets:
        bits = []
        if t.damage:
            bits.append(f"{t.damage} damage" + (f" ({', '.join(t.modifiers)})" if t.modifiers else ""))
        if t.heal:
            bits.append(f"heals {t.heal}")
        if t.shield:
            bits.append(f"shield {t.shield}")
        if t.push_outcome or (t.push_to and t.push_to != t.tile):
            push = f"pushed to {t.push_to}" if t.push_to else "pushed"
            bits.append(push + (f", {t.push_outcome}" if t.push_outcome else "")
                        + (f" (+{t.push_damage})" if t.push_damage else ""))
        if t.statuses:
            bits.append(", ".join(t.statuses))
        if t.downs:
            bits.append("downs it")
        lines.append(f"· {t.name} ({t.fighter}) on {t.tile}: " + ("; ".join(bits) or "no effect"))
    if pv.surfaces:
        lines.append("· leaves " + ", ".join(pv.surfaces))
    return lines


def _text_view(fight: tx.FightState) -> str:
    """The engine's text view without its log (the board says what the strays did in its own words)."""
    text = tx.render_text(fight, viewer="duo")
    return text.split("\nrecent:")[0]


def _fit(view: str, room: int) -> str:
    """The text view within `room` characters (what the thread says of a change needs the rest of a
    message): first without the terrain key, then cut at a line."""
    if len(view) <= room:
        return view
    lines = [line for line in view.split("\n") if not line.startswith("key: ")]
    while lines and len("\n".join(lines)) > room - 2:
        lines.pop()
    return "\n".join(lines + ["…"])


def _enc_line(enc: tx.EncounterDef) -> str:
    goal = {"rout": "rout", "hold": f"hold to round {enc.hold_round}",
            "break_out": f"break out (exits open in round {enc.exit_round})"}[enc.goal]
    return f"{enc.id} · {enc.name} · {goal} · recommended level {enc.level}"


class Tactics(GameKind):
    key = KEY
    title = "Tactics"
    blurb = ("a hero and a companion against telegraphing strays on a 13×9 board — `/tactics campaign`, "
             "`/tactics daily`, `/tactics fight`")

    def load(self, text: str) -> TacticsSession:
        return TacticsSession.model_validate_json(text)

    def thread_name(self, state: TacticsSession, player_name: str) -> str:
        return f"Tactics · {state.fight.encounter_name} · {player_name}"

    def replaceable(self, state: TacticsSession) -> bool:
        return state.over

    # --- who acts -------------------------------------------------------------------------------

    @staticmethod
    def _due(fight: tx.FightState, fid: str) -> bool:
        f = fight.get(fid)
        return fight.phase == "duo" and not fight.result and f.standing and not f.done

    def seats(self, state: TacticsSession, game: GameRecord) -> tuple[Seat, ...] | None:
        if state.invite or state.over:
            return None  # any of the game's players; the steps say who may do what
        seats: list[Seat] = []
        if self._due(state.fight, "hero"):
            seats.append(state.player)
        if self._due(state.fight, "companion"):
            if state.pilot == "friend" and state.friend is not None:
                seats.append(state.friend)
            elif state.pilot == "auto":
                seats.append("auto")
            elif state.model:
                seats.append("model")
        return tuple(seats)

    def fallback(self, state: TacticsSession, seat: str) -> str | None:
        return "pass"

    def pilot_seconds(self, state: TacticsSession, seat: str, ctx: Context) -> float:
        """What is left of the companion's 10 s since its phase opened (a restart does not reset it)."""
        if state.phase_opened is None:
            return PILOT_SECONDS
        return max(0.0, PILOT_SECONDS - (ctx.now - state.phase_opened).total_seconds())

    @staticmethod
    def fighter_of(state: TacticsSession, user_id: int | None) -> str | None:
        """The fighter this member pilots: the player the hero, an accepted friend the companion."""
        if user_id is not None and user_id == state.player:
            return "hero"
        if state.pilot == "friend" and user_id is not None and user_id == state.friend and not state.invite:
            return "companion"
        return None

    def _mine(self, state: TacticsSession, ctx: Context, what: str, code: str | None = None) -> str:
        """The fighter the acting member pilots (and names, when `code` is given); GameError otherwise."""
        if state.invite:
            raise GameError(f"{what}: the fight starts when the friend accepts (or the host presses Start with auto).")
        if state.over:
            raise GameError(f"{what}: this fight is over; press Next fight or Retry.")
        mine = self.fighter_of(state, ctx.user_id)
        named = FIGHTER_CODE.get(code or "", mine)
        if mine is None or named != mine:
            who = state.fight.get(named or "hero").name
            pilot = f"<@{state.player}>" if named == "hero" else self._pilot_words(state)
            raise GameError(f"{what}: {who} is piloted by {pilot}, not by you.")
        return mine

    @staticmethod
    def _pilot_words(state: TacticsSession) -> str:
        if state.pilot == "friend" and state.friend:
            return f"<@{state.friend}>"
        return "the planner (auto)" if state.pilot == "auto" else "a language model"

    # --- showing ------------------------------------------------------------------------------

    def board(self, state: TacticsSession, game: GameRecord) -> Reply:
        f = state.fight
        lines = [self._headline(state)]
        if state.invite:
            lines.append(f"<@{state.friend}>: <@{state.player}> asks you to pilot **{f.get('companion').name}** "
                         "in this fight. Accept to play the companion's turns (buttons, or `/tactics` steps "
                         "in this thread); the fight starts when you do.")
        elif state.over:
            lines.extend(state.closing)
        else:
            lines.append(self._who_acts(state))
            lines.extend(state.notes)
        if state.strays and not state.invite:
            shown = state.strays[-STRAYS_SHOWN:]
            lines.append("Strays' phase: " + "; ".join(shown))
        lines.append("```\n" + _fit(_text_view(f), BOARD_ROOM - len("\n".join(lines))) + "\n```")
        picture = Picture(render_board(f), "tactics.png",
                          f"{f.encounter_name}, round {min(f.round, 10)} of 10: the board")
        return Reply("\n".join(lines), picture, self._buttons(state))

    @staticmethod
    def _headline(state: TacticsSession) -> str:
        f = state.fight
        mode = {"campaign": "campaign", "daily": "daily" if state.counted else "daily, practice",
                "fight": "replay"}[state.mode]
        level = f.get("hero").level
        return (f"**{f.encounter_name}** ({mode}) · round {min(f.round, 10)}/10 · "
                f"{'strays' if f.phase == 'strays' else 'duo'} phase · duo level {level}")

    def _who_acts(self, state: TacticsSession) -> str:
        f = state.fight
        parts = []
        pilot = {"friend": "a friend", "auto": "auto", "model": "model"}[state.pilot]
        if state.pilot == "model" and not state.model:
            pilot = "model, not connected"
        for fid, who in (("hero", "the player"), ("companion", pilot)):
            fighter = f.get(fid)
            status = "down" if not fighter.standing else "done" if fighter.done else "to act"
            parts.append(f"{fighter.name} ({who}): {status}")
        return " · ".join(parts)

    def _actor(self, state: TacticsSession) -> str | None:
        """The fighter whose ready-made turns the board's buttons offer."""
        if self._due(state.fight, "hero"):
            return "hero"
        if state.pilot == "friend" and self._due(state.fight, "companion"):
            return "companion"
        return None

    def _buttons(self, state: TacticsSession) -> tuple[Button, ...]:
        if state.invite:
            return (Button("Accept", "accept", "success"), Button("Decline", "decline", "danger"),
                    Button("Start with auto", "solo"))
        if state.over:
            return (Button("Next fight", "next", "success"), Button("Retry", "retry", "primary"),
                    Button("End", "close", "danger"))
        actor = self._actor(state)
        if actor is None:
            return ()
        code = CODE_OF[actor]
        buttons = [self._turn_button(i, t, code) for i, t in enumerate(tx.plan_turns(state.fight, actor))]
        row = 2
        buttons.append(Button(f"Pass ({state.fight.get(actor).name})", f"pass:{code}", "danger", row=row))
        buttons.append(Button("Skill previews", f"skills:{code}", row=row))
        if actor == "hero" and state.pilot == "friend" and self._due(state.fight, "companion"):
            buttons.append(Button(f"{state.fight.get('companion').name}'s turns", "turns:c", row=row))
        return tuple(buttons)

    @staticmethod
    def _turn_button(i: int, turn: tx.PlannedTurn, code: str) -> Button:
        label = f"{i + 1}. {turn.label}"
        return Button(label if len(label) <= 80 else label[:79] + "…", f"tv:{code}:{i + 1}",
                      "primary" if i == 0 else "secondary", row=i // 3)

    def example_picture(self) -> Picture:
        fight = tx.new_fight("c01", 1, "Tidecaller", "Cindle")
        return Picture(render_board(fight), "tactics-example.png",
                       "A tactics board: the duo on the west edge, strays to the east with their telegraphs")

    # --- private views ----------------------------------------------------------------------------

    @view("tv")
    def _turn_view(self, state: TacticsSession, arg: str, value: str | None, ctx: Context) -> Reply:
        code, _, number = arg.partition(":")
        fid = self._mine(state, ctx, f"Turn {number}", code)
        turns = tx.plan_turns(state.fight, fid)
        n = int(number) if number.isdigit() else 0
        if not 1 <= n <= len(turns):
            raise GameError(f"Turn {number}: there are {len(turns)} ready-made turns now.")
        t = turns[n - 1]
        lines = [f"**Turn {n}** for {state.fight.get(fid).name}: {t.summary}"]
        for pv in t.preview.skills:
            lines.extend(preview_lines(pv))
        lines.append(f"Ends on {t.preview.end_at}; {t.preview.hp_at_risk} HP at risk from telegraphs. "
                     "Send plays the whole turn, all or nothing.")
        return Reply("\n".join(lines), buttons=(Button("Send", f"send:{code}:{n}:{state.fight.seq}", "success"),
                                                Button("Cancel", "cancel")))

    @view("turns")
    def _turns_view(self, state: TacticsSession, arg: str, value: str | None, ctx: Context) -> Reply:
        fid = self._mine(state, ctx, "Ready-made turns", arg)
        turns = tx.plan_turns(state.fight, fid)
        buttons = [self._turn_button(i, t, arg) for i, t in enumerate(turns)]
        buttons.append(Button(f"Pass ({state.fight.get(fid).name})", f"pass:{arg}", "danger", row=2))
        buttons.append(Button("Skill previews", f"skills:{arg}", row=2))
        return Reply(f"{state.fight.get(fid).name}'s ready-made turns (press one to see it before sending):",
                     buttons=tuple(buttons))

    @view("skills")
    def _skills_view(self, state: TacticsSession, arg: str, value: str | None, ctx: Context) -> Reply:
        fid = self._mine(state, ctx, "Skill previews", arg or None)
        f = state.fight.get(fid)
        lines = [f"**{f.name}'s skills** (damage before luck; `/tactics skill` to use one):"]
        for name, skill in tx.kit(f.name).items():
            options = tx.target_options(state.fight, fid, name)
            if not options:
                lines.append(f"**{name}** ({skill.slot}): not usable now")
                continue
            best = options[0]
            with _refusal(name):
                pv = tx.preview_skill(state.fight, fid, name, best["at"])
            more = len(options) - 1
            lines.extend(preview_lines(pv) + ([f"· and {more} more target{'s' * (more > 1)}"] if more else []))
        return Reply("\n".join(lines)[:1900])

    @view("cancel")
    def _cancel(self, state: TacticsSession, arg: str, value: str | None, ctx: Context) -> Reply:
        return Reply("Cancelled: nothing was sent.")

    @view("skill", "pv")
    def _skill_view(self, state: TacticsSession, arg: str, value: str | None, ctx: Context) -> Reply:
        """A skill's preview with Confirm (`/tactics skill`), or without (`/tactics preview`)."""
        at, _, toward = arg.partition(":")
        fid = self._mine(state, ctx, f"Skill {value}")
        name = self._skill_named(state, fid, value or "")
        if not _SAFE.fullmatch(at or ""):
            raise GameError(f"{name} at {at!r}: aim at a tile like F5 or a fighter like s1.")
        heading = toward.upper() or None
        with _refusal(f"{name} at {at}"):
            pv = tx.preview_skill(state.fight, fid, name, at, heading)
        text = "\n".join(preview_lines(pv))
        index = list(tx.kit(state.fight.get(fid).name)).index(name)
        confirm = f"do:{CODE_OF[fid]}:{index}:{at}:{heading or ''}"
        return Reply(text + "\nConfirm to use it.", buttons=(Button("Confirm", confirm, "success"),
                                                            Button("Cancel", "cancel")))

    @staticmethod
    def _skill_named(state: TacticsSession, fid: str, name: str) -> str:
        skills = tx.kit(state.fight.get(fid).name)
        match = next((s for s in skills if s.lower() == name.strip().lower()), None)
        if match is None:
            raise GameError(f"Skill {name!r}: {state.fight.get(fid).name} has no such skill "
                            f"(has: {', '.join(skills)}).")
        return match

    # --- the fight's steps ----------------------------------------------------------------------------

    @step("send")
    def _send(self, state: TacticsSession, arg: str, value: str | None, ctx: Context) -> Outcome:
        code, number, seq = (arg.split(":") + ["", "", ""])[:3]
        fid = self._mine(state, ctx, f"Turn {number}", code)
        if not number.isdigit() or not seq.isdigit():
            raise GameError(f"Turn {number}: this button cannot be read.")
        if int(seq) != state.fight.seq:
            raise GameError(f"Turn {number}: the board has moved on since this turn was planned; pick again.")
        turns = tx.plan_turns(state.fight, fid)
        n = int(number)
        if not 1 <= n <= len(turns):
            raise GameError(f"Turn {number}: there are {len(turns)} ready-made turns now.")
        with _refusal(f"Turn {n}"):
            after = tx.apply_planned(state.fight, fid, n - 1, int(seq))
        name = state.fight.get(fid).name
        return self._advance(state, after, ctx, f"{name}: {turns[n - 1].label}",
                             private=Reply(f"Sent turn {n}: {turns[n - 1].summary}"))

    @step("pass")
    def _pass(self, state: TacticsSession, arg: str, value: str | None, ctx: Context) -> Outcome:
        if isinstance(ctx.seat, str):  # a pilot's fallback: it failed or ran out of time
            name = state.fight.get("companion").name
            with _refusal(f"{name} passes"):
                after = tx.pass_turn(state.fight, "companion")
            return self._advance(state, after, ctx, f"{name} passes: no answer in {PILOT_SECONDS:g} s")
        fid = self._mine(state, ctx, "Pass", arg or None)
        name = state.fight.get(fid).name
        with _refusal("Pass"):
            after = tx.pass_turn(state.fight, fid)
        return self._advance(state, after, ctx, f"{name} passes.")

    @step("end")
    def _end(self, state: TacticsSession, arg: str, value: str | None, ctx: Context) -> Outcome:
        return self._steps(state, ctx, "End", [EndStep()], "ends the turn")

    @step("move")
    def _move(self, state: TacticsSession, arg: str, value: str | None, ctx: Context) -> Outcome:
        to = arg.strip().upper()
        if tx.board.parse_tile(to) is None:
            raise GameError(f"Move to {arg!r}: that is not a tile of the board (columns A-M, rows 1-9).")
        return self._steps(state, ctx, f"Move to {to}", [MoveStep(to=to)], f"moves to {to}")

    @step("hold")
    def _hold(self, state: TacticsSession, arg: str, value: str | None, ctx: Context) -> Outcome:
        if arg not in REACTIONS:
            raise GameError(f"Hold {arg!r}: hold an opportunity attack or flowing guard.")
        reaction = cast(Reaction, arg)  # one of REACTIONS' keys, checked above
        return self._steps(state, ctx, f"Hold {REACTIONS[arg]}", [HoldStep(reaction=reaction)],
                           f"holds {REACTIONS[arg]}")

    @step("do")
    def _do(self, state: TacticsSession, arg: str, value: str | None, ctx: Context) -> Outcome:
        code, index, at, toward = (arg.split(":") + ["", "", "", ""])[:4]
        fid = self._mine(state, ctx, "Skill", code)
        skills = list(tx.kit(state.fight.get(fid).name))
        if not index.isdigit() or int(index) >= len(skills) or not _SAFE.fullmatch(at):
            raise GameError("Skill: this button cannot be read.")
        name = skills[int(index)]
        heading = cast("Direction | None", toward or None)  # a compass point or none, checked here
        skill = SkillStep(skill=name, at=at, toward=heading) if toward in ("", *tx.board.COMPASS) else None
        if skill is None:
            raise GameError(f"{name} toward {toward!r}: a direction is N, NE, E, SE, S, SW, W or NW.")
        return self._steps(state, ctx, f"{name} at {at}", [skill], step_text(skill))

    @step("turn")
    def _turn(self, state: TacticsSession, arg: str, value: str | None, ctx: Context) -> Outcome:
        fid = self._mine(state, ctx, "Turn")
        text = value or ""
        try:
            steps = tx.parse_turn_text(state.fight, fid, text)
        except RuleError as exc:
            raise GameError(f"Turn {_no_pings(text)!r}: {getattr(exc, 'reason', exc)}") from None
        try:
            after = tx.apply_turn(state.fight, fid, steps)
        except tx.TacticsError as exc:
            where = f"step {exc.step + 1} ({step_text(steps[exc.step])})" if exc.step is not None \
                and exc.step < len(steps) else "the turn"
            raise GameError(f"Turn: {where}: {exc.reason}. Nothing was played.") from None
        said = "; ".join(step_text(s) for s in steps)
        return self._advance(state, after, ctx, f"{state.fight.get(fid).name}: {said}")

    def _steps(self, state: TacticsSession, ctx: Context, what: str, steps: list, words: str) -> Outcome:
        fid = self._mine(state, ctx, what)
        with _refusal(what):
            after = tx.apply_turn(state.fight, fid, steps)
        return self._advance(state, after, ctx, f"{state.fight.get(fid).name} {words}.")

    @step("pilot")
    def _pilot(self, state: TacticsSession, arg: str, value: str | None, ctx: Context) -> Outcome:
        """A decision of the companion's pilot (`auto` or `model`): its turn, or a pass with the reason."""
        if ctx.seat not in ("auto", "model"):
            raise GameError("Only the companion's pilot sends its decisions.")
        try:
            data = json.loads(value or "")
            decision = CompanionDecision.model_validate(data["decision"])
            seq = int(data["seq"])
        except (ValueError, KeyError, TypeError):
            raise GameError("The pilot's decision cannot be read.") from None
        name = state.fight.get("companion").name
        decision = decision.model_copy(update={"say": _no_pings(decision.say)})
        if decision.passed:
            with _refusal(f"{name} passes"):
                after = tx.pass_turn(state.fight, "companion")
            said = decision.line(name)
        else:
            try:
                after = tx.apply_turn(state.fight, "companion", decision.steps)
                said = decision.line(name)
            except tx.TacticsError as exc:
                if seq == state.fight.seq:
                    raise GameError(f"{name}'s turn: {exc.reason}") from None
                # The hero acted while the pilot decided, and the turn no longer fits the board.
                with _refusal(f"{name} passes"):
                    after = tx.pass_turn(state.fight, "companion")
                said = f"{name} passes: the hero moved first and its turn is no longer legal ({exc.reason})."
        if decision.notice:
            said += f"\n{decision.notice}"
        noted = state.model_copy(update={"notes": [*state.notes, said]})
        return self._advance(noted, after, ctx, said)

    # --- the friend's invitation ----------------------------------------------------------------------

    @step("accept")
    def _accept(self, state: TacticsSession, arg: str, value: str | None, ctx: Context) -> Outcome:
        if not state.invite or ctx.user_id != state.friend:
            raise GameError("Accept: only the friend who was asked can accept, while the invitation is open.")
        new = state.model_copy(update={"invite": False, "phase_opened": ctx.now})
        return Outcome(new, f"<@{state.friend}> pilots {state.fight.get('companion').name}. The fight begins!")

    @step("decline")
    def _decline(self, state: TacticsSession, arg: str, value: str | None, ctx: Context) -> Outcome:
        if not state.invite or ctx.user_id != state.friend:
            raise GameError("Decline: only the friend who was asked can decline, while the invitation is open.")
        return Outcome(self._solo(state, ctx), f"<@{state.friend}> declined: "
                       f"{state.fight.get('companion').name} is played by auto.")

    @step("solo")
    def _start_alone(self, state: TacticsSession, arg: str, value: str | None, ctx: Context) -> Outcome:
        if not state.invite or ctx.user_id != state.player:
            raise GameError("Start with auto: only the host can, while the invitation is open.")
        return Outcome(self._solo(state, ctx), f"{state.fight.get('companion').name} is played by auto.")

    @staticmethod
    def _solo(state: TacticsSession, ctx: Context) -> TacticsSession:
        return state.model_copy(update={"invite": False, "pilot": "auto", "phase_opened": ctx.now})

    # --- after the result ------------------------------------------------------------------------------

    def _host_only(self, state: TacticsSession, ctx: Context, what: str) -> None:
        if not state.over:
            raise GameError(f"{what}: finish this fight first.")
        if ctx.user_id != state.player:
            raise GameError(f"{what}: only <@{state.player}>, who leads the duo, can.")

    @step("next")
    def _next(self, state: TacticsSession, arg: str, value: str | None, ctx: Context) -> Outcome:
        self._host_only(state, ctx, "Next fight")
        record = load_record(ctx.db, state.player)
        enc_id = record.next_campaign()
        new = self._rebuild(state, ctx, enc_id, "campaign", record)
        return Outcome(new, f"Next fight: {_enc_line(tx.encounter(enc_id))}.")

    @step("retry")
    def _retry(self, state: TacticsSession, arg: str, value: str | None, ctx: Context) -> Outcome:
        self._host_only(state, ctx, "Retry")
        record = load_record(ctx.db, state.player)
        new = self._rebuild(state, ctx, state.fight.encounter, state.mode, record)
        note = " (practice: today's counted attempt is played)" if state.mode == "daily" else ""
        return Outcome(new, f"Retry: {state.fight.encounter_name}{note}.")

    @step("close")
    def _close(self, state: TacticsSession, arg: str, value: str | None, ctx: Context) -> Outcome:
        self._host_only(state, ctx, "End")
        return Outcome(state, "The duo heads home. Start another fight any time with `/tactics campaign`.",
                       finished=True)

    def _rebuild(self, state: TacticsSession, ctx: Context, enc_id: str, mode: Mode,
                 record: tx.TacticsProgress) -> TacticsSession:
        f = state.fight
        seed = 1 if mode == "daily" else record.fights + 1
        with _refusal("New fight"):
            fight = tx.new_fight(enc_id, seed, f.get("hero").name, f.get("companion").name, level=record.level)
        return state.model_copy(update={
            "fight": fight, "mode": mode, "seed": seed, "key": secrets.token_hex(6), "phase_opened": ctx.now,
            "strays": [], "notes": [], "noted": False, "closing": [],
            "counted": False if mode == "daily" else state.counted})

    # --- timers ----------------------------------------------------------------------------------------

    def deadline_seconds(self, state: TacticsSession, ctx: Context) -> float | None:
        if state.invite:
            return INVITE_SECONDS
        if state.over:
            return RESULT_SECONDS
        length = max(30, ctx.timer_seconds or 30)
        connected = not (state.pilot == "model" and not state.model)
        seconds = tx.phase_timer(state.fight, connected, length)
        opened = state.phase_opened or ctx.now
        return max(0.0, seconds - (ctx.now - opened).total_seconds())

    def timeout(self, state: TacticsSession, ctx: Context) -> Outcome | None:
        if state.invite:
            return Outcome(self._solo(state, ctx), f"<@{state.friend}> did not answer in "
                           f"{INVITE_SECONDS // 60} minutes: {state.fight.get('companion').name} is played by auto.")
        if state.over:
            return Outcome(state, "This fight's thread is closed. Start another with `/tactics campaign`.",
                           finished=True)
        fight, said = state.fight, []
        for fid in ("hero", "companion"):
            if self._due(fight, fid):
                name = fight.get(fid).name
                fight = tx.pass_turn(fight, fid)
                absent = fid == "companion" and state.pilot == "model" and not state.model
                said.append(f"{name} passes: no model is connected." if absent else f"{name} passes.")
        if fight is state.fight:
            return None
        return self._advance(state, fight, ctx, "Time's up: " + " ".join(said))

    # --- what a change brings ------------------------------------------------------------------------

    def _advance(self, state: TacticsSession, after: tx.FightState, ctx: Context, said: str,
                 private: Reply | None = None) -> Outcome:
        """The session after a change of the fight: the strays' phase reported, a new phase's clock,
        the result with what it earned, and the player's choices remembered (with the save)."""
        before = state.fight
        update: dict = {"fight": after}
        lines = [said]
        if after.round != before.round:
            update["strays"] = _strays_lines(_new_lines(before.log, after.log), after.round)
            update["phase_opened"] = ctx.now
            update["notes"] = []
        if after.result and not before.result:
            return self._finish(state.model_copy(update=update), ctx, lines, private)
        new = state.model_copy(update={**update, "noted": True})
        return Outcome(new, "\n".join(lines), private=private,
                       on_saved=None if state.noted else self._remember(state, ctx))

    def _finish(self, state: TacticsSession, ctx: Context, lines: list[str], private: Reply | None) -> Outcome:
        fight = state.fight
        enc = tx.encounter(fight.encounter)
        record = load_record(ctx.db, state.player)
        after, reward = tx.record_fight(record, enc, fight.result, counted=state.counted)
        closing = [f"**{(fight.result or '').capitalize()}** — {_why(fight)}.",
                   f"+{reward.xp} XP{' (first win)' if reward.first_win else ''} · tactics level {reward.level_after} "
                   f"({after.xp} XP)"]
        news = []  # said once, with the change that earned it
        if reward.level_after > reward.level_before:
            news.append(f"Level up: {reward.level_before} → {reward.level_after}! The duo fights at level "
                        f"{reward.level_after} from the next fight.")
        if reward.supers_unlocked:
            news.append("Supers unlocked: from now on each duo member's super is ready at 60 Spirit.")
        if state.mode == "daily":
            closing.append("Today's counted attempt." if state.counted else
                           "Practice: today's counted attempt was already played.")
        nxt = tx.encounter(after.next_campaign())
        closing.append(f"Next fight: {_enc_line(nxt)}.")
        new = state.model_copy(update={"closing": closing, "noted": True})

        def record_it() -> None:
            current = load_record(ctx.db, state.player)
            saved, earned = tx.record_fight(current, enc, fight.result, counted=state.counted)
            saved = self._remembered(state, saved)
            if state.mode == "daily" and state.counted and state.day is not None:
                saved.dailies[state.day.isoformat()] = fight.result or "played"
                (dh, dt), _ = _shares(fight)
                daily_store.record_result(ctx.db, state.player, KEY, state.day, dh * 100 // max(1, dt), False, ctx.now)
            save_progress(ctx.db, state.player, KEY, saved, ctx.now)
            players.add_xp(ctx.db, state.player, earned.xp, ctx.now)

        return Outcome(new, "\n".join(lines + news), private=private, on_saved=record_it)

    @staticmethod
    def _remembered(state: TacticsSession, record: tx.TacticsProgress) -> tx.TacticsProgress:
        """The record with the duo this player picked (and their pilot, unless a friend) remembered."""
        update = {"hero": state.fight.get("hero").name, "companion": state.fight.get("companion").name}
        if state.pilot != "friend":
            update["pilot"] = state.pilot
        return record.model_copy(update=update)

    def _remember(self, state: TacticsSession, ctx: Context):
        def remember() -> None:
            record = self._remembered(state, load_record(ctx.db, state.player))
            if state.mode == "daily" and state.counted and state.day is not None:
                record.dailies.setdefault(state.day.isoformat(), "started")
            save_progress(ctx.db, state.player, KEY, record, ctx.now)
        return remember

    # --- starting fights (on the store worker, from the commands) ---------------------------------------

    def new_campaign(self, db: Store, user_id: int, encounter_id: str | None,
                     choices: Choices) -> tuple[TacticsSession, str]:
        record = load_record(db, user_id)
        enc_id = (encounter_id or record.next_campaign()).strip().lower()
        enc = self._encounter(enc_id)
        if enc.id not in {e.id for e in tx.campaign()}:
            raise GameError(f"{enc.id} is not a campaign fight: `/tactics campaign` lists them.")
        reason = record.locked_reason(enc.id)
        if reason:
            raise GameError(f"{enc.id} · {enc.name} is locked: {reason}.")
        return self._start(db, user_id, record, enc, "campaign", choices), f"Tactics campaign: {_enc_line(enc)}"

    def new_replay(self, db: Store, user_id: int, encounter_id: str,
                   choices: Choices) -> tuple[TacticsSession, str]:
        record = load_record(db, user_id)
        enc = self._encounter(encounter_id.strip().lower())
        if enc.id not in record.won:
            won = ", ".join(record.won) or "none yet"
            raise GameError(f"{enc.id} · {enc.name}: you can replay a fight once you have won it (won: {won}).")
        return self._start(db, user_id, record, enc, "fight", choices), f"Tactics replay: {_enc_line(enc)}"

    def new_daily_fight(self, db: Store, user_id: int, day: date,
                        choices: Choices) -> tuple[TacticsSession, str]:
        record = load_record(db, user_id)
        enc = tx.daily_encounter(day)
        counted = day.isoformat() not in record.dailies
        session = self._start(db, user_id, record, enc, "daily", choices, day=day, counted=counted)
        note = "" if counted else " (practice: your counted attempt today is played)"
        return session, f"Tactics daily, {day.isoformat()}: {_enc_line(enc)}{note}"

    def new_daily(self, day: date, user_id: int, db: Store) -> TacticsSession:
        """The daily from the daily post: the player's remembered duo and pilot (auto at first)."""
        pilot = load_record(db, user_id).pilot
        pilot = pilot if pilot in ("model", "auto") else "auto"
        return self.new_daily_fight(db, user_id, day, Choices(pilot=pilot, model_configured=pilot == "model"))[0]

    @staticmethod
    def _encounter(enc_id: str) -> tx.EncounterDef:
        try:
            return tx.encounter(enc_id)
        except RuleError:
            raise GameError(f"There is no encounter {enc_id!r}: pick one from the list.") from None

    def _start(self, db: Store, user_id: int, record: tx.TacticsProgress, enc: tx.EncounterDef,
               mode: Mode, c: Choices, *, day: date | None = None, counted: bool = True) -> TacticsSession:
        hero = c.hero or record.hero or tx.engine.DEFAULT_HERO
        companion = c.companion or record.companion or "Cindle"
        pilot = c.pilot or ("friend" if c.friend else "model" if c.model_configured else "auto")
        if pilot not in PILOTS:
            raise GameError(f"pilot {pilot!r}: the companion's pilot is model, friend or auto.")
        pilot_name = cast(PilotName, pilot)
        if pilot == "friend":
            self._check_friend(db, user_id, c)
        elif c.friend is not None:
            raise GameError("friend: a friend pilots the companion only with pilot:friend (or leave pilot out).")
        seed = 1 if mode == "daily" else record.fights + 1
        with _refusal("New fight"):
            fight = tx.new_fight(enc.id, seed, hero, companion, level=record.level)
        return TacticsSession(
            fight=fight, mode=mode, player=user_id, pilot=pilot_name, friend=c.friend if pilot == "friend" else None,
            invite=pilot == "friend", model=c.model_configured, key=secrets.token_hex(6), guild_id=c.guild_id,
            day=day, counted=counted, seed=seed, phase_opened=None if pilot == "friend" else c.now)

    @staticmethod
    def _check_friend(db: Store, user_id: int, c: Choices) -> None:
        if c.friend is None:
            raise GameError("pilot:friend needs friend: — the member who will pilot the companion.")
        if c.friend == user_id:
            raise GameError("friend: you pilot the hero; ask another member to pilot the companion.")
        if c.friend_is_bot:
            raise GameError("friend: a bot cannot pilot the companion; pick a member, or pilot:auto.")
        if running_games_of(db, c.friend, guild_id=c.guild_id, kind=KEY):
            raise GameError(f"friend: <@{c.friend}> is in a tactics fight already; ask again when it ends.")

    # --- what the commands ask for --------------------------------------------------------------------

    @staticmethod
    def encounter_choices(db: Store, user_id: int, current: str,
                          won_only: bool = False) -> list[tuple[str, str]]:
        """Open campaign fights (or the won ones) with their goal and recommended level."""
        record = load_record(db, user_id)
        found = []
        for enc in tx.campaign():
            if record.locked_reason(enc.id) or (won_only and enc.id not in record.won):
                continue
            label = _enc_line(enc) + (" ✓" if enc.id in record.won else "")
            if current.strip().lower() in label.lower():
                found.append((label[:100], enc.id))
        return found[:25]

    def skill_choices(self, state: TacticsSession | None, user_id: int, current: str) -> list[str]:
        fid = self.fighter_of(state, user_id) if state is not None else None
        if state is None or fid is None:
            return []
        f = state.fight.get(fid)
        usable = [name for name in tx.kit(f.name) if tx.legal_targets(state.fight, fid, name)]
        rest = [name for name in tx.kit(f.name) if name not in usable]
        return [n for n in usable + rest if current.lower() in n.lower()][:25]

    def target_choices(self, state: TacticsSession | None, user_id: int, skill: str,
                       current: str) -> list[tuple[str, str]]:
        fid = self.fighter_of(state, user_id) if state is not None else None
        if state is None or fid is None or not skill:
            return []
        try:
            name = self._skill_named(state, fid, skill)
        except GameError:
            return []
        options = tx.target_options(state.fight, fid, name)
        return [(o["text"], o["at"]) for o in options if current.strip().lower() in o["text"].lower()][:25]

    @staticmethod
    def companion_report(db: Store, state: TacticsSession | None) -> str:
        """The last companion decision of the fight (bot/companion/report.py words it)."""
        if state is None:
            return "Use `/tactics companion` in a tactics fight's thread."
        return companion_report(db, state.key, state.pilot)

    # --- profile and daily ---------------------------------------------------------------------------

    def profile_lines(self, progress: dict) -> list[str]:
        if not progress:
            return []
        record = tx.TacticsProgress.model_validate(progress)
        total = len(tx.campaign())
        won = sum(1 for e in tx.campaign() if e.id in record.won)
        nxt = tx.encounter(record.next_campaign())
        lines = [f"Level {record.level} · {record.xp} XP · fights {record.fights}, won {record.wins}",
                 f"Campaign {won}/{total} won" + ("" if won == total else f" · next {nxt.id} {nxt.name}")]
        return lines

    def daily(self, day: date) -> str | None:
        enc = tx.daily_encounter(day)
        goal = _enc_line(enc).split(" · ", 2)[2]
        return f"{goal}, {len(enc.pack)} strays — one counted attempt (`/tactics daily`)."

    def daily_status(self, day: date, db: Store, user_id: int) -> str | None:
        done = load_record(db, user_id).dailies.get(day.isoformat())
        if done is None:
            return None
        return "in progress" if done == "started" else f"{done} (your counted attempt)"


def _shares(fight: tx.FightState) -> tuple[tuple[int, int], tuple[int, int]]:
    duo = (sum(f.hp for f in fight.standing("duo")), fight.start_hp["duo"])
    strays = (sum(f.hp for f in fight.standing("strays")), fight.start_hp["strays"])
    return duo, strays
