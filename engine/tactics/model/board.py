"""The 13x9 battle board: tiles, terrain, levels, and the cut from a seeded region map with its checks."""
from __future__ import annotations

from collections import deque
from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from ...errors import RuleError
from ...rng import Rng

W, H = 13, 9
CUTS_KEPT = 64  # boards cut, one for each set of arguments: more than the shipped encounters need
COLS = "ABCDEFGHIJKLM"
DIRS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
COMPASS: dict[str, tuple[int, int]] = {
    "N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1), "S": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (-1, -1),
}
COMPASS_NAME = {v: k for k, v in COMPASS.items()}
COMPASS_WORDS = {"N": "north", "NE": "north-east", "E": "east", "SE": "south-east", "S": "south", "SW": "south-west",
                 "W": "west", "NW": "north-west"}

# Terrain characters. Entering costs are per tile; None blocks the way.
GROUND, PATH, SHALLOWS, WATER, DEEP, ROCK, BARREL, EXIT = ".", "=", "~", "w", "W", "#", "o", "E"
ENTER_COST: dict[str, int | None] = {
    GROUND: 1, PATH: 1, EXIT: 1, SHALLOWS: 2, WATER: None, DEEP: None, ROCK: None, BARREL: None,
}
TERRAIN_NAME = {
    GROUND: "ground", PATH: "path", EXIT: "exit", SHALLOWS: "shallows", WATER: "water",
    DEEP: "deep water", ROCK: "rock", BARREL: "barrel",
}


def tile_name(x: int, y: int) -> str:
    return f"{COLS[x]}{y + 1}"


_TILES = {f"{COLS[x]}{y + 1}": (x, y) for x in range(W) for y in range(H)}


def parse_tile(name: str) -> tuple[int, int] | None:
    """'E5' -> (4, 4); None when the text is not a tile of the board."""
    hit = _TILES.get(name)  # the common case, fast: the planner parses tiles a lot
    if hit is not None:
        return hit
    if not isinstance(name, str) or len(name) < 2:
        return None
    col = COLS.find(name[0].upper())
    if col < 0 or not name[1:].isdigit():
        return None
    row = int(name[1:])
    if not 1 <= row <= H:
        return None
    return col, row - 1


def on_board(x: int, y: int) -> bool:
    return 0 <= x < W and 0 <= y < H


