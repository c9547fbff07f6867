"""What a change of a fight said, kept as facts: who acted and how it was sent, with the engine's events of
the turn; a call passed on; the invitation's answer; the tutorial's lines; the result with what it earned.
The session stores these, and the board words them for its reader when it is shown (note_words.py), so a
board reads in the language of whoever reads it now, not of whoever was reading when it changed."""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Annotated, Literal

from pydantic import BaseModel, Field

import engine.tactics as tx
from bot.companion import CompanionDecision
from engine.tactics.model import events as ev

Fid = str   # a fighter of the fight by its id ("hero", "companion", "s1")

# What of a companion decision its line reads (bot/companion/said.py); the rest is the stored decision's.
DECISION_SAID = {"decision", "code", "reason", "number", "steps", "say", "offered", "budget_notice", "facts"}


class Sent(BaseModel):
    """A ready-made turn sent from its preview: the planner's label it was offered with, and its steps."""
    kind: Literal["sent"] = "sent"
    fid: Fid
    label: str   # the planner's own label (an English reader's button), as the session's offered turns keep it
    steps: list[tx.Step]


class Typed(BaseModel):
    """A turn a member wrote out (`/tactics turn`), step by step."""
    kind: Literal["typed"] = "typed"
    fid: Fid
    steps: list[tx.Step]


class Stepped(BaseModel):
    """One step from a button or a command: an end, a move, a hold or a skill."""
    kind: Literal["step"] = "step"
    fid: Fid
    step: tx.Step


class Passed(BaseModel):
    """A pass: a member's, or the companion's when its pilot gave no answer within `waited` seconds."""
    kind: Literal["pass"] = "pass"
    fid: Fid
    waited: float | None = None


class TimeUp(BaseModel):
    """The phase ran out: these fighters passed, `unpiloted` those whose model was not connected."""
    kind: Literal["time_up"] = "time_up"
    passing: list[Fid]
    unpiloted: list[Fid] = []


class Rebound(BaseModel):
    """A chosen turn the hero's move made illegal: a turn of the same aim played instead (`rank` in the
    turns offered now), or a pass; `why` is the engine's refusal of the chosen turn (coordination.py)."""
    played: bool = False
    rank: int | None = None
    why: str = ""


class Decided(BaseModel):
    """The companion's pilot's decision (what its line reads of it), or what was played in its place."""
    kind: Literal["decided"] = "decided"
    fid: Fid = "companion"
    decision: CompanionDecision
    rebound: Rebound | None = None


Said = Annotated[Sent | Typed | Stepped | Passed | TimeUp | Decided, Field(discriminator="kind")]


class Happened(BaseModel):
    """What a turn did: the engine's events of the turn (its moves, which the board shows, and the strays'
    phase it opened left out), and `cast`, the fighters they name as they were in its fight (a tutorial's
    last lines are kept on the board of the fight after it)."""
    events: list[ev.Event] = []
    cast: dict[Fid, str] = {}


class Turn(Happened):
    """A change of the fight: how it was sent, and what the turn did."""
    kind: Literal["turn"] = "turn"
    said: Said


class Call(BaseModel):
    """The player's call passed to the companion's model (the member's own words, cleaned when shown)."""
    kind: Literal["call"] = "call"
    call: str


class NoCalls(BaseModel):
    """The player's call was not passed on: auto plays the planner's best turn."""
    kind: Literal["no_calls"] = "no_calls"


class Answer(BaseModel):
    """How the invitation ended: the friend accepted or declined, did not answer in `minutes`, or the host
    started with auto."""
    kind: Literal["answer"] = "answer"
    answer: Literal["accepted", "declined", "unanswered", "auto"]
    friend: int | None = None
    minutes: int | None = None


class Ally(Happened):
    """The companion's part of a tutorial step (no events: it waited and watched)."""
    kind: Literal["ally"] = "ally"


class TutorialDone(BaseModel):
    """The tutorial is done and the first campaign fight (this encounter) begins."""
    kind: Literal["tutorial_done"] = "tutorial_done"
    encounter: str


class Result(BaseModel):
    """The result board's facts beside the ended fight: what it earned, the player's XP after it, and the
    campaign fight that comes next."""
    kind: Literal["result"] = "result"
    reward: tx.FightReward
    xp: int
    next_fight: str


class Written(BaseModel):
    """A line as an earlier save wrote it, before its notes were kept as facts: shown as it is until its
    phase (or its fight) ends."""
    kind: Literal["written"] = "written"
    line: str


Note = Annotated[Turn | Call | NoCalls | Answer | Ally | TutorialDone | Result | Written, Field(discriminator="kind")]


def cast_of(fight: tx.FightState, events: Iterable[ev.Event], *fids: Fid) -> dict[Fid, str]:
    """The fighters `events` and `fids` name, by id, with their content names in `fight`."""
    named = set(fids)
    for e in events:
        named.update(v for f in dataclasses.fields(e) if isinstance(v := getattr(e, f.name), str))
    return {f.id: f.name for f in fight.fighters if f.id in named}


def turn_note(fight: tx.FightState, said: Said, events: Sequence[ev.Event]) -> Turn:
    """The note of a turn played on `fight` (after it): its events but the moves, which the board shows."""
    kept: list[ev.Event] = [e for e in events if not isinstance(e, ev.Moved)]
    actors = said.passing if isinstance(said, TimeUp) else [said.fid]
    return Turn(said=said, events=kept, cast=cast_of(fight, kept, *actors))


def decided(decision: CompanionDecision, rebound: Rebound | None = None) -> Decided:
    """A pilot's decision as its note keeps it: what its line reads, not the replay's prompt and answer."""
    kept = CompanionDecision.model_validate(decision.model_dump(include=DECISION_SAID))
    return Decided(decision=kept, rebound=rebound)


def written(value: object) -> object:
    """Saved notes as they load: a line an earlier save wrote (a string) becomes a Written note."""
    if isinstance(value, list):
        return [Written(line=v) if isinstance(v, str) else v for v in value]
    return value
