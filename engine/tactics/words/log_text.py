"""The fight's log lines, written from its events when they are shown (the foot of the text view, the
command line); the saved fight keeps only the events. Readers who need what happened take the events."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..model.events import (
    CashedIn,
    Downed,
    FightEnded,
    FightStarted,
    Guarded,
    Healed,
    Hit,
    OpportunityAttack,
    PhaseOpened,
    Pushed,
    Shielded,
    SkillUsed,
    StatusRemoved,
    StrayRan,
    SurfaceBurned,
    TelegraphFired,
    TelegraphFizzled,
    TelegraphLocked,
)
from ..model.state import FightState

_BLOCKERS = {"edge": "the edge", "rock": "rock", "barrel": "a barrel"}
_LANDINGS = {"water": "soaked and prone at the water's edge", "deep_water": "swept by deep water",
             "shallows": "soaked and prone in the shallows", "pushed": "pushed", "held": "held in place"}
END_WHY = {"rout": "the pack broke and ran", "all_strays_down": "every stray is down",
           "duo_down": "the duo is down", "broke_out": "the duo broke out"}


def end_why(ev: FightEnded) -> str:
    """The reason for a result in the engine's log words ("the pack broke and ran")."""
    if ev.reason == "held":
        return f"the duo held to the end of round {ev.hold_round}"
    if ev.reason in END_WHY:
        return END_WHY[ev.reason]
    return (f"after round {ev.round}, duo {ev.duo_hp}/{ev.duo_start} HP against strays "
            f"{ev.strays_hp}/{ev.strays_start}")


def outcome_words(state: FightState, how: str, blocker: str | None) -> str:
    """Where a push ended, in the preview's words ("splat on rock", "swept by deep water")."""
    if how == "splat":
        blocker = blocker or "edge"
        return "splat on " + (_BLOCKERS[blocker] if blocker in _BLOCKERS else _name(state, blocker))
    return _LANDINGS[how]


def push_line(ev: Pushed, state: FightState) -> str:
    """A push as a sentence that says only what happened: "Driplet (s1) is pushed to F6 and splats on
    Mossle (companion), who is not hurt (3 damage)"; "Tussle (s1) is swept by deep water on B4"."""
    who = _who(state, ev.who)
    moved = ev.frm != ev.to
    verb = "pulled" if ev.pull else "pushed"
    went = f"is {verb} to {ev.to}" if moved else f"stays on {ev.to}"
    if ev.how in ("pushed", "held"):
        return f"{who} {went}" if moved else f"{who} is held in place on {ev.to}"
    if ev.how == "splat":
        blocker = ev.blocker or "edge"
        on = _BLOCKERS.get(blocker) or f"{_who(state, blocker)}, who is not hurt"
        return f"{who} {went} and splats on {on} ({ev.damage} damage)"
    if ev.how == "deep_water":
        return f"{who} {went} and is swept by deep water ({ev.damage} damage): soaked and prone"
    if ev.how == "water":
        return f"{who} {went} at the water's edge: soaked and prone"
    return f"{who} {went} into the shallows: soaked and prone"


def _name(state: FightState, fid: str) -> str:
    return state.get(fid).name


def _who(state: FightState, fid: str | None) -> str:
    if fid is None:
        return "the ground"
    f = state.get(fid)
    return f"{f.name} ({f.id})"


# The fields of an event that name a fighter by id: a sentence writes them as "Driplet (s1)".
_FIGHTERS = frozenset({"src", "target", "who", "stray", "attacker", "by", "under"})


@dataclass(frozen=True, slots=True)
class _Fields:
    """An event's fields as a sentence's template reads them, the fighters among them by name and id."""

    ev: Any
    state: FightState

    def __getitem__(self, name: str) -> object:
        value = getattr(self.ev, name)
        return _who(self.state, value) if name in _FIGHTERS else value


def _hit_lines(ev: Hit, state: FightState) -> list[str]:
    shield = f", shield took {ev.absorbed}" if ev.absorbed else ""
    line = f"{_who(state, ev.src)} hits {_who(state, ev.target)} for {ev.lost}{shield}; {ev.hp}/{ev.max_hp} left"
    if ev.cause == "strike_back":
        return [f"{_who(state, ev.src)} strikes back at {_who(state, ev.target)}", line]
    return [line]


