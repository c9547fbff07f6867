"""The tactics board picture: the 13x9 grid with its terrain, fighters, telegraphs and goal, and a legend
under it (who each letter is, what each tile is), as PNG.

Drawn flat (no alpha layers) so one board takes a few milliseconds: shaded tiles are blended by hand.
Columns A-M run west to east along the top, rows 1-9 north to south down the left, as the text view.
Sized for a phone: shown 390 px wide, its smallest text (TEXT_PX) still reads at 12 px.
"""
from __future__ import annotations

from math import cos, pi, sin

from PIL import Image, ImageDraw

from bot.render.common import BACKGROUND, MUTED, PANEL, TEXT, font, png_bytes
from bot.words import N_, words
from engine.tactics import FightState
from engine.tactics.model.board import COLS, COMPASS, EXIT, H, W
from engine.tactics.rules.figures import enrage_bonus
from engine.tactics.rules.pushes_ahead import PushAhead, pushes_ahead
from engine.tactics.words.render import KEY_TERRAIN

from . import names

T = 44                    # a tile's side in pixels
LEFT, TOP = 30, 106       # room for row numbers, and for two rows of chips and the column letters
EDGE = 16                 # room past the grid's edges for a splat against them
WIDTH, GRID_BOTTOM = LEFT + W * T + EDGE, TOP + H * T + EDGE
TEXT_PX = 20              # the smallest text: 12.6 px when the picture is shown 390 px wide
ROW = 32                  # a legend line
LEGEND_COLUMNS = 3

TERRAIN = {
    ".": (104, 136, 74), "=": (184, 160, 112), "~": (112, 178, 200), "w": (52, 112, 178),
    "W": (24, 58, 122), "#": (96, 94, 98), "o": (104, 136, 74), "E": (120, 118, 70),
}
EXIT_OPEN = (250, 214, 72)
TELEGRAPH = (226, 62, 52)
MOSS = (62, 170, 70)
SIDE_FILL = {"hero": (58, 110, 232), "companion": (30, 170, 160), "strays": (214, 96, 40)}
STATUS_FILL = {"soaked": (80, 160, 255), "prone": (170, 170, 170), "rooted": (90, 200, 90)}
HALO = (20, 20, 24)       # the dark edge that keeps a red mark readable on a red-shaded tile
MARK_EDGE = (130, 22, 18)  # the edge of a stray's letter on its telegraph's tiles (darker than an arrow)
STOPPED_SHORT = ("splat", "water", "deep_water")  # pushes that end against the next tile, not on a tile
GOAL_WORDS = {"rout": N_("ROUT"), "hold": N_("HOLD to round {hold}"), "break_out": N_("BREAK OUT")}
RESULT_WORDS = {"won": N_("WON"), "lost": N_("LOST"), "draw": N_("DRAW")}



def _blend(a: tuple[int, int, int], b: tuple[int, int, int], share: float) -> tuple[int, int, int]:
    return tuple(int(x + (y - x) * share) for x, y in zip(a, b))  # type: ignore[return-value]


def _tile_box(x: int, y: int) -> tuple[int, int, int, int]:
    return LEFT + x * T, TOP + y * T, LEFT + (x + 1) * T - 1, TOP + (y + 1) * T - 1


def _centre(name: str) -> tuple[int, int]:
    x, y = COLS.index(name[0]), int(name[1:]) - 1
    return LEFT + x * T + T // 2, TOP + y * T + T // 2


