"""Summon: hands, deck, pass, timeout, automatic pass, exhaustion, surrender and the summon/battle
phase alternation (seed 004: 手札のピースの操作, フェイズの構成, ゲーム終了条件, 制限時間切れ)."""
import pytest

from engine.summon import (
    IllegalActionError,
    Pass,
    Surrender,
    Timeout,
    apply,
    auto_deck,
    legal_placements,
    new_game,
)
from engine.summon.scenario import scenario

D1, D2 = auto_deck(1), auto_deck(2)


def test_new_game_seeded_first_player_and_first_hand():
    firsts = {new_game(s, D1, D2).first for s in range(12)}
    assert firsts == {0, 1}  # chosen at random...
    st = new_game(7, D1, D2)
    assert st == new_game(7, D1, D2)  # ...but fixed by the seed
    assert st.to_move == st.first and st.log[0] == f"p{st.first + 1} places first"
    me, other = st.players[st.first], st.players[1 - st.first]
    assert len(me.hand) == 3 and len(me.deck) == 37  # a 40-piece deck: 3 drawn at turn start
    assert other.hand == [] and len(other.deck) == 40  # the other draws at the start of their turn
    assert sorted(st.cards[u] for u in st.uids_of(0)) == sorted(D1)


def test_hand_is_refilled_to_three_at_the_start_of_each_turn():
    st = new_game(3, D1, D2)
    f = st.first
    st = apply(st, legal_placements(st)[0])
    assert len(st.players[f].hand) == 2  # no refill until the next own turn
    assert len(st.players[1 - f].hand) == 3
    st = apply(st, legal_placements(st)[0])
    assert st.to_move == f and len(st.players[f].hand) == 3 and len(st.players[f].deck) == 36


@pytest.mark.parametrize("kind", [Pass, Timeout])
def test_pass_and_timeout_put_the_hand_back_shuffle_and_draw_three(kind):
    st = new_game(4, D1, D2)
    f = st.first
    before = st.players[f]
    after = apply(st, kind(player=f))
    p = after.players[f]
    assert after.to_move == 1 - f and after.turns_left[f] == 2 and after.summon_turns == 1
    assert len(p.hand) == 3 and len(p.deck) == len(before.deck)
    assert sorted([h.uid for h in p.hand] + p.deck) == sorted([h.uid for h in before.hand] + before.deck)
    assert p.board == [] and p.passes == 1
    assert ("automatic pass" in after.log[0]) is (kind is Timeout)


def test_automatic_pass_when_no_piece_can_be_placed():
    # p1's only board piece is a synthetic all-flat block and p1 holds three Phoenixes (four tabs):
    # a tab never fits against a flat, so p1 has no legal placement and passes automatically.
    st = scenario(
        {"deck": ["r07"] * 5, "hand": [("r07", "RRRN")] * 3, "board": [("n02", 1, 1, "....", True)]},
        {"deck": ["n02"] * 30, "hand": [("n02", ".n..")]},
        to_move=1,
    )
    after = apply(st, legal_placements(st)[0])
    assert "p1 passes automatically: no piece can be placed" in after.log
    assert after.to_move == 1 and after.turns_left == [2, 2] and after.players[0].passes == 1
    assert len(after.players[0].hand) == 3 and len(after.players[0].deck) == 5


def test_exhausted_player_passes_automatically_and_fights_on():
    # p2 has no deck and no hand but one unit; p1 places its last piece. From then on every turn is
    # an automatic pass (deck and hand empty), the summon phase ends after 3 turns each and the
    # battle decides: p1's Iron Sentry (12 ticks, attack 2, armor 1) against p2's Clay Doll (4 ticks,
    # attack 1): Sentry 2 -> Doll 2 left; Doll 1-1 armor = min 1 -> Sentry 11; Sentry 2 -> Doll 0.
    st = scenario({"hand": [("n02", ".n..")], "line": ["n03"]}, {"line": ["n02"]})
    after = apply(st, legal_placements(st)[0])
    assert after.log.count("p2 passes automatically: deck and hand are empty") == 3
    assert after.log.count("p1 passes automatically: deck and hand are empty") == 2
    assert after.summon_turns == 6 and after.battle_phases == 1
    assert after.result == "p1" and after.phase == "over"


def test_running_out_never_loses_both_exhausted_without_units_is_a_draw_at_the_cap():
    st = scenario({"hand": [("n03", "Nnn.")]}, {}, to_move=0)
    after = apply(st, legal_placements(st)[0])  # a Sentry with an open tab: no unit for anyone
    assert after.result == "draw" and "battle phases" in after.reason
    assert after.players[0].line == [] and after.players[1].line == []


def test_summon_phase_is_three_turns_each_then_battle_then_summon_again():
    st = new_game(11, D1, D2)
    f = st.first
    movers = []
    while st.battle_phases == 0 and st.phase == "summon":
        movers.append(st.to_move)
        st = apply(st, Pass(player=st.to_move))
    # only passes: nobody has a unit, so the battle phase has no fight and summoning resumes
    assert st.phase == "summon" and movers == [f, 1 - f] * 3
    assert st.battle_phases == 1 and "no fight: neither side has a unit on the battlefield" in st.log
    assert st.summon_phase == 2 and st.to_move == f and st.turns_left == [3, 3]


def test_surrender_any_time_by_either_player():
    st = new_game(5, D1, D2)
    other = 1 - st.to_move
    done = apply(st, Surrender(player=other))  # not their turn: surrender is allowed anyway
    assert done.phase == "over" and done.result == ("p1" if other == 1 else "p2")
    assert "surrendered" in done.reason
    with pytest.raises(IllegalActionError) as e:
        apply(done, Pass(player=st.to_move))
    assert e.value.reason == "game_over"


def test_actions_as_dicts_and_bad_actions():
    st = new_game(5, D1, D2)
    pl = legal_placements(st)[0]
    as_dict = {"type": "place", "player": st.to_move, "piece": pl.piece, "rotation": pl.rotation,
               "col": pl.col, "row": pl.row}
    assert apply(st, as_dict) == apply(st, pl) == apply(st, pl.to_action())
    with pytest.raises(IllegalActionError) as e:
        apply(st, {"type": "jump", "player": 0})
    assert e.value.reason == "malformed"
    with pytest.raises(IllegalActionError) as e:
        apply(st, Pass(player=1 - st.to_move))
    assert e.value.reason == "not_your_turn" and "turn" in str(e.value)
    nxt = apply(st, pl)
    assert nxt.version == st.version + 1
    with pytest.raises(IllegalActionError) as e:  # the same click again, on the newer state
        apply(nxt, pl)
    assert e.value.reason == "stale" and "version" in str(e.value)
    assert st.players[st.to_move].board == []  # apply never changes the state it is given