def _locked_lines(ev: TelegraphLocked, state: FightState) -> list[str]:
    what = f"at {_who(state, ev.target)}" if ev.target else "on " + ",".join(ev.tiles)
    return [f"{_who(state, ev.stray)} telegraphs {ev.skill} {what}"]


def _fired_lines(ev: TelegraphFired, state: FightState) -> list[str]:
    if ev.shape == "single":
        return [f"{_who(state, ev.stray)} uses {ev.skill} at {ev.tiles[0]}"]
    return [f"{_who(state, ev.stray)} fires {ev.skill} on {','.join(ev.tiles)}"]


def _removed_lines(ev: StatusRemoved, state: FightState) -> list[str]:
    """Only standing up costs anything a reader follows; a status wearing off says nothing here."""
    return [f"{_who(state, ev.who)} stands up (costs {ev.cost} movement)"] if ev.why == "stood_up" else []


def _fizzle_lines(ev: TelegraphFizzled, state: FightState) -> list[str]:
    who = _who(state, ev.stray)
    if ev.reason == "target_down":
        return [f"{who} {ev.skill} fizzles: its target is down"]
    if ev.area or ev.target is None:
        if ev.reason == "rooted":   # a rooted stray cannot charge its dash
            return [f"{who} is rooted and cannot charge: {ev.skill} fizzles"]
        return []   # an area that hit nobody, or a downed stray's telegraph: no line of its own
    if ev.reason == "rooted":
        return [f"{who} is rooted and {ev.skill} fizzles: {_name(state, ev.target)} is out of reach"]
    if ev.reason in ("out_of_reach", "pushed_away"):
        return [f"{who} {ev.skill} fizzles: {_name(state, ev.target)} is out of reach"]
    return []


# Each event type's sentence: a template over its fields (see _Fields), or a function of the event and
# the fight for the sentences that need more (`-> list[str]`, its lines). An event not here writes none.
_SENTENCES: dict[type, str | Callable[[Any, FightState], list[str]]] = {
    Hit: _hit_lines,
    SkillUsed: "{who} uses {skill} at {at}",
    Pushed: lambda ev, state: [push_line(ev, state)],
    TelegraphLocked: _locked_lines,
    TelegraphFired: _fired_lines,
    TelegraphFizzled: _fizzle_lines,
    OpportunityAttack: "{attacker} makes an opportunity attack on {target}",
    Guarded: "{who} Flowing Guard takes {blocked} off",
    Downed: "{who} is down",
    FightEnded: lambda ev, state: [f"fight {ev.result}: {end_why(ev)}"],
    StatusRemoved: _removed_lines,
    StrayRan: "{who} runs",
    CashedIn: "{who} cashes in {setup} (+{spirit} Spirit)",
    SurfaceBurned: "the moss under {under} burns away",
    Healed: "{by} heals {who} for {amount}",
    Shielded: "{who} gains a shield of {amount}",
    FightStarted: lambda ev, state: [f"{state.encounter_name}: goal {ev.goal}"],
}


def log_lines(ev: object, state: FightState) -> list[str]:
    """The log lines one event writes (most write one; several write none)."""
    sentence = _SENTENCES.get(type(ev))
    if sentence is None:
        return []
    if isinstance(sentence, str):
        return [sentence.format_map(_Fields(ev, state))]
    return sentence(ev, state)


def log_of(events: Iterable[object], state: FightState, round_: int = 1, phase: str = "strays") -> list[str]:
    """Events as the log's lines, each marked with the round and phase it happened in ("r2 strays: ...");
    `round_` and `phase` are where the first events happened, until one opens a phase."""
    lines: list[str] = []
    for ev in events:
        if isinstance(ev, PhaseOpened):
            round_, phase = ev.round, ev.phase
        lines.extend(f"r{round_} {phase}: {line}" for line in log_lines(ev, state))
    return lines