def dist(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Eight-way distance: a diagonal step counts like a straight one."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def sign(v: int) -> int:
    return (v > 0) - (v < 0)


def heading(frm: tuple[int, int], to: tuple[int, int]) -> tuple[int, int] | None:
    """The nearest of the eight directions from one tile toward another (None if they are the same)."""
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    if dx == 0 and dy == 0:
        return None
    if abs(dx) > 2 * abs(dy):
        return sign(dx), 0
    if abs(dy) > 2 * abs(dx):
        return 0, sign(dy)
    return sign(dx), sign(dy)


class Board(BaseModel):
    """Terrain as 9 rows of 13 characters, levels as 9 rows of digits, plus surfaces and exits."""

    model_config = ConfigDict(extra="forbid")
    terrain: list[str]
    levels: list[str]
    region_seed: int = 0
    origin: tuple[int, int] = (0, 0)

    def at(self, x: int, y: int) -> str:
        return self.terrain[y][x]

    def level(self, x: int, y: int) -> int:
        return ord(self.levels[y][x]) - 48

    def standable(self, x: int, y: int) -> bool:
        return on_board(x, y) and ENTER_COST[self.terrain[y][x]] is not None

    def exits(self) -> list[tuple[int, int]]:
        return [(x, y) for y in range(H) for x in range(W) if self.terrain[y][x] == EXIT]


# --- the seeded region map -------------------------------------------------------------------

REGION_W, REGION_H = 40, 28


def _noise(rng: Rng, w: int, h: int, cell: int) -> list[list[float]]:
    gw, gh = w // cell + 2, h // cell + 2
    grid = [[rng.below(1000) / 1000 for _ in range(gw)] for _ in range(gh)]
    out = []
    for y in range(h):
        gy, fy = divmod(y, cell)
        ty = fy / cell
        row = []
        for x in range(w):
            gx, fx = divmod(x, cell)
            tx = fx / cell
            a = grid[gy][gx] * (1 - tx) + grid[gy][gx + 1] * tx
            b = grid[gy + 1][gx] * (1 - tx) + grid[gy + 1][gx + 1] * tx
            row.append(a * (1 - ty) + b * ty)
        out.append(row)
    return out


def region_map(seed: int) -> tuple[list[str], list[str]]:
    """A larger map of the land around a fight: rivers and ponds, rocky rises, hills and trails."""
    rng = Rng(seed)
    wet = _noise(rng, REGION_W, REGION_H, 6)
    high = _noise(rng, REGION_W, REGION_H, 5)
    terrain = [[GROUND] * REGION_W for _ in range(REGION_H)]
    levels = [[0] * REGION_W for _ in range(REGION_H)]
    for y in range(REGION_H):
        for x in range(REGION_W):
            m, e = wet[y][x], high[y][x]
            if m > 0.80:
                terrain[y][x] = DEEP
            elif m > 0.72:
                terrain[y][x] = WATER
            elif m > 0.63:
                terrain[y][x] = SHALLOWS
            else:
                if e > 0.78 and rng.chance(1, 3):
                    terrain[y][x] = ROCK
                elif rng.chance(1, 30):
                    terrain[y][x] = ROCK
                elif rng.chance(1, 60):
                    terrain[y][x] = BARREL
                levels[y][x] = 2 if e > 0.72 else 1 if e > 0.58 else 0
    # Trails wander west to east across the region; where they cross water they are fords.
    for _ in range(3):
        y = rng.below(REGION_H)
        for x in range(REGION_W):
            if terrain[y][x] not in (DEEP,):
                terrain[y][x] = PATH
            else:
                terrain[y][x] = SHALLOWS
            y = min(REGION_H - 1, max(0, y + rng.choice((-1, 0, 0, 0, 1))))
    return ["".join(r) for r in terrain], ["".join(str(v) for v in r) for r in levels]


def _connected(board: Board, start: tuple[int, int]) -> set[tuple[int, int]]:
    seen = {start}
    todo = deque([start])
    while todo:
        x, y = todo.popleft()
        for dx, dy in DIRS:
            n = (x + dx, y + dy)
            if n not in seen and board.standable(*n):
                seen.add(n)
                todo.append(n)
    return seen


class Layout(BaseModel):
    board: Board
    duo: list[tuple[int, int]]
    strays: list[tuple[int, int]]


class BoardCutError(RuleError):
    """No window of the region map passed the checks (should never happen with the shipped seeds)."""

    code = "no_board"


def check_layout(board: Board, duo: list[tuple[int, int]], strays: list[tuple[int, int]],
                 need_exits: bool = False) -> str | None:
    """Why a cut board cannot host a fight, or None when it can."""
    tiles = duo + strays
    if len(set(tiles)) != len(tiles):
        return "two fighters share a start tile"
    for t in tiles:
        if not board.standable(*t):
            return f"start tile {tile_name(*t)} is not standable"
    gap = min(dist(a, b) for a in duo for b in strays)
    if gap != 6:
        return f"the nearest duo member and stray are {gap - 1} tiles apart, not 5"
    reach = _connected(board, duo[0])
    for t in tiles:
        if t not in reach:
            return f"no path joins {tile_name(*duo[0])} and {tile_name(*t)}"
    if need_exits:
        exits = board.exits()
        if not exits or not any(e in reach for e in exits):
            return "no exit tile can be reached"
    return None


def _pick(board: Board, xs: range, n: int, taken: set) -> list[tuple[int, int]]:
    cands = [(x, y) for x in xs for y in range(H) if board.standable(x, y) and (x, y) not in taken]
    cands.sort(key=lambda t: (t[0] - xs.start, abs(t[1] - H // 2), t[1]))
    return cands[:n]


def cut_board(region_seed: int, n_strays: int, exits: bool = False) -> Layout:
    """Cut a 13x9 board from the seeded region map and check it; try further windows until one passes.

    The duo starts in column A, the strays from column G eastward, so exactly 5 tiles lie between the
    nearest two. Break-out boards get up to 3 exit tiles in column M. The same arguments always cut the
    same board, so each is cut once (every fight of an encounter starts on it) and each caller gets a
    copy of its own.
    """
    return _cut(region_seed, n_strays, exits).model_copy(deep=True)


@lru_cache(maxsize=CUTS_KEPT)
def _cut(region_seed: int, n_strays: int, exits: bool) -> Layout:
    for attempt in range(200):
        seed = region_seed + attempt // 20
        if attempt % 20 == 0:
            terrain, levels = region_map(seed)
        rng = Rng(seed * 1000 + attempt)
        ox, oy = rng.below(REGION_W - W + 1), rng.below(REGION_H - H + 1)
        rows = [terrain[oy + y][ox:ox + W] for y in range(H)]
        lv = [levels[oy + y][ox:ox + W] for y in range(H)]
        board = Board(terrain=rows, levels=lv, region_seed=seed, origin=(ox, oy))
        if exits:
            col = [y for y in sorted(range(H), key=lambda y: (abs(y - H // 2), y)) if board.standable(W - 1, y)][:3]
            if not col:
                continue
            board.terrain = [r[:W - 1] + (EXIT if y in col else r[W - 1]) for y, r in enumerate(board.terrain)]
        duo = _pick(board, range(0, 1), 2, set())
        first = _pick(board, range(6, 7), 1, set(duo))
        rest = _pick(board, range(6, 10), n_strays + 1, set(duo) | set(first))
        strays = (first + [t for t in rest if t not in first])[:n_strays]
        if len(duo) < 2 or len(strays) < n_strays:
            continue
        if check_layout(board, duo, strays, need_exits=exits) is None:
            return Layout(board=board, duo=duo, strays=strays)
    raise BoardCutError(f"no board from region seed {region_seed} passed the checks")


STRAY_COLUMNS = range(6, W)   # G to M: the nearest stray in G, exactly 5 tiles from the duo in A
VARY_TRIES = 40


def vary_strays(layout: Layout, seed: int, need_exits: bool = False) -> list[tuple[int, int]]:
    """The strays' start tiles drawn afresh for a seed (deterministic), still passing the board's
    checks: one in column G, the rest anywhere from G to M. Falls back to the cut's own tiles if no draw passes."""
    rng = Rng(seed)
    board, n = layout.board, len(layout.strays)
    taken = set(layout.duo)
    cands = [(x, y) for x in STRAY_COLUMNS for y in range(H) if board.standable(x, y) and (x, y) not in taken]
    front = [t for t in cands if t[0] == STRAY_COLUMNS.start]
    for _ in range(VARY_TRIES):
        if not front:
            break
        first = rng.choice(front)
        rest = [t for t in cands if t != first]
        rng.shuffle(rest)
        strays = [first] + rest[: n - 1]
        if len(strays) == n and check_layout(board, layout.duo, strays, need_exits) is None:
            return strays
    return list(layout.strays)
