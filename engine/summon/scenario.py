"""Hand-set positions (for tests, puzzles and debugging): build a SummonState piece by piece."""
from __future__ import annotations

from typing import Any

from .catalog import card
from .pieces import parse_sides
from .state import BoardPiece, HandPiece, PlayerState, SummonState, Unit


def _player(spec: dict[str, Any], cards: list[str]) -> PlayerState:
    p = PlayerState(ox=spec.get("ox", 0), oy=spec.get("oy", 0))

    def uid_for(cid: str) -> int:
        card(cid)  # unknown ids fail early
        cards.append(cid)
        return len(cards) - 1

    for cid in spec.get("deck", []):
        p.deck.append(uid_for(cid))
    for cid, code in spec.get("hand", []):
        p.hand.append(HandPiece(uid=uid_for(cid), card=cid, sides=parse_sides(code)))
    for item in spec.get("board", []):
        cid, col, row, code = item[:4]
        summoned = bool(item[4]) if len(item) > 4 else False
        p.board.append(BoardPiece(uid=uid_for(cid), card=cid, x=p.ox + col, y=p.oy + row,
                                  sides=parse_sides(code), summoned=summoned))
    for item in spec.get("line", []):
        cid, ticks = (item, None) if isinstance(item, str) else item
        c = card(cid)
        uid = uid_for(cid)
        p.removed.append(uid)  # the unit's piece left the board earlier
        p.line.append(Unit(uid=uid, card=cid, ticks=c.max_ticks if ticks is None else ticks, max_ticks=c.max_ticks))
        p.ever_had_unit = True
    p.ever_had_unit = p.ever_had_unit or spec.get("ever_had_unit", False)
    return p


def scenario(p1: dict[str, Any] | None = None, p2: dict[str, Any] | None = None, *, first: int = 0,
             to_move: int | None = None, seed: int = 0, battle_phases: int = 0,
             turns_left: tuple[int, int] = (3, 3)) -> SummonState:
    """A state with the given decks, hands ((card, sides) pairs, sides as codes like "N.nr"), boards
    ((card, col, row, sides[, summoned]) relative to window origin ox/oy) and battle lines (card or
    (card, ticks)), front first."""
    cards: list[str] = []
    a = _player(p1 or {}, cards)
    split = len(cards)
    b = _player(p2 or {}, cards)
    return SummonState(seed=seed, rng=seed, cards=cards, split=split, players=[a, b], first=first,
                       to_move=first if to_move is None else to_move, battle_phases=battle_phases,
                       turns_left=list(turns_left))
