"""Reading what the model server sent back: a chat message's tool call (or its words) made into a
decision the engine accepts, and an HTTP error made into a pass reason in the server's own words.

Nothing here waits on the network; the engine's checks run on the pilot's engine thread (`engine`).
An answer that cannot be used raises BadAnswer (worth one corrective retry) or Refused (a pass).
"""
from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import openai

from engine.tactics import FightState, check_turn

from .client import ANSWER_LIMIT, body_text, error_words
from .coordination import aim_of
from .decision import REASON_LIMIT, Code, CompanionDecision, brief, one_line
from .offer import Offer, retry_prompt
from .refusals import BadAnswer, FieldRefused, Refused
from .request import Accepted
from .spoken import sentence
from .tally import Tally, cost
from .text_answer import turn_named
from .tools import ARGUMENTS, CHOOSE, CUSTOM, PASS, SAY, ChooseTurn, CustomTurn, PassTurn

log = logging.getLogger(__name__)

BUSY = (503, 504)          # a server error that says the server is loading or overloaded, not the request

Engine = Callable[..., Awaitable[Any]]   # runs engine work off the event loop: engine(fn, *args, **kwargs)


async def check_planned(engine: Engine, fight: FightState, fighter_id: str, steps: list[dict], what: str) -> None:
    """A planned turn the rules refuse: the board is not the one planned on."""
    try:
        await engine(check_turn, fight, fighter_id, steps)
    except ValueError as e:  # every engine refusal is a ValueError (RuleError / TacticsError)
        raise Refused("illegal", f"{what} is not legal: {brief(e)}") from None


def _bad(message: Any, code: Code, reason: str, *, count: int, custom: bool, tools: bool,
         call_id: str | None = None) -> BadAnswer:
    """A BadAnswer carrying the correction back: by tool message when the model called a tool, else by
    a user message after its words."""
    correction = retry_prompt(reason, count=count, custom=custom, tools=tools)
    assistant = {"role": "assistant", "content": message.content or ""}
    if call_id is None:
        return BadAnswer(code, reason, [assistant, {"role": "user", "content": correction}])
    calls = [{"id": c.id, "type": "function", "function": {"name": c.function.name, "arguments": c.function.arguments}}
             for c in message.tool_calls]
    replies = [{"role": "tool", "tool_call_id": c["id"], "content": correction} for c in calls]
    return BadAnswer(code, reason, [{**assistant, "tool_calls": calls}, *replies])


