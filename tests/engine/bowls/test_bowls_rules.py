"""Hand-worked bowls scenarios, one or more per rule of seed 002 (bowls numbered 1–12 as players see them)."""
import pytest
from support.bowls_boards import board, m

from engine.bowls import core
from engine.bowls.core import match_bowl, play, refill, settle

# ---- sowing -----------------------------------------------------------------------------------

def test_sowing_goes_clockwise_one_stone_per_bowl_and_never_into_the_source():
    # R → bowl 2, Y → bowl 3, G → bowl 4; bowl 1 is emptied.
    out, points, combo, *_ = play(board(b1="RYG"), 0)
    assert out == board(b2="R", b3="Y", b4="G")
    assert (points, combo) == (0, 0)


def test_sowing_wraps_from_12_to_1():
    out, *_ = play(board(b11="RYG"), 10)
    assert out == board(b12="R", b1="Y", b2="G")


def test_a_reverse_source_sows_counterclockwise():
    out, *_ = play(board(b1="RYG"), 0, reverse=m(1))
    assert out == board(b12="R", b11="Y", b10="G")


def test_a_reverse_flag_elsewhere_does_not_turn_the_move():
    out, *_ = play(board(b1="RY"), 0, reverse=m(2, 3))
    assert out == board(b2="R", b3="Y")


def test_new_arrivals_join_the_end_of_the_queue():
    out, *_ = play(board(b1="R", b2="GY"), 0)
    assert out[1] == "GYR"


def test_twelve_or_more_stones_come_back_round_to_the_source():
    # Stone 12 lands in the source itself, stone 13 in the next bowl again.
    b = [""] * 12
    core.deliver(b, 0, "RYGBPRYGBPRYG", False)
    assert b[0] == "Y" and b[1] == "RG" and b[11] == "R"  # stones 12, 1+13, 11


def test_wilds_and_blockers_travel_like_ordinary_stones():
    out, *_ = play(board(b1="WXR"), 0)
    assert out == board(b2="W", b3="X", b4="R")


# ---- matches and wilds ------------------------------------------------------------------------

def test_three_of_a_colour_need_not_touch_and_survivors_keep_their_order():
    # Bowl 2 "RGRY" + R = "RGRYR": three reds go, "GY" stays in order. 3 stones × 10 × combo 1 = 30.
    out, points, combo, rem, overflow, perfect, _ = play(board(b1="R", b2="RGRY"), 0)
    assert out[1] == "GY"
    assert (points, combo, overflow, perfect) == (30, 1, False, False)
    assert rem == (3, 0, 0, 0, 0, 0)


def test_four_of_a_colour_clear_all_four():
    # An unsettled board from the CLI: "RRR" + R = four reds, all removed: 40 points.
    out, points, *_ = play(board(b1="R", b2="RRR", b5="G"), 0)
    assert out[1] == "" and points == 40


def test_two_colours_in_one_bowl_match_together_and_count_as_one_bowl():
    # "RRGGG" + R: reds (3) and greens (3) both go; one bowl → combo 1; 6 × 10 = 60.
    out, points, combo, *_ = play(board(b1="R", b2="RRGGG", b7="Y"), 0)
    assert out[1] == "" and (points, combo) == (60, 1)


def test_a_wild_completes_a_pair():
    # "RW" + R = R,W,R: reds need one wild → all three go: 30.
    out, points, *_ = play(board(b1="R", b2="RW", b7="Y"), 0)
    assert out[1] == "" and points == 30


def test_natural_groups_go_first_and_no_wild_joins_them():
    # "RRW" + R: three natural reds go; the wild is not used and stays.
    assert match_bowl("RRWR") == ("W", (3, 0, 0, 0, 0, 0))


def test_the_group_needing_fewer_wilds_goes_first_and_uses_the_front_wild():
    # G W R R W: R needs 1 wild, G needs 2. R takes the front wild; 1 left < 2 → G stays.
    # Left: G and the back wild, in order "GW". Removed: 2 red + 1 wild.
    assert match_bowl("GWRRW") == ("GW", (2, 0, 0, 0, 0, 1))


def test_a_tie_goes_to_the_colour_whose_stone_came_first():
    # G R W W Y: G, R and Y each need 2; two wilds serve only one group: G (first in the queue).
    assert match_bowl("GRWWY") == ("RY", (0, 0, 1, 0, 0, 2))
    assert match_bowl("RGWWY") == ("GY", (1, 0, 0, 0, 0, 2))


def test_wilds_can_complete_several_groups_when_enough():
    # R W G W W: R needs 2, G needs 2, 3 wilds: R (first) takes 2, G needs 2 > 1 left → stop.
    assert match_bowl("RWGWW") == ("GW", (1, 0, 0, 0, 0, 2))
    # R R W G G W: R needs 1, G needs 1 → both complete with the two wilds; nothing left.
    assert match_bowl("RRWGGW") == ("", (2, 0, 2, 0, 0, 2))


