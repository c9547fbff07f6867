"""The companion pilot: a language model picks one of the planner's ready-made turns by a tool call,
under one hard deadline.

The whole decision (planning and prompt, the call, reading the answer, the engine's check) runs inside
one `asyncio.timeout`; the SDK's own timeout is only a backstop per socket. Whatever goes wrong (an
HTTP error, a body that is not a completion, no tool call, a number not offered, an illegal turn, a
hang, a trickle) ends in a pass with its reason, never in an exception. One corrective retry is sent
when the model answered badly and at least 3 s remain. Every decision is stored when a store is given.
"""
from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, cast

import openai
from openai import AsyncOpenAI

from bot.settings import Settings
from db import companion as decision_store
from db.store import Store
from engine.tactics import FightState, apply_turn, check_turn, pass_turn, plan_turns

from .decision import SAY_LIMIT, Code, CompanionDecision, one_line
from .offer import Offer, build_offer, retry_prompt
from .tools import ARGUMENTS, CHOOSE, CUSTOM, PASS, ChooseTurn, CustomTurn, PassTurn, request_options

if TYPE_CHECKING:
    from openai.types.chat import ChatCompletionMessageParam

log = logging.getLogger(__name__)

RETRY_MIN_S = 3.0          # a corrective retry only when this much of the deadline is left
SOCKET_TIMEOUT_S = 30.0    # the SDK's per-socket backstop; the deadline is what really bounds a call
CHECK_TIMEOUT_S = 5.0      # the start-up GET /models
LOCAL_API_KEY = "not-needed"  # local servers (Ollama, vLLM, llama.cpp) take any key, but the SDK wants one
REASON_LIMIT = 200


