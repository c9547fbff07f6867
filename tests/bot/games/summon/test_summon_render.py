"""Summon's pictures say what its words say: a summoned piece whose unit fell in battle is marked apart
from one whose unit stands (with a legend entry), a cell's two-line name sits clear of its mark's box, the
boards name their columns A-C and rows 1-3, a replay's damage tag holds its whole text, and every
piece's name stays inside its piece. Real games between the built-in AI's decks."""
from __future__ import annotations

import io
from functools import cache

from PIL import Image, ImageDraw
from support.phone import SMALLEST_PX, smallest_text

import engine.summon as sm
from bot.games.summon.render import (
    BACKGROUND,
    CELL,
    GOLD,
    LABEL_ROOM,
    MUTED,
    ROW_H,
    TABLE_TOP,
    Seat,
    board_origin,
    draw_body,
    render_table,
)
from bot.games.summon.render_cards import CELL as HAND_CELL
from bot.games.summon.render_cards import render_hand_view, render_preview
from bot.games.summon.replay import BOX_W, TAG_SIZE, change_tag, render_battle, tag_box
from bot.render.common import font
from engine.summon.catalog import cards_by_id
from engine.summon.pieces import FLAT

DARK, FALL = (22, 23, 26), (255, 90, 90)


@cache
def with_a_fallen_piece() -> sm.SummonState:
    """Game 0 played by the AI until the seat to move has a summoned piece on its board whose unit fell
    in battle beside one whose unit stands."""
    st = sm.new_game(0, sm.auto_deck(1), sm.auto_deck(2))
    while st.phase != "over":
        st = sm.apply(st, sm.ai_action(st))
        p = st.players[st.to_move]
        summoned = {b.uid for b in p.board if b.summoned}
        if summoned & set(p.fallen) and summoned - set(p.fallen):
            return st
    raise AssertionError("game 0 has no summoned piece whose unit fell")


def table(st: sm.SummonState) -> Image.Image:
    seats = (Seat("You", st.to_move == 0, st.first == 0), Seat("Rival", st.to_move == 1, st.first == 1))
    return Image.open(io.BytesIO(render_table(sm.view_for(st, None), seats, "Summon · a test", None))).convert("RGB")


def colours(image: Image.Image, box: tuple[int, int, int, int]) -> set[tuple[int, int, int]]:
    return {colour for _, colour in image.crop(box).getcolors(1 << 20) or []}


