"""Summon in the one engine idiom: a state goes in and a new one comes out (the input never changes),
every refusal is a RuleError with a stable code, saved games keep loading, relative imports."""
import json
import re
from pathlib import Path

import pytest

import engine.summon as S
from engine.errors import RuleError
from engine.rng import Rng
from engine.summon import (
    DeckError,
    IllegalActionError,
    Pass,
    Place,
    SummonState,
    Surrender,
    Timeout,
    ai_action,
    apply,
    auto_deck,
    hand_options,
    legal_placements,
    new_game,
    preview,
    validate_deck,
    view_for,
)
from engine.summon.pieces import parse_sides

FIXTURES = Path(__file__).parent / "fixtures"
PLACE_CODES = {"not_in_hand", "bad_rotation", "off_board", "occupied", "not_adjacent", "no_fit"}
TURN_CODES = {"malformed", "game_over", "bad_player", "stale", "not_your_turn"}


def random_action(st: SummonState, rng: Rng):
    """Mostly legal play, with every kind of bad input mixed in."""
    roll = rng.below(20)
    me = st.to_move
    if roll < 11 and st.phase == "summon":
        return rng.choice(legal_placements(st))
    if roll == 11:
        return Pass(player=me)
    if roll == 12:
        return Timeout(player=me)
    if roll == 13:
        return Surrender(player=rng.below(2)) if rng.below(30) == 0 else Pass(player=1 - me)
    if roll == 14:
        return Pass(player=me, version=st.version - 1)
    if roll == 15:
        return {"type": "place", "player": me, "piece": "x"}
    if roll == 16:
        return Place(player=rng.below(3), piece=rng.below(90), rotation=rng.below(6) - 1,
                     col=rng.below(7) - 2, row=rng.below(7) - 2)
    hand = st.players[me].hand
    piece = hand[0].uid if hand else 0
    return Place(player=me, piece=piece, rotation=rng.below(4), col=rng.below(5) - 1, row=rng.below(5) - 1)


@pytest.mark.parametrize("seed", range(4))
def test_random_play_never_changes_its_input_and_every_refusal_has_a_code(seed):
    rng = Rng(seed)
    refused: set[str] = set()
    st = new_game(seed * 100, auto_deck(seed), auto_deck(seed + 40))
    games = 1
    for _ in range(300):
        if st.phase == "over":
            st = new_game(seed * 100 + games, auto_deck(seed + games), auto_deck(seed + games + 40))
            games += 1
        before = st.model_dump()
        legal_placements(st)
        for p in (0, 1):
            hand_options(st, p)
            view_for(st, p)
        pls = legal_placements(st)
        assert pls, "the player to move always has a placement (else the automatic pass happened)"
        preview(st, rng.choice(pls))
        ai_action(st)
        act = random_action(st, rng)
        try:
            nxt = apply(st, act)
        except RuleError as e:
            assert e.code in PLACE_CODES | TURN_CODES, (e.code, str(e))
            assert str(e) and "\n" not in str(e)
            refused.add(e.code)
            nxt = st
        assert st.model_dump() == before, "a call changed the state it was given"
        st = nxt
    assert {"not_your_turn", "stale", "malformed", "bad_player"} <= refused  # the bad inputs were tried
    assert len(refused & PLACE_CODES) >= 3
    over = apply(st, Surrender(player=0)) if st.phase == "summon" else st
    before = over.model_dump()
    with pytest.raises(IllegalActionError) as e:
        apply(over, Pass(player=over.to_move))
    assert e.value.code == "game_over" and over.model_dump() == before


def test_every_error_is_a_rule_error_with_a_code():
    assert all(issubclass(c, RuleError) for c in (IllegalActionError, DeckError, S.UnknownPieceError,
                                                  S.SidesError))
    with pytest.raises(RuleError) as e:
        S.card("zz9")
    assert e.value.code == "unknown_piece" and str(e.value) == "unknown piece 'zz9'"
    assert isinstance(e.value, KeyError)  # still a failed look-up for callers that catch KeyError
    with pytest.raises(RuleError) as e:
        parse_sides("N.n")
    assert e.value.code == "bad_sides"
    for deck, code in [(["n02"] * 29, "deck_size"), (["n02"] * 61, "deck_size"), ("n02" * 30, "not_a_deck"),
                       (["n02"] * 30 + ["zz9"], "unknown_piece")]:
        with pytest.raises(DeckError) as e:
            validate_deck(deck)
        assert e.value.code == code
    with pytest.raises(DeckError) as e:
        new_game(1, ["n02"] * 10, auto_deck(1))
    assert e.value.code == "deck_size" and "add at least 20" in str(e.value)
    st = new_game(1, auto_deck(1), auto_deck(2))
    with pytest.raises(IllegalActionError) as e:
        apply(st, "pass")
    assert e.value.code == "malformed" and e.value.reason == "malformed"  # .reason: the earlier name


def _as_saved(dumped, saved):
    """`dumped` with only the fields `saved` has, at every depth: fields added since are left out."""
    if isinstance(saved, dict):
        return {k: _as_saved(dumped[k], v) for k, v in saved.items()}
    if isinstance(saved, list) and isinstance(dumped, list) and len(saved) == len(dumped):
        return [_as_saved(d, v) for d, v in zip(dumped, saved)]
    return dumped


@pytest.mark.parametrize("name", ["saved_midgame.json", "saved_over.json"])
def test_a_state_saved_before_this_change_still_loads_and_plays(name):
    text = (FIXTURES / name).read_text(encoding="utf-8")
    st = SummonState.model_validate_json(text)
    saved = json.loads(text)
    dumped = st.model_dump(mode="json")
    assert _as_saved(dumped, saved) == saved  # every saved field read back as it was (new fields aside)
    assert dumped["battles"] == [] and dumped["spells"] == [] and dumped["ending"] is None
    if st.phase == "over":
        with pytest.raises(IllegalActionError) as e:
            apply(st, Pass(player=st.to_move))
        assert e.value.code == "game_over"
        return
    nxt = apply(st, ai_action(st))
    assert nxt.version == st.version + 1
    while nxt.phase != "over":
        nxt = apply(nxt, ai_action(nxt))
    assert nxt.result in ("p1", "p2", "draw") and nxt.ending is not None


def test_imports_inside_the_package_are_relative():
    pkg = Path(S.__file__).parent
    for f in pkg.glob("*.py"):
        text = f.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(from|import) engine\b", text, re.M), f.name
