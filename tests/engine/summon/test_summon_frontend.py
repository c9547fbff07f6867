"""Summon: what a front-end needs from the engine — hand controls (piece, rotation, legal cells with
their previews), previews played on a copy, battle replays as events, private hands (rules decision
13), deck summaries, surrender and the timed-out turn."""
from collections import Counter

import pytest
from support.summon_lines import fight

from engine.rng import Rng
from engine.summon import (
    DeckError,
    IllegalActionError,
    Surrender,
    Timeout,
    ai_action,
    apply,
    auto_deck,
    card,
    deck_summary,
    hand_options,
    legal_placements,
    new_game,
    preview,
    render_text,
    view_for,
)
from engine.summon.deck import shape_balance
from engine.summon.pieces import parse_sides
from engine.summon.scenario import scenario
from engine.summon.state import HandPiece


def positions(n_games: int = 3):
    for seed in range(n_games):
        st = new_game(seed + 70, auto_deck(seed), auto_deck(seed + 9))
        while st.phase != "over":
            yield st
            st = apply(st, ai_action(st))


def test_hand_options_list_every_legal_placement_by_piece_and_distinct_rotation():
    for st in positions():
        me = st.to_move
        opts = hand_options(st, me)
        assert [o.piece for o in opts] == [h.uid for h in st.players[me].hand]
        flat = [pl for o in opts for r in o.rotations for pl in r.placements]
        assert sorted(flat, key=repr) == sorted(legal_placements(st), key=repr)
        for o in opts:
            codes = [r.sides for r in o.rotations]
            assert len(codes) == len(set(codes)) and o.rotations[0].rotation == 0
            assert all(pl.sides == r.sides for r in o.rotations for pl in r.placements)
        assert any(o.placeable for o in opts)
        # off turn: the other player sees their own pieces, with no cell to place them on
        other = hand_options(st, 1 - me)
        assert [o.piece for o in other] == [h.uid for h in st.players[1 - me].hand]
        assert not any(o.placeable for o in other)


def test_preview_is_the_placement_played_on_a_copy():
    rng = Rng(5)
    checked = 0
    for st in positions():
        me = st.to_move
        pls = legal_placements(st)
        for pl in {rng.choice(pls) for _ in range(3)}:
            before = st.model_dump()
            pv = preview(st, pl)
            assert st.model_dump() == before
            assert (pv.summons, pv.falls, pv.slide, pv.sides) == (pl.summons, pl.falls, pl.slide, pl.sides)
            after = apply(st, pl)
            assert list(pv.board) == after.players[me].board  # battles never move pieces
            assert (pv.ox, pv.oy) == (after.players[me].ox, after.players[me].oy)
            assert list(pv.spells) == after.spells
            if not after.battles:
                assert [list(x) for x in pv.lines] == [p.line for p in after.players]
            checked += 1
    assert checked > 100


def test_a_slide_previews_the_pieces_that_fall_off():
    # p1's window holds a column of three Clay Dolls at col 0 and a Stone Wall at col 2; placing at
    # col 3 (just right of the window) slides it right: the col-0 Dolls fall off, previewed first.
    # (uids: p1's 30 deck pieces 0-29, the hand piece 30, the board pieces 31-34)
    st = scenario({"deck": ["n02"] * 30, "hand": [("n01", "nn..")],
                   "board": [("n02", 0, 0, "....", True), ("n02", 0, 1, "....", True),
                             ("n02", 0, 2, "....", True), ("n01", 2, 1, ".n.n", True)]},
                  {"deck": ["n02"] * 30})
    pl = next(p for p in legal_placements(st) if (p.col, p.row) == (3, 1))
    assert pl.slide == (1, 0) and pl.falls == (31, 32, 33) and pl.fall_cards == ("n02", "n02", "n02")
    pv = preview(st, pl)
    assert pv.falls == (31, 32, 33) and {b.uid for b in pv.board} == {34, 30}
    after = apply(st, pl)
    assert after.players[0].removed == [31, 32, 33] and (after.players[0].ox, after.players[0].oy) == (1, 0)


def test_preview_refuses_like_apply():
    st = new_game(3, auto_deck(1), auto_deck(2))
    pl = legal_placements(st)[0]
    for bad, code in [(pl.model_copy(update={"player": 1 - pl.player}), "not_your_turn"),
                      (pl.model_copy(update={"rotation": 7}), "bad_rotation"),
                      (pl.model_copy(update={"piece": 999}), "not_in_hand"),
                      (pl.model_copy(update={"version": 5}), "stale"),
                      (Timeout(player=st.to_move), "malformed")]:
        with pytest.raises(IllegalActionError) as e:
            preview(st, bad)
        assert e.value.code == code


