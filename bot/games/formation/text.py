"""Formation's words in the reader's language: creatures, slots, grounds, the brief, goals, hints, the battle's
summary and rounds, rewards and refusals, made from the engine's values (the engine's own texts are English for
its command line and logs; these say the same in English).

Names and puzzle texts in another language are data: `engine/formation/data/words.<language>.json` holds each
creature's name, animal, ability name and text, the guilds, each shipped puzzle's title, brief, lesson and
hand-written hints, and the mechanic reminders, keyed by the English data they translate."""
from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any

import engine.formation as fm
from bot.words import LANGUAGES, N_, current, plural, words

SLOTS = {"front_left": N_("front left"), "front_right": N_("front right"), "back_left": N_("back left"),
         "back_middle": N_("back middle"), "back_right": N_("back right")}
GROUNDS = {"clear": N_("Clear ground"), "sheltered_opening": N_("Sheltered opening"), "moon_dew": N_("Moon dew"),
           "short_expedition": N_("Short expedition")}
GROUND_RULES = {
    "clear": N_("12 rounds, no extra rule."),
    "sheltered_opening": N_("Round 1 only: every front-row creature on both sides starts with 6 shield."),
    "moon_dew": N_("At the end of every full round, every living creature on both sides recovers 2 HP."),
    "short_expedition": N_("The battle ends after round 8. Abilities keep their printed rounds."),
}
DAILY_TITLES = (N_("Morning glide"), N_("Noon crossing"), N_("Dusk run"))


@cache
def _data(language: str) -> dict[str, Any]:
    """The language's formation words (empty for English, the data's own language)."""
    try:
        path = resources.files("engine.formation") / "data" / f"words.{language}.json"
        return json.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, ModuleNotFoundError):
        return {}


def _local() -> dict[str, Any]:
    return _data(current())


# --- names ------------------------------------------------------------------------------------------

def creature(name: str) -> str:
    return _local().get("creatures", {}).get(name, {}).get("name", name)


def creature_named(text: str) -> str | None:
    """The creature a player typed, by its English name or its name in any language the data has."""
    wanted = text.strip().lower()
    for name in fm.NAMES:
        if wanted == name.lower() or any(wanted == _data(language).get("creatures", {}).get(name, {}).get(
                "name", name).lower() for language in LANGUAGES):
            return name
    return None


def guild(name: str) -> str:
    return _local().get("guilds", {}).get(name, name)


def ability_name(name: str) -> str:
    c = fm.CREATURES[name]
    return _local().get("creatures", {}).get(name, {}).get("ability", c.ability.name)


def ability_text(name: str) -> str:
    c = fm.CREATURES[name]
    return _local().get("creatures", {}).get(name, {}).get("text", c.ability.text)


def creatures(names) -> str:
    return words(", ").join(creature(n) for n in names)


def slot(s: str) -> str:
    return words(SLOTS[s]) if s in SLOTS else s


def ground(g: str) -> str:
    return words(GROUNDS[g])


def ground_rule(g: str) -> str:
    return words(GROUND_RULES[g])


# --- a puzzle's own words ---------------------------------------------------------------------------

def _puzzle_data(p: fm.Puzzle) -> dict[str, Any]:
    return _local().get("puzzles", {}).get(p.id, {})


def _daily_parts(p: fm.Puzzle) -> tuple[int, str] | None:
    """A daily puzzle's number and day, from its id ('daily-YYYY-MM-DD-n')."""
    m = re.fullmatch(r"daily-(\d{4}-\d{2}-\d{2})-(\d)", p.id)
    return (int(m[2]), m[1]) if m else None


def title(p: fm.Puzzle) -> str:
    if (told := _puzzle_data(p).get("title")) is not None:
        return told
    daily = _daily_parts(p)
    if daily is not None and p.mode == "daily" and 1 <= daily[0] <= 3:
        return words("{name} ({day})", name=words(DAILY_TITLES[daily[0] - 1]), day=daily[1])
    return p.title


def brief(p: fm.Puzzle) -> str:
    if (told := _puzzle_data(p).get("brief")) is not None:
        return told
    if p.mode == "daily" and p.brief:
        return words("Today's flight {n} of 3: {lead} leads a line-up on {ground}.", n=p.number,
                     lead=creature(p.opponent["front_left"]), ground=ground(p.ground).lower())
    return p.brief


def lesson(p: fm.Puzzle) -> str:
    data = _puzzle_data(p)
    return data["lesson"] if data.get("lesson") else (p.lesson or "")


_NONE_FREE = N_("Every slot that matters is already fixed: look at who your creatures will hit.")


def hint(p: fm.Puzzle, n: int) -> str:
    """Hint step n: the puzzle's own words where the data has them, else worded from the engine's facts
    (the mechanic reminder, the best free placement, a winning formation)."""
    written = _puzzle_data(p).get("hints", [])
    if n <= len(written) and written[n - 1]:
        return written[n - 1]
    fact = fm.hint_fact(p, n)
    if fact.kind == "mechanic":
        return _local().get("mechanics", {}).get(fact.key) or fm.hint(p, n)
    if fact.kind == "none_free":
        return words(_NONE_FREE)
    if fact.kind == "position":
        return words("Try {creature} at {slot}: {won} of the {legal} legal formations with it there win.",
                     creature=creature(fact.creature), slot=slot(fact.slot), won=fact.won, legal=fact.legal)
    if fact.kind == "solution":
        return words("A winning formation: {lineup}.", lineup=lineup(fact.formation))
    return fm.hint(p, n)  # the puzzle's own English, with no words of another language


