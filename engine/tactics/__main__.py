"""JSON command line: encounters | new | plan | apply | autoplay (python -m engine.tactics ...)."""
from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime, timezone

from pydantic import ValidationError

from .autoplay import autoplay
from .content import campaign, daily_encounter
from .engine import DEFAULT_COMPANION, DEFAULT_HERO, apply_turn, new_fight
from .planner import plan_turns
from .state import FightState
from .steps import TacticsError, parse_steps


class BadInput(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    """Usage errors become one line on stderr and exit code 2, like every other bad input."""

    def error(self, message: str):  # type: ignore[override]
        raise BadInput(f"{self.prog}: {message}")


def _read_json() -> object:
    try:
        return json.loads(sys.stdin.read())
    except json.JSONDecodeError as e:
        raise BadInput(f"stdin is not JSON: {e.msg} at line {e.lineno}") from None


def _state(data: object) -> FightState:
    try:
        state = FightState.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        raise BadInput(f"not a fight state: {'.'.join(map(str, err['loc']))}: {err['msg']}") from None
    why = _unplayable(state)
    if why:
        raise BadInput(f"not a fight state: {why}")
    return state


def _unplayable(state: FightState) -> str | None:
    """Shape checks pydantic cannot make: a 13x9 board of known terrain, fighters on its tiles."""
    from .board import ENTER_COST, H, W, parse_tile
    b = state.board
    if len(b.terrain) != H or len(b.levels) != H:
        return f"the board needs {H} rows"
    for y in range(H):
        if len(b.terrain[y]) != W or len(b.levels[y]) != W:
            return f"board row {y + 1} needs {W} tiles"
        if any(c not in ENTER_COST for c in b.terrain[y]) or not b.levels[y].isdigit():
            return f"board row {y + 1} has an unknown tile"
    for f in state.fighters:
        if parse_tile(f.pos) is None:
            return f"{f.id} stands on {f.pos!r}, not a tile"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog="python -m engine.tactics")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("encounters")
    p_new = sub.add_parser("new")
    p_new.add_argument("--encounter", required=True)
    p_new.add_argument("--seed", type=int, required=True)
    p_new.add_argument("--hero", default=DEFAULT_HERO)
    p_new.add_argument("--companion", default=DEFAULT_COMPANION)
    p_plan = sub.add_parser("plan")
    p_plan.add_argument("--fighter", required=True, choices=["hero", "companion"])
    p_apply = sub.add_parser("apply")
    p_apply.add_argument("--fighter", required=True, choices=["hero", "companion"])
    p_auto = sub.add_parser("autoplay")
    p_auto.add_argument("--encounter", required=True)
    p_auto.add_argument("--seed", type=int, required=True)
    p_auto.add_argument("--hero", default=DEFAULT_HERO)
    p_auto.add_argument("--companion", default=DEFAULT_COMPANION)

    try:
        args = parser.parse_args(argv)
        out = _run(args)
    except BadInput as e:
        print(str(e).splitlines()[0], file=sys.stderr)
        return 2
    print(json.dumps(out))
    return 0


def _run(args) -> object:
    if args.cmd == "encounters":
        today = datetime.now(timezone.utc).date()
        encs = list(campaign()) + [daily_encounter(today)]
        return [{"id": e.id, "name": e.name, "goal": e.goal} for e in encs]
    if args.cmd in ("new", "autoplay"):
        try:
            if args.cmd == "new":
                return new_fight(args.encounter, args.seed, args.hero, args.companion).model_dump(mode="json")
            state = autoplay(args.encounter, args.seed, args.hero, args.companion)
            return {"result": state.result, "rounds": state.round}
        except (KeyError, ValueError) as e:
            raise BadInput(str(e).strip("'\"")) from None
    if args.cmd == "plan":
        state = _state(_read_json())
        try:
            turns = plan_turns(state, args.fighter)
        except (KeyError, ValueError, IndexError) as e:
            raise BadInput(f"not a usable fight state: {e}") from None
        return {"turns": [{"steps": [s.model_dump(exclude_none=True) for s in t.steps], "summary": t.summary,
                           "preview": t.preview.model_dump(mode="json"), "label": t.label} for t in turns]}
    if args.cmd == "apply":
        data = _read_json()
        if not isinstance(data, dict) or "state" not in data or "steps" not in data:
            raise BadInput('apply reads {"state": ..., "steps": [...]}')
        state = _state(data["state"])
        if not isinstance(data["steps"], list):
            raise BadInput("steps must be a list")
        try:
            new = apply_turn(state, args.fighter, parse_steps(data["steps"]))
        except TacticsError as e:
            return {"ok": False, "error": {"step": e.step, "reason": e.reason}}
        except (KeyError, ValueError, IndexError) as e:
            # A state that validates as JSON but cannot be played (a fighter off the board, rows cut short).
            raise BadInput(f"not a usable fight state: {e}") from None
        return {"ok": True, "state": new.model_dump(mode="json")}
    raise BadInput(f"unknown command {args.cmd}")


if __name__ == "__main__":
    sys.exit(main())
