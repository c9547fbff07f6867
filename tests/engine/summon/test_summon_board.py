"""Summon: the 3×3 sliding board, placement, fall-off preview and summoning order (seed 004,
召喚台（盤面）のルール / 接続のルール / 複数のピースを同時に召喚したときの順序)."""
import pytest

from engine.summon import IllegalActionError, Place, apply, legal_placements
from engine.summon.scenario import scenario

DECK = ["n02"] * 30  # filler decks so the game flows on after the tested placement


def find(state, piece, col, row, rotation=0):
    return next(p for p in legal_placements(state)
                if (p.piece, p.col, p.row, p.rotation) == (piece, col, row, rotation))


def uid_of(state, player, card, col, row):
    p = state.players[player]
    return next(b.uid for b in p.board if (b.card, b.x - p.ox, b.y - p.oy) == (card, col, row))


def test_first_piece_may_go_on_any_of_the_nine_cells():
    st = scenario({"deck": DECK, "hand": [("n02", ".n..")]}, {"deck": DECK})
    pls = legal_placements(st)
    # 9 cells × 4 distinct rotations; a piece with no tab summons the moment it is placed
    assert len(pls) == 36
    assert {(p.col, p.row) for p in pls} == {(c, r) for c in range(3) for r in range(3)}
    assert all(p.summons == (p.piece,) and p.falls == () and p.slide == (0, 0) for p in pls)
    with pytest.raises(IllegalActionError) as e:
        apply(st, Place(player=0, piece=30, col=-1, row=0))
    assert e.value.reason == "off_board"


def test_legal_placement_count_next_to_one_piece():
    # Wall n.n. at the centre (blank up and down, flats right and left); Iron Sentry n.Nn in hand has
    # 4 distinct rotations n.Nn / nn.N / Nnn. / .Nnn. Worked by hand:
    #  above (faces the wall's blank): every rotation fits (tab in blank, or blank/flat by blank) -> 4
    #  right (faces a flat): the rotation whose left side is the tab (nn.N) does not fit -> 3
    #  below (faces the blank): 4;  left (faces a flat): .Nnn has its tab there -> 3.  Total 14.
    # Only the two placements with the tab in the wall's blank summon (n.Nn above, Nnn. below).
    st = scenario({"deck": DECK, "hand": [("n03", "n.Nn")], "board": [("n01", 1, 1, "n.n.", True)]}, {"deck": DECK})
    pls = legal_placements(st)
    assert len(pls) == 14
    summoning = sorted((p.col, p.row, p.sides) for p in pls if p.summons)
    assert summoning == [(1, 0, "n.Nn"), (1, 2, "Nnn.")]


def test_placement_must_touch_a_piece_and_fit():
    st = scenario({"deck": DECK, "hand": [("n03", "n.Nn")], "board": [("n01", 1, 1, "n.n.", True)]}, {"deck": DECK})
    uid = 30
    cases = [
        (dict(col=0, row=0), "not_adjacent"),
        (dict(col=1, row=1), "occupied"),
        (dict(col=2, row=1, rotation=1), "no_fit"),  # its neutral tab would face the wall's flat
        (dict(col=-1, row=-1), "off_board"),  # a corner beyond the window is never a cell
        (dict(col=4, row=1), "off_board"),
        (dict(col=1, row=0, rotation=4), "bad_rotation"),
    ]
    for kw, reason in cases:
        with pytest.raises(IllegalActionError) as e:
            apply(st, Place(player=0, piece=uid, **kw))
        assert e.value.reason == reason, kw
        assert isinstance(e.value, ValueError) and str(e.value)
    with pytest.raises(IllegalActionError) as e:
        apply(st, Place(player=0, piece=999, col=1, row=0))
    assert e.value.reason == "not_in_hand"
    with pytest.raises(IllegalActionError) as e:
        apply(st, Place(player=1, piece=uid, col=1, row=0))
    assert e.value.reason == "not_your_turn"


def test_every_tab_connected_summons_one_left_over_does_not():
    st = scenario({"deck": DECK, "hand": [("n03", "n.Nn")], "board": [("n01", 1, 1, "n.n.", True)]}, {"deck": DECK})
    after = apply(st, Place(player=0, piece=30, col=1, row=0))  # its one tab into the wall's blank
    p = after.players[0]
    assert [u.card for u in p.line] == ["n03"]
    assert next(b for b in p.board if b.uid == 30).summoned
    # Ballista has two tabs; one in the wall's blank, the other facing an empty cell: not summoned
    st = scenario({"deck": DECK, "hand": [("n05", "N.Nn")], "board": [("n01", 1, 0, "n.n.", True)]}, {"deck": DECK})
    assert find(st, 30, 1, 1).summons == ()
    after = apply(st, Place(player=0, piece=30, col=1, row=1))
    assert after.players[0].line == [] and not next(b for b in after.players[0].board if b.uid == 30).summoned