def test_a_summoned_piece_whose_unit_fell_has_its_own_corner_mark():
    st = with_a_fallen_piece()
    seat = st.to_move
    p = st.players[seat]
    image = table(st)
    x0, y0 = board_origin(seat)   # the seat's board

    def corner(b) -> set[tuple[int, int, int]]:   # the top right quarter of the piece's cell
        px, py = x0 + (b.x - p.ox) * CELL, y0 + (b.y - p.oy) * CELL
        return colours(image, (px + CELL // 2, py, px + CELL, py + CELL // 2))

    fell = [b for b in p.board if b.summoned and b.uid in p.fallen]
    standing = [b for b in p.board if b.summoned and b.uid not in p.fallen]
    assert all(GOLD in corner(b) for b in standing), "a summoned piece whose unit stands: the gold corner"
    assert all(GOLD not in corner(b) and FALL in corner(b) for b in fell), "its unit fell: a red-edged corner"
    # The legend under the seats shows both marks.
    legend = colours(image, (0, TABLE_TOP + 2 * ROW_H, image.width, image.height))
    assert GOLD in legend and FALL in legend


def test_a_cell_named_in_two_lines_stays_clear_of_its_mark_box():
    st = with_a_fallen_piece()
    p = st.players[st.to_move]
    ring = {(p.ox + 3, p.oy + 1): "right\nof C2", (p.ox - 1, p.oy + 2): "left\nof A3",
            (p.ox + 1, p.oy - 1): "above\nB1", (p.ox + 2, p.oy + 3): "below\nC3"}
    image = Image.open(io.BytesIO(render_hand_view(list(p.hand), p.board, p.ox, p.oy, ring, "Your board", None,
                                                   tuple(p.fallen)))).convert("RGB")
    x0, y0 = 24 + LABEL_ROOM, 64 + LABEL_ROOM
    for (x, y) in ring:
        px, py = x0 + (x - p.ox + 1) * HAND_CELL, y0 + (y - p.oy + 1) * HAND_CELL
        inner = (px + 8, py + 8, px + HAND_CELL - 8, py + HAND_CELL - 8)   # inside the box's 3 px edge
        band = colours(image, inner) - colours(image, (inner[0] + 4, inner[1] + 4, inner[2] - 4, inner[3] - 4))
        assert band <= {BACKGROUND}, f"the name {ring[x, y]!r} touches its box"


def test_the_table_hand_and_preview_boards_name_their_columns_and_rows():
    st = with_a_fallen_piece()
    p = st.players[st.to_move]
    pl = sm.legal_placements(st)[0]
    ghost = next(b for b in sm.preview(st, pl).board if b.uid == pl.piece)
    pictures = {
        "table": (table(st), *board_origin(0), CELL, 0),
        "hand": (Image.open(io.BytesIO(render_hand_view(list(p.hand), p.board, p.ox, p.oy, {}, "Your board")))
                 .convert("RGB"), 24 + LABEL_ROOM, 64 + LABEL_ROOM, HAND_CELL, 1),
        "preview": (Image.open(io.BytesIO(render_preview(p.board, p.ox, p.oy, ghost=ghost, falls=pl.falls, window=None,
                                                         title="Preview"))).convert("RGB"),
                    24 + LABEL_ROOM, 64 + LABEL_ROOM, HAND_CELL, 1),
    }
    for name, (image, x0, y0, cell, ring) in pictures.items():
        for k in range(3):
            middle = (k + ring) * cell + cell // 2
            column = colours(image, (x0 + middle - 10, y0 - LABEL_ROOM, x0 + middle + 10, y0))
            row = colours(image, (x0 - LABEL_ROOM, y0 + middle - 10, x0, y0 + middle + 10))
            assert MUTED in column and MUTED in row, f"{name}: column {'ABC'[k]} and row {k + 1} are labelled"


def test_every_damage_or_healing_tag_fits_its_text_inside_the_unit_box():
    """Up to 20 hearts either way (the largest unit has 9), with room each side of the text."""
    for change in [*range(-80, 0), *range(1, 81)]:
        tag = change_tag(change)
        x0, _, x1, _ = tag_box(0, 0, tag)
        assert font(TAG_SIZE).getlength(tag) + 6 <= x1 - x0, tag
        assert 0 <= x0 and x1 <= BOX_W, tag


def test_a_replay_frame_draws_a_hit_of_one_and_a_half_hearts_inside_its_tag():
    """Game 10's battle phase 14: a Leviathan's action takes 1 1/2 hearts from a Shade (turn 2, frame 11)."""
    st = sm.new_game(10, sm.auto_deck(21), sm.auto_deck(22))
    while st.phase != "over":
        st = sm.apply(st, sm.ai_action(st))
    replay = next(r for r in st.battles if r.phase == 14)
    assert any(e.amount == 6 and e.after > 0 for e in replay.events), "the Shade survives a hit of 6 ticks"
    gif = Image.open(io.BytesIO(render_battle(replay, ("You", "Rival"))))
    gif.seek(11)
    frame = gif.convert("RGB")
    text = [(x, y) for y in range(frame.height) for x in range(frame.width) if frame.getpixel((x, y)) == FALL]
    assert len(text) > 100, "two tags in red (and no unit crossed out)"
    for x, y in text:
        around = [(x + k, y) for k in (-3, 3)] + [(x, y + k) for k in (-3, 3)]
        assert all(frame.getpixel(q) in (FALL, DARK) for q in around), f"the tag's text leaves its box at {x},{y}"


def test_every_pieces_name_stays_inside_its_piece_at_every_size_drawn():
    for size in (HAND_CELL, CELL, 340):   # the hand view's and preview's cells, the table's, a card's preview
        m = max(6, size // 6)               # the body's margin in its cell
        for cid, c in cards_by_id().items():
            image = Image.new("RGB", (size, size), BACKGROUND)
            draw_body(ImageDraw.Draw(image), 0, 0, size, cid, (FLAT,) * 4)
            beside = colours(image, (0, 0, m, size)) | colours(image, (size - m + 1, 0, size, size))
            assert beside == {BACKGROUND}, f"{c.name}'s name runs past its piece at {size} px"


def test_a_battle_replay_reads_on_a_phone():
    """Game 10's battle phases, drawn for the thread: no text under 12 px once shown 390 px wide."""
    st = sm.new_game(10, sm.auto_deck(21), sm.auto_deck(22))
    while st.phase != "over":
        st = sm.apply(st, sm.ai_action(st))
    for replay in st.battles[:3]:
        assert smallest_text(lambda replay=replay: render_battle(replay, ("You", "Rival"))) >= SMALLEST_PX