def _header(d: ImageDraw.ImageDraw, s: FightState) -> None:
    goal = words(GOAL_WORDS[s.goal], hold=s.hold_round)
    if s.goal == "break_out":
        goal += words(" · exits OPEN") if s.exits_open else words(" · exits open in round {round}", round=s.exit_round)
    chips = [(goal, (70, 84, 180)), (words("Round {round}/10", round=min(s.round, 10)), PANEL),
             (words("Strays' phase") if s.phase == "strays" else words("Duo phase"), PANEL)]
    if s.round >= 5:
        chips.append((words("Enraged +{n}", n=enrage_bonus(s.round)), (170, 40, 40)))
    if s.result:
        chips.append((words(RESULT_WORDS[s.result]),
                      (40, 150, 70) if s.result == "won" else (150, 40, 40) if s.result == "lost" else PANEL))
    x, y = 8, 6
    f = font(TEXT_PX)
    for text, fill in chips:
        width = int(d.textlength(text, font=f)) + 18
        if x + width > WIDTH - 8 and x > 8:   # a second row of chips
            x, y = 8, y + 38
        d.rounded_rectangle((x, y, x + width, y + 32), radius=9, fill=fill)
        d.text((x + 9, y + 16), text, font=f, fill=TEXT, anchor="lm")
        x += width + 6
    for col in range(W):
        d.text((LEFT + col * T + T // 2, TOP - 12), COLS[col], font=f, fill=MUTED, anchor="mm")
    for row in range(H):
        d.text((LEFT // 2, TOP + row * T + T // 2), str(row + 1), font=f, fill=MUTED, anchor="mm")


def _terrain(d: ImageDraw.ImageDraw, s: FightState, danger: set[str]) -> None:
    moss = {m.tile for m in s.surfaces}
    for y in range(H):
        for x in range(W):
            name = f"{COLS[x]}{y + 1}"
            ch = s.board.terrain[y][x]
            level = ord(s.board.levels[y][x]) - 48
            fill = EXIT_OPEN if ch == EXIT and s.exits_open else TERRAIN[ch]
            if level:
                fill = _blend(fill, (255, 255, 255), 0.12 * level)
            if name in danger:
                fill = _blend(fill, TELEGRAPH, 0.45)
            box = _tile_box(x, y)
            d.rectangle(box, fill=fill, outline=_blend(fill, (0, 0, 0), 0.25))
            x0, y0, x1, y1 = box
            if ch == "#":   # a boulder: light face, dark outline, so no tile is mistaken for it
                d.polygon([(x0 + 5, y1 - 5), (x0 + 14, y0 + 5), (x1 - 10, y0 + 8), (x1 - 4, y1 - 6)],
                          fill=(168, 166, 170), outline=(30, 30, 34), width=3)
            elif ch == "o":
                d.ellipse((x0 + 10, y0 + 10, x1 - 10, y1 - 10), fill=(132, 84, 40), outline=(70, 42, 18), width=2)
                d.line((x0 + 11, y0 + T // 2, x1 - 11, y0 + T // 2), fill=(70, 42, 18), width=2)
            elif ch == EXIT:
                ring = (255, 246, 170) if s.exits_open else (200, 190, 110)
                d.rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), outline=ring, width=3 if s.exits_open else 1)
                d.text(((x0 + x1) // 2, y1 - 2), words("EXIT"), font=font(TEXT_PX), fill=(40, 36, 10), anchor="ms")
            elif ch in "wW":
                for k in (12, 24):
                    d.arc((x0 + 6, y0 + k - 6, x0 + 20, y0 + k + 4), 200, 340, fill=_blend(fill, (255, 255, 255), 0.3))
                    d.arc((x0 + 22, y0 + k - 2, x0 + 36, y0 + k + 8), 200, 340, fill=_blend(fill, (255, 255, 255), 0.3))
            if name in moss:
                for dx, dy in ((8, 8), (30, 12), (14, 30), (32, 32), (22, 20)):
                    d.ellipse((x0 + dx - 3, y0 + dy - 3, x0 + dx + 3, y0 + dy + 3), fill=MOSS)
            if name in danger:
                d.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=TELEGRAPH, width=2)
            if level:  # high ground: a white band along the top edge (its level is drawn over the tokens)
                d.rectangle((x0 + 1, y0 + 1, x1 - 1, y0 + 4), fill=(245, 245, 245))


def _arrow(d: ImageDraw.ImageDraw, a: tuple[int, int], b: tuple[int, int]) -> None:
    """A telegraph aimed at a fighter: a red arrow from the stray to where that fighter stands."""
    ax, ay = a
    bx, by = b
    length = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    ux, uy = (bx - ax) / length, (by - ay) / length
    ax, ay, bx, by = ax + ux * 16, ay + uy * 16, bx - ux * 17, by - uy * 17
    d.line((ax, ay, bx, by), fill=TELEGRAPH, width=3)
    d.polygon([(bx, by), (bx - ux * 10 - uy * 6, by - uy * 10 + ux * 6),
               (bx - ux * 10 + uy * 6, by - uy * 10 - ux * 6)], fill=TELEGRAPH)


def _push(d: ImageDraw.ImageDraw, p: PushAhead) -> None:
    """A telegraph's push on a duo member caught in it: an arrow from the member's token toward where it
    lands, in the telegraph's colour; stopped by the edge, rock, a barrel or a fighter, the arrow ends
    on that side of the landing tile in a splat. A push held where it stands draws nothing."""
    if p.how == "held":
        return
    hx, hy = COMPASS[p.heading]
    (fx, fy), (tx, ty) = _centre(p.frm), _centre(p.to)
    if p.how in STOPPED_SHORT:   # the side (or corner) of the landing tile the push meets
        tx, ty = tx + hx * T // 2, ty + hy * T // 2
    length = max(1.0, ((tx - fx) ** 2 + (ty - fy) ** 2) ** 0.5)
    ux, uy = (tx - fx) / length, (ty - fy) / length
    if p.how == "splat":   # just past where the push meets what stops it; the head stops short of it
        _splat(d, tx + ux * 3, ty + uy * 3)
        tx, ty = tx - ux * 2, ty - uy * 2
    base = (tx - ux * 13, ty - uy * 13)
    start = (fx + ux * 14, fy + uy * 14)   # from the token's rim, so its letter stays clear
    if length > 30:   # room for a shaft between the rim and the head
        d.line((*start, *base), fill=HALO, width=8)
        d.line((*start, *base), fill=TELEGRAPH, width=4)
    d.polygon([(tx, ty), (base[0] - uy * 8, base[1] + ux * 8), (base[0] + uy * 8, base[1] - ux * 8)],
              fill=TELEGRAPH, outline=HALO, width=2)


def _splat(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    """A splat: an eight-pointed burst where a push meets what stops it."""
    points = [(cx + r * cos(a), cy + r * sin(a))
              for k in range(16) for r, a in [(13 if k % 2 == 0 else 6, k * pi / 8)]]
    d.polygon(points, fill=TELEGRAPH, outline=HALO, width=1)


def _token(d: ImageDraw.ImageDraw, s: FightState, f) -> None:
    cx, cy = _centre(f.pos)
    fill = SIDE_FILL["strays" if f.side == "strays" else f.id]
    r = 15
    if f.shield:
        d.ellipse((cx - r - 4, cy - r - 4, cx + r + 4, cy + r + 4), outline=(150, 230, 255), width=3)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=(20, 20, 24), width=2)
    label = f.letter.upper() if f.side == "duo" else f.letter
    d.text((cx, cy), label, font=font(TEXT_PX), fill=TEXT, anchor="mm")
    # HP bar under the token, Spirit (the duo's) in purple under that.
    x0, x1 = cx - 19, cx + 19
    share = max(0.0, min(1.0, f.hp / f.max_hp)) if f.max_hp else 0.0
    d.rectangle((x0, cy + 16, x1, cy + 20), fill=(40, 20, 20))
    d.rectangle((x0, cy + 16, x0 + int((x1 - x0) * share), cy + 20),
                fill=(70, 200, 90) if share > 0.5 else (230, 190, 50) if share > 0.25 else (220, 60, 50))
    if f.side == "duo":
        d.rectangle((x0, cy + 21, x0 + int((x1 - x0) * min(100, f.spirit) / 100), cy + 22), fill=(180, 110, 250))
    for i, status in enumerate(f.statuses[:3]):
        sx = cx + 12 - i * 9
        d.ellipse((sx, cy - 21, sx + 8, cy - 13), fill=STATUS_FILL[status.name], outline=(20, 20, 24))


def _marks(d: ImageDraw.ImageDraw, s: FightState, marked: dict[str, str]) -> None:
    """Over the tokens: each high ground tile's level (top right) and, on each telegraphed tile, the
    letters of the strays whose telegraph covers it (bottom left), outlined so they read on any tile."""
    f = font(TEXT_PX)
    for y in range(H):
        for x in range(W):
            x0, y0, x1, y1 = _tile_box(x, y)
            level = ord(s.board.levels[y][x]) - 48
            if level:
                d.text((x1 - 3, y0 + 4), str(level), font=f, fill=(255, 255, 255), anchor="ra",
                       stroke_width=3, stroke_fill=(20, 20, 24))
            letters = marked.get(f"{COLS[x]}{y + 1}")
            if letters:
                d.text((x0 + 3, y1 - 2), letters, font=f, fill=(255, 255, 255), anchor="ls",
                       stroke_width=3, stroke_fill=MARK_EDGE)


def _legend(d: ImageDraw.ImageDraw, s: FightState) -> None:
    """Under the grid: who each letter is, each kind of tile, high ground and a telegraph's mark."""
    f = font(TEXT_PX)
    column = (WIDTH - 16) // LEGEND_COLUMNS
    entries: list[tuple[str, str]] = []   # (words, what stands beside them: a letter, a tile or a mark)
    for fighter in s.fighters:
        letter = fighter.letter.upper() if fighter.side == "duo" else fighter.letter
        entries.append((names.fighter(fighter.name), letter))
    entries += [(names.terrain(word), ch) for ch, word in _terrain_shown(s)]
    entries += [(words("high ground, level"), "level"), (words("telegraphed"), "telegraph")]
    tokens = {f.letter.upper() if f.side == "duo" else f.letter: SIDE_FILL["strays" if f.side == "strays" else f.id]
              for f in s.fighters}
    for k, (word, key) in enumerate(entries):
        x = 8 + (k % LEGEND_COLUMNS) * column
        y = GRID_BOTTOM + 6 + (k // LEGEND_COLUMNS) * ROW
        cx, cy = x + 13, y + ROW // 2
        if k < len(s.fighters):   # a fighter's token
            fill, letter = tokens[key], key
            d.ellipse((cx - 13, cy - 13, cx + 13, cy + 13), fill=fill, outline=(20, 20, 24), width=2)
            d.text((cx, cy), letter, font=f, fill=TEXT, anchor="mm")
        else:
            fill = TERRAIN["."] if key in ("level", "telegraph") else TERRAIN[key]
            if key == "telegraph":
                fill = _blend(fill, TELEGRAPH, 0.45)
            d.rectangle((cx - 13, cy - 13, cx + 13, cy + 13), fill=fill, outline=(20, 20, 24))
            if key == "level":
                d.rectangle((cx - 12, cy - 12, cx + 12, cy - 9), fill=(245, 245, 245))
                d.text((cx, cy + 2), "2", font=f, fill=(255, 255, 255), anchor="mm", stroke_width=3,
                       stroke_fill=(20, 20, 24))
            elif key == "telegraph":
                d.text((cx, cy), "a", font=f, fill=(255, 255, 255), anchor="mm", stroke_width=3,
                       stroke_fill=MARK_EDGE)
            elif key == "#":
                d.polygon([(cx - 9, cy + 9), (cx - 3, cy - 9), (cx + 6, cy - 7), (cx + 10, cy + 8)],
                          fill=(168, 166, 170), outline=(30, 30, 34), width=2)
            elif key == "o":
                d.ellipse((cx - 8, cy - 8, cx + 8, cy + 8), fill=(132, 84, 40), outline=(70, 42, 18), width=2)
            elif key == EXIT:
                d.rectangle((cx - 10, cy - 10, cx + 10, cy + 10), outline=(200, 190, 110), width=2)
        d.text((x + 32, cy), word, font=f, fill=TEXT, anchor="lm")


def _terrain_shown(s: FightState) -> list[tuple[str, str]]:
    """The kinds of tile this board has, named as the text view's key names them."""
    present = {ch for row in s.board.terrain for ch in row}
    return [(ch, word) for ch, word in KEY_TERRAIN.items() if ch in present]


def legend_rows(s: FightState) -> int:
    return -(-(len(s.fighters) + len(_terrain_shown(s)) + 2) // LEGEND_COLUMNS)


def render_board(s: FightState) -> bytes:
    """The board as PNG bytes."""
    image = Image.new("RGB", (WIDTH, GRID_BOTTOM + 12 + legend_rows(s) * ROW), BACKGROUND)
    d = ImageDraw.Draw(image)
    area = {t for tg in s.telegraphs if not tg.target for t in tg.tiles}
    marked: dict[str, str] = {}
    for tg in s.telegraphs:
        if not tg.target:
            for t in tg.tiles:
                marked[t] = marked.get(t, "") + s.get(tg.stray).letter
    _header(d, s)
    _terrain(d, s, area)
    for tg in s.telegraphs:
        stray = s.get(tg.stray)
        if tg.target and stray.standing and s.get(tg.target).standing:
            _arrow(d, _centre(stray.pos), _centre(s.get(tg.target).pos))
    for f in s.fighters:
        if f.standing:
            _token(d, s, f)
    _marks(d, s, marked)
    for tg in s.telegraphs:   # over the tokens and marks: a push starts at its member's rim
        for push in pushes_ahead(s, tg):
            _push(d, push)
    _legend(d, s)
    return png_bytes(image)
