"""JSON CLI: python -m engine.summon catalog | deck --auto --seed N | selfplay --seed N [--p1 ai|random
--p2 ai|random] | legal [--state FILE] (state JSON on stdin by default). Bad input: exit 2, one line."""
from __future__ import annotations

import argparse
import json
import sys

from pydantic import ValidationError

from engine.summon.catalog import load_catalog
from engine.summon.deck import auto_deck
from engine.summon.game import legal_placements
from engine.summon.selfplay import play_game, summary
from engine.summon.state import PLAYER_NAMES, SummonState


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2
        print(f"error: {message}", file=sys.stderr)
        raise SystemExit(2)


def _fail(message: str) -> int:
    print(f"error: {message}".splitlines()[0], file=sys.stderr)
    return 2


def main(argv: list[str] | None = None) -> int:
    ap = _Parser(prog="python -m engine.summon")
    sub = ap.add_subparsers(dest="cmd", required=True, parser_class=_Parser)
    sub.add_parser("catalog")
    d = sub.add_parser("deck")
    d.add_argument("--auto", action="store_true", required=True)
    d.add_argument("--seed", type=int, required=True)
    s = sub.add_parser("selfplay")
    s.add_argument("--seed", type=int, required=True)
    s.add_argument("--p1", choices=["ai", "random"], default="ai")
    s.add_argument("--p2", choices=["ai", "random"], default="ai")
    lg = sub.add_parser("legal")
    lg.add_argument("--state", help="state JSON file (default: stdin)")
    a = ap.parse_args(argv)
    if a.cmd == "catalog":
        print(json.dumps(load_catalog().model_dump(mode="json"), ensure_ascii=False))
    elif a.cmd == "deck":
        print(json.dumps({"seed": a.seed, "deck": auto_deck(a.seed)}))
    elif a.cmd == "selfplay":
        print(json.dumps(summary(play_game(a.seed, a.p1, a.p2))))
    else:
        try:
            text = open(a.state, encoding="utf-8").read() if a.state else sys.stdin.read()
            st = SummonState.model_validate_json(text)
        except OSError as e:
            return _fail(f"cannot read state: {e}")
        except ValidationError as e:
            return _fail(f"not a summon state: {e.errors()[0]['loc']} {e.errors()[0]['msg']}")
        try:
            placements = legal_placements(st)
        except (ValueError, KeyError, IndexError) as e:
            return _fail(f"inconsistent summon state: {e!r}")
        out = {
            "player": PLAYER_NAMES[st.to_move] if st.phase == "summon" else None,
            "placements": [pl.model_dump(mode="json") for pl in placements],
        }
        print(json.dumps(out, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
