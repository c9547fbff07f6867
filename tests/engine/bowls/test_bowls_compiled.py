"""The compiled bowls core (engine/bowls/_core.c) plays every phase as the Python core does: the same
bowls, points, combo, removed stones, overflow, perfect clear and eruptions, and the same trace,
event for event, on the benchmark's boards, on boards hypothesis draws (unsettled ones and every
flag), on hand-made long bowls, volcanoes erupting together and ties between colours; settle (the
refill's effects) too; and a call it is not made for answers or raises as the Python does.

These compare core.play_python with the C entry points directly, so they fail if either is wrong.
CI asserts separately that the C core built (.ci/run), so here it may be missing."""
import importlib.util
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.bowls import core

compiled = pytest.importorskip("engine.bowls._core")

BENCH = Path(__file__).resolve().parents[3] / "benchmarks" / "bench_bowls.py"


def bench_mixes():
    """benchmarks/bench_bowls.py as a module: its board generators are the ones measured."""
    spec = importlib.util.spec_from_file_location("bench_bowls", BENCH)
    assert spec and spec.loader
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


def both_play(bowls, src, volcano=0, reverse=0):
    """(result, trace) from the Python core and from the C core, each on its own trace."""
    py_trace: list = []
    c_trace: list = []
    py = core.play_python(bowls, src, volcano, reverse, py_trace)
    c = compiled.play(bowls, src, volcano, reverse, c_trace)
    return (py, py_trace), (c, c_trace)


def both_settle(bowls, volcano, reverse, erupted):
    """(returned, the list after, trace) from each core's settle on its own copy of the bowls."""
    out = []
    for settle in (core.settle_python, compiled.settle):
        b, trace = list(bowls), []
        out.append((settle(b, volcano, reverse, erupted, trace), b, trace))
    return out


def test_play_and_settle_are_the_compiled_ones_where_it_built():
    assert core.COMPILED
    assert core.play is compiled.play and core.settle is compiled.settle
    assert core.play_python is not compiled.play


BENCH_MODULE = bench_mixes()


@pytest.mark.parametrize("mix", BENCH_MODULE.MIXES, ids=lambda m: m.name.split(":")[0])
def test_every_benchmark_mix_plays_the_same_in_c_and_python(mix):
    for case in BENCH_MODULE.random_cases(3000, 11, mix):
        py, c = both_play(*case)
        assert c == py, case
    # A list of bowls is taken as a tuple is (the refill and the CLI pass lists).
    bowls, src, volcano, reverse = case
    assert compiled.play(list(bowls), src, volcano, reverse) == core.play_python(list(bowls), src, volcano, reverse)


boards = st.lists(st.text(alphabet=core.LETTERS, max_size=12), min_size=12, max_size=12)
masks = st.integers(min_value=0, max_value=core.ALL_BOWLS)


@given(boards, st.integers(min_value=0, max_value=11), masks, masks)
def test_drawn_boards_unsettled_or_not_play_the_same(bowls, src, volcano, reverse):
    py, c = both_play(tuple(bowls), src, volcano, reverse)
    assert c == py


@given(boards, masks, masks, masks)
def test_drawn_boards_settle_the_same_in_place(bowls, volcano, reverse, erupted):
    py, c = both_settle(bowls, volcano, reverse, erupted)
    assert c == py


def test_refill_drops_settle_the_same_carrying_the_volcanoes_that_erupted():
    # A refill drops stones into two bowls, then settles with the player phase's eruptions carried.
    rng = random.Random("refill")
    mixes = BENCH_MODULE.MIXES
    for n in range(3000):
        bowls = list(BENCH_MODULE.random_board(rng, mixes[n % len(mixes)]))
        for i in rng.sample(range(12), 2):
            bowls[i] += rng.choice(core.LETTERS)
        volcano, reverse, erupted = (rng.randrange(4096) for _ in range(3))
        py, c = both_settle(bowls, volcano, reverse, erupted & volcano)
        assert c == py, bowls


