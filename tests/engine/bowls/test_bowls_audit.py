"""Rule-audit scenarios for seed 002 (bowls numbered 1–12 as players see them): the effect order within
a pass, combo counting across passes, the refill's share of a move, modifiers, goals and the CLI's
edges. Each comment works the expected numbers out from the seed / rules/bowls.md."""
import io
import json

import pytest
from support.bowls_boards import board, m

from engine.bowls import (
    BowlsGame,
    Goal,
    IllegalMoveError,
    Modifier,
    cli,
    core,
    legal_bowls,
    sow,
)
from engine.bowls import game as game_mod
from engine.bowls.core import play, refill


def as_list(t) -> list[str]:
    return list(t)


# ---- the order inside a pass: matches, then blockers, then ready volcanoes ----------------------

def test_blockers_go_before_volcanoes_are_checked():
    # Volcano 3 "YBPYX" (5). Sow bowl 1 "RG": R → bowl 2 ("RR"+R), G → bowl 3 ("YBPYXG", 6 stones,
    # no colour three times). Pass 1: bowl 2 matches red (3 stones). Blockers: bowl 3 is beside
    # bowl 2, its X goes → "YBPYG", 5 stones. Volcanoes: bowl 3 holds 5 < 6, so it does not erupt.
    # Points: 3 × 10 × combo 1 = 30; bowl 12 "P" keeps the board from a perfect clear.
    out, points, combo, rem, overflow, perfect, erupted = play(
        board(b1="RG", b2="RR", b3="YBPYX", b12="P"), 0, volcano=m(3))
    assert out == board(b3="YBPYG", b12="P")
    assert (points, combo, erupted, overflow, perfect) == (30, 1, 0, False, False)


def test_without_the_match_the_same_volcano_erupts():
    # Same as above but bowl 2 holds one red: "R"+R is no match, the blocker stays, bowl 3 holds 6
    # and erupts clockwise: Y→4, B→5, P→6, Y→7, X→8, G→9.
    out, points, combo, rem, overflow, perfect, erupted = play(
        board(b1="RG", b2="R", b3="YBPYX", b12="P"), 0, volcano=m(3))
    assert out == board(b2="RR", b4="Y", b5="B", b6="P", b7="Y", b8="X", b9="G", b12="P")
    assert erupted == m(3) and points == 0


def test_a_match_inside_a_volcano_can_keep_it_below_six():
    # Volcano 3 "RRGYB" (5). Sow bowl 2 "R": bowl 3 = "RRGYBR" (6). Matches come first: three reds go
    # → "GYB" (3), so the volcano is not ready and does not erupt. 3 × 10 = 30.
    out, points, combo, rem, overflow, perfect, erupted = play(board(b2="R", b3="RRGYB"), 1, volcano=m(3))
    assert out == board(b3="GYB")
    assert (points, combo, erupted) == (30, 1, 0)


def test_blockers_beside_a_bowl_that_matches_in_a_later_pass_go_too():
    # Volcano 3 "GYBGY"; sow bowl 1 "RR": R→2, R→3 (6 stones). Pass 1: no match, volcano 3 erupts
    # clockwise: G→4 ("XG"), Y→5 ("YYY"), B→6 ("XB"), G→7 ("XG"), Y→8, R→9. Pass 2: bowl 5 matches
    # yellow; blockers beside it (bowls 4 and 6) go, bowl 7's blocker is two away and stays.
    # 3 × 10 × combo 1 = 30.
    out, points, *_ = play(board(b1="RR", b3="GYBGY", b4="X", b5="YY", b6="X", b7="X"), 0, volcano=m(3))
    assert out == board(b2="R", b4="G", b6="B", b7="XG", b8="Y", b9="R")
    assert points == 30


# ---- combo: different bowls, each counted once -----------------------------------------------

