"""What the bot saves of a tactics fight (the engine's fight, who pilots what, the phase's clock), and
the questions every handler asks of it: who is due, which fighter a member pilots, why not."""
from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime
from typing import Literal

from pydantic import BaseModel, field_validator

import engine.tactics as tx
from bot.core.kinds import Context, GameError
from bot.words import words
from engine.errors import RuleError

from . import names, refusals
from .actions import FIGHTER_OF, FighterCode
from .notes import Note, written

KEY = "tactics"
Mode = Literal["campaign", "daily", "fight", "tutorial"]
PilotName = Literal["model", "auto", "friend"]
PILOTS = ("model", "auto", "friend")
PILOT_SECONDS = 10.0      # the companion's pilot decides within this of its phase opening (seed)
INVITE_SECONDS = 300      # a friend has this long to accept before the companion plays auto
SENT_KEPT = 8             # Sends remembered, so a second press is told it was already done


class OfferedTurn(BaseModel):
    """A ready-made turn as it was offered on a board: what its button said and the steps Send plays."""
    label: str
    summary: str = ""
    steps: list[tx.Step]


class TacticsSession(BaseModel):
    """What the bot saves: the engine's fight plus who pilots what, and the phase's clock; no words of
    the fight (its events, and the notes of what each change did, are worded when shown). A field it no
    longer has, such as earlier saves' lines of the strays' phase, is ignored on load (pydantic's default)
    and gone at the next save; an earlier save's lines of this phase load as Written notes."""
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
    notes: list[Note] = []            # what each change did in this duo phase (kept on its live board)
    closed_by: list[Note] = []        # what ended the last duo phase (said above the strays' phase)
    noted: bool = False               # the duo picked is remembered, a daily attempt counted
    closing: list[Note] = []          # the result and what it earned, kept on the result board
    # The ready-made turns offered earlier in this duo phase ("h:7": at fight version 7), so a Send
    # from a preview opened on an earlier board plays the turn it showed, checked against the fight now.
    offered: dict[str, list[OfferedTurn]] = {}
    sent: list[str] = []              # Sends played ("h:7:2"), newest last
    call: str | None = None           # what the player told the companion, for its next decision
    call_ignored: bool = False        # auto said once that it does not take calls
    hero_fought: bool = False         # the hero played a step of its own (not only passes and time-outs)
    tutorial: int = 0                 # the tutorial step being played (1…), 0 outside the tutorial
    offer_tutorial: bool = False      # a player's first fight: its board offers the tutorial until the hero acts

    @property
    def over(self) -> bool:
        return self.fight.result is not None

    @field_validator("notes", "closed_by", "closing", mode="before")
    @classmethod
    def _written(cls, value: object) -> object:
        return written(value)


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


@contextmanager
def refusal(what: str) -> Iterator[None]:
    """The engine's refusal as a GameError naming the step and why."""
    try:
        yield
    except RuleError as exc:
        raise GameError(words("{what}: {reason}", what=what, reason=refusals.reason(exc))) from None


def no_pings(text: str) -> str:
    """Text a model or a player wrote, made unable to mention anyone (a zero-width space after each @,
    once: a companion's decision arrives already cleaned)."""
    return re.sub("@(?!\u200b)", "@\u200b", text)


def due(fight: tx.FightState, fid: str) -> bool:
    """Whether the fighter still has to act in the duo phase now running."""
    f = fight.get(fid)
    return fight.phase == "duo" and not fight.result and f.standing and not f.done


def fighter_of(state: TacticsSession, user_id: int | None) -> str | None:
    """The fighter this member pilots: the player the hero, an accepted friend the companion."""
    if user_id is not None and user_id == state.player:
        return "hero"
    if state.pilot == "friend" and user_id is not None and user_id == state.friend and not state.invite:
        return "companion"
    return None


def pilot_words(state: TacticsSession) -> str:
    if state.pilot == "friend" and state.friend:
        return f"<@{state.friend}>"
    return words("the planner (auto)") if state.pilot == "auto" else words("a language model")


def mine(state: TacticsSession, ctx: Context, what: str, code: FighterCode | None = None) -> str:
    """The fighter the acting member pilots (checked against `code` when given); GameError otherwise."""
    if state.invite:
        raise GameError(words("{what}: the fight starts when the friend accepts (or the host presses Start with "
                              "auto).", what=what))
    if state.over:
        raise GameError(words("{what}: this fight is over; press Next fight or Retry.", what=what))
    member = fighter_of(state, ctx.user_id)
    named = FIGHTER_OF[code] if code else member
    if member is None or named != member:
        who = names.fighter(state.fight.get(named or "hero").name)
        pilot = f"<@{state.player}>" if named == "hero" else pilot_words(state)
        raise GameError(words("{what}: {who} is piloted by {pilot}, not by you.", what=what, who=who, pilot=pilot))
    return member


def member_actor(state: TacticsSession) -> str | None:
    """The fighter whose ready-made turns the board's buttons offer (a member's, still due)."""
    if due(state.fight, "hero"):
        return "hero"
    if state.pilot == "friend" and due(state.fight, "companion"):
        return "companion"
    return None


def skill_named(state: TacticsSession, fid: str, name: str) -> str:
    """The kit's spelling of a skill the member named; GameError listing the kit otherwise."""
    skills = tx.kit(state.fight.get(fid).name)
    wanted = name.strip().lower()
    match = next((s for s in skills if wanted in (s.lower(), names.skill(s).lower())), None)
    if match is None:
        who = names.fighter(state.fight.get(fid).name)
        raise GameError(words("{name} has no such skill (has: {skills}).", name=who,
                              skills=words(", ").join(names.skill(s) for s in skills)))
    return match



def fought(state: TacticsSession, fid: str, steps: list[tx.Step]) -> TacticsSession:
    """The session once `fid` played `steps`: the hero fought in this fight if it did more than end its
    turn (a win the companion fought alone pays no first win's bonus)."""
    if fid != "hero" or state.hero_fought or all(isinstance(s, tx.EndStep) for s in steps):
        return state
    return state.model_copy(update={"hero_fought": True})


def player_call(state: TacticsSession) -> str | None:
    """What the player told the companion (`/tactics tell`) for its next decision, for the model pilot's
    prompt only: the host's own words, never another member's; None when there is none to read."""
    return state.call if state.pilot == "model" else None
