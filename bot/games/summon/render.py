"""Summon's table picture, and the drawing every summon picture shares: a piece as a jigsaw piece (tabs
out, blanks cut in, flat sides flat, each side in its attribute's colour), a board, hearts.

The table is drawn for a phone: 780 px wide, twice the 390 px a phone shows it at, and no text smaller
than 24 px, so its smallest text is 12 px where it is seen. Each seat is one panel (its name and counts,
its board, its battle line beside it), the two stacked. Only public things are drawn on it.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from PIL import Image, ImageDraw

from bot.render.common import BACKGROUND, MUTED, PANEL, TEXT, font, png_bytes
from bot.render.parts import kept_part
from bot.words import current, words
from engine.summon import card
from engine.summon.pieces import Side
from engine.summon.state import BoardPiece, Unit
from engine.summon.view import TableView

from .fitting import NAME_MARGIN, SMALLEST, fitted, name_lines, short_name
from .text import drawn_hearts, piece_name, plural

ATTR_COLOURS = {
    "neutral": (160, 163, 172), "white": (240, 232, 200), "blue": (70, 144, 232), "green": (88, 186, 96),
    "red": (232, 88, 64), "black": (150, 104, 196),
}
GOLD = (250, 200, 60)
HEART = (237, 66, 69)
HEART_EMPTY = (78, 80, 88)
HEAL = (87, 242, 135)
FALL = (255, 90, 90)
RING = (58, 60, 66)
DARK = (22, 23, 26)
LABEL_ROOM = 30  # px left of and above a labelled board for its row numbers and column letters


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return tuple(int(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


# --- pieces -------------------------------------------------------------------------------------

def _geometry(x: int, y: int, size: int) -> tuple[tuple[int, int, int, int], int, list[tuple[int, int]]]:
    m = max(6, size // 6)
    body = (x + m, y + m, x + size - m, y + size - m)
    cx, cy = (body[0] + body[2]) // 2, (body[1] + body[3]) // 2
    return body, m - 2, [(cx, body[1]), (body[2], cy), (cx, body[3]), (body[0], cy)]


def _inside(px: int, py: int, r: int, k: int, *, outward: bool) -> tuple[float, float]:
    """The middle of side `k`'s half disc (a tab's outside the body, a blank's inside it)."""
    step = 0.42 * r * (1 if outward else -1)
    dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[k]
    return px + dx * step, py + dy * step


def attr_mark(d: ImageDraw.ImageDraw, x: float, y: float, r: int, attr: str, fill: tuple[int, int, int]) -> None:
    """An attribute's own shape on its tab or blank, so no two attributes differ by colour alone: white a
    ring, blue a square, green a triangle, red a dot, black a cross; neutral none."""
    k = max(3.0, r * 0.34)
    if attr == "white":
        d.ellipse((x - k, y - k, x + k, y + k), outline=fill, width=max(2, int(k * 0.45)))
    elif attr == "blue":
        d.rectangle((x - k * 0.8, y - k * 0.8, x + k * 0.8, y + k * 0.8), fill=fill)
    elif attr == "green":
        d.polygon(((x, y - k), (x + k, y + k * 0.8), (x - k, y + k * 0.8)), fill=fill)
    elif attr == "red":
        d.ellipse((x - k * 0.7, y - k * 0.7, x + k * 0.7, y + k * 0.7), fill=fill)
    elif attr == "black":
        w = max(2, int(k * 0.45))
        d.line((x - k, y - k, x + k, y + k), fill=fill, width=w)
        d.line((x - k, y + k, x + k, y - k), fill=fill, width=w)