def test_a_bowl_that_matches_in_two_passes_counts_once_in_the_combo():
    # Reverse volcano 5 "YBPYB" (5). Sow bowl 3 "RG" clockwise: R→4 ("RRYYR"), G→5 ("YBPYBG", 6).
    # Pass 1: bowl 4 matches red (3 stones) and keeps "YY"; volcano 5 erupts counterclockwise:
    # Y→4 ("YYY"), B→3, P→2, Y→1, B→12, G→11. Pass 2: bowl 4 matches yellow (3 stones).
    # One bowl matched (twice) → combo 1: 6 stones × 10 × 1 = 60 (not ×2 = 120).
    out, points, combo, rem, overflow, perfect, erupted = play(
        board(b3="RG", b4="RRYY", b5="YBPYB"), 2, volcano=m(5), reverse=m(5))
    assert out == board(b1="Y", b2="P", b3="B", b11="G", b12="B")
    assert (points, combo) == (60, 1)
    assert rem == (3, 3, 0, 0, 0, 0)


# ---- the refill is part of the move ----------------------------------------------------------

def test_a_volcano_that_erupted_in_the_player_phase_cannot_erupt_in_the_refill():
    # Volcano 3 holds "GYBPY" (5); a refill stone R lands in it → 6 stones. If it already erupted in
    # this move (erupted mask), it stays put: no eruption, no points, 6 stones is safe.
    start = board(b3="GYBPY", b9="G")
    out, points, rem, overflow, erupted = refill(start, [(2, "R"), (6, "B")], m(3), 0, m(3))
    assert out == board(b3="GYBPYR", b7="B", b9="G") and points == 0 and not overflow
    # Had it not erupted yet, the refill's effects would let it erupt clockwise: G→4, Y→5, B→6, P→7
    # ("BP"), Y→8, R→9 ("GR").
    out, points, rem, overflow, erupted = refill(start, [(2, "R"), (6, "B")], m(3), 0, 0)
    assert out == board(b4="G", b5="Y", b6="B", b7="BP", b8="Y", b9="GR") and erupted == m(3)


def test_sow_hands_the_player_phases_eruptions_to_the_refill(monkeypatch):
    # Wiring: the player phase erupts volcano 3 (as in the rules test: "RR" from bowl 1 makes it 6);
    # the refill must be told, so that volcano cannot erupt again in the same move.
    seen = {}
    real = core.refill

    def spy(bowls, drops, volcano, reverse, erupted, trace=None):
        seen["erupted"] = erupted
        return real(bowls, drops, volcano, reverse, erupted, trace)

    monkeypatch.setattr(game_mod.core, "refill", spy)
    g = BowlsGame(mode="endless", bowls=as_list(board(b1="RR", b3="GYBGY", b11="G", b12="B")),
                  volcano=[3], rng_state=1)
    g2, report = sow(g, 1)
    assert report.player.eruptions == [3]
    assert seen["erupted"] == m(3)


def test_an_overflowing_player_phase_ends_endless_with_no_refill_and_keeps_the_old_score():
    # Bowl 1 "RY": R → bowl 2 "GYBPGYB"+R = 8 stones, no colour three times; Y → bowl 3.
    # Overflow: the move scores nothing, no refill is drawn (a refill cannot rescue it), score stays 50.
    g = BowlsGame(mode="endless", bowls=as_list(board(b1="RY", b2="GYBPGYB", b7="G")), score=50, rng_state=7)
    g2, report = sow(g, 1)
    assert report.player.overflow and report.refill is None
    assert g2.over and g2.outcome == "overflow" and g2.score == 50 and g2.rng_state == g.rng_state


def test_perfect_clear_is_judged_before_the_refill_in_endless():
    # Bowl 1 "RG" clears bowls 2 "RR" and 3 "GG": 6 × 10 × 2 = 120, board empty → +100 = 220.
    # Then two refill stones enter two different (empty) bowls: single stones cannot match, so the
    # refill adds 0 and the board holds 2 stones — the bonus stands.
    g = BowlsGame(mode="endless", bowls=as_list(board(b1="RG", b2="RR", b3="GG")), rng_state=3)
    g2, report = sow(g, 1)
    assert report.player.perfect and report.player.points == 220
    assert report.refill is not None and report.refill.phase.points == 0
    assert g2.score == 220 and g2.stones == 2 and not g2.over


def test_refill_matches_clear_blockers_beside_them_without_points():
    # Refill R into bowl 2 "RR" → match (3 stones, 30, no combo); blockers in bowls 1 and 3 go and
    # score nothing. The second stone B lands in bowl 7.
    out, points, rem, overflow, _ = refill(board(b1="XG", b2="RR", b3="X"), [(1, "R"), (6, "B")], 0, 0, 0)
    assert out == board(b1="G", b7="B") and points == 30 and not overflow


