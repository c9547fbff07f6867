"""A summon player's kept progress (their deck, their record against members and the AI) and the
result written into it, with the XP earned, in the same save as the finished game."""
from __future__ import annotations

from collections.abc import Callable

from bot.core.kinds import Context
from bot.core.progress import load_progress as _load
from bot.core.progress import save_progress as _save
from bot.words import words
from db import players
from db.store import Store
from engine.summon.progress import Record, Result, SummonProgress, record_result

from .session import KEY, SummonGame


def load_progress(db: Store, user_id: int) -> SummonProgress:
    return _load(db, user_id, KEY, SummonProgress)


def save_progress(db: Store, user_id: int, progress: SummonProgress, ctx_now) -> None:
    _save(db, user_id, KEY, progress, ctx_now)


def recorder(state: SummonGame, ctx: Context) -> Callable[[], None]:
    """The result of a finished game for each member seat: their record and their XP."""
    st = state.game
    assert st is not None

    def record() -> None:
        for i, seat in enumerate(state.seats):
            if seat.user_id is None:
                continue
            result: Result = "draw" if st.result == "draw" else ("win" if st.result == f"p{i + 1}" else "loss")
            progress, xp = record_result(load_progress(ctx.db, seat.user_id), result, against_ai=state.vs_ai)
            _save(ctx.db, seat.user_id, KEY, progress, ctx.now)
            players.add_xp(ctx.db, seat.user_id, xp, ctx.now)
    return record


def profile_lines(progress: dict) -> list[str]:
    if not progress:
        return []
    pr = SummonProgress.model_validate(progress)
    deck = words("Plays own deck of {n}", n=len(pr.deck)) if pr.deck else words("Plays automatic decks")
    return [words("Against members: {record}", record=record_words(pr.members)),
            words("Against the AI: {record}", record=record_words(pr.ai)), deck]


def record_words(record: Record) -> str:
    """A record as /profile says it ("2 won, 1 lost, 0 drawn"), in the reader's words."""
    return words("{won} won, {lost} lost, {drawn} drawn", won=record.wins, lost=record.losses, drawn=record.draws)


__all__ = ["load_progress", "profile_lines", "recorder", "save_progress"]