def draw_body(d: ImageDraw.ImageDraw, x: int, y: int, size: int, cid: str, sides: tuple[Side, ...], *,
              summoned: bool = False, label: bool = True, outline: tuple[int, int, int] | None = None,
              ghost: bool = False, under: tuple[int, int, int] = BACKGROUND, fell: bool = False) -> None:
    """A piece's body with its blanks cut in (a notch edged in the blank's attribute colour). Its tabs
    are drawn by `draw_tabs`, after every body of a board, so a tab sits in its neighbour's notch. A
    summoned piece has a gold corner; one whose unit `fell` in battle, a dark corner edged in red."""
    c = card(cid)
    body, r, mids = _geometry(x, y, size)
    colour = ATTR_COLOURS[c.attr]
    fill = _mix(under, colour, 0.25 if ghost else 0.5)
    d.rectangle(body, fill=fill, outline=outline or colour, width=4 if outline else 2)
    for k, side in enumerate(sides):
        if side.kind != "blank":
            continue
        px, py = mids[k]
        start = 90 * k  # the half disc inside the body: a notch
        d.pieslice((px - r, py - r, px + r, py + r), start, start + 180, fill=under)
        d.arc((px - r, py - r, px + r, py + r), start, start + 180, fill=ATTR_COLOURS[side.attr], width=3)
        attr_mark(d, *_inside(px, py, r, k, outward=False), r, side.attr, ATTR_COLOURS[side.attr])
    if label:  # the name a word a line, inside the body
        words, px = name_lines(piece_name(c.id), body[2] - body[0] - 2 * NAME_MARGIN, max(SMALLEST, size // 6))
        step, name_font = px + 2, font(px)
        top = (body[1] + body[3]) // 2 - step * (len(words) - 1) // 2
        for k, word in enumerate(words):
            d.text(((body[0] + body[2]) // 2, top + k * step), word, font=name_font, fill=TEXT, anchor="mm")
    if summoned:
        corner_mark(d, body[2] - 3, body[1] + 3, size // 5 - 3, fell=fell)


def corner_mark(d: ImageDraw.ImageDraw, right: int, top: int, side: int, *, fell: bool = False) -> None:
    """A summoned piece's corner (a triangle in the top right corner at `right`, `top`): gold while its
    unit stands, dark edged in red once the unit fell; the table's legend shows both."""
    triangle = ((right - side, top), (right, top), (right, top + side))
    if fell:
        d.polygon(triangle, fill=DARK, outline=FALL, width=4)
    else:
        d.polygon(triangle, fill=GOLD)


def draw_tabs(d: ImageDraw.ImageDraw, x: int, y: int, size: int, sides: tuple[Side, ...]) -> None:
    """A piece's tabs: half discs standing out of the body, each in its attribute's colour."""
    body, r, mids = _geometry(x, y, size)
    for k, side in enumerate(sides):
        if side.kind != "tab":
            continue
        px, py = mids[k]
        start = (180 + 90 * k) % 360
        d.pieslice((px - r, py - r, px + r, py + r), start, start + 180, fill=ATTR_COLOURS[side.attr],
                   outline=DARK, width=1)
        attr_mark(d, *_inside(px, py, r, k, outward=True), r, side.attr, DARK)


def draw_piece(d: ImageDraw.ImageDraw, x: int, y: int, size: int, cid: str, sides: tuple[Side, ...],
               **kwargs) -> None:
    """One piece alone in a `size` cell at (x, y)."""
    draw_body(d, x, y, size, cid, sides, **kwargs)
    draw_tabs(d, x, y, size, sides)


def draw_board(d: ImageDraw.ImageDraw, x0: int, y0: int, cell: int, board: Iterable[BoardPiece], ox: int, oy: int,
               *, ring: bool = False, marks: dict[tuple[int, int], str] | None = None,
               falls: Iterable[int] = (), ghost: BoardPiece | None = None,
               window: tuple[int, int] | None = None, fallen: Iterable[int] = (), labels: bool = False,
               cells: bool = True) -> None:
    """A player's board: the active 3×3 (and with `ring` the cells one step outside it) at (x0, y0).
    `marks` letter cells (absolute x, y); `falls` are pieces crossed out; `ghost` a piece not yet
    placed; `window` the window after a slide, outlined; `fallen` summoned pieces whose unit fell in
    battle (their corner mark says so); `labels` names the 3×3's columns A-C and rows 1-3 as the words
    do, in the LABEL_ROOM the caller leaves left of and above (x0, y0). Without `cells`, the empty cells
    and labels are already there (`draw_cells`, drawn once), and only what stands on them is drawn."""
    span = range(-1, 4) if ring else range(0, 3)
    base = 1 if ring else 0
    gone, fell = set(falls), set(fallen)
    if cells:
        draw_cells(d, x0, y0, cell, ring=ring, labels=labels)
    shown = []
    for b in list(board) + ([ghost] if ghost is not None else []):
        c, r = b.x - ox, b.y - oy
        if span.start <= c < span.stop and span.start <= r < span.stop:
            shown.append((b, x0 + (c + base) * cell, y0 + (r + base) * cell, 0 <= c <= 2 and 0 <= r <= 2))
    for b, px, py, inside in shown:
        is_ghost = ghost is not None and b.uid == ghost.uid
        draw_body(d, px, py, cell, b.card, b.sides, summoned=b.summoned, ghost=is_ghost, fell=b.uid in fell,
                  outline=GOLD if is_ghost else None, under=PANEL if inside else BACKGROUND)
    for b, px, py, _ in shown:
        draw_tabs(d, px, py, cell, b.sides)
        if b.uid in gone:
            d.line((px + 8, py + 8, px + cell - 8, py + cell - 8), fill=FALL, width=6)
            d.line((px + cell - 8, py + 8, px + 8, py + cell - 8), fill=FALL, width=6)
    for (x, y), text in (marks or {}).items():
        px, py = x0 + (x - ox + base) * cell, y0 + (y - oy + base) * cell
        d.rectangle((px + 5, py + 5, px + cell - 6, py + cell - 6), outline=GOLD, width=3)
        size = cell // 4 if "\n" in text else cell // 3  # two lines ("above\nA1") clear of the box
        d.text((px + cell // 2, py + cell // 2), text, font=font(max(SMALLEST, size)), fill=GOLD, anchor="mm",
               align="center")
    if window is not None:
        wx, wy = window[0] - ox, window[1] - oy
        d.rectangle((x0 + (wx + base) * cell, y0 + (wy + base) * cell,
                     x0 + (wx + base + 3) * cell - 1, y0 + (wy + base + 3) * cell - 1), outline=GOLD, width=4)


def draw_cells(d: ImageDraw.ImageDraw, x0: int, y0: int, cell: int, *, ring: bool = False,
               labels: bool = False) -> None:
    """A board's empty cells (the 3×3 on the panel, the ring's on the ground) and, with `labels`, its
    columns A-C and rows 1-3, as `draw_board` lays them out. Nothing drawn on a board reaches its labels."""
    span = range(-1, 4) if ring else range(0, 3)
    base = 1 if ring else 0
    for r in span:
        for c in span:
            if ring and (c in (-1, 3)) and (r in (-1, 3)):
                continue
            px, py = x0 + (c + base) * cell, y0 + (r + base) * cell
            inside = 0 <= c <= 2 and 0 <= r <= 2
            d.rectangle((px + 1, py + 1, px + cell - 2, py + cell - 2), fill=PANEL if inside else BACKGROUND,
                        outline=RING)
    if labels:
        for k in range(3):
            middle = (k + base) * cell + cell // 2
            d.text((x0 + middle, y0 - LABEL_ROOM // 2), "ABC"[k], font=font(SMALLEST), fill=MUTED, anchor="mm")
            d.text((x0 - LABEL_ROOM // 2, y0 + middle), str(k + 1), font=font(SMALLEST), fill=MUTED, anchor="mm")


# --- hearts and units ---------------------------------------------------------------------------

def draw_hearts(d: ImageDraw.ImageDraw, x: int, y: int, ticks: int, max_ticks: int, size: int = 10) -> None:
    """Life as hearts in quarters: each pip is one heart, filled a quarter per tick."""
    hearts = max(1, -(-max_ticks // 4))
    step = size + 4
    for k in range(hearts):
        box = (x + k * step, y, x + k * step + size, y + size)
        d.ellipse(box, fill=HEART_EMPTY)
        have = max(0, min(4, ticks - 4 * k))
        if have == 4:
            d.ellipse(box, fill=HEART)
        elif have:
            d.pieslice(box, -90, -90 + 90 * have, fill=HEART)



# --- the table ----------------------------------------------------------------------------------

TABLE_W = 780
TABLE_TOP = 146   # the headline, whose turn, and the clock's line above the seats
MARGIN = 16       # the seat panels' distance from the picture's sides
CELL = 136
SEAT_HEAD = 88    # a seat panel's name and counts above its board's column letters
ROW_H = SEAT_HEAD + LABEL_ROOM + 3 * CELL + 24
LINE_X = MARGIN + 16 + LABEL_ROOM + 3 * CELL + 20   # the battle line's column, beside the board
LINE_ROWS = 6     # units shown in a seat's battle line, one under another
UNIT_H = 62


def board_origin(seat: int) -> tuple[int, int]:
    """The top left corner of seat `seat`'s 3×3 on the table (its labels are left of and above it)."""
    return MARGIN + 16 + LABEL_ROOM, TABLE_TOP + seat * ROW_H + SEAT_HEAD + LABEL_ROOM


@dataclass(frozen=True)
class Seat:
    """What the table shows of one seat: who sits there and what the turn means for them."""
    name: str
    to_move: bool
    first: bool


def _unit_row(d: ImageDraw.ImageDraw, x: int, y: int, w: int, rank: int, u: Unit) -> None:
    c = card(u.card)
    d.rectangle((x, y, x + w, y + UNIT_H - 6), fill=PANEL, outline=ATTR_COLOURS[c.attr], width=2)
    d.text((x + 10, y + 2), fitted(f"{rank}. {piece_name(c.id)}", SMALLEST, w - 16), font=font(SMALLEST), fill=TEXT)
    draw_hearts(d, x + 10, y + 34, u.ticks, u.max_ticks, size=16)
    d.text((x + w - 8, y + 24), drawn_hearts(u.ticks), font=font(SMALLEST), fill=MUTED, anchor="ra")


def render_table(view: TableView, seats: tuple[Seat, Seat], headline: str, deadline: datetime | None) -> bytes:
    """Whose turn with its placements left and timer at the top; then each seat: its board, its counts
    and its battle line (front first). What does not change from one placement to the next (the seats'
    panels, the boards' empty cells, the legend) is drawn once (`_table_frame`) and copied."""
    room = TABLE_W - 2 * MARGIN - 16
    img = _table_frame(seats[0].to_move, seats[1].to_move, current()).copy()
    d = ImageDraw.Draw(img)
    d.text((MARGIN + 8, 12), fitted(headline, 34, room), font=font(34), fill=TEXT)
    if view.phase == "summon":
        mover = seats[view.to_move].name
        left = view.turns_left[view.to_move]
        status = words("{name} to place · {placements} left", name=short_name(mover, 16),
                       placements=plural(left, "placement"))
        d.text((MARGIN + 8, 58), fitted(status, 28, room), font=font(28), fill=GOLD)
        clock = words("next battle: {turns} turns", turns=view.next_battle_turns)
        if deadline is not None:
            clock += words(" · turn ends {time} UTC", time=f"{deadline:%H:%M:%S}")
        d.text((MARGIN + 8, 100), fitted(clock, SMALLEST, room), font=font(SMALLEST), fill=MUTED)
    lw = TABLE_W - MARGIN - 16 - LINE_X
    for i, seat in enumerate(seats):
        sv = view.seats[i]
        y0 = TABLE_TOP + i * ROW_H
        title = short_name(seat.name, 20) + (words(" · first to place") if seat.first else "")
        d.text((MARGIN + 16, y0 + 8), fitted(title, 30, room - 16), font=font(30), fill=GOLD if seat.to_move else TEXT)
        counts = words("deck {deck} · hand {hand} · pushed off {removed} · passes {passes}", deck=sv.deck_count,
                       hand=sv.hand_count, removed=sv.removed_count, passes=sv.passes)
        d.text((MARGIN + 16, y0 + 50), fitted(counts, SMALLEST, room - 16), font=font(SMALLEST), fill=MUTED)
        bx, by = board_origin(i)
        draw_board(d, bx, by, CELL, sv.board, sv.ox, sv.oy, fallen=sv.fallen, cells=False)
        top = y0 + SEAT_HEAD
        for k, u in enumerate(sv.line[:LINE_ROWS]):
            _unit_row(d, LINE_X, top + 36 + k * UNIT_H, lw, k + 1, u)
        if len(sv.line) > LINE_ROWS:
            d.text((LINE_X, top + 36 + LINE_ROWS * UNIT_H), words("+{n} more", n=len(sv.line) - LINE_ROWS),
                   font=font(SMALLEST), fill=MUTED)
        if not sv.line:
            d.text((LINE_X, top + 36), fitted(words("every unit fell") if sv.fallen else words("no units yet"),
                                              SMALLEST, lw), font=font(SMALLEST), fill=MUTED)
    return png_bytes(img)


TABLE_FRAMES_KEPT = 4  # whose turn it is (either seat, or none) in a language or two: 4 MB each


@kept_part(TABLE_FRAMES_KEPT)
def _table_frame(first_to_move: bool, second_to_move: bool, language: str) -> Image.Image:
    """The table without its game: the ground, each seat's panel (outlined in gold for the seat to move),
    its board's empty cells and labels and its battle line's heading, and the legend under the seats."""
    img = Image.new("RGB", (TABLE_W, TABLE_TOP + 2 * ROW_H + 50), BACKGROUND)
    d = ImageDraw.Draw(img)
    lw = TABLE_W - MARGIN - 16 - LINE_X
    for i, to_move in enumerate((first_to_move, second_to_move)):
        y0 = TABLE_TOP + i * ROW_H
        d.rectangle((MARGIN, y0, TABLE_W - MARGIN, y0 + ROW_H - 12), fill=DARK,
                    outline=GOLD if to_move else RING, width=4 if to_move else 2)
        draw_cells(d, *board_origin(i), CELL, labels=True)
        d.text((LINE_X, y0 + SEAT_HEAD), fitted(words("battle line, front first"), SMALLEST, lw), font=font(SMALLEST),
               fill=MUTED)
    y = TABLE_TOP + 2 * ROW_H
    corner_mark(d, MARGIN + 34, y + 10, 20)
    d.text((MARGIN + 44, y + 6), words("summoned piece"), font=font(SMALLEST), fill=GOLD)
    corner_mark(d, MARGIN + 314, y + 10, 20, fell=True)
    d.text((MARGIN + 324, y + 6), words("unit fell"), font=font(SMALLEST), fill=MUTED)
    return img


__all__ = ["ATTR_COLOURS", "Seat", "board_origin", "draw_board", "draw_cells", "draw_hearts", "draw_piece",
           "render_table"]
