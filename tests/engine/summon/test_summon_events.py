"""Summon's typed events: what a placement joined, summoned (in order) and pushed off, passes, every
hit and downed unit of a battle, and the game's end with its reason; board words for cells and slides;
a piece's sides as data. Hand-worked positions (seed 004's board, connection and order rules)."""
from pathlib import Path

import pytest

from engine.errors import RuleError
from engine.summon import (
    BattleBegan,
    BoardSlid,
    FirstPlayer,
    GameEnded,
    IllegalActionError,
    Pass,
    Passed,
    PiecePlaced,
    Place,
    SpellFizzled,
    Summoned,
    SummonState,
    Surrender,
    Surrendered,
    Timeout,
    UnitDowned,
    UnitHealed,
    UnitHit,
    ai_action,
    apply,
    auto_deck,
    cell_place,
    describe_sides,
    falling_edge,
    legal_placements,
    new_game,
    preview,
    relation,
    slide_direction,
    view_for,
)
from engine.summon.scenario import scenario

DECK = ["n02"] * 30
FIXTURES = Path(__file__).parent / "fixtures"


def kinds(events):
    return [e.type for e in events]


def test_a_tab_joined_into_a_blank_is_told_with_its_neighbour_and_board_words():
    # Stone Wall n.n. at the centre (summoned earlier). Iron Sentry n.Nn goes on the top cell: its down
    # tab (neutral) sits in the wall's up blank, so it is summoned at once, rank 1 of an empty line.
    st = scenario({"deck": DECK, "hand": [("n03", "n.Nn")], "board": [("n01", 1, 1, "n.n.", True)]}, {"deck": DECK})
    after = apply(st, Place(player=0, piece=30, col=1, row=0))
    placed, summoned = after.events[0], after.events[1]
    assert isinstance(placed, PiecePlaced) and isinstance(summoned, Summoned)
    piece = placed.piece
    assert (placed.side, piece.name, piece.kind, piece.attr) == (0, "Iron Sentry", "unit", "neutral")
    assert (placed.piece.cell.col, placed.piece.cell.row, placed.rotation) == (1, 0, 0)
    wall = placed.anchor
    assert wall is not None and wall.direction == "down" and wall.joined and wall.tab_of == "placed"
    assert (wall.piece.name, wall.attr) == ("Stone Wall", "neutral")
    # what the bot can say: "above your centre piece"
    assert f"{relation(wall.direction)} your {cell_place(wall.piece.cell.col, wall.piece.cell.row).words} piece" \
        == "above your centre piece"
    assert (summoned.order, summoned.of, summoned.placed, summoned.direction, summoned.rank) == (1, 1, True, None, 1)
    assert [e.type for e in after.events[2:]] == []  # p2's turn begins quietly (its hand is private)


def test_blank_beside_blank_touches_but_does_not_join():
    # Clay Doll .n.. placed left of the wall n.n.? Its right side is a blank facing the wall's flat: a
    # touch, no join; the doll has no tab, so it summons by itself.
    st = scenario({"deck": DECK, "hand": [("n02", ".n..")], "board": [("n01", 1, 1, "n.n.", True)]}, {"deck": DECK})
    after = apply(st, Place(player=0, piece=30, col=0, row=1))
    placed = after.events[0]
    assert isinstance(placed, PiecePlaced)
    assert [(n.direction, n.joined, n.tab_of) for n in placed.neighbours] == [("right", False, None)]
    assert placed.anchor == placed.neighbours[0]


