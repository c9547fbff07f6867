"""The bowls JSON CLI: `python -m engine.bowls move|puzzles|solve|check`, reading stdin, printing JSON.

Shapes (bowls are 12 strings, oldest stone first, letters RYGBPWX; bowl numbers 1–12):
  move     {"bowls", "frozen", "reverse", "volcano", "bowl"} → {"ok", "score", "combo", "perfect", "bowls"}
  puzzles  → [{"id", "bowls", "frozen", "reverse", "volcano", "goal", "moves"}, ...]
  puzzles --stats → the difficulty curve: [{"id", "goal", "moves", "shortest", "solutions", "win_chance",
           "difficulty"}, ...] (solutions: winning move sequences within the limit; win_chance: exact chance
           that uniformly random legal play wins)
  solve    one puzzle → {"solution": [bowl, ...] | null}
  check    solves all puzzles; exit 1 if any fails
Bad input (bad JSON, unknown letters, wrong number of bowls, an empty or frozen source): exit 2 with
one line saying what is wrong. Runs on the engines' one CLI scaffold (engine/cli.py).
"""
from __future__ import annotations

import sys
from typing import Any, TextIO

from pydantic import ValidationError

from ..cli import BAD_INPUT, Exit, UsageError, read_json, run
from . import core
from .models import Goal, InvalidPositionError, Puzzle, check_bowls, check_flag_list
from .puzzles import all_puzzles
from .solver import solve
from .stats import curve

USAGE = "usage: python -m engine.bowls move|puzzles [--stats]|solve|check  (JSON on stdin for move and solve)"
COMMANDS = ("move", "puzzles", "solve", "check")


def _position(data: Any) -> tuple[list[str], list[int], list[int], list[int]]:
    if not isinstance(data, dict):
        raise UsageError("expected a JSON object")
    if "bowls" not in data or not isinstance(data["bowls"], list):
        raise UsageError('"bowls" must be a list of 12 strings')
    flags: list[list[int]] = []
    for name in ("frozen", "reverse", "volcano"):
        v = data.get(name, [])
        if not isinstance(v, list):
            raise UsageError(f'"{name}" must be a list of bowl numbers 1–12')
        flags.append(check_flag_list(name, v))
    return check_bowls(data["bowls"]), flags[0], flags[1], flags[2]


def cmd_move(data: Any) -> dict:
    bowls, frozen, reverse, volcano = _position(data)
    bowl = data.get("bowl")
    if not isinstance(bowl, int) or isinstance(bowl, bool) or not 1 <= bowl <= 12:
        raise UsageError(f'"bowl" must be a number 1–12, got {bowl!r}')
    if not bowls[bowl - 1]:
        raise UsageError(f"bowl {bowl} is empty")
    if bowl in frozen:
        raise UsageError(f"bowl {bowl} is frozen and cannot be chosen")
    out, points, combo, _rem, overflow, perfect, _e = core.play(
        tuple(bowls), bowl - 1, core.mask(volcano), core.mask(reverse))
    return {"ok": not overflow, "score": points, "combo": combo, "perfect": perfect, "bowls": list(out)}


def cmd_solve(data: Any) -> dict:
    bowls, frozen, reverse, volcano = _position(data)
    try:
        goal = Goal.model_validate(data.get("goal"))
    except (ValidationError, InvalidPositionError) as e:
        raise UsageError(f"bad goal: {_goal_error(e)}") from None
    moves = data.get("moves")
    if not isinstance(moves, int) or isinstance(moves, bool) or moves < 1:
        raise UsageError(f'"moves" must be a positive number, got {moves!r}')
    p = Puzzle(id=data.get("id", 0) if isinstance(data.get("id", 0), int) else 0, bowls=bowls, frozen=frozen,
               reverse=reverse, volcano=volcano, goal=goal, moves=moves)
    return {"solution": solve(p)}


def cmd_check() -> Exit:
    failed = [p.id for p in all_puzzles() if (s := solve(p)) is None or len(s) > p.moves]
    return Exit({"puzzles": len(all_puzzles()), "failed": failed}, 1 if failed else 0)


def _goal_error(e: Exception) -> str:
    """The goal's first problem without pydantic's field path (the line says "bad goal" already)."""
    if isinstance(e, ValidationError):
        return str(e.errors()[0].get("msg", e)).removeprefix("Value error, ")
    return str(e)


def handler(stdin: TextIO):
    """The CLI's handler for engine.cli.run, reading JSON from `stdin`."""
    def handle(argv: list[str]) -> Any:
        if argv == ["puzzles", "--stats"]:
            return curve()
        if len(argv) != 1 or argv[0] not in COMMANDS:
            return Exit(None, BAD_INPUT, (USAGE,))
        cmd = argv[0]
        if cmd == "move":
            return cmd_move(read_json(stdin))
        if cmd == "solve":
            return cmd_solve(read_json(stdin))
        if cmd == "puzzles":
            return [p.as_cli() for p in all_puzzles()]
        return cmd_check()
    return handle


def main(argv: list[str], stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout,
         stderr: TextIO = sys.stderr) -> int:
    return run(handler(stdin), argv, stdout=stdout, stderr=stderr, prefix="error: ")
