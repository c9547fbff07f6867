"""A formation session as saved: the puzzles it walks, where the player is in them, their line-up, the
hints shown and the last battle; and the player's formation progress."""
from __future__ import annotations

from datetime import date
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, field_serializer, field_validator

import engine.formation as fm
from bot.core.progress import load_progress as _load
from db.store import Store

KEY = "formation"
Track = Literal["tutorial", "campaign", "daily", "single"]


class LastBattle(BaseModel):
    """What the board shows of the latest battle: whether it was won, what it paid, and the replay to attach
    once (its words are made from the battle, played again when shown: it is deterministic and quick; `lines`
    and `rewards` are the English of saves made before the rewards were kept)."""
    won: bool
    lines: list[str] = []
    rewards: list[str] = []
    paid: fm.Rewards | None = None
    fresh: bool = True  # the replay is attached once, on the board the battle itself produced


@lru_cache(maxsize=1)
def _shipped() -> dict[str, fm.Puzzle]:
    return {p.id: p for p in fm.shipped_puzzles()}


class FormationSession(BaseModel):
    track: Track
    # The sequence. A shipped puzzle is saved as its id (a chapter is 18 of them); a daily one is saved
    # whole, so it never needs regenerating. Saves that hold every puzzle whole still load.
    puzzles: list[fm.Puzzle]
    index: int = 0
    formation: dict[str, str] = {}
    slot: str | None = None    # the slot the creature select fills
    hints: int = 0
    last: LastBattle | None = None
    won_current: bool = False
    day: date | None = None

    @field_validator("puzzles", mode="before")
    @classmethod
    def _resolve_ids(cls, value: Any) -> Any:
        if not isinstance(value, list):
            return value
        shipped = _shipped()
        out = []
        for item in value:
            if isinstance(item, str):
                if item not in shipped:
                    raise ValueError(f"no shipped formation puzzle {item!r}")
                out.append(shipped[item])
            else:
                out.append(item)
        return out

    @field_serializer("puzzles")
    def _ids_for_shipped(self, puzzles: list[fm.Puzzle]) -> list[Any]:
        shipped = _shipped()
        return [p.id if shipped.get(p.id) == p else p.model_dump(mode="json") for p in puzzles]

    @property
    def puzzle(self) -> fm.Puzzle:
        return self.puzzles[self.index]

    def at(self, index: int) -> FormationSession:
        p = self.puzzles[index]
        return self.model_copy(update={"index": index, "formation": dict(fm.starting_formation(p)),
                                       "slot": None, "hints": 0, "last": None, "won_current": False})


def load_progress(db: Store, user_id: int) -> fm.FormationProgress:
    return _load(db, user_id, KEY, fm.FormationProgress)


def new_session(track: Track, puzzles: list[fm.Puzzle], start: int = 0, day: date | None = None) -> FormationSession:
    return FormationSession(track=track, puzzles=list(puzzles), day=day).at(start)