def test_double_summon_lists_every_summon_in_line_order_with_directions():
    # An all-blank piece dropped in the middle completes four Sentries whose tabs point at it:
    # the placed piece first, then up, right, down, left.
    board = [("n03", 0, 1, "nNn."), ("n03", 1, 2, "Nn.n"), ("n03", 2, 1, "n.nN"), ("n03", 1, 0, "n.Nn")]
    st = scenario({"deck": DECK, "hand": [("n01", "nnnn")], "board": board}, {"deck": DECK})
    after = apply(st, Place(player=0, piece=30, col=1, row=1))
    summons = [e for e in after.events if isinstance(e, Summoned)]
    assert [(s.order, s.of, s.placed, s.direction, s.rank) for s in summons] == [
        (1, 5, True, None, 1), (2, 5, False, "up", 2), (3, 5, False, "right", 3), (4, 5, False, "down", 4),
        (5, 5, False, "left", 5)]
    assert [s.piece.piece for s in summons] == [u.uid for u in after.players[0].line]
    placed = after.events[0]
    assert isinstance(placed, PiecePlaced)
    assert all(n.joined and n.tab_of == "neighbour" for n in placed.neighbours)


def test_a_slide_says_which_way_and_what_fell_off():
    # Column 1: Clay Doll (row 0), Wall (row 1), Ballista N.Nn (row 2, its down tab waiting). A Wall placed
    # just below the window takes that tab: the board slides down, the top row (the doll) falls off, and
    # the placed wall then the Ballista are summoned.
    board = [("n02", 1, 0, ".n..", True), ("n01", 1, 1, "n.n.", True), ("n05", 1, 2, "N.Nn")]
    st = scenario({"deck": DECK, "hand": [("n01", "n.n.")], "board": board}, {"deck": DECK})
    after = apply(st, Place(player=0, piece=30, col=1, row=3))
    placed, slid = after.events[0], after.events[1]
    assert isinstance(placed, PiecePlaced) and isinstance(slid, BoardSlid)
    assert cell_place(placed.piece.cell.col, placed.piece.cell.row).words == "below the bottom"
    assert (slid.direction, slid.dx, slid.dy) == ("down", 0, 1)
    assert falling_edge(slid.dx, slid.dy) == "top row"
    assert [(f.name, f.cell.col, f.cell.row) for f in slid.falls] == [("Clay Doll", 1, 0)]
    assert slid.fell_summoned == (True,)
    assert [(e.piece.name, e.direction) for e in after.events if isinstance(e, Summoned)] == [
        ("Stone Wall", None), ("Ballista", "up")]
    # the preview tells the same story before the piece is placed
    assert kinds(preview(st, Place(player=0, piece=30, col=1, row=3)).events) == ["placed", "slid", "summoned",
                                                                                    "summoned"]


def test_a_battle_reports_each_hit_the_downed_unit_and_the_typed_end():
    # p1's last placement of the phase (a Sentry with its tab in the air: no summon) starts battle 1,
    # p1 acting first. Ember Imp (4 ticks, attack 2) against Clay Doll (4 ticks, attack 1):
    # Imp hits 2 (doll 2 left), Doll hits 1 (imp 3 left); turn 2: Imp hits 2, the doll is downed: p1 wins.
    st = scenario({"deck": DECK, "hand": [("n03", "n.Nn")], "line": ["r01"]}, {"deck": DECK, "line": ["n02"]},
                  turns_left=(1, 0))
    after = apply(st, Place(player=0, piece=st.players[0].hand[0].uid, col=1, row=1))
    assert kinds(after.events) == ["placed", "battle", "hit", "hit", "hit", "downed", "ended"]
    began = after.events[1]
    assert isinstance(began, BattleBegan)
    assert (began.phase, began.turns, began.turn_player, began.fight, began.units) == (1, 3, 0, True, (1, 1))
    hits = [e for e in after.events if isinstance(e, UnitHit)]
    assert [(h.turn, h.attacker.side if h.attacker else None, h.source_card, h.target.card, h.damage, h.ticks_left,
             h.downed) for h in hits] == [
        (1, 0, "r01", "n02", 2, 2, False), (1, 1, "n02", "r01", 1, 3, False), (2, 0, "r01", "n02", 2, 0, True)]
    assert hits[1].hearts_left == 0.75
    downed = after.events[5]
    assert isinstance(downed, UnitDowned) and downed.unit.card == "n02" and downed.by and downed.by.card == "r01"
    end = after.events[-1]
    assert isinstance(end, GameEnded) and (end.winner, end.loser, end.reason) == (0, 1, "wiped_out")


