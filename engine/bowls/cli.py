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
one line saying what is wrong.
"""
from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from pydantic import ValidationError

from . import core
from .models import Goal, InvalidPositionError, Puzzle, check_bowls, check_flag_list
from .puzzles import all_puzzles
from .solver import solve
from .stats import curve

USAGE = "usage: python -m engine.bowls move|puzzles [--stats]|solve|check  (JSON on stdin for move and solve)"


class CliError(Exception):
    """Bad input: exit 2 with this one-line message."""


def _read_json(stdin: TextIO) -> Any:
    try:
        return json.loads(stdin.read())
    except json.JSONDecodeError as e:
        raise CliError(f"bad JSON: {e.msg} at line {e.lineno} column {e.colno}") from None


def _position(data: Any) -> tuple[list[str], list[int], list[int], list[int]]:
    if not isinstance(data, dict):
        raise CliError("expected a JSON object")
    if "bowls" not in data or not isinstance(data["bowls"], list):
        raise CliError('"bowls" must be a list of 12 strings')
    flags = []
    for name in ("frozen", "reverse", "volcano"):
        v = data.get(name, [])
        if not isinstance(v, list):
            raise CliError(f'"{name}" must be a list of bowl numbers 1–12')
        flags.append(check_flag_list(name, v))
    return check_bowls(data["bowls"]), *flags


def cmd_move(data: Any) -> dict:
    bowls, frozen, reverse, volcano = _position(data)
    bowl = data.get("bowl")
    if not isinstance(bowl, int) or isinstance(bowl, bool) or not 1 <= bowl <= 12:
        raise CliError(f'"bowl" must be a number 1–12, got {bowl!r}')
    if not bowls[bowl - 1]:
        raise CliError(f"bowl {bowl} is empty")
    if bowl in frozen:
        raise CliError(f"bowl {bowl} is frozen and cannot be chosen")
    out, points, combo, _rem, overflow, perfect, _e = core.play(
        tuple(bowls), bowl - 1, core.mask(volcano), core.mask(reverse))
    return {"ok": not overflow, "score": points, "combo": combo, "perfect": perfect, "bowls": list(out)}


def cmd_solve(data: Any) -> dict:
    bowls, frozen, reverse, volcano = _position(data)
    try:
        goal = Goal.model_validate(data.get("goal"))
    except (ValidationError, InvalidPositionError) as e:
        raise CliError(f"bad goal: {_first_error(e)}") from None
    moves = data.get("moves")
    if not isinstance(moves, int) or isinstance(moves, bool) or moves < 1:
        raise CliError(f'"moves" must be a positive number, got {moves!r}')
    p = Puzzle(id=data.get("id", 0) if isinstance(data.get("id", 0), int) else 0, bowls=bowls, frozen=frozen,
               reverse=reverse, volcano=volcano, goal=goal, moves=moves)
    return {"solution": solve(p)}


def _first_error(e: Exception) -> str:
    if isinstance(e, ValidationError):
        err = e.errors()[0]
        return str(err.get("msg", e)).removeprefix("Value error, ")
    return str(e)


def main(argv: list[str], stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout,
         stderr: TextIO = sys.stderr) -> int:
    if argv == ["puzzles", "--stats"]:
        print(json.dumps(curve()), file=stdout)
        return 0
    if len(argv) != 1 or argv[0] not in ("move", "puzzles", "solve", "check"):
        print(USAGE, file=stderr)
        return 2
    cmd = argv[0]
    try:
        if cmd == "move":
            result: Any = cmd_move(_read_json(stdin))
        elif cmd == "solve":
            result = cmd_solve(_read_json(stdin))
        elif cmd == "puzzles":
            result = [p.as_cli() for p in all_puzzles()]
        else:
            failed = [p.id for p in all_puzzles() if (s := solve(p)) is None or len(s) > p.moves]
            result = {"puzzles": len(all_puzzles()), "failed": failed}
            print(json.dumps(result), file=stdout)
            return 1 if failed else 0
    except (CliError, InvalidPositionError) as e:
        print(f"error: {e}", file=stderr)
        return 2
    except ValidationError as e:
        print(f"error: {_first_error(e)}", file=stderr)
        return 2
    print(json.dumps(result), file=stdout)
    return 0