def lineup(formation: dict[str, str]) -> str:
    return words(", ").join(words("{slot} {creature}", slot=slot(s), creature=creature(formation[s]))
                            for s in fm.SLOTS if s in formation)


# --- goals ------------------------------------------------------------------------------------------

def goal(g: Any) -> str:
    if isinstance(g, fm.WinByRound):
        return words("Win by round {round}.", round=g.round)
    if isinstance(g, fm.KeepAlive):
        return words("Win with {creature} still standing.", creature=creature(g.creature))
    return words("Win with at least {count} of your creatures standing.", count=g.count)


def goal_lines(p: fm.Puzzle) -> list[str]:
    return [words("Objective: win the battle.")] + [words("Mastery: {goal}", goal=goal(g)) for g in p.mastery]


def goal_results(p: fm.Puzzle, result: fm.BattleResult) -> list[tuple[bool, str]]:
    """Each mastery goal of the battle, met or not, in words (the result's goals follow the puzzle's)."""
    return [(r.met, goal(g)) for g, r in zip(p.mastery, result.goals)]


# --- the brief --------------------------------------------------------------------------------------

def _rounds_text(rounds: tuple[int, ...], limit: int) -> str:
    shown = [r for r in rounds if r <= limit]
    return words("rounds {rounds}", rounds=words(", ").join(map(str, shown))) if shown else \
        words("never within this battle")


def enemy_ability_lines(p: fm.Puzzle) -> list[str]:
    lines = []
    for s in fm.SLOTS:
        name = p.opponent[s]
        c = fm.CREATURES[name]
        when = _rounds_text(c.ability.rounds, p.rounds_limit)
        timing = words("at speed 10, before anyone") if c.ability.is_shield else \
            words("at speed {speed}", speed=c.speed)
        lines.append(words("{creature} ({slot}): {ability} on {when}, {timing} — {text}", creature=creature(name),
                           slot=slot(s), ability=ability_name(name), when=when, timing=timing,
                           text=ability_text(name)))
    return lines


def pair_bonus_lines(p: fm.Puzzle) -> list[str]:
    out = []
    for g in fm.guild_pairs(p.opponent.values()):
        a, b = fm.GUILDS[g]
        out.append(words("Opponent's {guild} pair: {a} and {b} each get +6 max HP.", guild=guild(g),
                         a=creature(a), b=creature(b)))
    mine = [g for g, (a, b) in fm.GUILDS.items() if a in p.pool and b in p.pool
            and (a, b) not in p.forbidden_pairs and (b, a) not in p.forbidden_pairs]
    if p.max_guild_pairs == 0:
        out.append(words("You may not field a guild pair here."))
    elif mine:
        pairs = words(", ").join(words("{guild} ({a} + {b})", guild=guild(g), a=creature(fm.GUILDS[g][0]),
                                       b=creature(fm.GUILDS[g][1])) for g in mine)
        out.append(words("Pairs open to you (+6 max HP each): {pairs}.", pairs=pairs))
    return out


def limit_lines(p: fm.Puzzle) -> list[str]:
    out = []
    if tuple(p.pool) != fm.NAMES:
        out.append(words("Pool: {creatures}.", creatures=creatures(p.pool)))
    for s, name in p.fixed.items():
        out.append(words("Fixed: {creature} stands at {slot}.", creature=creature(name), slot=slot(s)))
    for a, b in p.forbidden_pairs:
        out.append(words("Not together: {a} and {b}.", a=creature(a), b=creature(b)))
    if p.max_guild_pairs is not None:
        out.append(plural(p.max_guild_pairs, "At most {n} guild pair.", "At most {n} guild pairs."))
    return out


def opponent_line(p: fm.Puzzle) -> str:
    return words("Opponent — {lineup}", lineup=" · ".join(
        words("{slot}: {creature}", slot=slot(s), creature=creature(p.opponent[s])) for s in fm.SLOTS))


def brief_text(p: fm.Puzzle) -> str:
    """Everything shown before the battle: opponent and its ability timings, ground, goals, limits, pairs."""
    parts = [f"**{title(p)}**", brief(p), lesson(p), opponent_line(p), *enemy_ability_lines(p),
             words("Ground: {ground} — {rule} Up to {rounds} rounds.", ground=ground(p.ground),
                   rule=ground_rule(p.ground), rounds=p.rounds_limit),
             *goal_lines(p), *limit_lines(p), *pair_bonus_lines(p)]
    return "\n".join(part for part in parts if part)


# --- the battle -------------------------------------------------------------------------------------

def outcome_line(result: fm.BattleResult) -> str:
    knockout = result.end == "knockout"
    if result.winner == "draw":
        return words("Draw by knockout in round {round}.", round=result.rounds) if knockout else \
            words("Draw on time (the final comparison) in round {round}.", round=result.rounds)
    if result.won:
        return words("You win by knockout in round {round}.", round=result.rounds) if knockout else \
            words("You win on time (the final comparison) in round {round}.", round=result.rounds)
    return words("You lose by knockout in round {round}.", round=result.rounds) if knockout else \
        words("You lose on time (the final comparison) in round {round}.", round=result.rounds)


__all__ = ["ability_name", "ability_text", "brief", "brief_text", "creature", "creature_named", "creatures", "goal",
           "goal_lines", "goal_results", "ground", "guild", "hint", "lesson", "lineup", "outcome_line", "slot",
           "title"]
