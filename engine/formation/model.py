"""Formation value types: slots, the creature roster (loaded from JSON), puzzles, goals and typed errors."""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ..errors import RuleError

SLOTS: tuple[str, ...] = ("front_left", "front_right", "back_left", "back_middle", "back_right")
SLOT_LABELS: dict[str, str] = {
    "front_left": "front left", "front_right": "front right", "back_left": "back left",
    "back_middle": "back middle", "back_right": "back right",
}
#: The column each slot stands in (front left and back left face column 1 across the channel).
COLUMNS: tuple[int, ...] = (1, 3, 1, 2, 3)
FRONT: tuple[int, ...] = (0, 1)
BACK: tuple[int, ...] = (2, 3, 4)
Ground = Literal["clear", "sheltered_opening", "moon_dew", "short_expedition"]
GROUNDS: tuple[Ground, ...] = ("clear", "sheltered_opening", "moon_dew", "short_expedition")
GROUND_LABELS: dict[str, str] = {
    "clear": "Clear ground", "sheltered_opening": "Sheltered opening", "moon_dew": "Moon dew",
    "short_expedition": "Short expedition",
}
GROUND_RULES: dict[str, str] = {
    "clear": "12 rounds, no extra rule.",
    "sheltered_opening": "Round 1 only: every front-row creature on both sides starts with 6 shield.",
    "moon_dew": "At the end of every full round, every living creature on both sides recovers 2 HP.",
    "short_expedition": "The battle ends after round 8. Abilities keep their printed rounds.",
}
DEFAULT_ROUNDS = 12
SHORT_EXPEDITION_ROUNDS = 8
SHIELD_CAP = 20
SHIELD_SPEED = 10
GUILD_PAIR_BONUS = 6

Formation = dict[str, str]  # slot -> creature name; a complete one has all five slots


class FormationError(RuleError):
    """A formation or battle request that cannot be played; `code` names what was breached.

    `limit` is the older name of `code` and stays: FormationError("pool", "Zip is not in the pool").
    """

    def __init__(self, limit: str, message: str) -> None:
        super().__init__(message, limit)
        self.limit = limit


class InvalidFormationError(FormationError):
    """Cannot be read: unknown slot or creature, a duplicate, a missing slot, a bad ground."""


class LimitError(FormationError):
    """Readable, but breaks one of the puzzle's limits (pool, fixed slot, forbidden pair, guild-pair cap)."""


class LockedError(FormationError):
    """The puzzle is not open yet for this player (the boss before 12 wins, a later chapter)."""


class UnknownPuzzleError(FormationError, KeyError):
    """No puzzle with that id or chapter number (a KeyError too, as `puzzle_by_id` always raised)."""

    __str__ = BaseException.__str__  # the message as written, not KeyError's quoted repr


AbilityKind = Literal[
    "front_shield", "strike", "blast", "mend_lowest", "leap", "self_shield", "team_shield",
    "team_heal", "shield_lowest",
]
SHIELD_KINDS = frozenset({"front_shield", "self_shield", "team_shield", "shield_lowest"})


class Ability(BaseModel):
    model_config = ConfigDict(frozen=True)
    name: str
    kind: AbilityKind
    amount: int = Field(gt=0)
    rounds: tuple[int, ...]
    text: str

    @property
    def is_shield(self) -> bool:
        return self.kind in SHIELD_KINDS


class Creature(BaseModel):
    model_config = ConfigDict(frozen=True)
    name: str
    animal: str
    guild: str
    hp: int = Field(gt=0)
    attack: int = Field(gt=0)
    speed: int = Field(ge=1, le=9)
    ability: Ability

    def card(self) -> str:
        a = self.ability
        rounds = ", ".join(str(r) for r in a.rounds)
        timing = "at speed 10, instead of its attack" if a.is_shield else "instead of its attack"
        return (f"{self.name} ({self.animal}, {self.guild}) HP {self.hp} · Attack {self.attack} · "
                f"Speed {self.speed} — {a.name}: {a.text} Rounds {rounds}, {timing}.")


class _Roster(BaseModel):
    roster: str
    creatures: list[Creature]

    @model_validator(mode="after")
    def _two_per_guild(self) -> _Roster:
        names = [c.name for c in self.creatures]
        if len(set(names)) != len(names) or len(names) != 10:
            raise ValueError("the roster needs ten different creatures")
        guilds: dict[str, int] = {}
        for c in self.creatures:
            guilds[c.guild] = guilds.get(c.guild, 0) + 1
        if sorted(guilds.values()) != [2] * 5:
            raise ValueError("the roster needs five guilds of two")
        return self


def _load_json(name: str) -> Any:
    return json.loads(resources.files(__package__).joinpath("data").joinpath(name).read_text("utf-8"))


@lru_cache(maxsize=1)
def _roster() -> _Roster:
    return _Roster.model_validate(_load_json("creatures.json"))


