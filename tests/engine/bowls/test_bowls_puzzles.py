"""The 100 bowls puzzles: valid starts, all solved by the solver within their limits, each modifier taught
by the first puzzle that uses it (with its line) and combined again at the end, every goal kind early and
late, a committed curve that matches a re-derived sample, and a difficulty that rises through the set."""
import io
import json

import pytest

from engine.bowls import BowlsGame, UnknownPuzzleError, all_puzzles, get_puzzle, new_puzzle, sow
from engine.bowls.cli import main
from engine.bowls.core import match_bowl
from engine.bowls.game import goal_reached
from engine.bowls.generate import INTROS, KINDS, MODIFIERS, features_of, uses_feature
from engine.bowls.solver import solve
from engine.bowls.stats import count, measure, shipped_stats

PUZZLES = all_puzzles()
STATS = shipped_stats()


def test_there_are_100_numbered_puzzles_and_unknown_numbers_are_refused():
    assert [p.id for p in PUZZLES] == list(range(1, 101))
    with pytest.raises(UnknownPuzzleError):
        get_puzzle(101)
    with pytest.raises(UnknownPuzzleError):
        new_puzzle(0)


def test_every_start_is_settled_and_not_already_won():
    for p in PUZZLES:
        assert all(len(s) <= 7 and match_bowl(s) is None for s in p.bowls), p.id
        assert all(len(p.bowls[n - 1]) < 6 for n in p.volcano), p.id  # no volcano ready at the start
        assert not goal_reached(p.goal, p.bowls, 0, {}, 0), p.id
        assert 1 <= p.moves <= 7


def test_every_puzzle_needs_its_whole_limit_and_the_solver_line_plays_out_as_a_win():
    for p in PUZZLES:
        line = solve(p)
        assert line is not None and len(line) == p.shortest == p.moves, p.id
        g = new_puzzle(p.id)
        for bowl in line:
            g, _ = sow(g, bowl)
        assert g.won and g.outcome == "won", p.id
        # shortest really is shortest: one move fewer is not enough
        assert solve(p, max_moves=len(line) - 1) is None, p.id


def test_check_command_solves_all_and_exits_0():
    out = io.StringIO()
    assert main(["check"], stdin=io.StringIO(), stdout=out, stderr=io.StringIO()) == 0
    assert json.loads(out.getvalue()) == {"puzzles": 100, "failed": []}


def test_each_modifier_is_taught_by_the_first_puzzle_that_uses_it_with_one_line():
    first = {f: next(p for p in PUZZLES if f in features_of(p)) for f in MODIFIERS}
    assert [first[f].id for f in MODIFIERS] == sorted(first[f].id for f in MODIFIERS)  # one at a time
    for f, p in first.items():
        assert p.intro == INTROS[f], (f, p.id)
        assert features_of(p) == {f}, p.id  # taught alone
        assert f in uses_feature({f}, p.bowls, {"frozen": p.frozen, "reverse": p.reverse,
                                                "volcano": p.volcano}, solve(p)), p.id
        assert "\n" not in p.intro and p.intro.lower().startswith(f.rstrip("s")[:6])
    assert [p.id for p in PUZZLES if p.intro] == sorted(p.id for p in first.values())


def test_every_modifier_and_goal_kind_comes_early_and_again_at_the_end():
    early, late = PUZZLES[:50], PUZZLES[-10:]
    for f in MODIFIERS:
        assert any(f in features_of(p) for p in early), f
        assert any(f in features_of(p) for p in late), f
    assert all(len(features_of(p)) >= 2 for p in late)  # combined
    assert {p.goal.kind for p in PUZZLES[:10]} == set(KINDS)
    assert {p.goal.kind for p in late} == set(KINDS)
    # the modifiers a late puzzle has all matter on the solver's line
    for p in PUZZLES[-30:]:
        flags = {"frozen": p.frozen, "reverse": p.reverse, "volcano": p.volcano}
        assert uses_feature(features_of(p), p.bowls, flags, solve(p)) == features_of(p), p.id


def test_the_last_thirty_need_five_to_seven_moves_and_the_last_ten_are_rarely_won_by_chance():
    assert all(5 <= p.moves <= 7 for p in PUZZLES[-30:])
    assert all(p.moves <= 4 for p in PUZZLES[:70])
    for s in STATS[-10:]:
        assert s.win_chance < 1e-4 and s.solutions <= 12, s


def test_the_curve_rises_through_the_set():
    d = [s.difficulty for s in STATS]
    blocks = [sum(d[i:i + 10]) / 10 for i in range(0, 100, 10)]
    assert blocks == sorted(blocks) and len(set(blocks)) == 10
    moves = [p.moves for p in PUZZLES]
    assert [max(moves[i:i + 10]) for i in range(0, 100, 10)] == sorted(max(moves[i:i + 10]) for i in range(0, 100, 10))
    assert d[0] < 0.5 and min(d[-10:]) > 4


def test_the_committed_curve_matches_the_puzzles():
    for p, s in zip(PUZZLES, STATS):
        assert (s.id, s.goal, s.moves, s.shortest, s.difficulty) == (p.id, p.goal.as_cli(), p.moves, p.shortest,
                                                                      p.difficulty)


@pytest.mark.parametrize("number", [1, 9, 25, 41, 60, 70, 75, 86, 100])
def test_a_sample_of_the_committed_curve_is_re_derived_exactly(number):
    assert measure(get_puzzle(number)) == STATS[number - 1]


def test_counting_agrees_with_walking_every_sequence_by_hand():
    # On a short puzzle, enumerate every legal sequence without memo and compare.
    p = next(q for q in PUZZLES if q.moves == 3)
    from engine.bowls.game import legal_bowls
    wins, chance = 0, 0.0

    def walk(g, weight):
        nonlocal wins, chance
        legal = legal_bowls(g)
        for b in legal:
            nxt, _ = sow(g, b)
            if nxt.won:
                wins += 1
                chance += weight / len(legal)
            elif not nxt.over:
                walk(nxt, weight / len(legal))

    walk(new_puzzle(p.id), 1.0)
    got = count(p)
    assert got[0] == wins and got[1] == pytest.approx(chance, rel=1e-12)


def test_a_puzzle_game_round_trips_through_json():
    g = new_puzzle(50)
    assert BowlsGame.model_validate_json(g.model_dump_json()) == g


def test_the_shipped_set_is_what_the_seeded_generator_makes():
    from engine.bowls.generate import make_slot, old_set, reuse_plan, schedule
    slots = schedule()
    kept = reuse_plan(slots, old_set())
    assert 20 <= len(kept) and all(kept[n].puzzle == PUZZLES[n - 1] for n in kept)
    for n in (1, 13, 33, 52):
        assert n not in kept
        made = make_slot(slots[n - 1])
        assert made.puzzle == PUZZLES[n - 1] and made.stats == STATS[n - 1]
