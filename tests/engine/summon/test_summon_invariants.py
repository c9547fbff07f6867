"""Summon: hypothesis invariants over random play — pieces conserved between deck, hand, board and
removed; board shapes always fit; no complete piece left unsummoned; the placement preview tells the
truth; JSON round-trips; determinism — plus a golden whole-game playthrough."""
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as hs
from support.golden import assert_golden

from engine.summon import Pass, Timeout, ai_action, apply, auto_deck, legal_placements, new_game, render_text
from engine.summon.board import complete, grid_of
from engine.summon.pieces import STEP, fits, opposite
from engine.summon.state import SummonState

GOLDEN = Path(__file__).parent / "golden"


def check(st: SummonState) -> None:
    for i, p in enumerate(st.players):
        uids = p.deck + [h.uid for h in p.hand] + [b.uid for b in p.board] + p.removed
        assert sorted(uids) == list(st.uids_of(i)), "a piece was lost or duplicated"
        assert len(p.hand) <= 3
        grid = grid_of(p)
        for b in p.board:
            assert p.ox <= b.x <= p.ox + 2 and p.oy <= b.y <= p.oy + 2, "a piece outside the window"
            for d, (dx, dy) in enumerate(STEP):
                n = grid.get((b.x + dx, b.y + dy))
                if n is not None:
                    assert fits(b.sides[d], n.sides[opposite(d)])
            if not b.summoned:
                assert not complete(grid, b.x, b.y, b.sides, frozenset()), "a complete piece was never summoned"
        summoned = {b.uid for b in p.board if b.summoned}
        assert len({u.uid for u in p.line}) == len(p.line)
        assert all(st.owner(u.uid) == i and 0 < u.ticks <= u.max_ticks for u in p.line)
        assert {u.uid for u in p.line if u.uid in {b.uid for b in p.board}} <= summoned
    assert SummonState.model_validate_json(st.model_dump_json()) == st


def play(seed: int, choices: list[int]) -> list[SummonState]:
    st = new_game(seed, auto_deck(seed % 7), auto_deck(seed % 5 + 7))
    states = [st]
    for c in choices:
        if st.phase == "over":
            break
        pls = legal_placements(st)
        if c % 11 == 0:
            act = Pass(player=st.to_move)
        elif c % 13 == 0:
            act = Timeout(player=st.to_move)
        elif c % 5 == 0:
            act = ai_action(st)
        else:
            act = pls[c % len(pls)]
        nxt = apply(st, act)
        if hasattr(act, "falls") and nxt.battle_phases == st.battle_phases:
            me = st.to_move
            p0, p1 = st.players[me], nxt.players[me]
            assert p1.removed[len(p0.removed):] == list(act.falls)  # the preview told the truth
            new_units = [u.uid for u in p1.line if u.uid not in {x.uid for x in p0.line}]
            assert new_units == [u for u, cid in zip(act.summons, act.summon_cards) if _is_unit(cid)]
        st = nxt
        states.append(st)
    return states


def _is_unit(cid: str) -> bool:
    from engine.summon import card
    return card(cid).kind == "unit"


@given(seed=hs.integers(0, 2**32), choices=hs.lists(hs.integers(0, 10**6), min_size=1, max_size=40))
def test_random_play_keeps_every_invariant(seed, choices):
    states = play(seed, choices)
    for st in states:
        check(st)
    # determinism: the same seed and the same choices give the same game, state by state
    assert play(seed, choices) == states


def test_two_games_from_one_seed_agree_in_lockstep():
    a = new_game(99, auto_deck(1), auto_deck(2))
    b = new_game(99, auto_deck(1), auto_deck(2))
    while a.phase != "over":
        assert a == b and legal_placements(a) == legal_placements(b)
        act = ai_action(a)
        a, b = apply(a, act), apply(b, act)
    assert a == b


def playthrough(seed: int) -> str:
    """A whole AI-vs-AI game as text: every action, what it caused, legal-placement counts."""
    st = new_game(seed, auto_deck(seed), auto_deck(seed + 1))
    out = [f"seed {seed} first p{st.first + 1}"] + ["  " + x for x in st.log]
    while st.phase != "over":
        n = len(legal_placements(st))
        act = ai_action(st)
        out.append(f"v{st.version} p{st.to_move + 1} legal={n} {act.model_dump_json()}")
        st = apply(st, act)
        out.extend("  " + x for x in st.log)
    out.append(f"result {st.result}: {st.reason}; summon turns {st.summon_turns}; battle phases {st.battle_phases}")
    out.append(render_text(st, 0))
    return "\n".join(out) + "\n"


def test_golden_playthroughs():
    for seed in (7, 12):
        path = GOLDEN / f"playthrough_seed{seed}.txt"
        assert_golden(path, playthrough(seed))
