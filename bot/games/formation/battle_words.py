"""A formation battle in words: a line a round, the outcome and each goal, and what the battle paid (XP,
mastery, levels, badges, unlocks)."""
from __future__ import annotations

import engine.formation as fm
from bot.words import words

from .text import creature, creatures, goal_results, outcome_line


def _side_slot(index: int) -> tuple[str, str]:
    return ("a" if index < 5 else "b"), fm.SLOTS[index % 5]


def round_lines(result: fm.BattleResult) -> list[str]:
    """One line a round: what each side dealt and healed, who fell (the engine's summary, in words)."""
    lines = []
    for rl in result.log:
        dealt = {"a": 0, "b": 0}
        healed = {"a": 0, "b": 0}
        for actions in rl.recorded:
            for actor, _, _, applied, _ in actions:
                if actor[4] == "damage":
                    dealt[actor[0]] += applied
                elif actor[4] == "heal":
                    healed[actor[0]] += applied
        parts = [words("You deal {n}", n=dealt["a"]), words("They deal {n}", n=dealt["b"])]
        if healed["a"]:
            parts.append(words("you heal {n}", n=healed["a"]))
        if healed["b"]:
            parts.append(words("they heal {n}", n=healed["b"]))
        line = f"R{rl.round}: " + words(", ").join(parts)
        kos = []
        for _, t in rl.felled:
            side, s = _side_slot(t)
            name = creature((result.a if side == "a" else result.b)[s])
            kos.append(words("{creature} (yours)", creature=name) if side == "a" else
                       words("{creature} (theirs)", creature=name))
        if kos:
            line += words(" · out: {creatures}", creatures=words(", ").join(kos))
        lines.append(line)
    return lines


def summary_lines(p: fm.Puzzle, result: fm.BattleResult) -> list[str]:
    """The battle in short: a line a round, the outcome, each goal met (✓) or missed (✗)."""
    return [*round_lines(result), outcome_line(result),
            *(f"{'✓' if met else '✗'} {said}" for met, said in goal_results(p, result))]


def rewards_lines(r: fm.Rewards) -> list[str]:
    out = []
    if r.replay:
        out.append(words("Replay of a puzzle you have already won: no XP or mastery."))
    elif not r.eligible:
        out.append(words("Tutorial battles give no XP and no creature mastery (a lesson won with every goal met "
                         "still counts as a puzzle mastered)."))
    else:
        out.append(words("+{xp} XP (daily cap reached)", xp=r.xp) if r.xp_capped else words("+{xp} XP", xp=r.xp))
        if r.mastery:
            out.append(words("Mastery: {gains}", gains=words(", ").join(
                f"{creature(n)} +{v}" for n, v in r.mastery.items())))
        if r.mastery_capped:
            out.append(words("Daily mastery cap reached for {creatures}", creatures=creatures(r.mastery_capped)))
    if r.level_after > r.level_before:
        out.append(words("Level {level}!", level=r.level_after))
    for n, t in r.new_badges:
        out.append(words("Badge: {creature} mastery {points}", creature=creature(n), points=t))
    for n, t in r.new_illustrations:
        out.append(words("Illustration unlocked: {creature} ({points} mastery)", creature=creature(n), points=t))
    if r.first_win:
        out.append(words("First win on this puzzle."))
    if r.newly_mastered and r.eligible:
        out.append(words("Puzzle mastered!"))
    for u in r.unlocked:
        kind, what = u.split(":", 1)
        out.append(words("Unlocked: the boss {puzzle}", puzzle=what) if kind == "boss" else
                   words("Unlocked: chapter {chapter}", chapter=what))
    return out
