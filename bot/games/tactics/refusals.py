"""Why the tactics engine refused a step, in the reader's words, from the refusal's code and facts (the
engine's own reason is English, for its command line and the companion's prompt). Each English wording
here is the engine's reason, so an English reader reads what the engine says. A typed step the engine
cannot read (its facts hold the `part`) is quoted before why."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.words import N_, SOURCE, current, words
from engine.errors import RuleError

from . import names
from .quoting import quoted
from .report import COMPASS

RESULTS = {"won": N_("won"), "lost": N_("lost"), "draw": N_("draw")}
SLOTS = {("action", True): N_("the action is already used this phase (one a phase)"),
         ("bonus", True): N_("the bonus action is already used this phase (one a phase)"),
         ("action", False): N_("the action is already used this phase"),
         ("bonus", False): N_("the bonus action is already used this phase")}
# Refusals whose facts are a fighter (`fighter`, as `{name}`), a skill, a tile and numbers, worded as they are.
PLAIN = {
    "strays_phase": N_("it is the strays' phase"),
    "down": N_("{name} is down"),
    "already_ended": N_("{name} has already ended this phase"),
    "after_end": N_("end must be the last step of a turn"),
    "rooted": N_("{name} is rooted and cannot move this phase"),
    "no_move": N_("{name} already stands on {tile}"),
    "locked": N_("supers unlock at level {least} ({name} is level {level})"),
    "no_spirit": N_("{skill} needs {need} Spirit, {name} has {spirit}"),
    "no_choice": N_("{skill} does not let you choose a push direction"),
    "no_target": N_("no fighter stands on {tile}"),
    "at_yourself": N_("{skill} cannot be aimed at yourself"),
    "foes_only": N_("{skill} can only be aimed at a foe"),
    "out_of_range": N_("{tile} is {distance} tiles away; {skill} reaches {reach}"),
    "needs_ally": N_("{skill} needs yourself or your ally on {tile}"),
    "own_tile": N_("{skill} is used on your own tile {tile}"),
    "heading": N_("aim {skill} at a tile 1 to {reach} away to set its heading"),
    "bursts_around": N_("{skill} bursts around you: aim it at {tile}"),
    "dash_reach": N_("{tile} cannot be reached with a dash of {reach}"),
    "stale": N_("the fight has moved on (state {seq}, you sent {sent})"),
    "no_such_turn": N_("there is no ready-made turn {number} (there are {count})"),
    "empty_turn": N_("the turn is empty: write steps like `move C5; Tide Lash F5; end`"),
    "move_one_tile": N_("a move names one tile, like `move C5`"),
    "unknown_reaction": N_("hold `opportunity attack` or `flowing guard`"),
    "no_aim": N_("say where to aim {skill}: a tile or a fighter, like `{skill} F5`"),
}


def _fields(facts: dict[str, Any]) -> dict[str, Any]:
    """The facts as the words' fields: names in the reader's language."""
    out = dict(facts)
    if "fighter" in facts:
        out["name"] = names.fighter(facts["fighter"])
    if "skill" in facts:
        out["skill"] = names.skill(facts["skill"])
    return out


def _budget(f: dict[str, Any]) -> str:
    if f.get("slot") == "move":
        return words("{tile} is out of reach: {left} tiles of movement left (shallows cost 2, climbing 1 more, "
                     "foes block)", tile=f["tile"], left=f["left"])
    if f.get("slot") == "hold":
        return words("{name} already holds a reaction this phase", name=f["name"])
    return words(SLOTS[(f.get("slot", "action"), bool(f.get("once")))])


def _off_board(f: dict[str, Any]) -> str:
    text = quoted(f["text"])
    if f.get("aim"):
        return words("{text} is neither a tile (columns A-M, rows 1-9) nor a fighter", text=text)
    return words("{text} is not a tile (columns A-M, rows 1-9)", text=text)


def _ambiguous(f: dict[str, Any]) -> str:
    text = quoted(f["text"])
    which = words(" or ").join(words("{id} at {tile}", id=i, tile=tile) for i, _, tile in f["which"])
    return words("{text} could be {which}: name one by its id or tile", text=text, which=which)


def _no_skill(f: dict[str, Any]) -> str:
    if "skill" not in f:   # a typed step that starts with no skill's name
        return words("no skill of yours starts this step (yours: {has}; or move, hold, end)",
                     has=words(", ").join(names.skill(s) for s in f["has"]))
    skill = quoted(f["skill"])
    if "has" in f:
        has = words(", ").join(names.skill(s) for s in f["has"])
        return words("{name} has no skill {skill} (has: {has})", name=f["name"], skill=skill, has=has)
    return words("{name} has no skill {skill}", name=f["name"], skill=skill)


def _push_into(f: dict[str, Any]) -> str:
    toward = f["toward"] if current() == SOURCE else words(COMPASS.get(f["toward"], f["toward"]))
    return words("{skill} cannot push {target} {toward} into yourself", skill=f["skill"],
                 target=names.fighter(f["target"]), toward=toward)


def _not_direction(f: dict[str, Any]) -> str:
    return words("{text} is not a direction (N, NE, E, SE, S, SW, W, NW)", text=quoted(f["text"]))


def _blocked(f: dict[str, Any]) -> str:
    if "terrain" in f:
        return words("{tile} is {terrain} and blocks the way", tile=f["tile"], terrain=names.terrain(f["terrain"]))
    return words("{tile} is not standable", tile=f["tile"])


def _occupied(f: dict[str, Any]) -> str:
    if "by" in f:
        return words("{tile} is taken by {name}; you may pass an ally but not stop on it", tile=f["tile"],
                     name=names.fighter(f["by"]))
    return words("{tile} is taken", tile=f["tile"])


WORDED: dict[str, Callable[[dict[str, Any]], str]] = {
    "fight_over": lambda f: words("the fight is over ({result})",
                                  result=words(RESULTS.get(f["result"], f["result"]))),
    "not_duo": lambda f: words("{fighter} is not a duo member (hero or companion)", fighter=repr(f["fighter"])),
    "off_board": _off_board,
    "gone": lambda f: words("{name} ({id}) is no longer on the board", name=names.fighter(f["target"]),
                            id=f["id"]),
    "ambiguous": _ambiguous,
    "no_such_skill": _no_skill,
    "out_of_budget": _budget,
    "no_such_reaction": lambda f: words("{name} cannot hold {reaction} (only the Penitent may hold Flowing Guard)",
                                        name=f["name"], reaction=names.reaction(f["reaction"])),
    "push_into_yourself": _push_into,
    "blocked": _blocked,
    "occupied": _occupied,
    "not_direction": _not_direction,
}


def reason(exc: RuleError, part: str | None = None) -> str:
    """Why the step was refused, reason only (the caller names the step); a refusal without its facts
    reads as the engine said it. `part`: a typed step as the member wrote it, quoted instead of the
    engine's reading of it."""
    facts = getattr(exc, "facts", None) or {}
    english = getattr(exc, "reason", None) or str(exc)
    if not facts and exc.code not in PLAIN:
        return english
    try:
        f = _fields(facts)
        if exc.code in PLAIN:
            why = words(PLAIN[exc.code], **f)
        elif exc.code in WORDED:
            why = WORDED[exc.code](f)
        else:
            return english
    except (KeyError, TypeError, ValueError):
        return english   # facts of another shape: the engine's own reason
    if "part" not in facts:
        return why
    return words("cannot read {step}: {why}", step=quoted(facts["part"] if part is None else part), why=why)
