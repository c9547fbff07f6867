"""The 100 bowls puzzles: valid starts, all solved by the solver within their limits (in CI), one
feature introduced at a time, every goal kind present, and a difficulty that rises through the set."""
import io
import json

import pytest

from engine.bowls import BowlsGame, all_puzzles, get_puzzle, new_puzzle, sow, UnknownPuzzleError
from engine.bowls.cli import main
from engine.bowls.core import match_bowl
from engine.bowls.game import goal_reached
from engine.bowls.generate import FEATURES, _uses_feature
from engine.bowls.solver import difficulty, solve

PUZZLES = all_puzzles()


def features_of(p) -> set[str]:
    text = "".join(p.bowls)
    out = set()
    if "W" in text:
        out.add("wilds")
    if "X" in text:
        out.add("blockers")
    for flag in ("frozen", "reverse", "volcano"):
        if getattr(p, flag):
            out.add(flag)
    return out


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
        assert 1 <= p.moves <= 6


def test_every_puzzle_is_solved_within_its_limit_and_the_line_plays_out_as_a_win():
    for p in PUZZLES:
        line = solve(p)
        assert line is not None and len(line) == p.shortest <= p.moves, p.id
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


def test_features_arrive_one_at_a_time_in_order_and_are_used():
    stages = [p.feature for p in PUZZLES]
    order = [FEATURES.index(s) for s in stages]
    assert order == sorted(order) and set(stages) == set(FEATURES)
    assert FEATURES[:6] == ("basics", "wilds", "blockers", "frozen", "reverse", "volcano")
    introduced: set[str] = set()
    for p in PUZZLES:
        if p.feature in ("wilds", "blockers", "frozen", "reverse", "volcano"):
            introduced.add(p.feature)
            assert p.feature in features_of(p), p.id
            flags = {"frozen": p.frozen, "reverse": p.reverse, "volcano": p.volcano}
            assert _uses_feature({p.feature}, p.bowls, flags, solve(p)), p.id
        assert features_of(p) <= introduced, (p.id, features_of(p), introduced)
    first = {f: next(p.id for p in PUZZLES if f in features_of(p)) for f in introduced}
    assert first["wilds"] < first["blockers"] < first["frozen"] < first["reverse"] < first["volcano"]


def test_all_six_goal_kinds_appear_and_combo_goals_come_with_the_combos_stage():
    kinds = {p.goal.kind for p in PUZZLES}
    assert kinds == {"clear_color", "collect", "score", "combo", "max_stones", "clear_board"}
    assert all(p.feature in ("combos", "mixed") for p in PUZZLES if p.goal.kind == "combo")


def test_stored_difficulty_is_the_measured_one():
    for p in PUZZLES:
        assert difficulty(p) == p.difficulty, p.id


def _ranks(xs):
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    r = [0.0] * len(xs)
    for rank, i in enumerate(order):
        r[i] = float(rank)
    return r


def test_difficulty_rises_through_the_set():
    d = [p.difficulty for p in PUZZLES]
    # Spearman rank correlation between position and difficulty.
    a, b = _ranks(list(range(len(d)))), _ranks(d)
    n = len(d)
    mean = (n - 1) / 2
    cov = sum((x - mean) * (y - mean) for x, y in zip(a, b))
    var = sum((x - mean) ** 2 for x in a)
    assert cov / var >= 0.95
    # every block of ten is harder on average than the one before
    blocks = [sum(d[i:i + 10]) / 10 for i in range(0, 100, 10)]
    assert blocks == sorted(blocks) and len(set(blocks)) == 10
    assert d[0] < 0.5 and d[-1] > 2.0  # from "most random lines win" to "about one in a hundred"


def test_a_puzzle_game_round_trips_through_json():
    g = new_puzzle(50)
    assert BowlsGame.model_validate_json(g.model_dump_json()) == g
