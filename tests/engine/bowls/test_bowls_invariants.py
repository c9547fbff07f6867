"""Bowls invariants under hypothesis: stones are conserved, no bowl over 7 between safe moves, the
same state gives the same result, and games survive a JSON round-trip."""
from hypothesis import given
from hypothesis import strategies as st

from engine.bowls import BowlsGame, legal_bowls, new_endless, sow, undo
from engine.bowls.core import LETTERS, match_bowl, play

bowl_text = st.text(alphabet=LETTERS, max_size=7)
boards = st.lists(bowl_text, min_size=12, max_size=12).filter(any)
masks = st.integers(min_value=0, max_value=4095)


@given(boards, masks, masks, st.data())
def test_every_stone_is_either_still_on_the_board_or_was_removed(bowls, volcano, reverse, data):
    src = data.draw(st.sampled_from([i for i, s in enumerate(bowls) if s]))
    trace = []
    out, points, combo, rem, overflow, perfect, erupted = play(tuple(bowls), src, volcano, reverse, trace)
    blockers = sum(ev[3] for ev in trace if ev[0] == "blockers")
    assert sum(map(len, bowls)) == sum(map(len, out)) + sum(rem) + blockers
    # Colours are conserved one by one too: what is left plus what matched is what there was.
    for slot, c in enumerate("RYGBPW"):
        assert "".join(bowls).count(c) == "".join(out).count(c) + rem[slot]
    # Each volcano erupts at most once in a move, and only volcanoes erupt.
    eruptions = [ev[2] for ev in trace if ev[0] == "erupt"]
    assert len(eruptions) == len(set(eruptions))
    assert all(volcano >> i & 1 for i in eruptions)
    if overflow:
        assert points == 0 and max(map(len, out)) >= 8
    else:
        assert max(map(len, out)) <= 7
        assert points == 10 * sum(rem) * min(combo, 4) + (100 if perfect else 0)
    # After a phase nothing is left ready to match.
    assert all(match_bowl(s) is None for s in out)


@given(boards, masks, masks, st.data())
def test_same_position_same_result(bowls, volcano, reverse, data):
    src = data.draw(st.sampled_from([i for i, s in enumerate(bowls) if s]))
    assert play(tuple(bowls), src, volcano, reverse) == play(tuple(bowls), src, volcano, reverse)


@given(st.integers(min_value=0, max_value=2**32), st.lists(st.integers(min_value=0, max_value=11), max_size=40))
def test_endless_never_holds_more_than_seven_between_safe_moves_and_replays_exactly(seed, picks):
    a = b = new_endless(seed)
    for k in picks:
        if a.over:
            break
        options = legal_bowls(a)
        choice = options[k % len(options)]
        a, ra = sow(a, choice)
        b, rb = sow(b, choice)
        assert (a, ra) == (b, rb)  # two games from one seed stepped in lockstep agree
        if not a.over:
            assert max(map(len, a.bowls)) <= 7
        else:
            assert a.outcome in ("overflow", "no_moves")
        assert BowlsGame.model_validate_json(a.model_dump_json()) == a


@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=1, max_value=15))
def test_undo_after_n_moves_walks_back_to_the_start(seed, n):
    g = start = new_endless(seed)
    made = 0
    for _ in range(n):
        if g.over:
            break
        g, _ = sow(g, legal_bowls(g)[0])
        made += 1
    for _ in range(made):
        g = undo(g)
    assert (g.bowls, g.score, g.rng_state, g.moves_used, g.modifiers) == \
        (start.bowls, start.score, start.rng_state, 0, [])
