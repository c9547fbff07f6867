"""JSON CLI: python -m engine.summon catalog | deck --auto --seed N | selfplay --seed N [--p1 ai|gentle|random
--p2 ai|gentle|random] | legal [--state FILE] (state JSON on stdin by default). Bad input: exit 2, one line
on stderr (the scaffold in engine/cli.py)."""
from __future__ import annotations

import sys
from typing import Any

from ..cli import ArgParser, run
from ..errors import RuleError, UsageError
from .catalog import load_catalog
from .deck import auto_deck
from .game import legal_placements
from .selfplay import play_game, summary
from .state import PLAYER_NAMES, SummonState


def _parser() -> ArgParser:
    ap = ArgParser(prog="python -m engine.summon")
    sub = ap.add_subparsers(dest="cmd", required=True, parser_class=ArgParser)
    sub.add_parser("catalog")
    d = sub.add_parser("deck")
    d.add_argument("--auto", action="store_true", required=True)
    d.add_argument("--seed", type=int, required=True)
    s = sub.add_parser("selfplay")
    s.add_argument("--seed", type=int, required=True)
    s.add_argument("--p1", choices=["ai", "gentle", "random"], default="ai")
    s.add_argument("--p2", choices=["ai", "gentle", "random"], default="ai")
    lg = sub.add_parser("legal")
    lg.add_argument("--state", help="state JSON file (default: stdin)")
    return ap


def _read_state(path: str | None) -> SummonState:
    try:
        if path:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        else:
            text = sys.stdin.read()
    except OSError as e:
        raise UsageError(f"cannot read state: {e}") from None
    except UnicodeDecodeError as e:
        raise UsageError(f"cannot read state: not UTF-8 ({e.reason})") from None
    return SummonState.model_validate_json(text)  # a ValidationError is one line via the scaffold


def _legal(st: SummonState) -> dict[str, Any]:
    try:
        placements = legal_placements(st)
    except RuleError:
        raise
    except (ValueError, KeyError, IndexError) as e:
        raise RuleError(f"inconsistent summon state: {e!r}", code="bad_state") from None
    return {
        "player": PLAYER_NAMES[st.to_move] if st.phase == "summon" else None,
        "placements": [pl.model_dump(mode="json") for pl in placements],
    }


def handle(argv: list[str]) -> Any:
    a = _parser().parse_args(argv)
    if a.cmd == "catalog":
        return load_catalog().model_dump(mode="json")
    if a.cmd == "deck":
        return {"seed": a.seed, "deck": auto_deck(a.seed)}
    if a.cmd == "selfplay":
        return summary(play_game(a.seed, a.p1, a.p2))
    return _legal(_read_state(a.state))


def main(argv: list[str] | None = None) -> int:
    return run(handle, argv)


if __name__ == "__main__":
    raise SystemExit(main())
