"""A player's summon record: their own deck (built with the deck commands) and wins, losses and draws
against members and against the AI apart, with the XP a finished game earns. Pure rules: the bot
stores the model, it never decides what a result is worth."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from ..errors import RuleError
from .ai import LEVELS, Level
from .catalog import card, cards_by_id
from .deck import DeckError
from .state import DECK_MAX

GENTLE_GAMES = 3  # a player's first games against the AI are against the gentle AI
XP_WIN, XP_DRAW, XP_LOSS = 25, 10, 5  # a finished game (a surrender counts as a loss for the one who gave up)
Result = Literal["win", "loss", "draw"]


class Record(BaseModel):
    wins: int = 0
    losses: int = 0
    draws: int = 0

    def line(self) -> str:
        return f"{self.wins} won, {self.losses} lost, {self.draws} drawn"

    @property
    def played(self) -> int:
        return self.wins + self.losses + self.draws


class SummonProgress(BaseModel):
    deck: list[str] = Field(default_factory=list)  # the player's own deck; empty: an automatic one each game
    members: Record = Field(default_factory=Record)
    ai: Record = Field(default_factory=Record)
    xp: int = 0


def ai_level(progress: SummonProgress, asked: str | None = None) -> Level:
    """The AI a player meets: the level they asked for, else gentle for their first GENTLE_GAMES
    finished games against the AI, normal after that. An unknown level is refused."""
    if asked is not None:
        if asked not in LEVELS:
            raise RuleError(f"there is no AI level {asked!r}: choose {' or '.join(LEVELS)}", code="bad_level")
        return asked  # type: ignore[return-value]
    return "gentle" if progress.ai.played < GENTLE_GAMES else "normal"


def record_result(progress: SummonProgress, result: Result, *, against_ai: bool) -> tuple[SummonProgress, int]:
    """The record after one finished game, and the XP it earned."""
    which = "ai" if against_ai else "members"
    rec = getattr(progress, which)
    field = {"win": "wins", "loss": "losses", "draw": "draws"}[result]
    rec = rec.model_copy(update={field: getattr(rec, field) + 1})
    xp = {"win": XP_WIN, "draw": XP_DRAW, "loss": XP_LOSS}[result]
    return progress.model_copy(update={which: rec, "xp": progress.xp + xp}), xp


def find_piece(text: str) -> str:
    """A catalog id from an id or a name (any case); DeckError (unknown_piece) when none matches."""
    wanted = text.strip().lower()
    known = cards_by_id()
    if wanted in known:
        return wanted
    for c in known.values():
        if c.name.lower() == wanted:
            return c.id
    raise DeckError(f"there is no piece {text.strip()!r}: pick one from the list (/summon piece shows them)",
                    code="unknown_piece", text=text.strip())


def add_piece(deck: list[str], piece: str) -> list[str]:
    """The deck with one more copy of `piece`; refused past the 60-piece limit."""
    cid = find_piece(piece)
    if len(deck) >= DECK_MAX:
        raise DeckError(f"a deck holds at most {DECK_MAX} pieces; remove one first", code="deck_size",
                        size=len(deck), most=DECK_MAX)
    return sorted([*deck, cid])


def remove_piece(deck: list[str], piece: str) -> list[str]:
    """The deck with one copy of `piece` fewer; refused when the deck holds none."""
    cid = find_piece(piece)
    if cid not in deck:
        raise DeckError(f"your deck holds no {card(cid).name}", code="not_in_deck", piece=cid)
    out = list(deck)
    out.remove(cid)
    return out