class _Refused(Exception):
    """The decision ends in a pass: `code` and the reason to show and store."""

    def __init__(self, code: Code, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


class _BadAnswer(Exception):
    """The model answered, but not usably; worth one corrective retry. `reply` are the messages that
    carry the correction back (the assistant's turn, then a tool or user message)."""

    def __init__(self, code: Code, reason: str, reply: list[dict]) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.reply = reply


class _Tally:
    """What a decision has cost and seen so far, kept outside the deadline so a timeout still reports it."""

    def __init__(self) -> None:
        self.tokens_in = self.tokens_out = self.calls = 0
        self.offered: list[str] = []
        self.round = 0


def make_client(settings: Settings, http_client: Any = None) -> AsyncOpenAI:
    """The one AsyncOpenAI of a pilot: the configured server, no SDK retries (the deadline decides)."""
    key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else LOCAL_API_KEY
    return AsyncOpenAI(base_url=settings.openai_base_url, api_key=key, max_retries=0, timeout=SOCKET_TIMEOUT_S,
                       http_client=http_client)


class CompanionPilot:
    """Decides the companion's turn with the configured model. One per bot; safe to share between fights."""

    def __init__(self, settings: Settings, *, http_client: Any = None, store: Store | None = None,
                 clock: Callable[[], datetime] | None = None,
                 run: Callable[..., Awaitable[Any]] | None = None) -> None:
        self.settings = settings
        self.model = settings.companion_model
        self.store = store
        self.run = run  # the bot's store worker (Sessions.call); without it store calls run in a thread
        self.clock = clock or (lambda: datetime.now(UTC))
        self.client = make_client(settings, http_client) if self.model else None
        self._answered: bool | None = None   # did the server answer its last request? None: not asked yet

    # --- connection -----------------------------------------------------------------------------------

    @property
    def connected(self) -> bool:
        """A model is configured and the server answered its last request (or the start-up check)."""
        return self.client is not None and bool(self._answered)

    async def check(self, timeout: float = CHECK_TIMEOUT_S) -> bool:
        """Start-up check: `GET /models` answers. Sets and returns `connected`."""
        if self.client is None:
            return False
        try:
            async with asyncio.timeout(timeout):
                await self.client.models.list()
            self._answered = True
        except Exception as e:  # any failure means "not connected"; say why in the log
            log.info("companion model server check failed: %s", _short(e))
            self._answered = False
        return self.connected

    async def aclose(self) -> None:
        if self.client is not None:
            await self.client.close()

    # --- one decision ---------------------------------------------------------------------------------

    async def decide(self, fight: FightState, fighter_id: str = "companion", *, timeout: float = 10.0,
                     guild_id: int | None = None, game_id: str | int | None = None) -> CompanionDecision:
        """The companion's decision for this duo phase, within `timeout` seconds of the call (pass what is
        left of the 10 s since the companion's phase opened).

        `guild_id` counts the server's daily budget (none: no budget); `game_id` names the fight in the
        stored record. Never raises for anything the model or its server does: the worst is a pass.
        """
        loop = asyncio.get_running_loop()
        started = loop.time()
        deadline = started + timeout
        tally = _Tally()
        tally.round = fight.round
        try:
            async with asyncio.timeout_at(deadline):
                decision = await self._decide(fight, fighter_id, deadline, tally, guild_id)
        except TimeoutError:
            self._answered = False if tally.calls else self._answered
            decision = _pass(tally, "timeout", f"no answer in {timeout:g} s", self.model)
        except _Refused as r:
            decision = _pass(tally, r.code, r.reason, self.model)
        except Exception as e:  # a bug of ours must still not hold up the fight
            log.exception("companion pilot failed")
            decision = _pass(tally, "error", f"pilot error: {_short(e)}", self.model)
        decision.latency_s = round(loop.time() - started, 3)
        if decision.passed:
            log.info("companion passes (%s): %s", decision.code, decision.reason)
        await self._store(decision, fighter_id, guild_id, game_id)
        return decision

    async def _decide(self, fight: FightState, fighter_id: str, deadline: float, tally: _Tally,
                      guild_id: int | None) -> CompanionDecision:
        if self.client is None:
            raise _Refused("no_model", "no model is configured")
        if guild_id is not None and await self._over_budget(guild_id):
            return await self._budget_turn(fight, fighter_id, tally, guild_id)
        loop = asyncio.get_running_loop()
        custom = self.settings.companion_custom_turns
        offer: Offer = await asyncio.to_thread(build_offer, fight, fighter_id, custom=custom,
                                               seconds=max(1, round(deadline - loop.time())))
        tally.offered = offer.labels
        if not offer.turns:
            raise _Refused("no_turns", "no turn to offer")
        messages = list(offer.messages)
        while True:
            try:
                message = await self._ask(messages, tally)
                return await self._read(message, offer, fight, fighter_id, tally)
            except _BadAnswer as bad:
                if tally.calls > 1 or deadline - loop.time() < RETRY_MIN_S:
                    raise _Refused(bad.code, bad.reason) from None
                log.info("companion retries after: %s", bad.reason)
                messages += bad.reply

    async def _ask(self, messages: list[dict], tally: _Tally) -> Any:
        """One chat completion; its message, or a _Refused naming what the server did wrong."""
        if self.client is None or self.model is None:  # _decide asks only with a model configured
            raise _Refused("no_model", "no model is configured")
        strict = self.settings.companion_strict
        tally.calls += 1
        try:
            # our messages are the plain JSON dicts the protocol takes; openai types each role's shape
            response = await self.client.chat.completions.create(
                model=self.model, messages=cast("list[ChatCompletionMessageParam]", messages),
                **request_options(strict=strict, custom=self.settings.companion_custom_turns))
        except openai.RateLimitError as e:
            self._answered = True
            after = e.response.headers.get("retry-after")
            raise _Refused("rate_limited", "rate limited by the model server (429"
                           + (f", retry after {after} s)" if after else ")")) from None
        except openai.APIStatusError as e:
            self._answered = True
            raise _Refused("http_error", f"the model server answered HTTP {e.status_code}") from None
        except openai.APIConnectionError as e:
            self._answered = False
            raise _Refused("connection", f"no connection to the model server ({_short(e.__cause__ or e)})") from None
        except (openai.APIResponseValidationError, ValueError) as e:
            self._answered = True
            raise _Refused("bad_response",
                           f"the model server's answer is not a chat completion ({_short(e)})") from None
        self._answered = True
        usage = getattr(response, "usage", None)
        if usage is not None:
            tally.tokens_in += usage.prompt_tokens or 0
            tally.tokens_out += usage.completion_tokens or 0
        choices = getattr(response, "choices", None)
        if not choices or getattr(choices[0], "message", None) is None:
            raise _Refused("bad_response", "the model server's answer has no message")
        return choices[0].message

    async def _read(self, message: Any, offer: Offer, fight: FightState, fighter_id: str,
                    tally: _Tally) -> CompanionDecision:
        """The decision a tool call asks for, checked by the engine; a _BadAnswer when it cannot be used."""
        custom = self.settings.companion_custom_turns
        count = len(offer.turns)

        def bad(code: Code, reason: str, call_id: str | None = None) -> _BadAnswer:
            correction = retry_prompt(reason, count=count, custom=custom)
            assistant = {"role": "assistant", "content": message.content or ""}
            if call_id is None:
                return _BadAnswer(code, reason, [assistant, {"role": "user", "content": correction}])
            calls = [{"id": c.id, "type": "function", "function": {"name": c.function.name,
                                                                   "arguments": c.function.arguments}}
                     for c in message.tool_calls]
            replies = [{"role": "tool", "tool_call_id": c["id"], "content": correction} for c in calls]
            return _BadAnswer(code, reason, [{**assistant, "tool_calls": calls}, *replies])

        calls = getattr(message, "tool_calls", None) or []
        if not calls:
            text = one_line(message.content or "", 60)
            raise bad("no_tool_call", "the model answered with text, not a tool call"
                      + (f" ({text!r})" if text else ""))
        call = calls[0]
        name = getattr(call.function, "name", None)
        allowed = {CHOOSE, PASS} | ({CUSTOM} if custom else set())
        if name not in allowed:
            raise bad("unknown_tool", f"the model called {one_line(str(name), 40)!r}, not one of its tools", call.id)
        arguments = call.function.arguments
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
            raise bad("malformed", f"the arguments of {name} do not fit its schema ({_short(e)})", call.id) from None

        model = self.model
        if isinstance(args, PassTurn):
            return CompanionDecision(decision="pass", code="model_pass", model=model, offered=tally.offered,
                                     round=tally.round,
                                     reason=one_line(args.reason, REASON_LIMIT) or "the model passed",
                                     **_cost(tally))
        if isinstance(args, ChooseTurn):
            steps = [s.model_dump(exclude_none=True) for s in offer.turns[args.number - 1].steps]
        else:
            assert isinstance(args, CustomTurn)  # the three tools' arguments, one class each
            steps = [s.engine_step() for s in args.steps]
        try:
            await asyncio.to_thread(check_turn, fight, fighter_id, steps)
        except ValueError as e:  # every engine refusal is a ValueError (RuleError / TacticsError)
            if isinstance(args, ChooseTurn):  # a planned turn the rules refuse: the board is not the one planned on
                raise _Refused("illegal", f"turn {args.number} is not legal: {_short(e)}") from None
            raise bad("illegal", f"the custom turn is not legal: {_short(e)}", call.id) from None
        return CompanionDecision(decision="turn" if name == CHOOSE else "custom",
                                 code="chosen" if name == CHOOSE else "custom",
                                 number=args.number if isinstance(args, ChooseTurn) else None, steps=steps,
                                 say=one_line(args.say, SAY_LIMIT), offered=tally.offered, round=tally.round,
                                 model=model, reason="chosen by the model", **_cost(tally))

    # --- the day's budget -----------------------------------------------------------------------------

    async def _in_store(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Store access off the event loop: on the bot's store worker when given, else a thread."""
        if self.run is not None:
            return await self.run(fn, *args, **kwargs)
        return await asyncio.to_thread(fn, *args, **kwargs)

    async def _over_budget(self, guild_id: int | None) -> bool:
        if self.store is None or guild_id is None:
            return False
        used = await self._in_store(decision_store.calls_today, self.store, guild_id, self.clock())
        return used >= self.settings.companion_calls_per_day

    async def _budget_turn(self, fight: FightState, fighter_id: str, tally: _Tally,
                           guild_id: int) -> CompanionDecision:
        """Past the day's budget the companion plays auto: the planner's first turn, no call made."""
        limit = self.settings.companion_calls_per_day
        first_today = not await self._in_store(decision_store.budget_noticed_today, self.store, guild_id,
                                               self.clock())
        decision = await asyncio.to_thread(auto_decision, fight, fighter_id)
        return decision.model_copy(update={
            "code": "budget", "model": self.model, "round": tally.round,
            "reason": f"today's {limit} model calls are used up: playing auto until 00:00 UTC",
            "notice": (f"The companion's model has used today's {limit} calls on this server; "
                       "it plays auto until 00:00 UTC.") if first_today else None})

    async def _store(self, decision: CompanionDecision, fighter_id: str, guild_id: int | None,
                     game_id: str | int | None) -> None:
        if self.store is None:
            return
        try:
            await self._in_store(decision_store.record, self.store, decision.model_dump(), fight=game_id,
                                 guild_id=guild_id, fighter=fighter_id, now=self.clock())
        except Exception:
            log.exception("could not store the companion's decision")


# --- without a model --------------------------------------------------------------------------------------

def auto_decision(fight: FightState, fighter_id: str = "companion") -> CompanionDecision:
    """The `auto` pilot: the planner's first ready-made turn (a pass when there is none). Synchronous."""
    turns = plan_turns(fight, fighter_id)
    labels = [t.label for t in turns]
    if not turns:
        return CompanionDecision(decision="pass", code="no_turns", reason="no turn to offer", round=fight.round)
    return CompanionDecision(decision="turn", code="auto", number=1, round=fight.round, offered=labels,
                             steps=[s.model_dump(exclude_none=True) for s in turns[0].steps],
                             reason="the planner's first turn")


def apply_decision(fight: FightState, fighter_id: str,
                   decision: CompanionDecision) -> tuple[FightState, CompanionDecision]:
    """Apply a decision to the fight as it is now: its steps all or nothing, or a pass. If the board moved
    on (the hero acted meanwhile) and the turn is no longer legal, the companion passes and says why.
    Synchronous engine work: callers on the event loop run it in a worker thread."""
    if not decision.passed:
        try:
            return apply_turn(fight, fighter_id, decision.steps), decision
        except ValueError as e:
            decision = decision.model_copy(update={
                "decision": "pass", "code": "stale", "steps": [],
                "reason": one_line(f"the board moved on and the turn is no longer legal: {_short(e)}", REASON_LIMIT)})
    return pass_turn(fight, fighter_id), decision


def _cost(tally: _Tally) -> dict:
    return {"tokens_in": tally.tokens_in, "tokens_out": tally.tokens_out, "calls": tally.calls}


def _pass(tally: _Tally, code: Code, reason: str, model: str | None) -> CompanionDecision:
    return CompanionDecision(decision="pass", code=code, reason=one_line(reason, REASON_LIMIT), model=model,
                             offered=tally.offered, round=tally.round, **_cost(tally))


def _short(e: BaseException) -> str:
    text = str(e).strip()
    return one_line(text.splitlines()[0] if text else type(e).__name__, 120)
