"""Why formation refuses: a puzzle not open yet, a line-up that breaks one of the puzzle's limits (read from
the refusal's code and the line-up, never from the engine's English)."""
from __future__ import annotations

import engine.formation as fm
from bot.words import plural, words

from .text import creature, creatures, guild, slot


def locked_reason(progress: fm.FormationProgress, p: fm.Puzzle) -> str | None:
    """Why a puzzle is not open yet (the engine's locked_reason, in words), or None."""
    if progress.locked_reason(p) is None or p.chapter is None:
        return None
    if not progress.chapter_open(p.chapter):
        return words("Chapter {chapter} opens when you win the chapter {before} boss.", chapter=p.chapter,
                     before=p.chapter - 1)
    return words("The boss opens after {wins} wins among the chapter's other 17 puzzles (you have {have}).",
                 wins=fm.BOSS_UNLOCK, have=progress.chapter_wins(p.chapter))


def limit_refusal(exc: fm.FormationError, p: fm.Puzzle, formation: dict[str, str]) -> str:
    """Which of the puzzle's limits a line-up breaks, from the refusal's code and the line-up itself."""
    names = set(formation.values())
    if exc.code == "pool":
        outside = next((n for n in formation.values() if n not in p.pool), "")
        return words("{creature} is not in this puzzle's pool ({pool})", creature=creature(outside),
                     pool=creatures(p.pool))
    if exc.code == "fixed":
        for s, name in p.fixed.items():
            if formation.get(s, name) != name:
                return words("{slot} is fixed to {creature}", slot=slot(s), creature=creature(name))
            if name in names and formation.get(s) != name:
                return words("{creature} is fixed to {slot}", creature=creature(name), slot=slot(s))
    if exc.code == "forbidden_pair":
        a, b = next(((a, b) for a, b in p.forbidden_pairs if a in names and b in names), ("", ""))
        return words("{a} and {b} cannot be chosen together", a=creature(a), b=creature(b))
    if exc.code == "guild_pairs":
        pairs = fm.guild_pairs(names)
        return plural(p.max_guild_pairs or 0, "at most {n} guild pair allowed; this formation has {has} ({guilds})",
                      "at most {n} guild pairs allowed; this formation has {has} ({guilds})", has=len(pairs),
                      guilds=words(", ").join(guild(g) for g in pairs))
    if exc.code == "incomplete":
        return words("every slot needs a creature")
    return words("that line-up cannot be played here")
