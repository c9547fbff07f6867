"""Shipped puzzles (tutorial, campaign chapters) loaded from JSON, the daily flight, briefs and hints."""
from __future__ import annotations

import re
from datetime import date
from functools import cache, lru_cache
from typing import Any

from pydantic import BaseModel

from ..rng import Rng, daily_seed
from .model import (
    CREATURES,
    GROUND_LABELS,
    GROUND_RULES,
    GROUNDS,
    GUILDS,
    NAMES,
    SLOT_LABELS,
    SLOTS,
    FormationError,
    HintFact,
    KeepAlive,
    MinStanding,
    Puzzle,
    UnknownPuzzleError,
    WinByRound,
    _load_json,
    guild_pairs,
    parse_lineup,
)

CHAPTER_SIZE = 18
CHAPTERS = (1, 2)
BOSS_UNLOCK = 12  # wins among the 17 non-boss puzzles of a chapter


class _PuzzleFile(BaseModel):
    puzzles: list[Puzzle]


@cache
def _file(name: str) -> tuple[Puzzle, ...]:
    return tuple(_PuzzleFile.model_validate(_load_json(name)).puzzles)


def tutorial() -> tuple[Puzzle, ...]:
    """The four lessons (front row, target columns, shield timing, guild pairs), then the transfer puzzle."""
    return _file("tutorial.json")


def campaign(chapter: int) -> tuple[Puzzle, ...]:
    """A chapter's 18 puzzles in order; the 18th is the boss."""
    if chapter not in CHAPTERS:
        raise UnknownPuzzleError("unknown_chapter",
                                 f"no campaign chapter {chapter} (chapters: {', '.join(map(str, CHAPTERS))})")
    return _file(f"campaign_{chapter}.json")


def shipped_puzzles() -> tuple[Puzzle, ...]:
    """Every puzzle shipped as data: the tutorial then each chapter."""
    out = list(tutorial())
    for ch in CHAPTERS:
        out.extend(campaign(ch))
    return tuple(out)


_DAILY_ID = re.compile(r"^daily-(\d{4}-\d{2}-\d{2})-([123])$")


def puzzle_by_id(puzzle_id: str) -> Puzzle:
    """Any puzzle by id: shipped ones, and daily ones ('daily-YYYY-MM-DD-n').

    UnknownPuzzleError (a KeyError) if unknown."""
    for p in shipped_puzzles():
        if p.id == puzzle_id:
            return p
    m = _DAILY_ID.match(puzzle_id)
    if m:
        try:
            day = date.fromisoformat(m.group(1))
        except ValueError:
            raise UnknownPuzzleError("unknown_puzzle", f"no formation puzzle {puzzle_id!r} (bad date)") from None
        return daily_flight(day)[int(m.group(2)) - 1]
    raise UnknownPuzzleError("unknown_puzzle", f"no formation puzzle {puzzle_id!r}")


# ------------------------------------------------------------------------------------------ briefs

def _rounds_text(rounds: tuple[int, ...], limit: int) -> str:
    shown = [r for r in rounds if r <= limit]
    return "rounds " + ", ".join(map(str, shown)) if shown else "never within this battle"


def enemy_ability_lines(puzzle: Puzzle) -> list[str]:
    """When each of the opponent's abilities fires within this puzzle's round limit."""
    lines = []
    for slot in SLOTS:
        c = CREATURES[puzzle.opponent[slot]]
        a = c.ability
        when = _rounds_text(a.rounds, puzzle.rounds_limit)
        timing = "at speed 10, before anyone" if a.is_shield else f"at speed {c.speed}"
        lines.append(f"{c.name} ({SLOT_LABELS[slot]}): {a.name} on {when}, {timing} — {a.text}")
    return lines


def pair_bonus_lines(puzzle: Puzzle) -> list[str]:
    opp = guild_pairs(puzzle.opponent.values())
    out = []
    for g in opp:
        a, b = GUILDS[g]
        out.append(f"Opponent's {g} pair: {a} and {b} each get +6 max HP.")
    mine = [g for g, (a, b) in GUILDS.items() if a in puzzle.pool and b in puzzle.pool
            and (a, b) not in puzzle.forbidden_pairs and (b, a) not in puzzle.forbidden_pairs]
    if puzzle.max_guild_pairs == 0:
        out.append("You may not field a guild pair here.")
    elif mine:
        pairs = ", ".join(f"{g} ({GUILDS[g][0]} + {GUILDS[g][1]})" for g in mine)
        out.append(f"Pairs open to you (+6 max HP each): {pairs}.")
    return out


