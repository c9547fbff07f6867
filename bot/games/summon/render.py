"""Summon pictures: the table (both boards, both battle lines, counts, whose turn) as PNG, a hand and its
choices (pieces, rotations, cells, a placement's preview) as PNG, a deck as a PNG grid, and a battle
phase as an animated GIF (a frame per action, one palette for the whole replay, drawn straight in it).

Only public things are drawn on the table; a hand is drawn only for the picture its owner is sent.
"""
from __future__ import annotations

import io
from collections import Counter
from dataclasses import dataclass
from datetime import datetime

from PIL import Image, ImageDraw

from bot.render.common import BACKGROUND, MUTED, PANEL, TEXT, font, png_bytes
from engine.summon import BattleReplay, card
from engine.summon.pieces import Side, rotate
from engine.summon.state import BoardPiece, HandPiece, Unit
from engine.summon.view import TableView

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


def cell_name(col: int, row: int) -> str:
    """A cell as players read it: A1–C3 inside the 3×3 board (columns A–C, rows 1–3 from the top), and
    the cells just outside named by the board cell they stand beside."""
    if 0 <= col <= 2 and 0 <= row <= 2:
        return f"{'ABC'[col]}{row + 1}"
    if col == 3:
        return f"right of C{row + 1}"
    if col == -1:
        return f"left of A{row + 1}"
    if row == -1:
        return f"above {'ABC'[col]}1"
    return f"below {'ABC'[col]}3"


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return tuple(int(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


# --- pieces -------------------------------------------------------------------------------------

def draw_piece(d: ImageDraw.ImageDraw, x: int, y: int, size: int, cid: str, sides: tuple[Side, ...], *,
               summoned: bool = False, label: bool = True, outline: tuple[int, int, int] | None = None,
               ghost: bool = False) -> None:
    """One piece in a `size` cell at (x, y): a body in its attribute's colour and four sides, each a tab
    (a bump out), a blank (a notch in) or flat, drawn in that side's own attribute colour."""
    c = card(cid)
    m = max(6, size // 7)
    colour = ATTR_COLOURS[c.attr]
    body = (x + m, y + m, x + size - m, y + size - m)
    fill = _mix(BACKGROUND, colour, 0.18 if ghost else 0.32)
    d.rectangle(body, fill=fill, outline=outline or colour, width=3 if outline else 2)
    r = m - 1
    cx, cy = (body[0] + body[2]) // 2, (body[1] + body[3]) // 2
    mids = ((cx, body[1]), (body[2], cy), (cx, body[3]), (body[0], cy))
    for k, side in enumerate(sides):
        px, py = mids[k]
        tone = ATTR_COLOURS[side.attr]
        box = (px - r, py - r, px + r, py + r)
        if side.kind == "tab":
            d.ellipse(box, fill=tone)
        elif side.kind == "blank":
            d.ellipse(box, fill=DARK, outline=tone, width=2)
        else:
            if k % 2 == 0:
                d.line((px - r, py, px + r, py), fill=MUTED, width=3)
            else:
                d.line((px, py - r, px, py + r), fill=MUTED, width=3)
    if label:
        small = font(max(10, size // 7))
        d.text((cx, cy - size // 12), cid, font=small, fill=TEXT, anchor="mm")
        name = c.name if len(c.name) <= 10 else c.name[:9] + "…"
        d.text((cx, cy + size // 10), name, font=font(max(9, size // 9)), fill=MUTED, anchor="mm")
    if summoned:
        d.polygon(((body[2] - 16, body[1] + 2), (body[2] - 2, body[1] + 2), (body[2] - 2, body[1] + 16)), fill=GOLD)


def draw_board(d: ImageDraw.ImageDraw, x0: int, y0: int, cell: int, board: tuple[BoardPiece, ...] | list[BoardPiece],
               ox: int, oy: int, *, ring: bool = False, marks: dict[tuple[int, int], str] | None = None,
               falls: set[int] | frozenset[int] = frozenset(), ghost: BoardPiece | None = None,
               window: tuple[int, int] | None = None) -> None:
    """A player's board: the active 3×3 (and with `ring` the cells one step outside it) at (x0, y0).
    `marks` label cells (absolute x, y); `falls` are pieces crossed out; `ghost` a piece not yet placed;
    `window` the window after a slide, outlined."""
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
    pieces = list(board) + ([ghost] if ghost is not None else [])
    for b in pieces:
        c, r = b.x - ox, b.y - oy
        if not (span.start <= c < span.stop and span.start <= r < span.stop):
            continue
        px, py = x0 + (c + base) * cell, y0 + (r + base) * cell
        is_ghost = ghost is not None and b.uid == ghost.uid
        draw_piece(d, px, py, cell, b.card, b.sides, summoned=b.summoned, ghost=is_ghost,
                   outline=GOLD if is_ghost else None)
        if b.uid in falls:
            d.line((px + 6, py + 6, px + cell - 6, py + cell - 6), fill=FALL, width=4)
            d.line((px + cell - 6, py + 6, px + 6, py + cell - 6), fill=FALL, width=4)
    for (x, y), text in (marks or {}).items():
        c, r = x - ox, y - oy
        px, py = x0 + (c + base) * cell, y0 + (r + base) * cell
        d.rectangle((px + 4, py + 4, px + cell - 5, py + cell - 5), outline=GOLD, width=2)
        d.text((px + cell // 2, py + cell // 2), text, font=font(13), fill=GOLD, anchor="mm")
    if window is not None:
        wx, wy = window[0] - ox, window[1] - oy
        d.rectangle((x0 + (wx + base) * cell, y0 + (wy + base) * cell,
                     x0 + (wx + base + 3) * cell - 1, y0 + (wy + base + 3) * cell - 1), outline=GOLD, width=3)


# --- hearts and units ---------------------------------------------------------------------------

def draw_hearts(d: ImageDraw.ImageDraw, x: int, y: int, ticks: int, max_ticks: int, size: int = 10) -> None:
    """Life as hearts in quarters: each pip is one heart, filled a quarter per tick."""
    hearts = max(1, -(-max_ticks // 4))
    step = size + 2
    for k in range(hearts):
        box = (x + k * step, y, x + k * step + size, y + size)
        d.ellipse(box, fill=HEART_EMPTY)
        have = max(0, min(4, ticks - 4 * k))
        if have == 4:
            d.ellipse(box, fill=HEART)
        elif have:
            d.pieslice(box, -90, -90 + 90 * have, fill=HEART)


def _unit_row(d: ImageDraw.ImageDraw, x: int, y: int, w: int, rank: int, u: Unit) -> None:
    c = card(u.card)
    d.rectangle((x, y, x + w, y + 30), fill=PANEL, outline=ATTR_COLOURS[c.attr])
    d.text((x + 6, y + 3), f"{rank}. {c.name}", font=font(12), fill=TEXT)
    draw_hearts(d, x + 6, y + 17, u.ticks, u.max_ticks, size=9)
    d.text((x + w - 4, y + 17), f"{u.ticks}/{u.max_ticks}", font=font(10), fill=MUTED, anchor="ra")


# --- the table ----------------------------------------------------------------------------------

TABLE_W, TABLE_H = 960, 400
CELL = 72
LINE_ROWS = 8


@dataclass(frozen=True)
class Seat:
    """What the table shows of one seat: who sits there and what the turn means for them."""
    name: str
    to_move: bool
    first: bool


def render_table(view: TableView, seats: tuple[Seat, Seat], headline: str, deadline: datetime | None) -> bytes:
    """Both boards and battle lines, deck and hand counts, whose turn, placements left, the timer."""
    img = Image.new("RGB", (TABLE_W, TABLE_H), BACKGROUND)
    d = ImageDraw.Draw(img)
    d.text((20, 14), headline, font=font(20), fill=TEXT)
    if view.phase == "summon":
        right = f"next battle: {view.next_battle_turns} turns"
        if deadline is not None:
            right = f"turn ends {deadline:%H:%M:%S} UTC · " + right
        d.text((TABLE_W - 20, 18), right, font=font(14), fill=MUTED, anchor="ra")
    for i, seat in enumerate(seats):
        sv = view.seats[i]
        x0 = 16 + i * (TABLE_W // 2)
        w = TABLE_W // 2 - 32
        d.rectangle((x0, 48, x0 + w, TABLE_H - 12), fill=DARK, outline=GOLD if seat.to_move else RING,
                    width=3 if seat.to_move else 1)
        title = f"p{i + 1} · {seat.name}" + (" · first" if seat.first else "")
        d.text((x0 + 12, 56), title, font=font(17), fill=TEXT)
        if view.phase == "summon":
            left = f"{view.turns_left[i]} placement{'s' if view.turns_left[i] != 1 else ''} left"
            d.text((x0 + w - 12, 58), ("to place · " if seat.to_move else "") + left, font=font(13),
                   fill=GOLD if seat.to_move else MUTED, anchor="ra")
        d.text((x0 + 12, 80), f"deck {sv.deck_count} · hand {sv.hand_count} · fell off {sv.removed_count} · "
                              f"passes {sv.passes}", font=font(13), fill=MUTED)
        draw_board(d, x0 + 12, 104, CELL, sv.board, sv.ox, sv.oy)
        lx, lw = x0 + 12 + 3 * CELL + 14, w - 3 * CELL - 38
        d.text((lx, 104), "battle line (front first)", font=font(12), fill=MUTED)
        shown = sv.line[:LINE_ROWS]
        for k, u in enumerate(shown):
            _unit_row(d, lx, 122 + k * 33, lw, k + 1, u)
        if len(sv.line) > LINE_ROWS:
            d.text((lx, 122 + LINE_ROWS * 33), f"+{len(sv.line) - LINE_ROWS} more", font=font(12), fill=MUTED)
        if not sv.line:
            d.text((lx, 124), "no units", font=font(12), fill=MUTED)
    d.polygon(((28, TABLE_H - 22), (40, TABLE_H - 34), (40, TABLE_H - 22)), fill=GOLD)
    d.text((46, TABLE_H - 34), "summoned piece", font=font(11), fill=GOLD)
    return png_bytes(img)


# --- a hand and its choices (its owner's eyes only) -----------------------------------------------

def render_hand(hand: list[HandPiece], chosen: int | None = None) -> bytes:
    """The owner's pieces, drawn as dealt (rotation 0), the chosen one outlined."""
    size = 130
    img = Image.new("RGB", (3 * (size + 20) + 20, size + 70), BACKGROUND)
    d = ImageDraw.Draw(img)
    for k, hp in enumerate(hand):
        x = 20 + k * (size + 20)
        draw_piece(d, x, 10, size, hp.card, hp.sides, outline=GOLD if hp.uid == chosen else None)
        d.text((x + size // 2, size + 24), f"{k + 1}. {card(hp.card).name}", font=font(13), fill=TEXT, anchor="mm")
        d.text((x + size // 2, size + 44), card(hp.card).kind + (" · chosen" if hp.uid == chosen else ""),
               font=font(11), fill=GOLD if hp.uid == chosen else MUTED, anchor="mm")
    if not hand:
        d.text((20, 30), "Your hand is empty.", font=font(16), fill=MUTED)
    return png_bytes(img)


def render_rotations(hp: HandPiece, rotations: list[tuple[int, int]], chosen: int | None = None) -> bytes:
    """Each distinct rotation of one piece (`(rotation, legal cells)` pairs), labelled as the select is."""
    size = 110
    img = Image.new("RGB", (max(1, len(rotations)) * (size + 20) + 20, size + 56), BACKGROUND)
    d = ImageDraw.Draw(img)
    for k, (r, cells) in enumerate(rotations):
        x = 20 + k * (size + 20)
        draw_piece(d, x, 8, size, hp.card, rotate(hp.sides, r), outline=GOLD if r == chosen else None)
        d.text((x + size // 2, size + 22), f"rotation {r}", font=font(13), fill=TEXT, anchor="mm")
        d.text((x + size // 2, size + 40), f"{cells} cell{'s' if cells != 1 else ''}", font=font(11),
               fill=MUTED, anchor="mm")
    return png_bytes(img)


def render_cells(board: tuple[BoardPiece, ...] | list[BoardPiece], ox: int, oy: int,
                 marks: dict[tuple[int, int], str], *, falls: set[int] = frozenset(),  # type: ignore[assignment]
                 ghost: BoardPiece | None = None, window: tuple[int, int] | None = None, title: str = "") -> bytes:
    """The owner's board with the cells one step outside it: legal cells labelled, or one placement's
    preview (the new piece outlined, falling pieces crossed out, the window after a slide)."""
    cell = 76
    img = Image.new("RGB", (5 * cell + 40, 5 * cell + 56), BACKGROUND)
    d = ImageDraw.Draw(img)
    d.text((20, 12), title, font=font(15), fill=TEXT)
    draw_board(d, 20, 40, cell, board, ox, oy, ring=True, marks=marks, falls=falls, ghost=ghost, window=window)
    return png_bytes(img)


def render_piece(cid: str, sides: tuple[Side, ...], lines: list[str]) -> bytes:
    """One piece's details (the seed's long press): drawn with an example dealing, and its numbers."""
    img = Image.new("RGB", (520, 200), BACKGROUND)
    d = ImageDraw.Draw(img)
    draw_piece(d, 16, 16, 168, cid, sides)
    y = 24
    for k, line in enumerate(lines[:8]):
        d.text((200, y), line, font=font(17 if k == 0 else 13), fill=TEXT if k == 0 else MUTED)
        y += 26 if k == 0 else 20
    return png_bytes(img)


def render_deck(deck: list[str], summary: dict[str, dict[str, int]]) -> bytes:
    """A deck as a grid of its distinct pieces with their counts, and its counts per attribute and tabs."""
    counts = Counter(deck)
    ids = sorted(counts)
    per_row, size = 10, 64
    rows = max(1, -(-len(ids) // per_row))
    img = Image.new("RGB", (per_row * (size + 8) + 24, rows * (size + 26) + 110), BACKGROUND)
    d = ImageDraw.Draw(img)
    from engine.summon.pieces import blank, tab  # the catalog's edges in a fixed order, for the picture

    for k, cid in enumerate(ids):
        c = card(cid)
        sides = tuple([tab(a) for a in c.tabs] + [blank(a) for a in c.blanks] + [Side(kind="flat")] * c.flats)
        x, y = 12 + (k % per_row) * (size + 8), 12 + (k // per_row) * (size + 26)
        draw_piece(d, x, y, size, cid, sides)  # type: ignore[arg-type]
        d.text((x + size // 2, y + size + 10), f"×{counts[cid]}", font=font(13), fill=TEXT, anchor="mm")
    y = 12 + rows * (size + 26) + 6
    attrs = " · ".join(f"{a} {n}" for a, n in summary["attributes"].items() if n)
    tabs = " · ".join(f"{t} tabs: {n}" for t, n in summary["tabs"].items())
    kinds = f"units {summary['kinds']['unit']} · spells {summary['kinds']['spell']} · {len(deck)} pieces"
    for line in (kinds, attrs, tabs):
        d.text((12, y), line, font=font(14), fill=TEXT)
        y += 24
    return png_bytes(img)


# --- the battle replay --------------------------------------------------------------------------

GIF_W, GIF_H = 760, 250
BOX_W, BOX_H, PER_SIDE = 68, 78, 5
_PALETTE = [BACKGROUND, PANEL, TEXT, MUTED, GOLD, HEART, HEART_EMPTY, HEAL, FALL, RING, DARK,
            *ATTR_COLOURS.values()]
_INDEX = {colour: k for k, colour in enumerate(_PALETTE)}


def _palette_image() -> Image.Image:
    img = Image.new("P", (GIF_W, GIF_H), 0)
    flat = [v for colour in _PALETTE for v in colour]
    img.putpalette(flat + [0] * (768 - len(flat)))
    return img


def _p(colour: tuple[int, int, int]) -> int:
    return _INDEX[colour]


@dataclass
class _Live:
    uid: int
    card: str
    ticks: int
    max_ticks: int


def _box_x(side: int, rank: int) -> int:
    centre = GIF_W // 2
    if side == 0:
        return centre - 24 - (rank + 1) * (BOX_W + 4)
    return centre + 24 + rank * (BOX_W + 4)


def _frame(base: Image.Image, lines: tuple[list[_Live], list[_Live]], names: tuple[str, str], title: str,
           caption: str, actor: tuple[int, int] | None = None, hits: dict[tuple[int, int], int] | None = None,
           banner: str | None = None) -> Image.Image:
    img = base.copy()
    d = ImageDraw.Draw(img)
    d.fontmode = "1"  # crisp text in the palette: no blended colours outside it
    d.text((16, 10), title, font=font(16), fill=_p(TEXT))
    d.text((16, 34), f"< {names[0]} (front on the right)", font=font(12), fill=_p(MUTED))
    d.text((GIF_W - 16, 34), f"{names[1]} (front on the left) >", font=font(12), fill=_p(MUTED), anchor="ra")
    for side in (0, 1):
        line = lines[side]
        for rank, u in enumerate(line[:PER_SIDE]):
            x, y = _box_x(side, rank), 70
            c = card(u.card)
            acting = actor == (side, u.uid)
            dead = u.ticks <= 0
            d.rectangle((x, y, x + BOX_W, y + BOX_H), fill=_p(PANEL),
                        outline=_p(GOLD if acting else (RING if dead else ATTR_COLOURS[c.attr])),
                        width=3 if acting else 1)
            if acting:
                d.polygon(((x + BOX_W // 2 - 8, y - 16), (x + BOX_W // 2 + 8, y - 16), (x + BOX_W // 2, y - 5)),
                          fill=_p(GOLD))
            name = c.name if len(c.name) <= 10 else c.name[:9] + "…"
            d.text((x + 4, y + 4), name, font=font(11), fill=_p(MUTED if dead else TEXT))
            d.text((x + 4, y + 20), f"{max(0, u.ticks)}/{u.max_ticks}", font=font(11), fill=_p(MUTED))
            hearts = max(1, -(-u.max_ticks // 4))
            per = 5
            for k in range(hearts):
                hx, hy = x + 4 + (k % per) * 12, y + 38 + (k // per) * 12
                box = (hx, hy, hx + 9, hy + 9)
                d.ellipse(box, fill=_p(HEART_EMPTY))
                have = max(0, min(4, u.ticks - 4 * k))
                if have == 4:
                    d.ellipse(box, fill=_p(HEART))
                elif have:
                    d.pieslice(box, -90, -90 + 90 * have, fill=_p(HEART))
            change = (hits or {}).get((side, u.uid))
            if change:
                tag = f"+{change}" if change > 0 else str(change)
                d.rectangle((x + BOX_W - 30, y + BOX_H - 20, x + BOX_W - 2, y + BOX_H - 4), fill=_p(DARK))
                d.text((x + BOX_W - 16, y + BOX_H - 12), tag, font=font(12), fill=_p(HEAL if change > 0 else FALL),
                       anchor="mm")
            if dead:
                d.line((x + 6, y + 6, x + BOX_W - 6, y + BOX_H - 6), fill=_p(FALL), width=3)
        if len(line) > PER_SIDE:
            more = f"+{len(line) - PER_SIDE}"
            edge = _box_x(side, PER_SIDE - 1) + (-6 if side == 0 else BOX_W + 6)
            d.text((edge, 108), more, font=font(12), fill=_p(MUTED), anchor="rm" if side == 0 else "lm")
        if not line:
            d.text((_box_x(side, 0) + BOX_W // 2, 108), "no units", font=font(12), fill=_p(MUTED), anchor="mm")
    for k, text in enumerate(_wrap(caption, 100)[:2]):
        d.text((16, GIF_H - 70 + 18 * k), text, font=font(13), fill=_p(TEXT))
    if banner:
        d.rectangle((GIF_W // 2 - 150, GIF_H - 30, GIF_W // 2 + 150, GIF_H - 6), fill=_p(DARK), outline=_p(GOLD))
        d.text((GIF_W // 2, GIF_H - 18), banner, font=font(14), fill=_p(GOLD), anchor="mm")
    return img


MAX_FRAMES = 120


def render_battle(replay: BattleReplay, names: tuple[str, str], *, frame_ms: int = 700) -> bytes:
    """A battle phase as an animated GIF: the lines at its start, a frame per action (the acting unit
    marked, damage and healing on its targets, hearts changing), the lines at its end."""
    line0, line1 = ([_Live(u.uid, u.card, u.ticks, u.max_ticks) for u in replay.start[s]] for s in (0, 1))
    lines = (line0, line1)
    base = _palette_image()
    title = f"Battle phase {replay.phase} · {replay.turns} turns · {names[replay.turn_player]} acts first"
    frames = [_frame(base, lines, names, title, "Both battle lines at the start.")]
    actions: list[list] = []
    for e in replay.events:
        if actions and actions[-1][0].action == e.action and actions[-1][0].turn == e.turn:
            actions[-1].append(e)
        else:
            actions.append([e])
    stride = max(1, -(-len(actions) // MAX_FRAMES))
    for k, group in enumerate(actions):
        hits: dict[tuple[int, int], int] = {}
        for side in (0, 1):  # units destroyed by an earlier action have left their line
            lines[side][:] = [u for u in lines[side] if u.ticks > 0]
        for e in group:
            for u in lines[e.target.side]:
                if u.uid == e.target.uid:
                    u.ticks = e.after
            sign = 1 if e.kind == "heal" else -1
            key = (e.target.side, e.target.uid)
            hits[key] = hits.get(key, 0) + sign * e.amount
        if k % stride and k != len(actions) - 1:
            continue
        first = group[0]
        actor = (first.actor.side, first.actor.uid) if first.actor is not None and first.kind != "thorns" else None
        frames.append(_frame(base, lines, names, f"{title} · turn {first.turn}", _caption(group, names),
                             actor=actor, hits=hits))
    for side in (0, 1):
        lines[side][:] = [u for u in lines[side] if u.ticks > 0]
    result = {"p1": f"{names[0]} wins", "p2": f"{names[1]} wins", "draw": "a draw"}.get(replay.result or "", "")
    frames.append(_frame(base, lines, names, title, "The battle phase is over." if not result else
                         "The battle decides the game.", banner=result or "both sides fight on"))
    buf = io.BytesIO()
    durations = [1000] + [frame_ms] * (len(frames) - 2) + [2500]
    frames[0].save(buf, format="GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0,
                   optimize=False, disposal=1)
    return buf.getvalue()


def _wrap(text: str, width: int) -> list[str]:
    lines, cur = [], ""
    for word in text.split():
        if cur and len(cur) + 1 + len(word) > width:
            lines.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}".strip()
    return lines + ([cur] if cur else [])


def _caption(group: list, names: tuple[str, str]) -> str:
    parts = []
    for e in group:
        target = f"{names[e.target.side]}'s {card(e.target.card).name}"
        if e.kind == "heal":
            parts.append(f"{e.source} heals {target} +{e.amount}")
        elif e.kind == "stalemate":
            parts.append(f"stalemate: {target} -{e.amount}")
        elif e.kind == "thorns":
            parts.append(f"thorns of {e.source}: {target} -{e.amount}")
        else:
            who = f"{names[e.actor.side]}'s {e.source}" if e.actor is not None else e.source
            verb = "shoots" if e.kind == "ranged" else "hits"
            parts.append(f"{who} {verb} {target} -{e.amount}")
        if e.destroyed:
            parts[-1] += " (falls)"
    return "; ".join(parts)


__all__ = ["Seat", "cell_name", "render_battle", "render_cells", "render_deck", "render_hand", "render_piece",
           "render_rotations", "render_table"]
