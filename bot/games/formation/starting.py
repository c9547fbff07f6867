"""How a formation session starts from a command (the tutorial, a campaign chapter, one puzzle by id), and
what the commands' autocomplete offers."""
from __future__ import annotations

from datetime import date

import engine.formation as fm
from bot.core.kinds import GameError
from bot.words import words
from db.store import Store

from . import text as said
from .refusals import locked_reason
from .session import FormationSession, load_progress, new_session


def _daily_day(puzzle_id: str) -> date | None:
    """The day a daily puzzle id ('daily-YYYY-MM-DD-n') belongs to, or None for any other id."""
    parts = puzzle_id.strip().split("-")
    if len(parts) != 5 or parts[0] != "daily":
        return None
    try:
        return date.fromisoformat("-".join(parts[1:4]))
    except ValueError:
        return None


def new_tutorial(db: Store, user_id: int) -> tuple[FormationSession, str]:
    puzzles = list(fm.tutorial())
    progress = load_progress(db, user_id)
    start = next((i for i, p in enumerate(puzzles) if p.id not in progress.won), 0)
    return new_session("tutorial", puzzles, start), words("Formation tutorial")

def new_campaign(db: Store, user_id: int, chapter: int | None) -> tuple[FormationSession, str]:
    """The chapter's session from the player's first open puzzle; GameError when it is locked."""
    progress = load_progress(db, user_id)
    if chapter is None:
        chapter = max(c for c in fm.CHAPTERS if progress.chapter_open(c))
    if not progress.chapter_open(chapter):
        raise GameError(words("Chapter {chapter} opens when you beat the chapter {before} boss.", chapter=chapter,
                              before=chapter - 1))
    puzzles = list(fm.campaign(chapter))
    playable = [i for i, p in enumerate(puzzles) if progress.locked_reason(p) is None]
    start = next((i for i in playable if puzzles[i].id not in progress.won), playable[0] if playable else 0)
    return new_session("campaign", puzzles, start), words("Formation chapter {chapter}", chapter=chapter)

def new_single(db: Store, user_id: int, puzzle_id: str,
               today: date) -> tuple[FormationSession, str]:
    """One puzzle by id; a daily one only for today or a day gone by (tomorrow's stay unseen)."""
    daily_day = _daily_day(puzzle_id)
    if daily_day is not None and daily_day > today:
        raise GameError(words("The daily puzzles of {day} are not out yet: they open at 00:00 UTC that day.",
                              day=daily_day.isoformat()))
    try:
        puzzle = fm.puzzle_by_id(puzzle_id)
    except (KeyError, ValueError):
        raise GameError(words("There is no puzzle “{id}”: pick one from the list.", id=puzzle_id)) from None
    reason = locked_reason(load_progress(db, user_id), puzzle)
    if reason:
        raise GameError(words("{title} is locked: {reason}", title=said.title(puzzle), reason=reason))
    return new_session("single", [puzzle]), said.title(puzzle)

def puzzle_choices(db: Store, user_id: int, current: str) -> list[tuple[str, str]]:
    progress = load_progress(db, user_id)
    found = []
    for p in fm.shipped_puzzles():
        label = f"{p.id} · {said.title(p)}" + (" ✓" if p.id in progress.won else "")
        if current.lower() in label.lower() and progress.locked_reason(p) is None:
            found.append((label[:100], p.id))
    return found[:25]

def creature_choices(state: FormationSession | None, slot: str | None, current: str) -> list[str]:
    """Creatures the place step may name: those allowed in `slot` of the running puzzle."""
    if state is None:
        names = list(fm.NAMES)
    elif slot in fm.SLOTS:
        names = fm.allowed_creatures(state.puzzle, {k: v for k, v in state.formation.items() if k != slot}, slot)
    else:
        names = list(state.puzzle.pool)
    return [n for n in names if current.lower() in n.lower() or current.lower() in said.creature(n).lower()][:25]