def test_long_hand_made_bowls_play_and_settle_the_same():
    # Past 72 stones the Python core plays the phase again by letters (wide); the C has no limit.
    rng = random.Random("long")
    for n in range(300):
        sizes = (0, 5, 40, 72, 73, 100) if n % 2 else (0, 12, 73, 300, 1100)
        bowls = tuple("".join(rng.choice("RRRRRRYGWXB") for _ in range(rng.choice(sizes))) for _ in range(12))
        volcano, reverse = rng.randrange(4096), rng.randrange(4096)
        src = rng.choice([i for i in range(12) if bowls[i]] or [0])
        py, c = both_play(bowls, src, volcano, reverse)
        assert c == py, (bowls, src, volcano, reverse)
        py_settled, c_settled = both_settle(bowls, volcano, reverse, 0)
        assert c_settled == py_settled, (bowls, volcano, reverse)
    # A hand of 1,200 sown round the board a hundred times: bowls 2, 6 and 10 take 100 reds and match,
    # the others 100 blockers; bowls 4 and 8 (volcanoes, 8 a reverse bowl) are beside no match, keep
    # theirs, and erupt together, 100 stones each.
    bowls = ("RXXX" * 300,) + ("",) * 11
    py, c = both_play(bowls, 0, volcano=0b10001000, reverse=0b10000000)
    assert c == py
    assert [ev[1:3] for ev in py[1] if ev[0] == "erupt"] == [(1, 3), (1, 7)] and py[0][4]  # overflow


def test_an_empty_hand_still_settles_its_neighbours():
    # Sowing from an empty bowl moves nothing, but the first pass looks at every bowl: bowl 12's
    # match clears the blockers of bowl 1 and bowl 11 (1 and 12 are neighbours).
    bowls = ("XRX",) + ("",) * 9 + ("GX", "RRR")
    py, c = both_play(bowls, 3)
    assert c == py
    assert py[0][0][:1] == ("R",) and py[0][0][10:] == ("G", "")
    assert [ev[0] for ev in py[1]] == ["match", "blockers", "blockers"]


def test_volcanoes_ready_together_give_up_their_queues_before_any_sows():
    # Bowls 2 and 4 are volcanoes (4 a reverse bowl) holding 6 stones each once bowl 1's hand lands:
    # both erupt in the same pass, then their sowings match, and the chain goes on.
    bowls = ("YB", "RGBPY", "GG", "RRGBPG", "R", "B", "GY", "", "", "", "BB", "Y")
    volcano, reverse = 0b1010, 0b1000
    py, c = both_play(bowls, 0, volcano, reverse)
    assert c == py
    erupted = [ev for ev in py[1] if ev[0] == "erupt"]
    assert [(ev[1], ev[2]) for ev in erupted] == [(1, 1), (1, 3)] and py[0][6] == 0b1010


def test_reverse_volcanoes_and_every_flag_on_every_bowl_play_the_same():
    rng = random.Random("reverse")
    for n in range(2000):
        bowls = tuple("".join(rng.choice("RYGBPWX") for _ in range(rng.choice((3, 5, 6, 7)))) for _ in range(12))
        reverse = core.ALL_BOWLS if n % 2 else rng.randrange(4096)
        py, c = both_play(bowls, n % 12, core.ALL_BOWLS, reverse)
        assert c == py, (bowls, n % 12, reverse)


def test_ties_between_colours_go_to_the_one_standing_first():
    # G and R each need two wilds and two are there: G stands first, so G goes with the front wilds.
    bowls = ("W",) + ("GWRX",) + ("",) * 10
    py, c = both_play(bowls, 0)
    assert c == py
    assert py[0][0][1] == "RX" and py[0][3] == (0, 0, 1, 0, 0, 2)
    # One wild, two pairs (B before Y): B goes; then with the wild a single P needs two and waits.
    bowls = ("W",) + ("PBYBY",) + ("",) * 10
    py, c = both_play(bowls, 0)
    assert c == py and py[0][0][1] == "PYY" and py[0][3] == (0, 0, 0, 2, 0, 1)


