"""JSON command line: encounters | new | plan | apply | autoplay (python -m engine.tactics ...).

Built on the engines' scaffold (`engine.cli.run`): one JSON document out, a one-line error on stderr and
exit 2 on bad input. `apply` reports a refused turn in its payload (`ok: false`) with exit 0.
"""
from __future__ import annotations

import sys
from datetime import UTC, datetime
from typing import Any

from pydantic import TypeAdapter

from ..cli import ArgParser, read_json, run
from ..errors import RuleError, UsageError
from .engine import DEFAULT_COMPANION, DEFAULT_HERO, apply_turn, new_fight
from .model.content import campaign, daily_encounter
from .model.state import FightState
from .model.steps import TacticsError, parse_steps
from .plan.autoplay import autoplay
from .plan.consequences import Consequences
from .plan.planner import plan_turns

_CONSEQUENCES = TypeAdapter(Consequences | None)


def _state(data: object) -> FightState:
    state = FightState.model_validate(data)   # a ValidationError is one line and exit 2 (engine.cli.run)
    why = _unplayable(state)
    if why:
        raise UsageError(f"not a fight state: {why}")
    return state


def _unplayable(state: FightState) -> str | None:
    """Shape checks pydantic cannot make: a 13x9 board of known terrain, fighters on its tiles."""
    from .model.board import ENTER_COST, H, W, parse_tile
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


def _parser() -> ArgParser:
    parser = ArgParser(prog="python -m engine.tactics")
    sub = parser.add_subparsers(dest="cmd", required=True, parser_class=ArgParser)
    sub.add_parser("encounters")
    for name in ("new", "autoplay"):
        p = sub.add_parser(name)
        p.add_argument("--encounter", required=True)
        p.add_argument("--seed", type=int, required=True)
        p.add_argument("--hero", default=DEFAULT_HERO)
        p.add_argument("--companion", default=DEFAULT_COMPANION)
        if name == "new":
            p.add_argument("--level", type=int, default=1, help="the duo's level (the player's, from tactics XP)")
        else:
            p.add_argument("--level", type=int, default=None,
                           help="the duo's level (default: the level a player reaches this encounter at)")
    for name in ("plan", "apply"):
        sub.add_parser(name).add_argument("--fighter", required=True, choices=["hero", "companion"])
    return parser


def handle(argv: list[str]) -> Any:
    args = _parser().parse_args(argv)
    if args.cmd == "encounters":
        today = datetime.now(UTC).date()
        encs = list(campaign()) + [daily_encounter(today)]
        return [{"id": e.id, "name": e.name, "goal": e.goal} for e in encs]
    if args.cmd == "new":
        return new_fight(args.encounter, args.seed, args.hero, args.companion, level=args.level).model_dump(mode="json")
    if args.cmd == "autoplay":
        state = autoplay(args.encounter, args.seed, args.hero, args.companion, level=args.level)
        return {"result": state.result, "rounds": state.round}
    if args.cmd == "plan":
        state = _state(read_json(sys.stdin))
        turns = _playing(lambda: plan_turns(state, args.fighter))
        return {"turns": [{"steps": [s.model_dump(exclude_none=True) for s in t.steps], "summary": t.summary,
                           "preview": t.preview.model_dump(mode="json"), "label": t.label,
                           "consequences": _CONSEQUENCES.dump_python(t.consequences, mode="json")}
                          for t in turns]}
    data = read_json(sys.stdin)   # apply
    if not isinstance(data, dict) or "state" not in data or "steps" not in data:
        raise UsageError('apply reads {"state": ..., "steps": [...]}')
    state = _state(data["state"])
    if not isinstance(data["steps"], list):
        raise UsageError("steps must be a list")
    try:
        new = _playing(lambda: apply_turn(state, args.fighter, parse_steps(data["steps"])))
    except TacticsError as e:
        return {"ok": False, "error": {"step": e.step, "reason": e.reason, "code": e.code}}
    return {"ok": True, "state": new.model_dump(mode="json")}


def _playing(call):
    """Run an engine call on a state that validated as JSON but may still be unplayable (a fighter
    list without a hero, say): a Python lookup error becomes a one-line refusal, not a traceback."""
    try:
        return call()
    except RuleError:
        raise
    except (KeyError, ValueError, IndexError) as e:
        raise UsageError(f"not a usable fight state: {e}") from None


def main(argv: list[str] | None = None) -> int:
    return run(handle, argv)


if __name__ == "__main__":
    sys.exit(main())