async def read_answer(message: Any, offer: Offer, fight: FightState, fighter_id: str, tally: Tally, *,
                      custom: bool, tools: bool, model: str | None, engine: Engine) -> CompanionDecision:
    """The decision a tool call asks for, checked by the engine; a BadAnswer when it cannot be used.
    `custom`: custom_turn is one of the tools; `tools`: the server takes tools (else the model answers
    in words, "turn 3")."""
    count = len(offer.turns)

    def bad(code: Code, reason: str, call_id: str | None = None) -> BadAnswer:
        return _bad(message, code, reason, count=count, custom=custom, tools=tools, call_id=call_id)

    calls = getattr(message, "tool_calls", None) or []
    if not calls:
        content = message.content or ""
        tally.answer = content[:ANSWER_LIMIT]
        number = turn_named(content, count)
        if number is not None:  # a server that answers in words: "turn 3" is as good as choose_turn(3)
            steps = [s.model_dump(exclude_none=True) for s in offer.turns[number - 1].steps]
            await check_planned(engine, fight, fighter_id, steps, f"turn {number}")
            return CompanionDecision(decision="turn", code="text_turn", number=number, steps=steps,
                                     model=model, reason=f"named in the model's text: turn {number}",
                                     **cost(tally))
        text = one_line(content, 60)
        said = "the model answered with text, not a tool call" if tools \
            else f"the answer names no one turn from 1 to {count}"
        raise bad("no_tool_call", said + (f" ({text!r})" if text else ""))
    call = calls[0]
    name = getattr(call.function, "name", None)
    arguments = call.function.arguments
    tally.answer = json.dumps({"name": name, "arguments": arguments}, ensure_ascii=False)[:ANSWER_LIMIT]
    allowed = {CHOOSE, PASS} | ({CUSTOM} if custom else set())
    if name not in allowed:
        raise bad("unknown_tool", f"the model called {one_line(str(name), 40)!r}, not one of its tools", call.id)
    try:  # a string of JSON by the protocol; some servers send the object itself
        raw = arguments if isinstance(arguments, dict) else json.loads(arguments or "")
    except (TypeError, ValueError):
        raise bad("malformed", f"the arguments of {name} are not JSON", call.id) from None
    if name == CHOOSE and isinstance(raw, dict) and isinstance(raw.get("number"), int) \
            and not 1 <= raw["number"] <= count:
        raise bad("out_of_range", f"turn {raw['number']} was not offered (1 to {count})", call.id)
    try:
        args = ARGUMENTS[name].model_validate(raw)
    except ValueError as e:
        raise bad("malformed", f"the arguments of {name} do not fit its schema ({brief(e)})", call.id) from None

    heard = "\n".join([*(str(m["content"]) for m in offer.messages), SAY])  # what `say` must not echo
    if isinstance(args, PassTurn):
        return CompanionDecision(decision="pass", code="model_pass", model=model,
                                 reason=one_line(args.reason, REASON_LIMIT) or "the model passed", **cost(tally))
    if isinstance(args, ChooseTurn):
        chosen = offer.turns[args.number - 1]
        steps = [s.model_dump(exclude_none=True) for s in chosen.steps]
        await check_planned(engine, fight, fighter_id, steps, f"turn {args.number}")
        aim = aim_of(chosen)
        return CompanionDecision(decision="turn", code="chosen", number=args.number, steps=steps,
                                 say=sentence(args.say, heard), model=model, reason="chosen by the model",
                                 aim_foes=sorted(aim.foes), aim_support=aim.support, **cost(tally))
    assert isinstance(args, CustomTurn)  # the three tools' arguments, one class each
    steps = [s.engine_step() for s in args.steps]
    try:
        await engine(check_turn, fight, fighter_id, steps)
    except ValueError as e:  # every engine refusal is a ValueError (RuleError / TacticsError)
        raise bad("illegal", f"the custom turn is not legal: {brief(e)}", call.id) from None
    return CompanionDecision(decision="custom", code="custom", steps=steps, say=sentence(args.say, heard),
                             model=model, reason="a custom turn the rules accept", **cost(tally))


def status_refusal(e: openai.APIStatusError, options: dict[str, Any], tally: Tally, accepted: Accepted) -> Refused:
    """An HTTP error as a pass reason with the server's own words; a refused field is remembered in
    `accepted` (a FieldRefused then: worth one retry without it)."""
    tally.error_body = body_text(e)
    said = error_words(e)
    if isinstance(e, openai.RateLimitError):
        after = e.response.headers.get("retry-after")
        return Refused("rate_limited", "rate limited by the model server (429"
                       + (f", retry after {after} s)" if after else ")") + (f": {said}" if said else ""))
    reason = f"the model server answered HTTP {e.status_code}" + (f": {said}" if said else "")
    if e.status_code >= 500 and e.status_code not in BUSY and not accepted.answered:
        left_out = accepted.without_extras(options)
        if left_out:
            log.info("the model server failed on its first request: %s left out from now on", ", ".join(left_out))
            return FieldRefused("http_error", f"{reason} (now sent without {', '.join(left_out)})")
    if e.status_code in (400, 422) or "unsupported param" in said.lower():
        param = e.body.get("param") if isinstance(e.body, dict) else None
        refused = accepted.refuse(f"{said} {param or ''}", options)
        if refused:
            log.info("the model server refused %s: left out from now on", ", ".join(refused))
            return FieldRefused("http_error", f"{reason} (now sent without {', '.join(refused)})")
    return Refused("http_error", reason)