def limit_lines(puzzle: Puzzle) -> list[str]:
    out = []
    if tuple(puzzle.pool) != NAMES:
        out.append("Pool: " + ", ".join(puzzle.pool) + ".")
    for slot, name in puzzle.fixed.items():
        out.append(f"Fixed: {name} stands at {SLOT_LABELS[slot]}.")
    for a, b in puzzle.forbidden_pairs:
        out.append(f"Not together: {a} and {b}.")
    if puzzle.max_guild_pairs is not None:
        out.append(f"At most {puzzle.max_guild_pairs} guild pair(s).")
    return out


def goal_lines(puzzle: Puzzle) -> list[str]:
    return ["Objective: win the battle."] + [f"Mastery: {g.text()}" for g in puzzle.mastery]


def brief_text(puzzle: Puzzle) -> str:
    """Everything shown before the battle: opponent and its ability timings, ground, goals, limits, pairs."""
    parts = [f"**{puzzle.title}**", puzzle.brief]
    if puzzle.lesson:
        parts.append(puzzle.lesson)
    opp = " · ".join(f"{SLOT_LABELS[s]}: {puzzle.opponent[s]}" for s in SLOTS)
    parts.append("Opponent — " + opp)
    parts.extend(enemy_ability_lines(puzzle))
    parts.append(f"Ground: {GROUND_LABELS[puzzle.ground]} — {GROUND_RULES[puzzle.ground]} "
                 f"Up to {puzzle.rounds_limit} rounds.")
    parts.extend(goal_lines(puzzle))
    parts.extend(limit_lines(puzzle))
    parts.extend(pair_bonus_lines(puzzle))
    return "\n".join(p for p in parts if p)


def formation_lines(puzzle: Puzzle, formation: dict[str, str]) -> list[str]:
    """The player's (partial) formation as text: slot, creature, guild, max HP with any pair bonus, speed."""
    formation = parse_lineup(formation, complete=False)  # an unknown slot or creature: a FormationError
    pairs = set(guild_pairs(formation.values()))
    out = []
    for slot in SLOTS:
        name = formation.get(slot)
        tag = " (fixed)" if slot in puzzle.fixed else ""
        if name is None:
            out.append(f"{SLOT_LABELS[slot]}: empty{tag}")
            continue
        c = CREATURES[name]
        bonus = 6 if c.guild in pairs else 0
        extra = " incl. pair +6" if bonus else ""
        out.append(f"{SLOT_LABELS[slot]}: {name} ({c.guild}) {c.hp + bonus} HP{extra} · attack {c.attack} · "
                   f"speed {c.speed}{tag}")
    return out


def hint(puzzle: Puzzle, n: int) -> str:
    """Hint step n (1-based): 1 a reminder of the mechanic, 2 a useful position, 3 a solved formation."""
    if not 1 <= n <= len(puzzle.hints):
        raise FormationError("no_hint", f"{puzzle.id} has {len(puzzle.hints)} hint step(s); there is no step {n}")
    return puzzle.hints[n - 1]


def hint_count(puzzle: Puzzle) -> int:
    return len(puzzle.hints)


# ---------------------------------------------------------------------- generated hint texts

_MECHANICS = {
    "sheltered_opening": "Sheltered opening gives both front rows 6 shield in round 1 only; it counts toward the "
                         "20 shield cap, so stacking more shield in front that round is partly wasted.",
    "moon_dew": "Moon dew heals every standing creature 2 HP after each full round, including round 12 — long "
                "fights favour the side that keeps more creatures standing.",
    "short_expedition": "Short expedition ends after round 8: if nobody is knocked out, creatures standing, then "
                        "HP share, decide. Abilities still fire only on their printed rounds: the shield cards "
                        "(Mallow, Pip, Frost) on rounds 1, 4 and 7, the others on rounds 3 and 6.",
    "Cinder": "Their Cinder's Tea steam hits every one of your creatures for 7 on rounds 3, 6, 9 and 12 — "
              "low-HP creatures fall to it first.",
    "Cog": "Their Cog's Gear leap skips your front row: on rounds 3, 6, 9, 12 it hits your back-row creature "
           "with the lowest HP share for 16.",
    "Zip": "Their Zip pounces its normal target for 14 on rounds 3, 6, 9, 12 — a shield that lands at speed 10 "
           "that round soaks it.",
    "Comet": "Their Comet dashes its normal target for 12 on rounds 3, 6, 9, 12.",
    "Luna": "Their Luna heals the lowest-share ally 12 on rounds 3, 6, 9, 12: spread damage lets her undo it, "
            "focused damage knocks creatures out before she can.",
    "Honey": "Their Honey heals every ally 5 on rounds 3, 6, 9, 12 at speed 9 — before most attacks that round.",
    "Pip": "Their Pip takes 18 shield on rounds 1, 4, 7, 10 and does not attack on those rounds.",
    "Frost": "Their Frost shields its most hurt ally for 12 on rounds 1, 4, 7, 10, at speed 10.",
    "Mallow": ("Their Mallow shields their front row for 6 on rounds 1, 4, 7, 10 — its shields land before "
               "anyone attacks."),
    "Ori": "Their Ori gives every ally 5 shield on rounds 3, 6, 9, 12 — your ability round hits land into it.",
    "targets": "A normal attack goes to the nearest enemy front-row creature by column; the back row is hit only "
               "once the front row is gone. Back middle is as close to both front columns and picks front left.",
}


