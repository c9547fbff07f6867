"""Summon's private and reference pictures: a hand beside its owner's board with every legal cell
lettered (the letters of the placement select), a placement's preview, one piece's details, a deck
with its counts and shape balance. Drawn at 2× with fonts to match, as the table is."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from PIL import Image, ImageDraw

from bot.render.common import BACKGROUND, MUTED, TEXT, font, png_bytes
from bot.render.parts import kept_part
from bot.words import words
from engine.summon import card
from engine.summon.pieces import FLAT, Side, blank, tab
from engine.summon.state import BoardPiece, HandPiece

from .fitting import SMALLEST, short_name
from .render import ATTR_COLOURS, FALL, GOLD, HEAL, LABEL_ROOM, draw_board, draw_cells, draw_piece
from .text import piece_name

CELL = 130


def render_hand_view(hand: list[HandPiece], board: Iterable[BoardPiece], ox: int, oy: int,
                     marks: dict[tuple[int, int], str], title: str, chosen: int | None = None,
                     fallen: Iterable[int] = ()) -> bytes:
    """The owner's board with the cells one step outside it, each legal cell lettered, and beside it
    the hand as dealt (the chosen piece outlined)."""
    size = 190
    board_w = LABEL_ROOM + 5 * CELL
    img = _ring_frame(board_w + 80 + size + 40, max(LABEL_ROOM + 5 * CELL, 3 * (size + 56)) + 80).copy()
    d = ImageDraw.Draw(img)
    d.text((24, 14), short_name(title, 48), font=font(32), fill=TEXT)
    draw_board(d, 24 + LABEL_ROOM, 64 + LABEL_ROOM, CELL, list(board), ox, oy, ring=True, marks=marks, fallen=fallen,
               cells=False)
    x = board_w + 64
    for k, hp in enumerate(hand):
        y = 64 + k * (size + 56)
        draw_piece(d, x, y, size, hp.card, hp.sides, outline=GOLD if hp.uid == chosen else None, label=False)
        c = card(hp.card)
        d.text((x + size // 2, y + size + 18), f"{k + 1}. {short_name(piece_name(c.id), 14)}", font=font(SMALLEST),
               fill=GOLD if hp.uid == chosen else TEXT, anchor="mm")
    if not hand:
        d.text((x, 80), words("Your hand is empty."), font=font(28), fill=MUTED)
    return png_bytes(img)


def render_preview(board: Iterable[BoardPiece], ox: int, oy: int, *, ghost: BoardPiece, falls: Iterable[int],
                   window: tuple[int, int] | None, title: str, fallen: Iterable[int] = ()) -> bytes:
    """One placement before it is made: the new piece outlined, pieces that would fall off crossed
    out, the window after a slide outlined."""
    img = _ring_frame(LABEL_ROOM + 5 * CELL + 48, LABEL_ROOM + 5 * CELL + 88).copy()
    d = ImageDraw.Draw(img)
    d.text((24, 14), short_name(title, 34), font=font(30), fill=TEXT)
    draw_board(d, 24 + LABEL_ROOM, 64 + LABEL_ROOM, CELL, list(board), ox, oy, ring=True, falls=falls, ghost=ghost,
               window=window, fallen=fallen, cells=False)
    return png_bytes(img)


@kept_part(2)
def _ring_frame(width: int, height: int) -> Image.Image:
    """A private picture's ground with the owner's board's empty cells, the ring round them and the
    labels, where the hand view and the preview draw the board: drawn once, each picture drawn on a copy."""
    img = Image.new("RGB", (width, height), BACKGROUND)
    draw_cells(ImageDraw.Draw(img), 24 + LABEL_ROOM, 64 + LABEL_ROOM, CELL, ring=True, labels=True)
    return img


def render_piece(cid: str, sides: tuple[Side, ...], lines: list[str]) -> bytes:
    """One piece's details (the seed's long press): drawn with an example dealing, and its numbers."""
    img = Image.new("RGB", (1100, 400), BACKGROUND)
    d = ImageDraw.Draw(img)
    draw_piece(d, 24, 24, 340, cid, sides)
    y = 40
    for k, line in enumerate(lines[:8]):
        first = k == 0
        d.text((400, y), short_name(line, 46), font=font(36 if first else SMALLEST + 2), fill=TEXT if first else MUTED)
        y += 56 if k == 0 else 40
    return png_bytes(img)


def _catalog_sides(cid: str) -> tuple[Side, ...]:
    c = card(cid)
    return tuple([tab(a) for a in c.tabs] + [blank(a) for a in c.blanks] + [FLAT] * c.flats)


def render_deck(deck: list[str], summary: dict[str, dict[str, int]], balance: dict[str, int]) -> bytes:
    """A deck as a grid of its distinct pieces with their counts, then its shape balance: per attribute,
    its tabs against the blanks that would take them (a bar short of its tabs goes begging)."""
    counts = Counter(deck)
    ids = sorted(counts, key=lambda c: (card(c).attr, c))
    per_row, size = 8, 120
    rows = max(1, -(-len(ids) // per_row))
    tabs_of = {a: sum(card(c).tabs.count(a) for c in deck) for a in balance}
    balance = {a: v for a, v in balance.items() if tabs_of[a] or tabs_of[a] + v}  # attributes the deck uses
    grid_h = rows * (size + 44)
    img = Image.new("RGB", (per_row * (size + 16) + 32, grid_h + 150 + 44 * len(balance)), BACKGROUND)
    d = ImageDraw.Draw(img)
    for k, cid in enumerate(ids):
        x, y = 16 + (k % per_row) * (size + 16), 16 + (k // per_row) * (size + 44)
        draw_piece(d, x, y, size, cid, _catalog_sides(cid), label=False)
        d.text((x + size // 2, y + size // 2), f"x{counts[cid]}", font=font(30), fill=TEXT, anchor="mm")
        d.text((x + size // 2, y + size + 18), short_name(piece_name(cid), 10), font=font(SMALLEST),
               fill=MUTED, anchor="mm")
    y = grid_h + 24
    kinds = words("{n} pieces · units {units} · spells {spells}", n=len(deck), units=summary["kinds"]["unit"],
                  spells=summary["kinds"]["spell"])
    d.text((16, y), kinds, font=font(SMALLEST), fill=TEXT)
    y += 36
    d.text((16, y), words("shape balance: green, the blanks that take the tabs; coloured, the tabs"),
        font=font(SMALLEST),
           fill=MUTED)
    y += 40
    most = max([1, *tabs_of.values(), *(tabs_of[a] + balance[a] for a in balance)])
    scale = (img.width - 380) / most
    for attr, spare in balance.items():
        tabs, blanks = tabs_of[attr], tabs_of[attr] + spare
        d.text((16, y + 4), attr, font=font(SMALLEST), fill=ATTR_COLOURS[attr])
        d.rectangle((150, y + 2, 150 + int(blanks * scale), y + 16), fill=HEAL)
        d.rectangle((150, y + 20, 150 + int(tabs * scale), y + 34), fill=ATTR_COLOURS[attr])
        d.text((img.width - 16, y + 4), words("tabs {tabs} · blanks {blanks}", tabs=tabs, blanks=blanks),
            font=font(SMALLEST),
               fill=FALL if spare < 0 else MUTED, anchor="ra")
        y += 44
    return png_bytes(img)


__all__ = ["render_deck", "render_hand_view", "render_piece", "render_preview"]
