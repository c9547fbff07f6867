"""Try and measure a companion model: `python -m bot.companion check`, `… play …` and `… eval …`.

check: one real request with the tools (again without a field the server refused, up to
CHECK_ROUNDS requests), then one JSON object: what the server accepted and what it answered.
play and eval measure how well a model plays (one fight; the same fights for each pilot beside the
baselines). Their work is the eval harness, tools/companion_eval, which stays in the source checkout
beside the bot and is not installed with it: they run from a checkout. The model server comes from the
settings (COMPANION_MODEL, OPENAI_BASE_URL, …).
"""
from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from types import ModuleType

from bot.settings import SettingsError, load_settings
from engine.cli import ArgParser
from engine.errors import UsageError
from engine.tactics import expected_level, new_fight

from .pilot import CompanionPilot
from .request import Accepted

EVAL_COMMANDS = ("play", "eval")
DEADLINE_S = 10.0  # the seed's 10 seconds
CHECK_ROUNDS = 4   # check: a server may refuse one field after another
CHECKOUT = Path(__file__).resolve().parents[2]   # the source checkout, when the bot runs from one


def _tools_line(options: dict) -> dict:
    """The tool fields of a request as the check reports them."""
    tools = options.get("tools") or []
    return {"tools": bool(tools), "strict": any(t["function"].get("strict") for t in tools),
            "tool_choice": options.get("tool_choice"), "parallel_tool_calls": options.get("parallel_tool_calls"),
            "reasoning_effort": options.get("reasoning_effort"),
            "token_field": next(f for f in ("max_tokens", "max_completion_tokens") if f in options)}


async def check(pilot: CompanionPilot) -> dict:
    """What `python -m bot.companion check` prints: the models list, the request first tried and the one
    the server took, and the decision on c01's first phase."""
    settings = pilot.settings
    listed = await pilot.check()
    fight = new_fight("c01", 1, "Tidecaller", "Cindle", level=expected_level("c01"))
    decision, requests = None, 0
    for _ in range(CHECK_ROUNDS):
        refused_before = pilot.accepted.describe()
        decision = await pilot.decide(fight, "companion", timeout=DEADLINE_S)
        requests += decision.calls
        if pilot.accepted.describe() == refused_before or decision.code != "http_error":
            break
    assert decision is not None  # CHECK_ROUNDS >= 1
    usable = not decision.passed or decision.code == "model_pass"
    return {"server": settings.openai_base_url or "https://api.openai.com/v1", "model": settings.companion_model,
            "models_list": listed, "requests": requests, "usable": usable,
            "first_request": _tools_line(Accepted().options(settings)),
            "accepted": _tools_line(pilot.accepted.options(settings)),
            "left_out": pilot.accepted.describe()["dropped"],
            "advice": pilot.accepted.advice() or "the default settings suit this server",
            "decision": decision.decision, "code": decision.code, "reason": decision.reason,
            "number": decision.number, "answer": decision.answer, "error_body": decision.error_body,
            "latency_s": decision.latency_s, "tokens_in": decision.tokens_in, "tokens_out": decision.tokens_out}


def eval_tools() -> ModuleType | None:
    """The eval harness's commands (tools/companion_eval/cli.py), found in the checkout the bot runs
    from; None where the bot was installed without one."""
    if (CHECKOUT / "tools" / "companion_eval").is_dir() and str(CHECKOUT) not in sys.path:
        sys.path.insert(0, str(CHECKOUT))
    try:
        from tools.companion_eval import cli
    except ModuleNotFoundError as e:
        if e.name not in ("tools", "tools.companion_eval"):
            raise
        return None
    return cli


def _parser(tools: ModuleType | None) -> ArgParser:
    parser = ArgParser(prog="python -m bot.companion")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("check", help="one real request with the tools: what the server accepts")
    if tools is not None:
        tools.add_commands(sub)
    return parser


async def _check(settings) -> int:
    if not settings.companion_model:
        raise UsageError("COMPANION_MODEL is not set: no model to check")
    checked = CompanionPilot(settings)
    try:
        report = await check(checked)
    finally:
        await checked.aclose()
    print(json.dumps(report, indent=1))
    return 0 if report["usable"] else 1


async def _main(argv: list[str]) -> int:
    tools = eval_tools()
    if tools is None and argv[:1] and argv[0] in EVAL_COMMANDS:
        raise UsageError(f"{argv[0]} runs from a source checkout of the bot: its eval harness "
                         "(tools/companion_eval) is not installed with the bot")
    args = _parser(tools).parse_args(argv)
    settings = load_settings()
    if args.cmd == "check":
        return await _check(settings)
    assert tools is not None  # the parser offers play and eval only with the harness
    return await tools.run(args, settings)


def main(argv: list[str] | None = None) -> int:
    try:
        return asyncio.run(_main(list(sys.argv[1:] if argv is None else argv)))
    except (UsageError, SettingsError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