@pytest.mark.parametrize(("p2", "phases", "reason", "winner"), [
    ({"deck": DECK}, 0, "no_army", 0),  # p2 never had a unit: no fight, p1 wins at the start
    ({"deck": DECK}, 29, "no_army", 0),  # at the 30th phase too: a decision, not the safety stop
])
def test_a_battle_decided_before_a_blow(p2, phases, reason, winner):
    st = scenario({"deck": DECK, "hand": [("n03", "n.Nn")], "line": ["n02"]}, p2, turns_left=(1, 0),
                  battle_phases=phases)
    after = apply(st, Place(player=0, piece=st.players[0].hand[0].uid, col=1, row=1))
    began, end = after.events[1], after.events[-1]
    assert isinstance(began, BattleBegan) and not began.fight and began.units == (1, 0)
    assert isinstance(end, GameEnded) and (end.reason, end.winner) == (reason, winner)


def test_thirty_battle_phases_without_a_unit_stop_as_a_draw():
    st = scenario({"deck": DECK, "hand": [("n03", "n.Nn")]}, {"deck": DECK}, turns_left=(1, 0), battle_phases=29)
    after = apply(st, Place(player=0, piece=st.players[0].hand[0].uid, col=1, row=1))
    assert kinds(after.events) == ["placed", "battle", "ended"]
    end = after.events[-1]
    assert isinstance(end, GameEnded) and (end.winner, end.loser, end.reason) == (None, None, "safety_stop")


def test_spells_heal_or_fizzle_as_events():
    # Repair Kit (no tab) summons at once and heals the own front 4: the wall 8 -> 12 ticks.
    st = scenario({"deck": DECK, "hand": [("n08", "n.n.")], "line": [("n01", 8)]}, {"deck": DECK})
    after = apply(st, Place(player=0, piece=st.players[0].hand[0].uid, col=1, row=1))
    assert kinds(after.events)[:3] == ["placed", "summoned", "healed"]
    spell, healed = after.events[1], after.events[2]
    assert isinstance(spell, Summoned) and spell.rank is None and spell.piece.kind == "spell"
    assert isinstance(healed, UnitHealed) and (healed.healer, healed.source_card, healed.amount, healed.ticks_left) \
        == (None, "n08", 4, 12)
    # Frost Bolt's neutral tab into the wall's blank: cast with no enemy unit, it fizzles.
    st = scenario({"deck": DECK, "hand": [("u09", "u.N.")], "board": [("n01", 1, 1, "n.n.", True)]}, {"deck": DECK})
    after = apply(st, Place(player=0, piece=st.players[0].hand[0].uid, col=1, row=0))
    assert kinds(after.events)[:3] == ["placed", "summoned", "fizzled"]
    fizzled = after.events[2]
    assert isinstance(fizzled, SpellFizzled) and (fizzled.card, fizzled.why) == ("u09", "no_target")


def test_passes_surrender_and_the_first_player_are_events():
    st = new_game(3, auto_deck(1), auto_deck(2))
    assert st.events == [FirstPlayer(side=st.first)]
    me = st.to_move
    assert apply(st, Pass(player=me)).events[0] == Passed(side=me, why="pass")
    assert apply(st, Timeout(player=me)).events[0] == Passed(side=me, why="timeout")
    gone = apply(st, Surrender(player=1 - me))
    assert gone.events == [Surrendered(side=1 - me), GameEnded(winner=me, loser=1 - me, reason="surrender")]
    # a side with neither deck nor hand passes automatically when its turn comes
    st = scenario({"deck": DECK, "hand": [("n02", ".n..")]}, {})
    after = apply(st, Place(player=0, piece=30, col=1, row=1))
    assert Passed(side=1, why="out_of_pieces") in after.events


