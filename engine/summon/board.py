"""Summoning-board geometry: the sliding 3×3 window, legal cells, fit, fall-off and which pieces a
placement summons (placed piece first, then its connected neighbours up → right → down → left)."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .pieces import DIRS, STEP, Sides, connected, fits, opposite, rotate, sides_code
from .state import BoardPiece, HandPiece, Placement, PlayerState

Grid = dict[tuple[int, int], BoardPiece]


def grid_of(p: PlayerState) -> Grid:
    return {(b.x, b.y): b for b in p.board}


def in_window(x: int, y: int, ox: int, oy: int) -> bool:
    return ox <= x <= ox + 2 and oy <= y <= oy + 2


def candidate_cells(grid: Grid, ox: int, oy: int) -> list[tuple[int, int]]:
    """Empty cells a piece may go to, ignoring shapes: any window cell on an empty board, else any
    empty cell sharing a side with a piece (these are in the window or one step outside it)."""
    if not grid:
        return [(ox + c, oy + r) for r in range(3) for c in range(3)]
    cells = set()
    for (x, y) in grid:
        for dx, dy in STEP:
            n = (x + dx, y + dy)
            if n not in grid:
                cells.add(n)
    return sorted(cells, key=lambda c: (c[1], c[0]))


def slide_for(x: int, y: int, ox: int, oy: int) -> tuple[int, int]:
    dx = -1 if x < ox else (1 if x > ox + 2 else 0)
    dy = -1 if y < oy else (1 if y > oy + 2 else 0)
    return dx, dy


def complete(grid: Grid, x: int, y: int, sides: Sides, gone: frozenset[tuple[int, int]]) -> bool:
    """Every tab connected. Neighbours always fit (placement enforces it), so a tab is connected exactly
    when the cell it points to holds a piece that is still on the board."""
    for d in DIRS:
        s = sides[d]
        if s.kind != "tab":
            continue
        dx, dy = STEP[d]
        n = grid.get((x + dx, y + dy))
        if n is None or (n.x, n.y) in gone or not connected(s, n.sides[opposite(d)]):
            return False
    return True


@dataclass(frozen=True)
class Outcome:
    slide: tuple[int, int]
    falls: tuple[BoardPiece, ...]
    summons: tuple[int, ...]  # uids in summon order
    summon_cards: tuple[str, ...]


def misfit(grid: Grid, x: int, y: int, sides: Sides) -> int | None:
    """The first direction whose neighbour's facing side does not fit, or None."""
    for d in DIRS:
        dx, dy = STEP[d]
        n = grid.get((x + dx, y + dy))
        if n is not None and not fits(sides[d], n.sides[opposite(d)]):
            return d
    return None


def outcome(grid: Grid, ox: int, oy: int, uid: int, card: str, x: int, y: int, sides: Sides) -> Outcome:
    """What placing `sides` at (x, y) does, assuming it is legal."""
    dx, dy = slide_for(x, y, ox, oy)
    nox, noy = ox + dx, oy + dy
    falls: tuple[BoardPiece, ...] = ()
    gone: frozenset[tuple[int, int]] = frozenset()
    if dx or dy:
        falls = tuple(b for b in grid.values() if not in_window(b.x, b.y, nox, noy))
        gone = frozenset((b.x, b.y) for b in falls)
    placed = BoardPiece.model_construct(uid=uid, card=card, x=x, y=y, sides=sides, summoned=False)  # typed inputs
    grid2 = dict(grid)
    grid2[(x, y)] = placed
    order: list[BoardPiece] = []
    if complete(grid2, x, y, sides, gone):
        order.append(placed)
    for d in DIRS:
        sx, sy = STEP[d]
        n = grid.get((x + sx, y + sy))
        if n is None or n.summoned or (n.x, n.y) in gone:
            continue
        if connected(sides[d], n.sides[opposite(d)]) and complete(grid2, n.x, n.y, n.sides, gone):
            order.append(n)
    return Outcome((dx, dy), falls, tuple(b.uid for b in order), tuple(b.card for b in order))


def iter_placements(p: PlayerState, player: int, version: int = 0) -> Iterator[Placement]:
    """Every legal placement of every hand piece, rotations giving identical sides listed once."""
    grid = grid_of(p)
    cells = candidate_cells(grid, p.ox, p.oy)
    for hp in p.hand:
        seen: set[str] = set()
        for r in range(4):
            sides = rotate(hp.sides, r)
            code = sides_code(sides)
            if code in seen:
                continue
            seen.add(code)
            for (x, y) in cells:
                if misfit(grid, x, y, sides) is not None:
                    continue
                yield make_placement(grid, p, player, hp, r, x, y, sides, code, version)


def open_tabs(occupied: Grid | set[tuple[int, int]], x: int, y: int, sides: Sides,
              gone: frozenset[tuple[int, int]]) -> int:
    """Tabs of the piece at (x, y) facing an empty cell (or one whose piece falls off): what it waits on."""
    n = 0
    for d in DIRS:
        if sides[d].kind == "tab":
            cell = (x + STEP[d][0], y + STEP[d][1])
            n += cell not in occupied or cell in gone
    return n


def sets_up(grid: Grid, uid: int, x: int, y: int, sides: Sides, out: Outcome) -> tuple[bool, int]:
    """Whether the placement leaves a piece it touched one tab short of summoning — the placed piece,
    or an unsummoned neighbour whose tab went into its blank — and the placed piece's own open tabs."""
    gone = frozenset((b.x, b.y) for b in out.falls)
    occupied = set(grid) | {(x, y)}
    mine = 0 if uid in out.summons else open_tabs(occupied, x, y, sides, gone)
    if mine == 1:
        return True, mine
    for d in DIRS:
        n = grid.get((x + STEP[d][0], y + STEP[d][1]))
        if n is None or n.summoned or n.uid in out.summons or (n.x, n.y) in gone:
            continue
        if n.sides[opposite(d)].kind == "tab" and connected(sides[d], n.sides[opposite(d)]) \
                and open_tabs(occupied, n.x, n.y, n.sides, gone) == 1:
            return True, mine
    return False, mine


def make_placement(grid: Grid, p: PlayerState, player: int, hp: HandPiece, r: int, x: int, y: int,
                   sides: Sides, code: str, version: int = 0) -> Placement:
    out = outcome(grid, p.ox, p.oy, hp.uid, hp.card, x, y, sides)
    setup, waiting = sets_up(grid, hp.uid, x, y, sides, out)
    return Placement(
        player=player, piece=hp.uid, card=hp.card, rotation=r, col=x - p.ox, row=y - p.oy, sides=code,
        slide=out.slide, summons=out.summons, summon_cards=out.summon_cards,
        falls=tuple(b.uid for b in out.falls), fall_cards=tuple(b.card for b in out.falls), version=version,
        summons_now=bool(out.summons), sets_up=setup, pushes_off=bool(out.falls), waits_for=waiting,
    )


def has_placement(p: PlayerState) -> bool:
    grid = grid_of(p)
    cells = candidate_cells(grid, p.ox, p.oy)
    for hp in p.hand:
        for r in range(4):
            sides = rotate(hp.sides, r)
            for (x, y) in cells:
                if misfit(grid, x, y, sides) is None:
                    return True
    return False