def mechanic_fact(puzzle: Puzzle) -> HintFact:
    """The first hint step: the rule this puzzle leans on most (ground first, then the opponent's front)."""
    if puzzle.ground != "clear":
        return HintFact(kind="mechanic", key=puzzle.ground)
    order = ("Cinder", "Cog", "Luna", "Zip", "Honey", "Pip", "Frost", "Ori", "Mallow", "Comet")
    present = set(puzzle.opponent.values())
    for name in order:
        if name in present:
            return HintFact(kind="mechanic", key=name)
    return HintFact(kind="mechanic", key="targets")  # pragma: no cover - every lineup has one of the ten


def position_fact(puzzle: Puzzle, placements: dict[str, dict[str, tuple[int, int]]]) -> HintFact:
    """The second hint step: the free placement with the best win rate (ties: more wins, slot order)."""
    best = None
    for slot in SLOTS:
        if slot in puzzle.fixed:
            continue
        for name, (w, t) in placements.get(slot, {}).items():
            if t == 0:
                continue
            key = (w * 1.0 / t, w, -SLOTS.index(slot), -NAMES.index(name))
            if best is None or key > best[0]:
                best = (key, slot, name, w, t)
    if best is None:
        return HintFact(kind="none_free")
    _, slot, name, w, t = best
    return HintFact(kind="position", creature=name, slot=slot, won=w, legal=t)


def solution_fact(formation: dict[str, str]) -> HintFact:
    return HintFact(kind="solution", formation=dict(formation))


def hint_text(fact: HintFact) -> str:
    """The engine's English for a hint's facts (a "written" hint has its own words in `Puzzle.hints`)."""
    if fact.kind == "mechanic":
        return _MECHANICS[fact.key]
    if fact.kind == "none_free":
        return "Every slot that matters is already fixed: look at who your creatures will hit."
    if fact.kind == "position":
        return (f"Try {fact.creature} at {SLOT_LABELS[fact.slot]}: {fact.won} of the {fact.legal} legal formations "
                "with it there win.")
    if fact.kind == "solution":
        return "A winning formation: " + ", ".join(f"{SLOT_LABELS[s]} {fact.formation[s]}" for s in SLOTS) + "."
    raise ValueError("a written hint has no words of the engine's")


def made_hints(facts: tuple[HintFact, ...]) -> dict[str, Any]:
    """A puzzle's `hints` and `hint_facts` for these facts (for `model_copy(update=...)`)."""
    return {"hints": tuple(hint_text(f) for f in facts), "hint_facts": facts}


def mechanic_reminder(puzzle: Puzzle) -> str:
    return hint_text(mechanic_fact(puzzle))


def position_hint(puzzle: Puzzle, placements: dict[str, dict[str, tuple[int, int]]]) -> str:
    return hint_text(position_fact(puzzle, placements))


def solution_hint(formation: dict[str, str]) -> str:
    return hint_text(solution_fact(formation))


def hint_fact(puzzle: Puzzle, n: int) -> HintFact:
    """Hint step n's facts ("written" for a puzzle's own words). A puzzle saved before its hints had facts
    takes them from the same puzzle as made today (shipped, or the day's flight made again), where its
    hints are the same; else its hints are its own words."""
    hint(puzzle, n)  # a step the puzzle does not have is refused as hint() refuses it
    if not puzzle.hint_facts:
        try:
            today = puzzle_by_id(puzzle.id)
        except FormationError:
            today = None
        if today is not None and today.hints == puzzle.hints:
            puzzle = today
    return puzzle.hint_facts[n - 1] if n <= len(puzzle.hint_facts) else HintFact(kind="written")


