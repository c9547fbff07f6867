"""The rules' figures (damage, costs, Spirit, the break line, the last round) and the small sums
every part of a fight uses: a tile's coordinates, the enrage bonus, a luck offset, Spirit earned."""
from __future__ import annotations

from ...errors import RuleError
from ..model.board import H, W, parse_tile, tile_name
from ..model.state import FighterState

XY = tuple[int, int]
_TILE_XY = {tile_name(x, y): (x, y) for x in range(W) for y in range(H)}

OA_DAMAGE = 5
SPLAT_DAMAGE = 3
SWEPT_DAMAGE = 5
STAND_UP_COST = 2
SUPER_COST = 60
SUPER_LEVEL = 8
CASHIN_SPIRIT = 10
FLOWING_GUARD_BLOCK = 3
FLOWING_GUARD_STRIKE = 6
BREAK_SHARE = (3, 10)   # the pack breaks under 30% of its starting HP
LAST_ROUND = 10

# Which set-up each kind of skill cashes in (seed: soaked for lightning, prone for melee,
# rooted for a shot, moss for fire).
CASHINS = (("soaked", "element", "lightning"), ("prone", "delivery", "melee"),
           ("rooted", "delivery", "shot"), ("moss", "element", "fire"))


def spirit_total(f: FighterState) -> int:
    """Spirit earned so far on the running totals (rules file): 12 per ten dealt, 10 per ten taken,
    10 a cash-in, each total floored once."""
    return f.dealt * 12 // 10 + f.taken * 10 // 10 + CASHIN_SPIRIT * f.cashins


def enrage_bonus(round_: int) -> int:
    """+2 a round from round 5, adding up to +10."""
    return min(10, 2 * (round_ - 4)) if round_ >= 5 else 0


def xy(name: str) -> XY:
    t = _TILE_XY.get(name) or parse_tile(name)
    if t is None:
        raise RuleError(f"{name!r} is not a tile (columns A-M, rows 1-9)", "off_board")
    return t


def luck_offset(amount: int, k: int) -> int:
    """Offset for a luck draw k in [-100, 100] (thousandths): amount × k/1000 truncated toward zero."""
    q = amount * k
    return q // 1000 if q >= 0 else -((-q) // 1000)
