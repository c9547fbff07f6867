"""Summon, rules decision 12 (no army, no escape): a side with no unit while the other has one loses
at that battle phase; only when neither side has a unit is a battle phase skipped, and the 30-phase
safety stop stays for genuinely endless positions."""
import pytest
from support.summon_lines import fight

from engine.summon import Pass, ai_action, apply, auto_deck, legal_placements, new_game
from engine.summon.scenario import scenario
from engine.summon.state import MAX_BATTLE_PHASES

COLOSSI = ["n07"] * 30  # four neutral tabs each: after the first piece no other can stand beside it


def play_vs_ai(seed: int, deck: list[str], passer: int) -> object:
    """`passer` passes every turn it gets (or places only what the rules force on it: nothing);
    the other seat is the built-in AI with an automatic deck."""
    decks = [auto_deck(seed + 500), auto_deck(seed + 500)]
    decks[passer] = deck
    st = new_game(seed, *decks)
    while st.phase != "over":
        st = apply(st, Pass(player=st.to_move) if st.to_move == passer else ai_action(st))
    return st


@pytest.mark.parametrize("seed", range(10))
def test_passing_every_turn_against_the_ai_loses(seed):
    passer = seed % 2
    st = play_vs_ai(seed, auto_deck(seed), passer)
    assert st.result == ("p2" if passer == 0 else "p1"), st.reason
    assert st.battle_phases < MAX_BATTLE_PHASES
    assert st.players[passer].line == [] and st.players[1 - passer].line
    assert "no unit" in st.reason


@pytest.mark.parametrize("seed", range(4))
def test_a_deck_of_four_tab_pieces_that_never_connect_loses(seed):
    # The Colossus player places whatever the AI pilot finds (at most its first piece); it never
    # completes a piece, so it never fields a unit: it must lose, not draw after 30 battle phases.
    decks = [COLOSSI, auto_deck(seed + 900)] if seed % 2 == 0 else [auto_deck(seed + 900), COLOSSI]
    st = new_game(seed, *decks)
    while st.phase != "over":
        st = apply(st, ai_action(st))
    loser = 0 if seed % 2 == 0 else 1
    assert st.result == f"p{2 - loser}", st.reason
    assert not st.players[loser].ever_had_unit and st.battle_phases < MAX_BATTLE_PHASES


def test_a_battle_phase_with_one_empty_side_is_won_by_the_other_at_once():
    st, log = fight(["r07"], [])
    assert st.result == "p1" and st.phase == "over" and st.reason == "p2 has no unit on the battlefield"
    assert log[-1] == "game over: p2 has no unit on the battlefield"
    assert not any(" takes " in x for x in log)  # decided at the start of the phase, before any blow
    st, _ = fight([], ["n02"])
    assert st.result == "p2"


def test_a_spell_caster_without_a_unit_loses_to_the_side_that_summons_again():
    # p1 only ever cast a Fireball (no unit); p2's Clay Doll is destroyed by it, and p2 summons a new
    # Clay Doll before the battle: at the battle's start p1 has no unit and p2 has one, so p2 wins.
    deck = ["n02"] * 30
    st = scenario({"hand": [("r08", "nnnn")], "deck": deck},
                  {"line": ["n02"], "deck": deck, "hand": [("n02", ".n..")]}, turns_left=(1, 1))
    st = apply(st, next(p for p in legal_placements(st) if p.summons))
    assert st.players[1].line == [] and st.phase == "summon"  # nothing is decided in the summon phase
    st = apply(st, legal_placements(st)[0])
    assert st.result == "p2" and st.battle_phases == 1 and "p1 has no unit" in st.reason


def test_neither_side_with_a_unit_skips_the_battle_and_the_safety_stop_still_draws():
    st = new_game(11, auto_deck(1), auto_deck(2))
    while st.battle_phases == 0:
        st = apply(st, Pass(player=st.to_move))
    assert st.phase == "summon" and "no fight: neither side has a unit on the battlefield" in st.log
    while st.phase != "over":
        st = apply(st, Pass(player=st.to_move))
    assert st.result == "draw" and st.battle_phases == MAX_BATTLE_PHASES
    assert st.reason == f"no army destroyed after {MAX_BATTLE_PHASES} battle phases"
