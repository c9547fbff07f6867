"""A whole turn written as text, as a player types it: `move C5; Tide Lash F5; end` -> steps.

Steps are separated by `;` (or new lines). Each is `move [to] TILE`, `<skill> [at|on] TILE-OR-FIGHTER
[toward] [DIRECTION]`, `hold opportunity attack|flowing guard`, `end` or `pass`. Skill names are the
fighter's own (any case); `skill` or `use` may lead. Reading is all or nothing: the first step that
cannot be read raises InvalidStepError naming it, and the steps go on to apply_turn, all or nothing too.
Each refusal carries its code and facts (`part`, the step as written; `text`, `skill`, `has` …), so a reader
in another language is told the same in theirs.
"""
from __future__ import annotations

import re
from typing import Any

from ..model.board import COMPASS, parse_tile
from ..model.content import kit
from ..model.state import FightState
from ..model.steps import EndStep, HoldStep, InvalidStepError, MoveStep, SkillStep

_DIRECTIONS = {**{d.lower(): d for d in COMPASS},
               "north": "N", "north-east": "NE", "northeast": "NE", "east": "E", "south-east": "SE",
               "southeast": "SE", "south": "S", "south-west": "SW", "southwest": "SW", "west": "W",
               "north-west": "NW", "northwest": "NW"}
_REACTIONS = {"opportunity attack": "opportunity_attack", "opportunity_attack": "opportunity_attack",
              "oa": "opportunity_attack", "attack": "opportunity_attack", "flowing guard": "flowing_guard",
              "flowing_guard": "flowing_guard", "guard": "flowing_guard"}
_HOW = ("toward", "towards", "push", "pushing")


def parse_turn_text(state: FightState, fighter_id: str, text: str) -> list[MoveStep | SkillStep | HoldStep | EndStep]:
    """The steps of a turn written as text for this fighter; raises InvalidStepError naming the bad step."""
    name = state.get(fighter_id).name
    skills = kit(name)
    parts = [p.strip() for p in re.split(r"[;\n]", text or "")]
    parts = [p for p in parts if p]
    if not parts:
        raise InvalidStepError(None, "the turn is empty: write steps like `move C5; Tide Lash F5; end`", "empty_turn")
    return [_step(i, part, name, skills) for i, part in enumerate(parts)]


def _step(i: int, part: str, name: str, skills: dict) -> MoveStep | SkillStep | HoldStep | EndStep:
    words = part.split()
    head = words[0].lower()
    if head in ("end", "pass") and len(words) == 1:
        return EndStep()
    if head == "move":
        rest = words[1:]
        if rest and rest[0].lower() == "to":
            rest = rest[1:]
        if len(rest) != 1:
            raise _bad(i, part, "a move names one tile, like `move C5`", "move_one_tile")
        if parse_tile(rest[0]) is None:
            raise _bad(i, part, f"{rest[0]!r} is not a tile (columns A-M, rows 1-9)", "off_board", text=rest[0])
        return MoveStep(to=rest[0].upper())
    if head == "hold":
        what = " ".join(words[1:]).lower()
        if what not in _REACTIONS:
            raise _bad(i, part, "hold `opportunity attack` or `flowing guard`", "unknown_reaction", text=what)
        return HoldStep(reaction=_REACTIONS[what])  # type: ignore[arg-type]
    return _skill_step(i, part, words[1:] if head in ("skill", "use") else words, name, skills)


def _skill_step(i: int, part: str, words: list[str], fighter: str, skills: dict) -> SkillStep:
    lowered = [w.lower() for w in words]
    name = None
    for skill in sorted(skills, key=len, reverse=True):   # the longest name first ("Shove" vs longer ones)
        n = len(skill.split())
        if [w.lower() for w in skill.split()] == lowered[:n]:
            name, rest = skill, words[n:]
            break
    if name is None:
        raise _bad(i, part, f"no skill of yours starts this step (yours: {', '.join(skills)}; or move, hold, end)",
                   "no_such_skill", fighter=fighter, has=list(skills))
    if rest and rest[0].lower() in ("at", "on"):
        rest = rest[1:]
    if not rest:
        raise _bad(i, part, f"say where to aim {name}: a tile or a fighter, like `{name} F5`", "no_aim", skill=name)
    at, rest = rest[0], rest[1:]
    if rest and rest[0].lower() in _HOW:
        rest = rest[1:]
    toward = None
    if rest:
        if len(rest) != 1 or rest[0].lower() not in _DIRECTIONS:
            raise _bad(i, part, f"{' '.join(rest)!r} is not a direction (N, NE, E, SE, S, SW, W, NW)", "not_direction",
                       text=" ".join(rest))
        toward = _DIRECTIONS[rest[0].lower()]
    return SkillStep(skill=name, at=at.upper() if parse_tile(at) else at, toward=toward)  # type: ignore[arg-type]


def _bad(i: int, part: str, why: str, code: str, **facts: Any) -> InvalidStepError:
    """A step that cannot be read: `why` in English, and the same as a code and facts (`part`: the step)."""
    return InvalidStepError(i, f"cannot read {part!r}: {why}", code, part=part, **facts)