@pytest.mark.parametrize("case", [
    pytest.param((("rgb",) + ("",) * 11, 0), id="a lower-case letter"),
    pytest.param((("RGB", 5) + ("",) * 10, 0), id="a bowl that is not a str"),
    pytest.param((("RR", "R") + ("",) * 10, 1), id="a bowl that is not a str, unreached"),
    pytest.param((("RGB",) + ("",) * 10, 0), id="11 bowls"),
    pytest.param((("R",) + ("",) * 10, 0), id="11 bowls, a hand that stops short"),
    pytest.param((("RGB",) + ("",) * 11, 12), id="a bowl past 12"),
    pytest.param((("RGB",) + ("",) * 11, -1), id="a negative bowl"),
    pytest.param((("RGB",) + ("",) * 11, 0, 1 << 12), id="a volcano mask past 12 bits"),
    pytest.param((("RGB",) + ("",) * 11, 0, 0, 1.0), id="a mask that is not an int"),
    pytest.param((("RGBé",) + ("",) * 11, 0), id="a letter past ASCII"),
    pytest.param((("RR", "R") + ("",) * 10, 0, 0, 0, ()), id="a trace that is not a list"),
])
def test_a_call_it_is_not_made_for_answers_or_raises_as_the_python_does(case):
    def outcome(play):
        try:
            return play(*case)
        except Exception as e:  # the same exception type is what must match
            return type(e)
    assert outcome(compiled.play) == outcome(core.play_python)


def test_bad_settle_calls_answer_or_raise_as_the_python_does():
    def outcome(settle, bowls, *flags):
        b = list(bowls) if isinstance(bowls, list) else bowls  # each its own board: settle works in place
        try:
            return settle(b, *flags), b
        except Exception as e:
            return type(e), b
    for args in ((("RRR",) + ("",) * 11, 0, 0, 0), (["RRr"] + [""] * 11, 0, 0, 0), (["RRR"] + [""] * 10, 0, 0, 0),
                 (["RRR"] + [""] * 11, 1 << 12, 0, 0), (["RRR"] + [""] * 11, 0, 0, None)):
        assert outcome(compiled.settle, *args) == outcome(core.settle_python, *args)
    # Named arguments, and too many, as the Python takes them.
    b = ["RRR"] + [""] * 11
    assert compiled.settle(list(b), 0, 0, erupted=0, trace=None) == core.settle_python(list(b), 0, 0, 0)
    assert compiled.play(bowls=tuple(b), src=0, reverse=1) == core.play_python(tuple(b), 0, 0, 1)
    too_many = (tuple(b), 0, 0, 0, None, 1, 2, 3)
    assert outcome(compiled.play, *too_many) == outcome(core.play_python, *too_many)
    assert outcome(compiled.play, tuple(b)) == outcome(core.play_python, tuple(b)) == (TypeError, tuple(b))


ALIASED = """
import engine.bowls.core as core
from engine.bowls import _core
board = ["RRRGGB"] * 3 + [""] * 9
python = core.play_python(list(board), 0, 0, 0, list(board))
aliased = list(board)
compiled = _core.play(aliased, 0, 0, 0, aliased)
print(repr(compiled) == repr(python) or (compiled, python))
"""


def test_a_trace_that_is_the_board_itself_plays_as_the_python_does():
    """The trace grows as the board is read: the compiled play hands it to the Python (as settle does),
    never reading a board list moved by its own growth (checked under Python's debug allocator)."""
    done = subprocess.run([sys.executable, "-c", ALIASED], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONMALLOC": "debug"})
    assert done.returncode == 0 and done.stdout.strip() == "True", (done.returncode, done.stdout, done.stderr[-2000:])