# ----------------------------------------------------------------------------------- daily flight

DAILY_POOL_SIZE = 7
DAILY_BANDS = ((0.30, 0.75), (0.12, 0.40), (0.02, 0.16))  # win-share bands, gentlest first
DAILY_ATTEMPTS = 12


def _daily_candidate(rng: Rng, day: date, n: int) -> Puzzle:
    names = list(NAMES)
    rng.shuffle(names)
    opponent = dict(zip(SLOTS, names[:5]))
    ground = GROUNDS[rng.below(len(GROUNDS))]
    pool_names = list(NAMES)
    rng.shuffle(pool_names)
    pool = tuple(sorted(pool_names[:DAILY_POOL_SIZE], key=NAMES.index))
    kind = rng.below(3)
    limit = 8 if ground == "short_expedition" else 12
    goal: WinByRound | KeepAlive | MinStanding
    if kind == 0:
        goal = WinByRound(round=rng.between(max(4, limit - 6), limit - 1))
    elif kind == 1:
        goal = KeepAlive(creature=pool[rng.below(len(pool))])
    else:
        goal = MinStanding(count=rng.between(2, 4))
    return Puzzle(
        id=f"daily-{day.isoformat()}-{n}", title=f"Daily flight {day.isoformat()} · {n}", brief="",
        mode="daily", number=n, opponent=opponent, ground=ground, pool=pool, mastery=(goal,),
    )


def _finish_daily(p: Puzzle, n: int, sol) -> Puzzle:
    titles = ("Morning glide", "Noon crossing", "Dusk run")
    mastery = p.mastery if sol.mastering > 0 else ()
    lead = p.opponent["front_left"]
    return p.model_copy(update={
        "id": f"{p.id.rsplit('-', 1)[0]}-{n}", "number": n, "title": f"{titles[n - 1]} ({p.id[6:16]})",
        "brief": f"Today's flight {n} of 3: {lead} leads a line-up on {GROUND_LABELS[p.ground].lower()}.",
        "mastery": mastery,
        **made_hints((mechanic_fact(p), position_fact(p, sol.placements or {}), solution_fact(sol.example))),
        "solution": sol.example, "mastery_solution": sol.mastery_example if mastery else None,
    })


@lru_cache(maxsize=64)
def daily_flight(day: date) -> tuple[Puzzle, ...]:
    """Three puzzles for one UTC date, the same for everyone, gentlest first, each solved before it is offered.

    Drawn from engine.rng with daily_seed("formation", day): a random opponent and ground, a pool of
    seven, one mastery goal (dropped if no winning formation meets it). Candidates are drawn until each
    difficulty band (share of legal formations that win) is filled; after DAILY_ATTEMPTS tries a band
    takes the closest winnable candidate.
    """
    from .solver import solve  # local: solver imports content-free modules only

    rng = Rng(daily_seed("formation", day))
    chosen = []
    for k, (lo, hi) in enumerate(DAILY_BANDS):
        best = None
        for _attempt in range(DAILY_ATTEMPTS):
            cand = _daily_candidate(rng, day, k + 1)
            sol = solve(cand, workers=1, stats=True)
            if sol.winning == 0:
                continue
            share = sol.win_share
            dist = 0.0 if lo <= share <= hi else min(abs(share - lo), abs(share - hi))
            if best is None or dist < best[0]:
                best = (dist, cand, sol)
            if dist == 0.0:
                break
        if best is None:  # pragma: no cover - a pool of seven has always had a winner in practice
            raise RuntimeError(f"no winnable daily candidate for {day}")
        chosen.append((best[2].win_share, best[1], best[2]))
    chosen.sort(key=lambda x: -x[0])
    return tuple(_finish_daily(p, i + 1, sol) for i, (_, p, sol) in enumerate(chosen))


__all__ = [
    "tutorial", "campaign", "shipped_puzzles", "puzzle_by_id", "brief_text", "hint", "hint_count",
    "daily_flight", "formation_lines", "enemy_ability_lines", "pair_bonus_lines", "limit_lines", "goal_lines",
    "mechanic_reminder", "position_hint", "solution_hint", "CHAPTER_SIZE", "CHAPTERS", "BOSS_UNLOCK",
]