def test_later_completion_summons_the_older_piece_after_the_placed_one():
    # Ballista N.Nn at the centre has its up tab in the wall above and its down tab open. A second
    # wall (no tab: complete at once) placed below fills it: the placed wall is summoned first,
    # then its up neighbour, the Ballista. Line: wall, Ballista.
    st = scenario(
        {"deck": DECK, "hand": [("n01", "n.n.")],
         "board": [("n01", 1, 0, "n.n.", True), ("n05", 1, 1, "N.Nn", False)]},
        {"deck": DECK},
    )
    ballista = uid_of(st, 0, "n05", 1, 1)
    pl = find(st, 30, 1, 2)
    assert pl.summons == (30, ballista) and pl.summon_cards == ("n01", "n05")
    after = apply(st, pl)
    assert [u.uid for u in after.players[0].line] == [30, ballista]
    # Each piece summons once: later, a Sentry whose tab goes into the Ballista's free left blank
    # summons only itself; the Ballista (already summoned) is not summoned again.
    st = scenario(
        {"deck": DECK, "hand": [("n03", "nNn.")],
         "board": [("n01", 1, 0, "n.n.", True), ("n05", 1, 1, "N.Nn", True), ("n01", 1, 2, "n.n.", True)],
         "line": ["n01", "n05"]},
        {"deck": DECK},
    )
    pl = find(st, 30, 0, 1)
    assert pl.summons == (30,)
    assert [u.card for u in apply(st, pl).players[0].line] == ["n01", "n05", "n03"]


def test_summon_order_placed_first_then_up_right_down_left():
    # A synthetic all-blank piece nnnn dropped in the middle completes four Sentries whose single
    # tabs all point at it. Order: the placed piece, then up, right, down, left (clockwise).
    board = [
        ("n03", 0, 1, "nNn."),  # left neighbour, tab pointing right
        ("n03", 1, 2, "Nn.n"),  # down neighbour, tab pointing up
        ("n03", 2, 1, "n.nN"),  # right neighbour, tab pointing left
        ("n03", 1, 0, "n.Nn"),  # up neighbour, tab pointing down
    ]
    st = scenario({"deck": DECK, "hand": [("n01", "nnnn")], "board": board}, {"deck": DECK})
    up, right, down, left = (uid_of(st, 0, "n03", c, r) for c, r in ((1, 0), (2, 1), (1, 2), (0, 1)))
    pl = find(st, 30, 1, 1)
    assert pl.summons == (30, up, right, down, left)
    assert [u.uid for u in apply(st, pl).players[0].line] == [30, up, right, down, left]


def test_order_with_catalog_pieces_and_a_placed_piece_that_stays_incomplete():
    # Iron Sentry Nnn. placed at the centre: its own tab (up) faces an empty cell, so it is not
    # summoned; its blanks take the tabs of the right and down neighbours, which are summoned
    # right then down. The left neighbour (tab pointing left, away) is not touched.
    board = [("n03", 2, 1, "n.nN"), ("n03", 1, 2, "Nn.n"), ("n02", 0, 1, ".n..", True)]
    st = scenario({"deck": DECK, "hand": [("n03", "Nnn.")], "board": board}, {"deck": DECK})
    right, down = uid_of(st, 0, "n03", 2, 1), uid_of(st, 0, "n03", 1, 2)
    assert find(st, 30, 1, 1).summons == (right, down)


def test_slide_right_drops_the_left_column_and_keeps_its_units():
    # Three walls across the middle row (.n.n: blanks right and left). A Sentry n.nN (tab left)
    # placed just right of the window, at col 3, plugs into the right wall: the window slides one
    # step right and the left column's wall falls off, to neither hand nor deck. Its unit stays.
    board = [("n01", 0, 1, ".n.n", True), ("n01", 1, 1, ".n.n", True), ("n01", 2, 1, ".n.n", True)]
    st = scenario({"deck": DECK, "hand": [("n03", "n.nN")], "board": board, "line": ["n01"]}, {"deck": DECK})
    left_wall = uid_of(st, 0, "n01", 0, 1)
    pl = find(st, 30, 3, 1)
    assert pl.slide == (1, 0) and pl.falls == (left_wall,) and pl.summons == (30,)
    after = apply(st, pl)
    p = after.players[0]
    assert (p.ox, p.oy) == (1, 0)
    assert left_wall in p.removed and left_wall not in p.deck and all(h.uid != left_wall for h in p.hand)
    assert {b.uid for b in p.board} == {uid_of(st, 0, "n01", 1, 1), uid_of(st, 0, "n01", 2, 1), 30}
    assert [u.card for u in p.line] == ["n01", "n03"]  # the old unit stays on the battlefield
    # the piece that was placed at col 3 is now at col 2 of the new window
    assert uid_of(after, 0, "n03", 2, 1) == 30


def test_slide_up_drops_the_bottom_row():
    board = [("n01", 1, 0, "n.n.", True), ("n01", 1, 1, "n.n.", True), ("n01", 1, 2, "n.n.", True),
             ("n02", 0, 2, ".n..", True)]
    st = scenario({"deck": DECK, "hand": [("n03", "n.Nn")], "board": board}, {"deck": DECK})
    bottom = {uid_of(st, 0, "n01", 1, 2), uid_of(st, 0, "n02", 0, 2)}
    pl = find(st, 30, 1, -1)
    assert pl.slide == (0, -1) and set(pl.falls) == bottom and pl.summons == (30,)
    after = apply(st, pl)
    assert (after.players[0].ox, after.players[0].oy) == (0, -1)
    assert set(after.players[0].removed) == bottom