def test_wilds_alone_and_blockers_never_match():
    assert match_bowl("WWW") is None
    assert match_bowl("WWWW") is None
    assert match_bowl("XXX") is None
    assert match_bowl("RXX") is None
    assert match_bowl("RWXX") is None  # one red needs two wilds; there is one


def test_one_stone_with_one_wild_is_not_enough():
    # R needs 2 wilds, only one: nothing.
    assert match_bowl("RWX") is None
    # R needs 2 and two wilds are there: R + 2 wilds go, the blocker stays.
    assert match_bowl("RWXW") == ("X", (1, 0, 0, 0, 0, 2))


# ---- blockers ---------------------------------------------------------------------------------

def test_blockers_beside_a_matching_bowl_go_but_not_its_own_or_farther_ones():
    # Sow bowl 1 "R" → bowl 2 "RXR"+R matches red. Blockers in bowls 1 and 3 (neighbours) go;
    # bowl 2's own blocker stays; bowl 4's blocker is not beside a match. Blockers score nothing: 30.
    trace = []
    out, points, *_ = play(board(b1="R", b2="RXR", b3="XGX", b4="X", b12="X"), 0, trace=trace)
    assert out == board(b2="X", b3="G", b4="X", b12="X")
    assert points == 30
    assert ("blockers", 1, 2, 2) in trace


def test_blockers_beside_bowl_1_include_bowl_12():
    # Bowl 12 sows "R" into bowl 1 "RR" → match in bowl 1, whose neighbours are 12 (the emptied
    # source) and 2: bowl 2's blocker goes, bowl 11's stays.
    out, *_ = play(board(b12="R", b1="RR", b2="XY", b11="X"), 11)
    assert out == board(b2="Y", b11="X")


# ---- volcanoes --------------------------------------------------------------------------------

def test_a_volcano_with_six_erupts_and_its_stones_can_match():
    # Volcano 3 "GYBGY"; sow bowl 1 "RR": R → 2, R → 3 (now 6: G Y B G Y R).
    # It erupts clockwise: G→4, Y→5, B→6, G→7, Y→8, R→9. Bowl 5 "YY"+Y matches (pass 2): 30.
    trace = []
    out, points, combo, rem, overflow, perfect, erupted = play(
        board(b1="RR", b3="GYBGY", b5="YY"), 0, volcano=m(3), trace=trace)
    assert out == board(b2="R", b4="G", b6="B", b7="G", b8="Y", b9="R")
    assert points == 30 and erupted == m(3)
    assert [e[:3] for e in trace] == [("erupt", 1, 2), ("match", 2, 4)]


def test_a_reverse_volcano_erupts_counterclockwise():
    out, *_ = play(board(b1="R", b2="GYBPY"), 0, volcano=m(2), reverse=m(2))
    # Bowl 2 "GYBPYR" erupts counterclockwise: G→1, Y→12, B→11, P→10, Y→9, R→8.
    assert out == board(b1="G", b12="Y", b11="B", b10="P", b9="Y", b8="R")


def test_a_ready_volcano_erupts_even_if_it_received_nothing():
    out, *_ = play(board(b1="R", b6="GYBPYG"), 0, volcano=m(6))
    assert out == board(b2="R", b7="G", b8="Y", b9="B", b10="P", b11="Y", b12="G")


def test_ready_volcanoes_all_give_up_their_queues_before_any_delivers():
    # Volcanoes 2 "YBPYB" and 3 "BPYGB"; sow bowl 1 "RG": bowl 2 gets R (6), bowl 3 gets G (6).
    # Both empty first; then bowl 2 sows Y→3, B→4, P→5, Y→6, B→7, R→8 and bowl 3 sows
    # B→4, P→5, Y→6, G→7, B→8, G→9. So bowl 3 ends with only bowl 2's first stone, "Y".
    out, points, combo, rem, overflow, perfect, erupted = play(
        board(b1="RG", b2="YBPYB", b3="BPYGB"), 0, volcano=m(2, 3))
    assert out == board(b3="Y", b4="BB", b5="PP", b6="YY", b7="BG", b8="RB", b9="G")
    assert erupted == m(2, 3) and points == 0


def test_an_eruption_can_trigger_another_volcano_in_the_next_pass():
    # Volcano 3 erupts (pass 1) into 4..9; volcano 9 "GYBGY" gets its sixth and erupts in pass 2
    # into 10, 11, 12, 1, 2, 3.
    trace = []
    play(board(b1="RR", b3="GYBGY", b9="RYBPY"), 0, volcano=m(3, 9), trace=trace)
    assert [(e[0], e[1], e[2]) for e in trace if e[0] == "erupt"] == [("erupt", 1, 2), ("erupt", 2, 8)]


