"""Formation's board in words, a few lines for a phone: the lesson's start, the goal, the line-ups, the
newest hint, a battle's result; the creature options; More's whole brief; the picture's alt text."""
from __future__ import annotations

import re

import engine.formation as fm
from bot.words import words

from . import battles
from . import text as said
from .battle_words import rewards_lines as paid_lines
from .battle_words import summary_lines
from .session import FormationSession, LastBattle

ROUND_LINE = re.compile(r"R\d+: ")  # a battle summary's line for one round
LESSON_SHOWN = 240  # characters of a lesson on the board: about 6 lines on a phone (More has the rest)
# Words an option's ability is written with, shortened so the whole ability fits Discord's 100 characters
SHORT_WORDS = ((" damage", " dmg"), (" enemy", " foe"), (" remaining HP percentage (of its maximum HP)", " HP %"),
               ("itself included.", "self incl."), ("itself included", "self incl."), ("when it stands", "if"),
               ("its normal target", "its target"), ("when no back row is left", "if no back row"),
               ("attack ", "atk "))


def lesson_line(puzzle: fm.Puzzle) -> tuple[str, bool]:
    """The lesson as the board shows it (whole sentences within LESSON_SHOWN where it can), and whether
    More has the rest."""
    text = said.lesson(puzzle)
    if len(text) <= LESSON_SHOWN:
        return text, False
    cut = text[:LESSON_SHOWN]
    end = max(cut.rfind(". "), cut.rfind("; "), cut.rfind("。"))
    return (cut[:end + 1] if end > 0 else _cut(text, LESSON_SHOWN)), True


OPTION_MOST = 100  # characters of a select option's label and of its description (Discord's limit)


def option_words(c: fm.Creature) -> tuple[str, str]:
    """A creature's select option: its name, ability name and numbers as the label, the whole ability
    (shortened words, never a cut sentence) and when it acts as the description."""
    a = c.ability
    text = said.ability_text(c.name)
    for long, short in SHORT_WORDS:
        text = text.replace(long, short)
    rounds = ",".join(str(r) for r in a.rounds)
    description = words("{text} (rounds {rounds}, first)", text=text, rounds=rounds) if a.is_shield else \
        words("{text} (rounds {rounds})", text=text, rounds=rounds)
    if len(description) > OPTION_MOST:
        description = words("{text} (r{rounds}, first)", text=text, rounds=rounds) if a.is_shield else \
            words("{text} (r{rounds})", text=text, rounds=rounds)
    return words("{creature} · {ability} · HP {hp} · Atk {attack} · Spd {speed}", creature=said.creature(c.name),
                 ability=said.ability_name(c.name), hp=c.hp, attack=c.attack, speed=c.speed), description


def board_text(state: FormationSession) -> str:
    """The board's words, a few lines for a phone: the lesson's start, the goal, both line-ups and the
    limits in short, the newest hint; after a battle, its result. More shows the whole brief."""
    p = state.puzzle
    parts = [f"**{said.title(p)}** ({state.index + 1}/{len(state.puzzles)})"]
    if state.last is None:
        lesson, more = lesson_line(p)
        if lesson:
            parts.append(words("{lesson} (**More** has the rest.)", lesson=lesson) if more else lesson)
        parts.extend(said.goal_lines(p))
        front = said.creatures(p.opponent[s] for s in fm.SLOTS if s.startswith("front"))
        back = said.creatures(p.opponent[s] for s in fm.SLOTS if s.startswith("back"))
        parts.append(words("Opponent — front: {front} · back: {back} (**More**: when each ability fires)",
                           front=front, back=back))
        if tuple(p.pool) != fm.NAMES:
            parts.append(words("Pool: {creatures}.", creatures=said.creatures(p.pool)))
        if p.fixed:
            parts.append(words("Fixed: {creatures}.", creatures=words(", ").join(
                words("{creature} ({slot})", creature=said.creature(name), slot=label(slot))
                for slot, name in p.fixed.items())))
    else:  # the result takes the room: the brief stays in the picture, the board before and More
        parts.extend(said.goal_lines(p))
    parts.append(words("Your line-up: {lineup}", lineup=words(", ").join(
        words("{slot}: {creature}", slot=label(s), creature=said.creature(state.formation[s]))
        for s in fm.SLOTS if s in state.formation) or words("empty")))
    if state.hints:
        shown = words("Hint {n}: {hint}", n=state.hints, hint=said.hint(p, state.hints))
        parts.append(words("{hint} (**More** has the earlier ones.)", hint=shown) if state.hints > 1 else shown)
    if state.last is not None:  # round by round is the replay's and More's
        parts.append("\n".join([line for line in battle_lines(state) if not ROUND_LINE.match(line)]
                               + reward_lines(state.last)))
    return "\n".join(parts)


def battle_lines(state: FormationSession) -> list[str]:
    """The last battle in short, in the reader's words: the battle played again (it is deterministic)."""
    return summary_lines(state.puzzle, battles.battle(state.puzzle, state.formation))


def reward_lines(last: LastBattle) -> list[str]:
    return paid_lines(last.paid) if last.paid is not None else list(last.rewards)


def picture_words(state: FormationSession) -> str:
    """The brief picture in words (its alt text): both line-ups, slot by slot."""
    p = state.puzzle
    return words("{title}. Your line-up: {mine}. Opponent: {theirs}.", title=said.title(p),
                 mine=said.lineup(state.formation) or words("empty"), theirs=said.lineup(p.opponent))


def brief_view(state: FormationSession) -> str:
    """The whole brief (More): the lesson, every enemy ability's timing, ground, limits, pairs, every hint."""
    p = state.puzzle
    hints = [words("Hint {n}: {hint}", n=n, hint=said.hint(p, n)) for n in range(1, state.hints + 1)]
    battle = [words("**The last battle, round by round:**"), *battle_lines(state)] if state.last is not None else []
    return "\n".join([said.brief_text(p), *hints, *battle])


def _cut(text: str, limit: int) -> str:
    """`text` within `limit` characters, cut at a word with an ellipsis rather than mid-word."""
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0].rstrip(" ,;:—-") + "…"


def label(slot: str) -> str:
    return said.slot(slot)