ROSTER_VERSION: str = _roster().roster
CREATURES: dict[str, Creature] = {c.name: c for c in _roster().creatures}
NAMES: tuple[str, ...] = tuple(CREATURES)
GUILDS: dict[str, tuple[str, str]] = {}
for _c in CREATURES.values():
    GUILDS[_c.guild] = GUILDS.get(_c.guild, ()) + (_c.name,)  # type: ignore[assignment]
PARTNER: dict[str, str] = {a: b for a, b in GUILDS.values()} | {b: a for a, b in GUILDS.values()}


def guild_pairs(names) -> list[str]:
    """The guilds with both members among `names`, in roster order."""
    present = set(names)
    return [g for g, (a, b) in GUILDS.items() if a in present and b in present]


class WinByRound(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["win_by_round"] = "win_by_round"
    round: int = Field(ge=1, le=20)

    def text(self) -> str:
        return f"Win by round {self.round}."


class KeepAlive(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["keep_alive"] = "keep_alive"
    creature: str

    @field_validator("creature")
    @classmethod
    def _known(cls, v: str) -> str:
        if v not in CREATURES:
            raise InvalidFormationError("unknown_creature", f"unknown creature {v!r}")
        return v

    def text(self) -> str:
        return f"Win with {self.creature} still standing."


class MinStanding(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["min_standing"] = "min_standing"
    count: int = Field(ge=1, le=5)

    def text(self) -> str:
        return f"Win with at least {self.count} of your creatures standing."


Goal = Annotated[WinByRound | KeepAlive | MinStanding, Field(discriminator="kind")]


def _check_lineup(value: dict[str, str], *, complete: bool, what: str) -> dict[str, str]:
    for slot, name in value.items():
        if slot not in SLOTS:
            raise InvalidFormationError("unknown_slot", f"{what}: unknown slot {slot!r}")
        if name not in CREATURES:
            raise InvalidFormationError("unknown_creature", f"{what}: unknown creature {name!r}")
    if len(set(value.values())) != len(value):
        raise InvalidFormationError("duplicate", f"{what}: a creature appears twice")
    if complete and len(value) != 5:
        raise InvalidFormationError("incomplete", f"{what}: needs all five slots")
    return {s: value[s] for s in SLOTS if s in value}


class HintFact(BaseModel):
    """What one hint step says, as facts for the bot to word in the reader's language (the English in
    `Puzzle.hints` is the engine's own wording of them).

    kind: "mechanic" (a reminder of the rule `key` names: a ground, an opponent creature, or "targets"),
    "position" (`creature` at `slot` wins `won` of the `legal` formations with it there), "none_free"
    (every slot that matters is fixed), "solution" (`formation` wins), "written" (the puzzle's own words).
    """

    model_config = ConfigDict(frozen=True)
    kind: Literal["mechanic", "position", "none_free", "solution", "written"]
    key: str = ""
    creature: str = ""
    slot: str = ""
    won: int = 0
    legal: int = 0
    formation: dict[str, str] = Field(default_factory=dict)


class Puzzle(BaseModel):
    """One battle to win: the opponent, the ground, the player's limits, goals and hints."""

    model_config = ConfigDict(frozen=True)
    id: str
    title: str
    brief: str
    mode: Literal["tutorial", "campaign", "daily", "practice"] = "practice"
    chapter: int | None = None
    number: int | None = None  # position in its chapter / tutorial / flight, from 1
    boss: bool = False
    lesson: str | None = None  # the tutorial's teaching text, shown before the brief
    opponent: dict[str, str]
    ground: Ground = "clear"
    max_rounds: int | None = Field(default=None, ge=1, le=20)
    pool: tuple[str, ...] = NAMES
    fixed: dict[str, str] = Field(default_factory=dict)
    forbidden_pairs: tuple[tuple[str, str], ...] = ()
    max_guild_pairs: int | None = Field(default=None, ge=0, le=2)
    mastery: tuple[Goal, ...] = Field(default=(), max_length=2)
    hints: tuple[str, ...] = Field(default=(), max_length=3)
    hint_facts: tuple[HintFact, ...] = Field(default=(), max_length=3)  # what each hint says, as facts
    solution: dict[str, str] | None = None  # a winning formation (the third hint when there is one)
    mastery_solution: dict[str, str] | None = None  # a formation that meets every goal

    @field_validator("opponent")
    @classmethod
    def _opp(cls, v: dict[str, str]) -> dict[str, str]:
        return _check_lineup(v, complete=True, what="opponent")

    @field_validator("fixed")
    @classmethod
    def _fixed(cls, v: dict[str, str]) -> dict[str, str]:
        return _check_lineup(v, complete=False, what="fixed")

    @field_validator("solution", "mastery_solution")
    @classmethod
    def _sol(cls, v: dict[str, str] | None) -> dict[str, str] | None:
        return None if v is None else _check_lineup(v, complete=True, what="solution")

    @model_validator(mode="after")
    def _consistent(self) -> Puzzle:
        if len(set(self.pool)) != len(self.pool) or any(n not in CREATURES for n in self.pool):
            raise InvalidFormationError("pool", "pool: unknown or repeated creature")
        if len(self.pool) < 5:
            raise InvalidFormationError("pool", "pool: needs at least five creatures")
        for name in self.fixed.values():
            if name not in self.pool:
                raise InvalidFormationError("fixed", f"fixed creature {name} is not in the pool")
        for a, b in self.forbidden_pairs:
            if a not in CREATURES or b not in CREATURES or a == b:
                raise InvalidFormationError("forbidden_pair", f"forbidden pair {a}/{b} is not two different creatures")
        return self

    @property
    def rounds_limit(self) -> int:
        """The last round that can be played."""
        return rounds_limit(self.ground, self.max_rounds)

    @property
    def reveals_solution(self) -> bool:
        return len(self.hints) >= 3


def rounds_limit(ground: str, max_rounds: int | None) -> int:
    if max_rounds is not None:
        return max_rounds
    return SHORT_EXPEDITION_ROUNDS if ground == "short_expedition" else DEFAULT_ROUNDS


_SLOT_SET = frozenset(SLOTS)
_NAME_SET = frozenset(CREATURES)


def parse_lineup(value: object, *, what: str = "formation", complete: bool = True) -> dict[str, str]:
    """A slot → creature mapping from untrusted input, or InvalidFormationError saying why."""
    if type(value) is dict and value.keys() == _SLOT_SET:  # the common case, checked at once
        try:
            if len(_NAME_SET.intersection(value.values())) == 5:  # five different creatures
                return value.copy() if tuple(value) == SLOTS else {s: value[s] for s in SLOTS}
        except TypeError:  # an unhashable value: the checks below name it
            pass
    if not isinstance(value, dict):
        raise InvalidFormationError("shape", f"{what}: expected an object of slot: creature")
    seen: dict[str, str] = {}
    for slot, name in value.items():
        if slot not in SLOTS:
            raise InvalidFormationError("unknown_slot", f"{what}: unknown slot {slot!r} (slots: {' '.join(SLOTS)})")
        if not isinstance(name, str) or name not in CREATURES:
            raise InvalidFormationError("unknown_creature", f"{what}: unknown creature {name!r} in {slot}")
        if name in seen:
            raise InvalidFormationError("duplicate", f"{what}: {name} is placed twice ({seen[name]} and {slot})")
        seen[name] = slot
    if complete:
        missing = [s for s in SLOTS if s not in value]
        if missing:
            raise InvalidFormationError("incomplete", f"{what}: empty slot {missing[0]}")
    return {s: value[s] for s in SLOTS if s in value}


def check_limits(puzzle: Puzzle, formation: dict[str, str], *, complete: bool = True) -> None:
    """Raise a FormationError naming the first breached limit; partial formations pass with complete=False."""
    f = parse_lineup(formation, complete=complete)
    pool = set(puzzle.pool)
    for name in f.values():
        if name not in pool:
            raise LimitError("pool", f"{name} is not in this puzzle's pool ({', '.join(puzzle.pool)})")
    for slot, name in puzzle.fixed.items():
        placed = f.get(slot)
        if placed is not None and placed != name:
            raise LimitError("fixed", f"{SLOT_LABELS[slot]} is fixed to {name}")
        where = next((s for s, n in f.items() if n == name), None)
        if where is not None and where != slot:
            raise LimitError("fixed", f"{name} is fixed to {SLOT_LABELS[slot]}")
    names = set(f.values())
    for a, b in puzzle.forbidden_pairs:
        if a in names and b in names:
            raise LimitError("forbidden_pair", f"{a} and {b} cannot be chosen together")
    if puzzle.max_guild_pairs is not None:
        pairs = guild_pairs(names)
        if len(pairs) > puzzle.max_guild_pairs:
            raise LimitError(
                "guild_pairs",
                f"at most {puzzle.max_guild_pairs} guild pair(s) allowed; this formation has "
                f"{len(pairs)} ({', '.join(pairs)})")


def allowed_creatures(puzzle: Puzzle, formation: dict[str, str], slot: str) -> list[str]:
    """Creatures that may go into `slot` given the rest of a partial formation (for autocomplete)."""
    if slot not in SLOTS:
        raise InvalidFormationError("unknown_slot", f"unknown slot {slot!r}")
    rest = {s: n for s, n in formation.items() if s != slot}
    out = []
    for name in puzzle.pool:
        if name in rest.values():
            continue
        try:
            check_limits(puzzle, rest | {slot: name}, complete=False)
        except FormationError:
            continue
        out.append(name)
    return out


def starting_formation(puzzle: Puzzle) -> dict[str, str]:
    """The formation a player starts from: the fixed creatures already in place."""
    return dict(puzzle.fixed)
