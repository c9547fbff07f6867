"""Pictures (valid PNG/GIF of sensible size), the JSON CLI shapes and exit codes, golden battle log,
determinism and hypothesis invariants of the battle."""
import io
import json
import subprocess
import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from PIL import Image
from support.golden import assert_golden

from bot.games.formation.render import render_brief, render_replay
from engine.formation import (
    GROUNDS,
    NAMES,
    SLOTS,
    battle,
    campaign,
    describe_round,
    simulate,
    summary_lines,
    tutorial,
)
from engine.formation.cli import puzzle_shape

ROOT = Path(__file__).resolve().parents[3]
GOLDEN = Path(__file__).with_name("golden_formation_battle.txt")


def cli(cmd: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engine.formation", cmd], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


A = {"front_left": "Mallow", "front_right": "Pip", "back_left": "Zip", "back_middle": "Ori", "back_right": "Cinder"}
B = {"front_left": "Frost", "front_right": "Cog", "back_left": "Comet", "back_middle": "Luna", "back_right": "Honey"}


def test_brief_png_and_replay_gif():
    p = campaign(1)[0]
    png = render_brief(p, {"front_left": "Mallow"})
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG" and img.size == (520, 560)
    full = render_brief(p, p.solution)
    assert full != png
    res = battle(p, p.solution)
    gif = render_replay(res)
    g = Image.open(io.BytesIO(gif))
    assert g.format == "GIF" and g.n_frames == len(res.log) + 2 and g.n_frames <= 40
    assert len(gif) <= 1_500_000


def test_simulate_cli_shape():
    out = cli("simulate", json.dumps({"a": A, "b": B, "ground": "sheltered_opening", "max_rounds": None}))
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == {"winner", "rounds", "end", "hp"}
    assert data == simulate(A, B, "sheltered_opening").cli_shape()
    assert set(data["hp"]["a"]) == set(SLOTS)


def test_cli_bad_input_exits_2_with_one_line():
    cases = [
        {"a": A | {"back_right": "Bob"}, "b": B, "ground": "clear", "max_rounds": None},
        {"a": A | {"back_right": "Zip"}, "b": B, "ground": "clear", "max_rounds": None},
        {"a": {**A, "middle": "Honey"}, "b": B, "ground": "clear", "max_rounds": None},
        {"a": A, "b": B, "ground": "lava", "max_rounds": None},
    ]
    for case in cases:
        out = cli("simulate", json.dumps(case))
        assert out.returncode == 2 and out.stdout == "" and len(out.stderr.strip().splitlines()) == 1, out
    assert "Bob" in cli("simulate", json.dumps(cases[0])).stderr
    out = cli("solve", json.dumps({"opponent": B, "pool": ["Zip", "Zip", "Cog", "Pip", "Ori", "Luna"]}))
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1


def test_puzzles_and_solve_cli_shapes():
    out = cli("puzzles")
    rows = json.loads(out.stdout)
    assert len(rows) == 41
    keys = {"id", "opponent", "ground", "max_rounds", "pool", "fixed", "forbidden_pairs", "max_guild_pairs", "mastery"}
    assert all(set(r) == keys for r in rows)
    for r in rows:
        for g in r["mastery"]:
            assert g["kind"] in {"win_by_round", "keep_alive", "min_standing"}
    small = next(r for r in rows if r["id"] == "tutorial-3")
    assert small == puzzle_shape(tutorial()[2])
    out = cli("solve", json.dumps(small))
    data = json.loads(out.stdout)
    assert set(data) == {"formations", "winning", "mastering", "example"} and data["winning"] > 0
    assert data["formations"] == 720 and set(data["example"]) == set(SLOTS)


C = {"front_left": "Pip", "front_right": "Frost", "back_left": "Cog", "back_middle": "Honey", "back_right": "Zip"}
D = {"front_left": "Luna", "front_right": "Mallow", "back_left": "Cinder", "back_middle": "Comet", "back_right": "Ori"}


def test_check_cli_passes_on_shipped_content_and_fails_on_a_broken_puzzle(monkeypatch, capsys):
    out = cli("check")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == {"puzzles": 41, "failures": 0}
    import itertools

    from engine.formation import cli as cli_mod
    good = tutorial()[2]
    losing = next(f for f in (dict(zip(SLOTS, x)) for x in itertools.permutations(good.pool, 5))
                  if not battle(good, f, with_log=False).won)
    broken = good.model_copy(update={"solution": losing, "id": "broken"})
    monkeypatch.setattr(cli_mod, "shipped_puzzles", lambda: (broken,))
    assert cli_mod.main(["check"]) == 1
    err = capsys.readouterr().err
    assert "broken: stored solution does not win" in err


def golden_text() -> str:
    lines = []
    for a, b, ground in ((A, B, "moon_dew"), (C, D, "short_expedition"), (D, C, "sheltered_opening")):
        res = simulate(a, b, ground)
        lines.append(f"== {ground}: a={list(a.values())} b={list(b.values())}")
        for rl in res.log:
            lines.extend(describe_round(res, rl.round, player_view=False))
            lines.append(f"  end of round HP a={list(rl.hp_end['a'])} b={list(rl.hp_end['b'])}")
        lines.extend(summary_lines(res, player_view=False))
    return "\n".join(lines) + "\n"


def test_golden_battle_log():
    # After a deliberate rule change: pytest --update-golden, then review the diff.
    assert_golden(GOLDEN, golden_text())


def test_determinism_two_runs_agree_and_result_round_trips_json():
    res = simulate(A, B, "moon_dew")
    assert res == simulate(A, B, "moon_dew")
    from engine.formation import BattleResult
    assert BattleResult.model_validate_json(res.model_dump_json()) == res
    p = campaign(1)[3]
    won = battle(p, p.solution)
    assert BattleResult.model_validate_json(won.model_dump_json()) == won and won.puzzle_id == p.id


lineups = st.permutations(list(NAMES)).map(lambda names: dict(zip(SLOTS, names[:5])))


@given(lineups, lineups, st.sampled_from(GROUNDS), st.one_of(st.none(), st.integers(1, 12)))
def test_battle_invariants(a, b, ground, max_rounds):
    res = simulate(a, b, ground, max_rounds)
    ab = simulate(b, a, ground, max_rounds)
    flip = {"a": "b", "b": "a", "draw": "draw"}
    assert ab.winner == flip[res.winner] and ab.rounds == res.rounds and ab.hp == {"a": res.hp["b"], "b": res.hp["a"]}
    for side in "ab":
        for s in SLOTS:
            assert 0 <= res.hp[side][s] <= res.max_hp[side][s]
    standing = {side: sum(1 for v in res.hp[side].values() if v > 0) for side in "ab"}
    if res.end == "knockout":
        assert min(standing.values()) == 0
        assert res.winner == ("draw" if standing["a"] == standing["b"] else ("a" if standing["a"] else "b"))
    else:
        assert res.rounds == res.max_rounds and min(standing.values()) > 0
        if standing["a"] != standing["b"]:
            assert res.winner == ("a" if standing["a"] > standing["b"] else "b")
    assert len(res.log) == res.rounds
    for rl in res.log:
        for g in rl.groups:
            assert all(0 <= v <= 20 for side in "ab" for v in g.shields[side])
            speeds = {CREATURE_SPEED(x) for x in g.actions}
            assert len(speeds) <= 1 or g.speed == 10
    assert res == simulate(a, b, ground, max_rounds)


def CREATURE_SPEED(action):
    from engine.formation import CREATURES
    return CREATURES[action.creature].speed if action.effect != "shield" else 10


@given(lineups, lineups, st.sampled_from(GROUNDS))
def test_fast_path_and_logged_path_agree(a, b, ground):
    # The solver's fast schedules (lone hits, same-speed hit groups) against the fully logged path.
    fast = simulate(a, b, ground, with_log=False)
    logged = simulate(a, b, ground, with_log=True)
    assert fast.cli_shape() == logged.cli_shape()


def test_round_summaries_name_the_side_of_every_creature_out():
    import re

    import engine.formation as fm

    seen = 0
    for puzzle in fm.tutorial() + fm.campaign(1):
        result = fm.battle(puzzle, fm.solve(puzzle).example)
        for line in fm.summary_lines(result):
            if " · out: " in line:
                names = line.split(" · out: ", 1)[1].split(", ")
                assert all(re.search(r" \((yours|theirs)\)$", n) for n in names), line
                seen += len(names)
    assert seen > 0
