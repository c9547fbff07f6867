"""Tactics content as data: the fighters with their kits and the encounters, loaded from JSON and validated."""
from __future__ import annotations

import json
from datetime import date
from functools import cache, lru_cache
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator

from ...rng import Rng, daily_seed
from .steps import UnknownNameError

Status = Literal["soaked", "prone", "rooted"]
Goal = Literal["rout", "hold", "break_out"]
Shape = Literal["single", "ally", "self", "cone", "line", "burst", "dash", "move", "leap"]
AREA_SHAPES = frozenset({"cone", "line", "burst", "dash"})


class SkillDef(BaseModel):
    """One skill. `shape` says how it is aimed; the numbers say what it does (0 = nothing)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str
    slot: Literal["action", "bonus", "super"]
    shape: Shape
    delivery: Literal["melee", "shot", "spell", "none"] = "none"
    element: Literal["none", "water", "lightning", "fire", "earth", "nature"] = "none"
    range: int = 1      # single / ally / burst centre / move budget / leap distance
    length: int = 0     # cone, line, dash
    radius: int = 0     # burst
    damage: int = 0
    heal: int = 0
    shield: int = 0
    push: int = 0       # tiles; negative pulls toward the user
    push_choice: bool = False  # the user picks the direction (Shove, Shield Bash, Sod Kick)
    foes_only: bool = False    # single-target skills that may only be aimed at a foe
    statuses: tuple[Status, ...] = ()
    surface: Literal["moss"] | None = None
    text: str

    @property
    def is_area(self) -> bool:
        return self.shape in AREA_SHAPES

    @property
    def ranged(self) -> bool:
        return self.delivery in ("shot", "spell")


class FighterDef(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str
    side: Literal["hero", "companion", "stray"]
    role: str
    hp: int
    move: int
    skills: tuple[SkillDef, ...]
    reactions: tuple[Literal["opportunity_attack", "flowing_guard"], ...] = ("opportunity_attack",)
    text: str

    @model_validator(mode="after")
    def _kit_shape(self) -> FighterDef:
        slots = [s.slot for s in self.skills]
        if len({s.name for s in self.skills}) != len(self.skills):
            raise ValueError(f"{self.name}: skill names repeat")
        if self.side == "stray":
            if not (2 <= slots.count("action") <= 3 and slots.count("bonus") == 1 and "super" not in slots):
                raise ValueError(f"{self.name}: a stray has 2-3 telegraphed attacks and 1 bonus skill")
            shapes = {s.shape for s in self.skills if s.slot == "action"}
            if len(shapes) != slots.count("action"):
                raise ValueError(f"{self.name}: a stray's attacks have different shapes")
        elif (slots.count("action"), slots.count("bonus"), slots.count("super")) != (2, 1, 1):
            raise ValueError(f"{self.name}: a duo member has 2 action skills, 1 bonus skill and 1 super")
        return self


class EncounterDef(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str
    name: str
    goal: Goal
    pack: tuple[str, ...]
    region_seed: int
    level: int = 1
    hold_round: int | None = None
    exit_round: int | None = None
    text: str = ""

    @model_validator(mode="after")
    def _goal_fields(self) -> EncounterDef:
        if not 2 <= len(self.pack) <= 5:
            raise ValueError(f"{self.id}: a pack is 2-5 strays")
        if self.goal == "hold" and not (self.hold_round and 4 <= self.hold_round <= 8):
            raise ValueError(f"{self.id}: a hold encounter names a round from 4 to 8")
        if self.goal == "break_out" and not (self.exit_round and 1 <= self.exit_round <= 10):
            raise ValueError(f"{self.id}: a break-out encounter names the round its exits open")
        return self


class _FighterFile(BaseModel):
    common: tuple[SkillDef, ...]
    fighters: tuple[FighterDef, ...]


class _EncounterFile(BaseModel):
    campaign: tuple[EncounterDef, ...]


def _read(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def _fighter_file() -> _FighterFile:
    return _FighterFile.model_validate(json.loads(_read("fighters.json")))


@lru_cache(maxsize=1)
def fighters() -> dict[str, FighterDef]:
    return {f.name: f for f in _fighter_file().fighters}


def fighter(name: str) -> FighterDef:
    try:
        return fighters()[name]
    except KeyError:
        raise UnknownNameError(f"no fighter called {name!r}", "no_such_fighter") from None


def common_skills() -> tuple[SkillDef, ...]:
    return _fighter_file().common


@cache
def kit(name: str) -> dict[str, SkillDef]:
    """Every skill a fighter may use: its own kit, plus Shove (seed: everyone has Shove)."""
    f = fighter(name)
    skills = {s.name: s for s in f.skills}
    for s in common_skills():
        skills.setdefault(s.name, s)
    return skills


def heroes() -> list[str]:
    return [f.name for f in fighters().values() if f.side == "hero"]


def companions() -> list[str]:
    return [f.name for f in fighters().values() if f.side == "companion"]


def strays() -> list[str]:
    return [f.name for f in fighters().values() if f.side == "stray"]


@lru_cache(maxsize=1)
def campaign() -> tuple[EncounterDef, ...]:
    data = _EncounterFile.model_validate(json.loads(_read("encounters.json"))).campaign
    for e in data:
        for s in e.pack:
            if fighter(s).side != "stray":
                raise ValueError(f"{e.id}: {s} is not a stray")
    return data


def daily_encounter(day: date) -> EncounterDef:
    """The encounter everyone gets on one UTC date, drawn from that date's seed."""
    rng = Rng(daily_seed("tactics", day))
    goals: tuple[Goal, ...] = ("rout", "hold", "break_out")
    goal = goals[rng.below(3)]
    pack = [rng.choice(strays()) for _ in range(rng.between(3, 4))]
    extra: dict = {}
    if goal == "hold":
        extra["hold_round"] = rng.between(4, 6)
    elif goal == "break_out":
        extra["exit_round"] = rng.between(3, 5)
    return EncounterDef(
        id=f"daily-{day.isoformat()}", name=f"Daily stray hunt, {day.isoformat()}", goal=goal,
        pack=tuple(pack), region_seed=rng.below(1 << 31), level=rng.between(4, 8),
        text="Today's encounter, the same for everyone.", **extra,
    )


def encounter(encounter_id: str) -> EncounterDef:
    """A campaign encounter by id, or a daily one by `daily-YYYY-MM-DD`."""
    for e in campaign():
        if e.id == encounter_id:
            return e
    if encounter_id.startswith("daily-"):
        try:
            return daily_encounter(date.fromisoformat(encounter_id[len("daily-"):]))
        except ValueError:
            pass
    raise UnknownNameError(f"no encounter {encounter_id!r}", "no_such_encounter")
