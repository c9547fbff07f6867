"""The JSON command line, with exactly the issue's shapes."""
import json
import subprocess
import sys

from engine.tactics.__main__ import main


def run(args, stdin=None, capsys=None):
    import io
    old = sys.stdin
    sys.stdin = io.StringIO(stdin or "")
    try:
        code = main(args)
    finally:
        sys.stdin = old
    out, err = capsys.readouterr()
    return code, out, err


def test_encounters(capsys):
    code, out, _ = run(["encounters"], capsys=capsys)
    data = json.loads(out)
    assert code == 0 and len(data) >= 13
    assert all(set(e) == {"id", "name", "goal"} and e["goal"] in ("rout", "hold", "break_out") for e in data)
    assert data[-1]["id"].startswith("daily-")


def test_new_plan_apply(capsys):
    code, out, _ = run(["new", "--encounter", "c03", "--seed", "4", "--hero", "Ranger", "--companion", "Cindle"],
                       capsys=capsys)
    state = json.loads(out)
    assert code == 0 and state["encounter"] == "c03" and state["fighters"][0]["name"] == "Ranger"
    code, out, _ = run(["plan", "--fighter", "hero"], json.dumps(state), capsys)
    plan = json.loads(out)
    assert code == 0 and set(plan) == {"turns"} and 1 <= len(plan["turns"]) <= 6
    t = plan["turns"][0]
    assert set(t) == {"steps", "summary", "preview", "label", "consequences"}   # consequences: added beside
    code, out, _ = run(["apply", "--fighter", "hero"], json.dumps({"state": state, "steps": t["steps"]}), capsys)
    res = json.loads(out)
    assert code == 0 and res["ok"] is True and res["state"]["seq"] == state["seq"] + 1
    assert set(res) == {"ok", "state"}
    bad = [{"kind": "move", "to": "A1"}, {"kind": "skill", "skill": "Longshot", "at": "M9"}]
    code, out, _ = run(["apply", "--fighter", "hero"], json.dumps({"state": state, "steps": bad}), capsys)
    res = json.loads(out)
    assert code == 0 and res["ok"] is False and res["error"]["step"] in (0, 1) and res["error"]["reason"]


def test_autoplay_shape(capsys):
    code, out, _ = run(["autoplay", "--encounter", "c01", "--seed", "1"], capsys=capsys)
    res = json.loads(out)
    assert code == 0 and set(res) == {"result", "rounds"} and res["result"] in ("won", "lost", "draw")


def test_bad_input_exits_2_with_one_line(capsys):
    for args, stdin in ((["new", "--encounter", "nope", "--seed", "1"], None), (["plan", "--fighter", "hero"], "{"),
                        (["plan", "--fighter", "hero"], '{"x": 1}'), (["apply", "--fighter", "hero"], "[]"),
                        (["bogus"], None)):
        code, out, err = run(args, stdin, capsys)
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, (args, err)


def test_module_runs_as_a_script():
    p = subprocess.run([sys.executable, "-m", "engine.tactics", "encounters"], capture_output=True, text=True)
    assert p.returncode == 0 and json.loads(p.stdout)
