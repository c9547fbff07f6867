"""The JSON command line: simulate, puzzles, solve, check (python -m engine.formation <command>).

Built on the engines' one CLI scaffold (engine/cli.py): bad input is one line on stderr, exit 2.
"""
from __future__ import annotations

import sys

from pydantic import ValidationError

from ..cli import BAD_INPUT, Exit, UsageError, first_error, read_json, run
from .battle import battle, simulate
from .content import CHAPTER_SIZE, CHAPTERS, campaign, shipped_puzzles, tutorial
from .model import GROUNDS, Puzzle, parse_lineup
from .solver import solve

USAGE = ("usage: python -m engine.formation {simulate|puzzles|solve|check} (JSON on stdin for simulate/solve; "
         "puzzles prints one JSON array)")


BadInput = UsageError  # its older name here
COMMANDS = ("simulate", "puzzles", "solve", "check")


def puzzle_shape(p: Puzzle) -> dict:
    return {
        "id": p.id, "opponent": dict(p.opponent), "ground": p.ground, "max_rounds": p.max_rounds,
        "pool": list(p.pool), "fixed": dict(p.fixed), "forbidden_pairs": [list(x) for x in p.forbidden_pairs],
        "max_guild_pairs": p.max_guild_pairs, "mastery": [g.model_dump() for g in p.mastery],
    }


def _read_json() -> object:
    return read_json(sys.stdin, lead="input is not JSON")


def cmd_simulate(data: object) -> dict:
    if not isinstance(data, dict):
        raise BadInput("expected an object with a, b, ground, max_rounds")
    unknown = set(data) - {"a", "b", "ground", "max_rounds"}
    if unknown:
        raise BadInput(f"unknown field {sorted(unknown)[0]!r}")
    for key in ("a", "b"):
        if key not in data:
            raise BadInput(f"missing side {key!r}")
    ground = data.get("ground", "clear")
    if ground not in GROUNDS:
        raise BadInput(f"unknown ground {ground!r} (grounds: {' '.join(GROUNDS)})")
    mr = data.get("max_rounds")
    if mr is not None and (not isinstance(mr, int) or isinstance(mr, bool) or not 1 <= mr <= 20):
        raise BadInput("max_rounds must be null or an integer 1..20")
    a = parse_lineup(data["a"], what="side a")
    b = parse_lineup(data["b"], what="side b")
    return simulate(a, b, ground, mr, with_log=False).cli_shape()


def parse_puzzle(data: object) -> Puzzle:
    if not isinstance(data, dict):
        raise BadInput("expected one puzzle object")
    allowed = {"id", "opponent", "ground", "max_rounds", "pool", "fixed", "forbidden_pairs",
               "max_guild_pairs", "mastery", "title", "brief"}
    unknown = set(data) - allowed
    if unknown:
        raise BadInput(f"unknown field {sorted(unknown)[0]!r}")
    if "opponent" not in data:
        raise BadInput("missing field 'opponent'")
    parse_lineup(data["opponent"], what="opponent")
    if "fixed" in data:
        parse_lineup(data["fixed"], what="fixed", complete=False)
    if data.get("ground", "clear") not in GROUNDS:
        raise BadInput(f"unknown ground {data['ground']!r} (grounds: {' '.join(GROUNDS)})")
    fields = {"id": "custom", "title": data.get("id", "custom"), "brief": ""} | data
    try:
        return Puzzle.model_validate(fields)
    except ValidationError as e:
        raise BadInput(first_error(e)) from None


def cmd_solve(data: object) -> dict:
    return solve(parse_puzzle(data)).cli_shape()


def check_all() -> list[str]:
    """Every failure found in the shipped content (empty when all is well)."""
    failures = []
    seen = set()
    shares: dict[str, float] = {}
    for p in shipped_puzzles():
        if p.id in seen:
            failures.append(f"{p.id}: duplicate id")
        seen.add(p.id)
        sol = solve(p)
        shares[p.id] = sol.win_share
        if sol.winning == 0:
            failures.append(f"{p.id}: no winning formation")
        if p.mastery and sol.mastering == 0:
            failures.append(f"{p.id}: mastery goals cannot all be met")
        want_hints = 2 if p.id == "tutorial-transfer" else 3
        if len(p.hints) != want_hints:
            failures.append(f"{p.id}: {len(p.hints)} hints, expected {want_hints}")
        if p.solution is None or not battle(p, p.solution, with_log=False).won:
            failures.append(f"{p.id}: stored solution does not win")
        if p.mastery and (p.mastery_solution is None or not battle(p, p.mastery_solution, with_log=False).mastered):
            failures.append(f"{p.id}: stored mastery solution does not master")
    for ch in CHAPTERS:
        ps = campaign(ch)
        if len(ps) != CHAPTER_SIZE or not ps[-1].boss or any(p.boss for p in ps[:-1]):
            failures.append(f"chapter {ch}: needs {CHAPTER_SIZE} puzzles with the boss last")
        for x, y in zip(ps, ps[1:]):
            if x.id in shares and y.id in shares and shares[y.id] > shares[x.id]:
                failures.append(f"chapter {ch}: {y.id} is easier than {x.id} (difficulty must rise)")
    if len(tutorial()) != 5:
        failures.append("tutorial: needs four lessons and the transfer puzzle")
    return failures


def handle(argv: list[str]) -> object:
    """The CLI's handler for engine.cli.run."""
    if len(argv) != 1 or argv[0] not in COMMANDS:
        return Exit(None, BAD_INPUT, (USAGE,))
    cmd = argv[0]
    if cmd == "simulate":
        return cmd_simulate(_read_json())
    if cmd == "puzzles":  # one JSON array, as engine.bowls prints its puzzles
        return [puzzle_shape(p) for p in shipped_puzzles()]
    if cmd == "solve":
        return cmd_solve(_read_json())
    failures = check_all()
    return Exit({"puzzles": len(shipped_puzzles()), "failures": len(failures)}, 1 if failures else 0,
                tuple(failures))


def main(argv: list[str] | None = None) -> int:
    return run(handle, argv, prefix="")
