"""What the bowls commands ask for: a new attempt (a puzzle, endless), the player's preferences and theme
by name, and the autocomplete's choices."""
from __future__ import annotations

from datetime import datetime

import engine.bowls as bowls
from bot.core.kinds import GameError
from bot.core.progress import save_progress
from bot.core.reply import Picture
from bot.words import words
from db.store import Store
from engine.bowls.progress import PlayerRecord

from . import text as said
from .render import render_board
from .session import KEY, BowlsSession, load_record, new_session


def save_preferences(db: Store, user_id: int | None, now: datetime, **prefs: object) -> None:
    if user_id is None:
        return
    save_progress(db, user_id, KEY, load_record(db, user_id).model_copy(update=prefs), now)

def new_puzzle(db: Store, user_id: int, number: int | None) -> tuple[BowlsSession, str]:
    """A puzzle attempt, `number` or the player's first unsolved puzzle, with its label."""
    record = load_record(db, user_id)
    if number is None:
        number = next((n for n in range(1, 101) if n not in record.won), 1)
    return new_session(bowls.new_puzzle(number), record), words("Bowls puzzle {n}", n=number)

def new_endless(db: Store, user_id: int, seed: int) -> BowlsSession:
    return new_session(bowls.new_endless(seed), load_record(db, user_id))

def resumable(state: BowlsSession) -> bool:
    """A paused endless attempt, which `/bowls endless` resumes instead of starting another."""
    return state.game.mode == "endless" and state.game.paused

def puzzle_choices(db: Store, user_id: int, current: str) -> list[tuple[str, int]]:
    won = set(load_record(db, user_id).won)
    found = []
    for p in bowls.all_puzzles():
        label = words("{n} · {goal} in {moves}", n=p.id, goal=said.goal_description(p.goal), moves=p.moves) + \
            (" ✓" if p.id in won else "")
        if current.strip() in str(p.id) or current.strip().lower() in label.lower():
            found.append((label[:100], p.id))
    return found[:25]

def theme_choices(db: Store, user_id: int, current: str) -> list[tuple[str, str]]:
    unlocked = set(load_record(db, user_id).themes())
    return [(said.theme_name(t) if t in unlocked else words("{theme} (locked)", theme=said.theme_name(t)), t)
            for t in bowls.THEME_NAMES
            if current.lower() in t.lower() or current.lower() in said.theme_name(t).lower()][:25]

def pick_theme(db: Store, user_id: int, name: str) -> str:
    return choose_theme(load_record(db, user_id), name)

def theme_preview(name: str) -> Picture | None:
    """How a theme looks, even before it is earned; None for a name that is no theme."""
    locked = theme_named(name)
    if locked is None:
        return None
    sample = bowls.set_theme(bowls.new_puzzle(1), locked)
    return Picture(render_board(sample), "theme.png", words("{theme} theme preview", theme=said.theme_name(locked)))


def theme_named(name: str) -> str | None:
    """The theme a player named, by its English name or its name in their language."""
    wanted = name.strip().lower()
    return next((t for t in bowls.THEME_NAMES if wanted in (t.lower(), said.theme_name(t).lower())), None)


def choose_theme(progress: PlayerRecord, name: str) -> str:
    """The theme's proper name if the player has unlocked it; GameError saying why not otherwise."""
    match = theme_named(name)
    if match is None:
        raise GameError(words("Theme “{name}”: there is no such theme; themes are {themes}.", name=name,
                              themes=words(", ").join(said.theme_name(t) for t in bowls.THEME_NAMES)))
    if match not in progress.themes():
        raise GameError(words("Theme {theme}: still locked — {unlock} unlocks it.", theme=said.theme_name(match),
                              unlock=said.unlock_words(match)))
    return match