def test_a_volcano_that_already_erupted_this_move_does_not_erupt_again():
    b = ["GYBPYG"] + [""] * 11
    matched, rem, erupted = settle(b, volcano=m(1), reverse=0, erupted=m(1))
    assert b[0] == "GYBPYG" and erupted == m(1)


def test_choosing_a_volcano_is_an_ordinary_move():
    out, *_ = play(board(b3="GYBPYG"), 2, volcano=m(3))
    assert out == board(b4="G", b5="Y", b6="B", b7="P", b8="Y", b9="G")


# ---- overflow ---------------------------------------------------------------------------------

def test_a_temporary_eighth_stone_that_matches_is_safe():
    # Bowl 2 "RRGYBPG" (7) + R = 8, but three reds go → 5 stones. Safe, 30 points.
    out, points, combo, rem, overflow, *_ = play(board(b1="R", b2="RRGYBPG"), 0)
    assert not overflow and out[1] == "GYBPG" and points == 30


def test_eight_stones_after_the_phase_is_defeat_and_scores_nothing():
    # Bowl 2 "GYBPGYB" + R = 8, no match; bowl 3 "YY" + Y would have matched for 30, but the phase
    # overflowed so it scores 0.
    out, points, combo, rem, overflow, *_ = play(board(b1="RY", b2="GYBPGYB", b3="YY"), 0)
    assert overflow and points == 0 and len(out[1]) == 8 and out[2] == ""


def test_an_eruption_can_carry_an_eighth_stone_away():
    # Volcano 2 holds "GYBPGYB" (7); +R = 8, then it erupts: the bowl ends empty. Safe.
    out, points, combo, rem, overflow, *_ = play(board(b1="R", b2="GYBPGYB"), 0, volcano=m(2))
    assert not overflow and out[1] == ""


# ---- points and combos ------------------------------------------------------------------------

@pytest.mark.parametrize("n_bowls,mult", [(1, 1), (2, 2), (3, 3), (4, 4), (5, 4)])
def test_combo_multiplier_counts_matching_bowls_up_to_four(n_bowls, mult):
    # Bowl 1 sows n reds; bowls 2..n+1 hold "RR" each; bowl 12 keeps a stone so no perfect clear.
    # Every receiving bowl matches: 3n stones × 10 × min(n, 4).
    bowls = {"b1": "R" * n_bowls, "b12": "G"}
    for k in range(2, n_bowls + 2):
        bowls[f"b{k}"] = "RR"
    out, points, combo, *_ = play(board(**bowls), 0)
    assert combo == n_bowls
    assert points == 3 * n_bowls * 10 * mult


def test_multiplier_covers_matches_of_later_passes_too():
    # Bowl 2 "RR"+R matches in pass 1 (3 stones); volcano 3 erupts and bowl 5 "YY"+Y matches in pass 2.
    # Two bowls → ×2 on all 6 stones = 120.
    out, points, combo, *_ = play(board(b1="RRR", b2="RR", b3="GYBGY", b5="YY", b12="P"), 0, volcano=m(3))
    assert combo == 2 and points == 120


def test_perfect_clear_adds_100_without_multiplier():
    # Sow bowl 1 "RG": bowl 2 "RR"+R and bowl 3 "GG"+G both match, nothing is left.
    # 6 stones × 10 × 2 = 120, + 100 = 220.
    out, points, combo, rem, overflow, perfect, _ = play(board(b1="RG", b2="RR", b3="GG"), 0)
    assert perfect and not any(out) and points == 220


def test_a_leftover_wild_or_blocker_prevents_a_perfect_clear():
    out, points, combo, rem, overflow, perfect, _ = play(board(b1="RG", b2="RR", b3="GG", b9="W"), 0)
    assert not perfect and points == 120
    out, points, combo, rem, overflow, perfect, _ = play(board(b1="RG", b2="RR", b3="GG", b9="X"), 0)
    assert not perfect and points == 120


def test_wilds_removed_in_a_match_score_like_stones():
    # "RW" + R: 2 reds + 1 wild = 30 points.
    _, points, *_ = play(board(b1="R", b2="RW", b5="G"), 0)
    assert points == 30


def test_refill_matches_score_10_a_stone_without_combo():
    # Two refill stones complete two bowls: 6 stones → 60 (not 120).
    out, points, rem, overflow, erupted = refill(board(b2="RR", b5="GG", b9="B"), [(1, "R"), (4, "G")], 0, 0, 0)
    assert points == 60 and not overflow and out == board(b9="B")


def test_a_refill_that_overflows_scores_nothing():
    out, points, rem, overflow, _ = refill(board(b2="GYBPGYB", b5="RR"), [(1, "R"), (4, "R")], 0, 0, 0)
    assert overflow and points == 0