def test_events_agree_with_the_placement_preview_in_whole_games_and_round_trip():
    for seed in range(3):
        st = new_game(seed, auto_deck(seed), auto_deck(seed + 50))
        while st.phase != "over":
            action = ai_action(st)
            pl = next((p for p in legal_placements(st) if isinstance(action, Place) and
                       (p.piece, p.rotation, p.col, p.row) == (action.piece, action.rotation, action.col, action.row)),
                      None)
            st = apply(st, action)
            if pl is not None:
                placed = st.events[0]
                assert isinstance(placed, PiecePlaced)
                assert (placed.piece.piece, placed.piece.cell.col, placed.piece.cell.row) == (pl.piece, pl.col, pl.row)
                assert placed.sides.code == pl.sides
                summoned = [e.piece.piece for e in st.events if isinstance(e, Summoned)]
                assert tuple(summoned) == pl.summons
                slid = [e for e in st.events if isinstance(e, BoardSlid)]
                assert tuple(f.piece for s in slid for f in s.falls) == pl.falls
            assert SummonState.model_validate_json(st.model_dump_json()) == st
            assert view_for(st, 0).events == tuple(st.events)
        assert isinstance(st.events[-1], GameEnded) and st.events[-1].reason == st.ending


def test_games_saved_before_events_load_with_none():
    for path in sorted(FIXTURES.glob("*.json")):
        st = SummonState.model_validate_json(path.read_text())
        assert st.events == []


def test_cells_and_slides_in_board_words():
    names = [[cell_place(c, r).words for c in range(3)] for r in range(3)]
    assert names == [["top-left", "top", "top-right"], ["left", "centre", "right"],
                     ["bottom-left", "bottom", "bottom-right"]]
    assert cell_place(-1, 0).words == "left of the top-left"
    assert cell_place(3, 1).words == "right of the right"
    assert cell_place(0, -1).words == "above the top-left"
    assert (cell_place(2, 3).inside, cell_place(2, 3).beyond) == ("bottom-right", "down")
    assert [slide_direction(*d) for d in ((0, -1), (1, 0), (0, 1), (-1, 0))] == ["up", "right", "down", "left"]
    assert [falling_edge(*d) for d in ((0, -1), (1, 0), (0, 1), (-1, 0))] == [
        "bottom row", "left column", "top row", "right column"]
    assert [relation(d) for d in ("up", "right", "down", "left")] == ["below", "left of", "above", "right of"]


@pytest.mark.parametrize("cell", [(9, 9), (-9, 0), (0, 4), (3, 3), (-1, -1), (3, -1), (-2, 1)])
def test_cells_off_the_board_are_refused_with_a_reason_first(cell):
    with pytest.raises(RuleError) as e:
        cell_place(*cell)
    assert isinstance(e.value, IllegalActionError) and not isinstance(e.value, IndexError)
    assert e.value.code == "off_board" and str(e.value).startswith("off the board")
    # a placement there (a forged hand-view id, say) is refused the same way, reason first
    st = scenario({"deck": DECK, "hand": [("n02", ".n..")]}, {"deck": DECK})
    with pytest.raises(IllegalActionError) as e:
        apply(st, Place(player=0, piece=30, col=cell[0], row=cell[1]))
    assert e.value.code == "off_board" and str(e.value).startswith("off the board")
    with pytest.raises(IllegalActionError) as e:
        slide_direction(1, 1)
    assert e.value.code == "bad_slide"


def test_a_pieces_sides_as_data():
    info = describe_sides("gGGN")
    assert [(t.attr, t.count) for t in info.tabs] == [("green", 2), ("neutral", 1)]
    assert [(b.attr, b.count) for b in info.blanks] == [("green", 1)] and info.flats == 0
    assert (info.up.kind, info.up.attr, info.left.kind, info.left.attr) == ("blank", "green", "tab", "neutral")
    info = describe_sides("N.nr")
    assert [(b.attr, b.count) for b in info.blanks] == [("red", 1), ("neutral", 1)] and info.flats == 1
    assert info.code == "N.nr"
