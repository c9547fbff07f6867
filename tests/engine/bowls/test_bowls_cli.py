"""The bowls JSON CLI: exact output shapes, and exit 2 with one line for each kind of bad input."""
import io
import json
import subprocess
import sys

import pytest

from engine.bowls.cli import main

EMPTY = [""] * 12


def run(cmd: str, payload=None, raw: str | None = None):
    out, err = io.StringIO(), io.StringIO()
    stdin = io.StringIO(raw if raw is not None else json.dumps(payload) if payload is not None else "")
    code = main([cmd], stdin=stdin, stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_move_prints_exactly_the_documented_shape():
    # Bowl 1 "RG" into "RR" and "GG": two bowls → ×2 on 6 stones = 120, + perfect clear 100.
    code, out, _ = run("move", {"bowls": ["RG", "RR", "GG"] + [""] * 9, "frozen": [], "reverse": [],
                                "volcano": [], "bowl": 1})
    assert code == 0
    assert json.loads(out) == {"ok": True, "score": 220, "combo": 2, "perfect": True, "bowls": EMPTY}


def test_move_overflow_is_not_ok_and_scores_zero():
    bowls = ["RY", "RR", "GBPGBPY"] + [""] * 9
    code, out, _ = run("move", {"bowls": bowls, "frozen": [], "reverse": [], "volcano": [], "bowl": 1})
    res = json.loads(out)
    assert code == 0 and res["ok"] is False and res["score"] == 0 and len(res["bowls"][2]) == 8


def test_move_honours_reverse_and_volcano_flags():
    bowls = ["R", "GYBPY"] + [""] * 10
    code, out, _ = run("move", {"bowls": bowls, "frozen": [], "reverse": [2], "volcano": [2], "bowl": 1})
    # Bowl 2 gets R (6 stones), erupts counterclockwise: G→1, Y→12, B→11, P→10, Y→9, R→8.
    assert json.loads(out)["bowls"] == ["G", "", "", "", "", "", "", "R", "Y", "P", "B", "Y"]


@pytest.mark.parametrize("payload,raw,words", [
    (None, '{"bowls": [', "bad JSON"),
    ({"bowls": ["Q"] + [""] * 11, "bowl": 1}, None, "unknown letter"),
    ({"bowls": ["R", "RR"], "bowl": 1}, None, "12 bowls"),
    ({"bowls": ["R"] + [""] * 11, "bowl": 2}, None, "bowl 2 is empty"),
    ({"bowls": ["R"] + [""] * 11, "frozen": [1], "bowl": 1}, None, "bowl 1 is frozen"),
    ({"bowls": ["R"] + [""] * 11, "bowl": 13}, None, "1–12"),
    ({"bowls": ["R"] + [""] * 11, "volcano": [0], "bowl": 1}, None, "1–12"),
])
def test_bad_move_input_exits_2_with_one_line(payload, raw, words):
    code, out, err = run("move", payload, raw)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and words in err


def test_puzzles_prints_every_puzzle_in_the_documented_shape():
    code, out, _ = run("puzzles")
    puzzles = json.loads(out)
    assert code == 0 and len(puzzles) == 100
    for p in puzzles:
        assert set(p) == {"id", "bowls", "frozen", "reverse", "volcano", "goal", "moves"}
        assert len(p["bowls"]) == 12
        g = p["goal"]
        need = {"clear_color": {"color"}, "collect": {"color", "count"}, "score": {"points"},
                "combo": {"count"}, "max_stones": {"count"}, "clear_board": set()}[g["kind"]]
        assert set(g) == {"kind"} | need


def test_solve_reads_one_puzzle_and_finds_a_shortest_solution():
    puzzle = {"bowls": ["RG", "RR", "GG", "B"] + [""] * 8, "frozen": [], "reverse": [], "volcano": [],
              "goal": {"kind": "clear_color", "color": "G"}, "moves": 3}
    code, out, _ = run("solve", puzzle)
    assert code == 0 and json.loads(out) == {"solution": [1]}
    puzzle["goal"] = {"kind": "clear_board"}  # the blue stone can never go
    code, out, _ = run("solve", puzzle)
    assert json.loads(out) == {"solution": None}


def test_solve_rejects_a_bad_goal():
    code, _, err = run("solve", {"bowls": EMPTY, "goal": {"kind": "collect", "color": "R"}, "moves": 2})
    assert code == 2 and "count" in err


def test_usage_error_exits_2():
    assert main(["fly"], stdin=io.StringIO(), stdout=io.StringIO(), stderr=io.StringIO()) == 2


def test_the_module_runs_as_a_program():
    payload = json.dumps({"bowls": ["R", "RR"] + [""] * 10, "frozen": [], "reverse": [], "volcano": [], "bowl": 1})
    res = subprocess.run([sys.executable, "-m", "engine.bowls", "move"], input=payload, capture_output=True,
                         text=True, timeout=60)
    assert res.returncode == 0
    assert json.loads(res.stdout) == {"ok": True, "score": 130, "combo": 1, "perfect": True, "bowls": EMPTY}
    bad = subprocess.run([sys.executable, "-m", "engine.bowls", "move"], input="nope", capture_output=True,
                         text=True, timeout=60)
    assert bad.returncode == 2 and bad.stderr.startswith("error: bad JSON")


def test_puzzles_stats_prints_the_curve_one_row_per_puzzle():
    out, err = io.StringIO(), io.StringIO()
    code = main(["puzzles", "--stats"], stdin=io.StringIO(), stdout=out, stderr=err)
    rows = json.loads(out.getvalue())
    assert code == 0 and err.getvalue() == ""
    puzzles = {p["id"]: p for p in json.loads(run("puzzles")[1])}
    assert [r["id"] for r in rows] == list(range(1, 101))
    for r in rows:
        assert set(r) == {"id", "goal", "moves", "shortest", "solutions", "win_chance", "difficulty"}
        assert r["goal"] == puzzles[r["id"]]["goal"] and r["moves"] == puzzles[r["id"]]["moves"]
        assert 1 <= r["shortest"] <= r["moves"] and r["solutions"] >= 1 and 0 < r["win_chance"] <= 1


def test_puzzles_without_stats_keeps_its_shape_and_other_options_are_refused():
    out, err = io.StringIO(), io.StringIO()
    assert main(["puzzles", "--curve"], stdin=io.StringIO(), stdout=out, stderr=err) == 2
    assert out.getvalue() == "" and err.getvalue().startswith("usage:")
    assert "solutions" not in run("puzzles")[1]