# ---- endless modifiers -----------------------------------------------------------------------

def test_a_temporary_frozen_bowl_is_frozen_for_exactly_its_moves():
    # Bowl 5 frozen for 3 more moves; no events before the ninth move, so nothing else changes flags.
    stones = ["RYG", "YGB", "GBP", "BPR", "PRY", "RYG", "YGB", "GBP", "BPR", "PRY", "RYG", "YGB"]
    g = BowlsGame(mode="endless", bowls=stones, modifiers=[Modifier(bowl=5, kind="frozen", moves_left=3)],
                  rng_state=11)
    for k in range(3):
        assert 5 not in legal_bowls(g), k
        with pytest.raises(IllegalMoveError):
            sow(g, 5)
        g, _ = sow(g, next(b for b in legal_bowls(g) if b != 5))
        assert not g.over
    assert g.modifiers == [] and (5 in legal_bowls(g) or not g.bowls[4])


# ---- goals -----------------------------------------------------------------------------------

def _puzzle(bowls: dict[int, str], goal: Goal, moves: int) -> BowlsGame:
    b = [""] * 12
    for n, s in bowls.items():
        b[n - 1] = s
    return BowlsGame(mode="puzzle", puzzle_id=0, bowls=b, goal=goal, move_limit=moves)


def test_a_combo_goal_needs_the_bowls_in_one_move_not_added_over_moves():
    # Move 1: bowl 1 "R" → bowl 2 "RR" matches (combo 1). Move 2: bowl 6 "G" → bowl 7 "GG" (combo 1).
    # Two matching bowls in total, but never two in one move: a combo-2 goal is not reached.
    g = _puzzle({1: "R", 2: "RR", 6: "G", 7: "GG", 10: "B"}, Goal(kind="combo", count=2), moves=2)
    g, r1 = sow(g, 1)
    g, r2 = sow(g, 6)
    assert (r1.player.combo, r2.player.combo) == (1, 1)
    assert g.over and not g.won and g.outcome == "out_of_moves"


def test_clearing_the_board_wins_even_though_no_bowl_is_left_to_choose():
    # Bowl 1 "R" into "RR": the board is empty. The goal is checked first: won, not "no_moves".
    g, _ = sow(_puzzle({1: "R", 2: "RR"}, Goal(kind="clear_board"), moves=3), 1)
    assert g.won and g.outcome == "won"


def test_collect_counts_ordinary_stones_from_wild_groups_but_not_the_wilds():
    # Bowl 1 "RG": bowl 2 "RW"+R → R,W,R: two reds + one wild; bowl 3 "GG"+G. Collected red = 2.
    g, _ = sow(_puzzle({1: "RG", 2: "RW", 3: "GG", 9: "B"}, Goal(kind="collect", color="R", count=3), 2), 1)
    assert g.collected["R"] == 2 and not g.over


# ---- CLI edges -------------------------------------------------------------------------------

def test_cli_move_delivers_every_stone_of_a_very_long_hand_made_bowl():
    # A hand-made board may hold more than a phase ever can. 170 blockers from bowl 1: stones 1–168
    # go round 14 times (14 per bowl, bowl 1 included), stone 169 → bowl 2, stone 170 → bowl 3.
    # Nothing matches; 15 > 7 → not ok, score 0; all 170 stones are still there.
    out = io.StringIO()
    code = cli.main(["move"], stdin=io.StringIO(json.dumps({"bowls": ["X" * 170] + [""] * 11, "bowl": 1})),
                    stdout=out, stderr=io.StringIO())
    res = json.loads(out.getvalue())
    assert code == 0 and res["ok"] is False and res["score"] == 0
    assert [len(s) for s in res["bowls"]] == [14, 15, 15] + [14] * 9


def test_check_exits_non_zero_when_a_puzzle_is_not_solved(monkeypatch):
    monkeypatch.setattr(cli, "solve", lambda p: None if p.id == 7 else [1])
    out = io.StringIO()
    assert cli.main(["check"], stdin=io.StringIO(), stdout=out, stderr=io.StringIO()) == 1
    assert json.loads(out.getvalue()) == {"puzzles": 100, "failed": [7]}