def test_battle_replay_events_redraw_the_battle():
    # Phoenix (24 ticks, attack 6, magic) against Clay Doll, Clay Doll, Shade (see test_summon_battle).
    st, _ = fight(["r07"], ["n02", "n02", "k01"])
    # fight() runs the battle directly; through apply the replay lands in st.battles
    st0 = scenario({"line": ["r07"], "hand": [("n02", ".n..")], "deck": ["n02"] * 30},
                   {"line": ["n02", "n02", "k01"], "deck": ["n02"] * 30}, turns_left=(1, 0))
    after = apply(st0, legal_placements(st0)[0])
    (rep,) = after.battles
    assert rep.phase == 1 and rep.turns == 3 and rep.turn_player == 0 and rep.result == "p1"
    assert [u.card for u in rep.start[0]] == ["r07", "n02"] and [u.card for u in rep.start[1]] == ["n02", "n02", "k01"]
    shown = [(e.turn, e.kind, e.actor.card if e.actor else None, e.target.side, e.target.card, e.amount, e.before,
              e.after, e.destroyed) for e in rep.events]
    assert shown == [
        (1, "attack", "r07", 1, "n02", 6, 4, 0, True),
        (1, "attack", "n02", 0, "r07", 1, 24, 23, False),
        (2, "attack", "r07", 1, "n02", 6, 4, 0, True),
        (2, "attack", "k01", 0, "r07", 1, 23, 22, False),
        (3, "attack", "r07", 1, "k01", 8, 8, 0, True),
    ]
    assert [e.action for e in rep.events] == sorted({e.action for e in rep.events})  # one event per action here
    assert rep.end[1] == () and [u.ticks for u in rep.end[0]] == [22, 4]
    assert st.result == after.result == "p1"


def replay_lines(rep):
    lines = [[u.model_copy() for u in side] for side in rep.start]
    for e in rep.events:
        u = next(x for x in lines[e.target.side] if x.uid == e.target.uid)
        assert u.ticks == e.before and u.card == e.target.card
        if e.actor is not None and e.kind != "thorns":  # thorns prick even as their unit falls
            assert any(x.uid == e.actor.uid for x in lines[e.actor.side]), "a unit acted after it fell"
        u.ticks = e.after
        if e.destroyed:
            lines[e.target.side].remove(u)
    return lines


def test_every_replay_of_real_games_redraws_its_own_end():
    replays = 0
    kinds = Counter()
    for seed in range(12):
        st = new_game(seed, auto_deck(seed), auto_deck(seed + 30))
        while st.phase != "over":
            st = apply(st, ai_action(st))
            for rep in st.battles:
                assert replay_lines(rep) == [list(x) for x in rep.end]
                assert all(a.action <= b.action and a.turn <= b.turn for a, b in zip(rep.events, rep.events[1:]))
                kinds.update(e.kind for e in rep.events)
                replays += 1
            if st.battles:
                assert [list(x) for x in st.battles[-1].end] == [p.line for p in st.players]
    assert replays > 30 and {"attack", "ranged"} <= set(kinds)


def test_a_spell_cast_is_an_event_too():
    st = scenario({"hand": [("r08", "nnnn")], "deck": ["n02"] * 30},
                  {"line": [("k06", 20)], "deck": ["n02"] * 30})
    pl = next(p for p in legal_placements(st) if p.summons)
    (ev,) = preview(st, pl).spells
    assert (ev.kind, ev.source, ev.actor, ev.target.card, ev.amount, ev.before, ev.after) == (
        "spell", "Fireball", None, "k06", 6, 20, 14)
    assert apply(st, pl).spells == [ev]


def test_hands_are_private_in_every_view():
    st = new_game(4, auto_deck(1), auto_deck(2))
    st = apply(st, legal_placements(st)[0])
    st = apply(st, legal_placements(st)[0])
    me = st.to_move
    other_hand = [HandPiece(uid=h.uid, card="n07", sides=parse_sides("NNNN")) for h in st.players[me].hand]
    players = [p.model_copy() for p in st.players]
    players[me] = players[me].model_copy(update={"hand": other_hand, "deck": list(reversed(players[me].deck))})
    twin = st.model_copy(update={"players": players, "rng": st.rng + 1})
    spectator, opponent = None, 1 - me
    for viewer in (spectator, opponent):
        assert view_for(st, viewer) == view_for(twin, viewer)  # the hand, deck order and rng are unseen
        assert render_text(st, viewer) == render_text(twin, viewer)
    assert view_for(st, me) != view_for(twin, me)
    v = view_for(st, opponent)
    assert v.seats[me].hand is None and v.seats[me].hand_count == 3
    assert v.seats[opponent].hand == tuple(st.players[opponent].hand)
    assert "rng" not in v.model_dump() and v.seats[me].deck_count == len(st.players[me].deck)


def test_surrender_and_timeout():
    st = new_game(6, auto_deck(1), auto_deck(2))
    done = apply(st, Surrender(player=st.to_move))
    assert done.ending == "surrender" and done.result == f"p{2 - st.to_move}"
    me = st.to_move
    out = apply(st, Timeout(player=me))
    p0, p1 = st.players[me], out.players[me]
    assert out.to_move == 1 - me and "runs out of time: automatic pass" in out.log[0]
    assert len(p1.hand) == 3
    assert sorted([h.uid for h in p1.hand] + p1.deck) == sorted([h.uid for h in p0.hand] + p0.deck)
    assert [h.uid for h in p1.hand] != [h.uid for h in p0.hand]  # shuffled back and drawn anew


def test_deck_summary_counts_what_a_deck_screen_shows():
    deck = auto_deck(8)
    s = deck_summary(deck)
    assert sum(s["attributes"].values()) == sum(s["tabs"].values()) == sum(s["kinds"].values()) == len(deck)
    assert s["tabs"]["0"] == sum(len(card(c).tabs) == 0 for c in deck)
    assert s["balance"] == shape_balance(deck)
    colossi = deck_summary(["n07"] * 30)
    assert colossi["tabs"] == {"0": 0, "1": 0, "2": 0, "3": 0, "4": 30} and colossi["balance"]["neutral"] == -120
    with pytest.raises(DeckError) as e:
        deck_summary(["n07", "q42"])
    assert e.value.code == "unknown_piece" and "q42" in str(e.value)
