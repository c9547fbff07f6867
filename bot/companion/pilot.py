"""The companion pilot: a language model picks one of the planner's ready-made turns by a tool call,
under one hard deadline.

The whole decision (planning and prompt, the call, reading the answer, the engine's check) runs inside
one `asyncio.timeout`; the SDK's own timeout is only a backstop per socket. Whatever goes wrong (an
HTTP error, a body that is not a completion, no tool call, a number not offered, an illegal turn, a
hang, a trickle) ends in a pass with its reason, never in an exception. One corrective retry is sent
when the model answered badly and at least 3 s remain; one more when the server refused a field of the
request (remembered for later requests). Each call reserves one of the server's calls for the day
before it is sent. Every decision is stored when a store is given, a timed-out or cancelled one too.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from functools import cache, partial
from typing import TYPE_CHECKING, Any, cast

import openai

from bot.core.processes import Lane, shared
from bot.core.seats import ExternalWait, direct_wait
from bot.settings import Settings
from db import companion as decision_store
from db.store import Store
from engine.tactics import FightState, check_turn, new_fight
from prompts import render

from . import forecasts
from .auto import auto_decision
from .client import ANSWER_LIMIT, body_text, error_words, make_client, warm_up
from .coordination import aim_of
from .decision import REASON_LIMIT, Code, CompanionDecision, brief, one_line
from .local_model import LOCAL, LOCAL_SETTINGS, MODEL_NAME, LocalServer
from .offer import Offer, build_offer, offer_of, retry_prompt
from .request import Accepted
from .spoken import sentence
from .tally import Tally, cost, passed
from .text_answer import turn_named
from .tools import ARGUMENTS, CHOOSE, CUSTOM, PASS, SAY, ChooseTurn, CustomTurn, PassTurn
from .transcript import prompt_hash, write_transcript

if TYPE_CHECKING:
    from openai.types.chat import ChatCompletionMessageParam

log = logging.getLogger(__name__)

RETRY_MIN_S = 3.0          # a corrective retry only when this much of the deadline is left
FIELD_RETRY_MIN_S = 1.5    # a retry without a refused field only when this much is left
MIN_SEND_S = 0.2           # a request is sent only with this much of the deadline left
CHECK_TIMEOUT_S = 5.0      # the start-up GET /models
BUSY = (503, 504)          # a server error that says the server is loading or overloaded, not the request
MODEL_MIN_S = 5.0          # forecasts are waited for only while the model keeps this much (an answer and a retry)


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


class _OverBudget(Exception):
    """Today's calls for this server are all reserved: the call is not sent."""


class _FieldRefused(_Refused):
    """The server refused a field of the request that can be left out (now remembered): worth one retry."""


@cache
def warm_engine() -> None:
    """One offer built at start-up, on the engine thread: the first one loads the content and compiles
    the prompt templates, holding the interpreter for some 100 ms that would otherwise stall the event
    loop when the first fights open their phases. Once per process."""
    offer = build_offer(new_fight("c01", 1, "Tidecaller", "Cindle"), "companion", custom=True, seconds=10)
    retry_prompt("warm-up", count=len(offer.turns), custom=True, tools=False)
    render("companion/text_only", count=len(offer.turns))


class CompanionPilot:
    """Decides the companion's turn with the configured model. One per bot, created at start-up; its one
    client and its cap on requests in flight are shared by every fight."""

    def __init__(self, settings: Settings, *, http_client: Any = None, store: Store | None = None,
                 clock: Callable[[], datetime] | None = None,
                 run: Callable[..., Awaitable[Any]] | None = None, inline_forecasts: bool = False,
                 external: ExternalWait = direct_wait) -> None:
        # how the embedded model's start-up is awaited (SimCord's external_wait in local play and tests:
        # its start does not wait for a model loading on a busy machine)
        self.external = external
        # COMPANION_MODEL=local: the embedded model's server, started now as a child process, then
        # talked to as any other (one request at a time, its known quirks set from the start)
        self.local = LocalServer().start() if settings.companion_model == LOCAL else None
        if self.local is not None:
            settings = settings.model_copy(update={**LOCAL_SETTINGS, "openai_base_url": self.local.base_url})
        self.settings = settings
        self.compact = (settings.companion_prompt or ("compact" if self.local else "full")) == "compact"
        self.inline_forecasts = inline_forecasts  # the eval: every forecast, in-process, with no budget
        self.model = MODEL_NAME if self.local is not None else settings.companion_model
        self._local_up: asyncio.Future[None] | None = None
        self.store = store
        self.run = run  # the bot's store worker (Sessions.call); without it store calls run in a thread
        self._store_thread: ThreadPoolExecutor | None = None
        self.clock = clock or (lambda: datetime.now(UTC))
        self.client = make_client(settings, http_client) if self.model else None
        if self.client is not None:
            warm_up(self.client)
        if self.client is not None and not inline_forecasts and settings.companion_forecast_seconds > 0:
            forecasts.started()  # the forecast worker starts now, on a thread, not when the first phase opens
        self.accepted = Accepted()           # what this server was found to take (refused fields left out)
        self.slots = asyncio.Semaphore(settings.companion_max_requests)
        self.engine_thread = Lane(shared(), urgent=True, name="companion-engine")  # deadline work
        if self.client is not None:  # handed over on a thread of its own, as the workers are started: a
            # worker started from the event loop's thread polls the other children on the loop's clock,
            # which local play's in-memory Discord holds still until the bot is up
            threading.Thread(target=self.engine_thread.submit, args=(warm_engine,), name="companion-warm",
                             daemon=True).start()
        self._answered: bool | None = None   # did the server answer its last request? None: not asked yet
        if self.local is not None:
            with contextlib.suppress(RuntimeError):   # no loop running: the first decision starts it
                self._local_up = asyncio.get_running_loop().create_task(self._warm_local())

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
            if self.local is not None:
                await self._local_ready()
            async with asyncio.timeout(timeout):
                await self.client.models.list()
            self._answered = True
        except Exception as e:  # any failure means "not connected"; say why in the log
            log.info("companion model server check failed: %s", brief(e))
            self._answered = False
        return self.connected

    async def _local_ready(self) -> None:
        """Until the embedded model's server answers (once; every decision waits on the same start)."""
        if self._local_up is None:
            self._local_up = asyncio.ensure_future(self._warm_local())
        try:
            await asyncio.shield(self._local_up)
        except RuntimeError as e:
            raise _Refused("connection", str(e)) from None

    async def _warm_local(self) -> None:
        """The embedded server up, then one request of a single token with the part of every prompt that
        never changes (the system message and the tool), so the server's prefix cache holds it before the
        first fight asks: the first decision then reads only its own turns."""
        assert self.local is not None and self.client is not None
        await self.external(self.local.wait_ready(), reason="the embedded model starting")
        offer = await self._engine(build_offer, new_fight("c01", 1, "Tidecaller", "Cindle"), "companion",
                                   custom=False, seconds=10, compact=self.compact, can_pass=self.can_pass)
        options = {**self.accepted.options(self.settings), self.accepted.token_field: 1}
        try:
            await self.external(self.client.chat.completions.create(
                model=self.model or MODEL_NAME, messages=[offer.messages[0]], **options),
                reason="the embedded model's warm-up")
        except openai.OpenAIError as e:   # a warm-up only saves time later
            log.info("warming the embedded model failed: %s", brief(e))

    async def aclose(self) -> None:
        self.engine_thread.shutdown(wait=False, cancel_futures=True)
        if self.client is not None:
            await self.client.close()
        forecasts.shutdown()
        if self.local is not None:
            if self._local_up is not None:
                self._local_up.cancel()
            await self.local.astop()

    @property
    def can_pass(self) -> bool:
        """pass_turn is offered (not when the server is made to call choose_turn)."""
        return self.settings.companion_tool_choice != CHOOSE

    # --- one decision ---------------------------------------------------------------------------------

    async def decide(self, fight: FightState, fighter_id: str = "companion", *, timeout: float = 10.0,
                     guild_id: int | None = None, game_id: str | int | None = None,
                     window: float | None = None, call: str | None = None) -> CompanionDecision:
        """The companion's decision for this duo phase, within `timeout` seconds of the call (pass what is
        left of the 10 s since the companion's phase opened; `window`, those 10 s, names a timeout).

        `guild_id` counts the server's daily budget (none: no budget); `game_id` names the fight in the
        stored record; `call` is the player's own word to the companion (`/tactics tell`), put in the
        prompt as theirs and stored with the decision. Never raises for anything the model or its server
        does: the worst is a pass. If the caller cancels it, the timeout is stored before the
        cancellation goes on.
        """
        loop = asyncio.get_running_loop()
        started = loop.time()
        deadline = started + timeout
        tally = Tally(fight, opened=deadline - window if window is not None else started)
        timed_out = f"no answer in {window if window is not None else timeout:g} s"
        try:
            async with asyncio.timeout_at(deadline):
                decision = await self._decide(fight, fighter_id, deadline, tally, guild_id, call)
        except TimeoutError:
            self._answered = False if tally.calls else self._answered
            decision = passed(tally, "timeout", timed_out, self.model)
        except asyncio.CancelledError:
            if loop.time() >= deadline:  # cut off at its deadline by the caller: still a timeout to show
                decision = passed(tally, "timeout", timed_out, self.model)
                decision.latency_s = round(loop.time() - started, 3)
                with contextlib.suppress(asyncio.CancelledError):
                    await asyncio.shield(self._store(decision, fighter_id, guild_id, game_id))
            raise
        except _Refused as r:
            decision = passed(tally, r.code, r.reason, self.model)
        except Exception as e:  # a bug of ours must still not hold up the fight
            log.exception("companion pilot failed")
            decision = passed(tally, "error", f"pilot error: {brief(e)}", self.model)
        decision.latency_s = round(loop.time() - started, 3)
        decision.call = call
        if decision.passed:
            log.info("companion passes (%s): %s", decision.code, decision.reason)
        await asyncio.shield(self._store(decision, fighter_id, guild_id, game_id))
        return decision

    async def _decide(self, fight: FightState, fighter_id: str, deadline: float, tally: Tally,
                      guild_id: int | None, call: str | None = None) -> CompanionDecision:
        if self.client is None:
            raise _Refused("no_model", "no model is configured")
        loop = asyncio.get_running_loop()
        custom = self.settings.companion_custom_turns
        offer: Offer = await self._engine(build_offer, fight, fighter_id, custom=custom,
                                          seconds=max(1, round(deadline - loop.time())), call=call,
                                          compact=self.compact, can_pass=self.can_pass)
        tally.offered = offer.labels
        if not offer.turns:
            raise _Refused("no_turns", "no turn to offer")
        offer = await self._forecast(offer, fight, fighter_id, deadline, tally, call)
        corrections: list[dict] = []
        corrected = field_retried = False
        problem: _Refused | _BadAnswer | None = None
        while True:
            try:
                message = await self._ask(self._messages(offer, corrections), tally, guild_id, deadline)
                return await self._read(message, offer, fight, fighter_id, tally)
            except _OverBudget:
                if problem is None:
                    return await self._budget_turn(fight, fighter_id, tally, guild_id)
                raise _Refused(problem.code, f"{problem.reason}; no retry: today's "
                               f"{self.settings.companion_calls_per_day} model calls are used up") from None
            except _FieldRefused as refused:
                if field_retried or deadline - loop.time() < FIELD_RETRY_MIN_S:
                    raise _Refused(refused.code, refused.reason) from None
                field_retried, problem = True, refused
            except _BadAnswer as bad:
                if corrected or deadline - loop.time() < RETRY_MIN_S:
                    raise _Refused(bad.code, bad.reason) from None
                corrected, problem = True, bad
                corrections += bad.reply
            log.info("companion retries after: %s", problem.reason)

    async def _forecast(self, offer: Offer, fight: FightState, fighter_id: str, deadline: float, tally: Tally,
                        call: str | None) -> Offer:
        """The offer with the forecasts worked out in time: by COMPANION_FORECAST_SECONDS after the phase
        opened, leaving the model MODEL_MIN_S at least (all of them, however long, for the eval)."""
        loop = asyncio.get_running_loop()
        if self.inline_forecasts:
            found = await self._engine(forecasts.inline, fight, fighter_id, offer.turns)
        else:
            until = min(tally.opened + self.settings.companion_forecast_seconds, deadline - MODEL_MIN_S)
            found = await forecasts.gather(fight, fighter_id, offer.turns, until) if until > loop.time() else {}
        if found:
            offer = await self._engine(offer_of, fight, fighter_id, offer.turns,
                                       custom=self.settings.companion_custom_turns,
                                       seconds=max(1, round(deadline - loop.time())), call=call, forecasts=found,
                                       compact=self.compact, can_pass=self.can_pass)
            tally.offered = offer.labels   # now best forecast first: the numbers the model answers by
        tally.forecasts = offer.forecasts
        return offer

    def _messages(self, offer: Offer, corrections: list[dict]) -> list[dict]:
        """The offer's messages (told to answer in text when this server takes no tools), then corrections."""
        text_only = [] if self.accepted.tools else [
            {"role": "user", "content": render("companion/text_only", count=len(offer.turns))}]
        return [*offer.messages, *text_only, *corrections]

    async def _ask(self, messages: list[dict], tally: Tally, guild_id: int | None, deadline: float) -> Any:
        """One chat completion: a free request slot first, then (with time still left to use an answer)
        one of the day's calls reserved; its message, or a _Refused naming what the server did wrong."""
        if self.client is None or self.model is None:  # _decide asks only with a model configured
            raise _Refused("no_model", "no model is configured")
        if self.local is not None:
            await self._local_ready()
        options = self.accepted.options(self.settings)
        if tally.prompt_hash is None:
            tally.prompt_hash = prompt_hash(messages, options)
            if self.settings.companion_transcripts is not None:
                await asyncio.to_thread(write_transcript, self.settings.companion_transcripts, tally.prompt_hash,
                                        self.model, messages, options)
        async with self.slots:
            if deadline - asyncio.get_running_loop().time() < MIN_SEND_S:
                raise TimeoutError  # the wait for a slot took the time: an answer could not be used now
            if not await self._reserve(guild_id):
                raise _OverBudget
            tally.calls += 1
            try:
                # our messages are the plain JSON dicts the protocol takes; openai types each role's shape
                response = await self.client.chat.completions.create(
                    model=self.model, messages=cast("list[ChatCompletionMessageParam]", messages), **options)
            except openai.APIStatusError as e:
                self._answered = True
                raise self._status_refusal(e, options, tally) from None
            except openai.APIConnectionError as e:
                self._answered = False
                raise _Refused("connection",
                               f"no connection to the model server ({brief(e.__cause__ or e)})") from None
            except (openai.APIResponseValidationError, ValueError) as e:
                self._answered = True
                raise _Refused("bad_response",
                               f"the model server's answer is not a chat completion ({brief(e)})") from None
        self._answered = self.accepted.answered = True
        usage = getattr(response, "usage", None)
        if usage is not None:
            tally.tokens_in += usage.prompt_tokens or 0
            tally.tokens_out += usage.completion_tokens or 0
        choices = getattr(response, "choices", None)
        if not choices or getattr(choices[0], "message", None) is None:
            raise _Refused("bad_response", "the model server's answer has no message")
        return choices[0].message

    def _status_refusal(self, e: openai.APIStatusError, options: dict[str, Any], tally: Tally) -> _Refused:
        """An HTTP error as a pass reason with the server's own words; a refused field is remembered."""
        tally.error_body = body_text(e)
        said = error_words(e)
        if isinstance(e, openai.RateLimitError):
            after = e.response.headers.get("retry-after")
            return _Refused("rate_limited", "rate limited by the model server (429"
                            + (f", retry after {after} s)" if after else ")") + (f": {said}" if said else ""))
        reason = f"the model server answered HTTP {e.status_code}" + (f": {said}" if said else "")
        if e.status_code >= 500 and e.status_code not in BUSY and not self.accepted.answered:
            left_out = self.accepted.without_extras(options)
            if left_out:
                log.info("the model server failed on its first request: %s left out from now on", ", ".join(left_out))
                return _FieldRefused("http_error", f"{reason} (now sent without {', '.join(left_out)})")
        if e.status_code in (400, 422) or "unsupported param" in said.lower():
            param = e.body.get("param") if isinstance(e.body, dict) else None
            refused = self.accepted.refuse(f"{said} {param or ''}", options)
            if refused:
                log.info("the model server refused %s: left out from now on", ", ".join(refused))
                return _FieldRefused("http_error", f"{reason} (now sent without {', '.join(refused)})")
        return _Refused("http_error", reason)

    async def _read(self, message: Any, offer: Offer, fight: FightState, fighter_id: str,
                    tally: Tally) -> CompanionDecision:
        """The decision a tool call asks for, checked by the engine; a _BadAnswer when it cannot be used."""
        custom = self.settings.companion_custom_turns
        count = len(offer.turns)

        def bad(code: Code, reason: str, call_id: str | None = None) -> _BadAnswer:
            correction = retry_prompt(reason, count=count, custom=custom, tools=self.accepted.tools)
            assistant = {"role": "assistant", "content": message.content or ""}
            if call_id is None:
                return _BadAnswer(code, reason, [assistant, {"role": "user", "content": correction}])
            calls = [{"id": c.id, "type": "function", "function": {"name": c.function.name,
                                                                   "arguments": c.function.arguments}}
                     for c in message.tool_calls]
            replies = [{"role": "tool", "tool_call_id": c["id"], "content": correction} for c in calls]
            return _BadAnswer(code, reason, [{**assistant, "tool_calls": calls}, *replies])

        calls = getattr(message, "tool_calls", None) or []
        model = self.model
        if not calls:
            content = message.content or ""
            tally.answer = content[:ANSWER_LIMIT]
            number = turn_named(content, count)
            if number is not None:  # a server that answers in words: "turn 3" is as good as choose_turn(3)
                steps = [s.model_dump(exclude_none=True) for s in offer.turns[number - 1].steps]
                await self._check(fight, fighter_id, steps, f"turn {number}")
                return CompanionDecision(decision="turn", code="text_turn", number=number, steps=steps,
                                         model=model, reason=f"named in the model's text: turn {number}",
                                         **cost(tally))
            text = one_line(content, 60)
            said = "the model answered with text, not a tool call" if self.accepted.tools \
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
                                     reason=one_line(args.reason, REASON_LIMIT) or "the model passed",
                                     **cost(tally))
        if isinstance(args, ChooseTurn):
            chosen = offer.turns[args.number - 1]
            steps = [s.model_dump(exclude_none=True) for s in chosen.steps]
            await self._check(fight, fighter_id, steps, f"turn {args.number}")
            aim = aim_of(chosen)
            return CompanionDecision(decision="turn", code="chosen", number=args.number, steps=steps,
                                     say=sentence(args.say, heard), model=model,
                                     reason="chosen by the model", aim_foes=sorted(aim.foes),
                                     aim_support=aim.support, **cost(tally))
        assert isinstance(args, CustomTurn)  # the three tools' arguments, one class each
        steps = [s.engine_step() for s in args.steps]
        try:
            await self._engine(check_turn, fight, fighter_id, steps)
        except ValueError as e:  # every engine refusal is a ValueError (RuleError / TacticsError)
            raise bad("illegal", f"the custom turn is not legal: {brief(e)}", call.id) from None
        return CompanionDecision(decision="custom", code="custom", steps=steps, say=sentence(args.say, heard),
                                 model=model, reason="a custom turn the rules accept", **cost(tally))

    async def _engine(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Engine work (planning, checking a turn) on the pilot's one engine thread: many companions
        deciding at once queue there instead of taking the interpreter from the event loop by turns."""
        return await asyncio.get_running_loop().run_in_executor(self.engine_thread, partial(fn, *args, **kwargs))

    async def _check(self, fight: FightState, fighter_id: str, steps: list[dict], what: str) -> None:
        """A planned turn the rules refuse: the board is not the one planned on."""
        try:
            await self._engine(check_turn, fight, fighter_id, steps)
        except ValueError as e:  # every engine refusal is a ValueError (RuleError / TacticsError)
            raise _Refused("illegal", f"{what} is not legal: {brief(e)}") from None

    # --- the day's budget -----------------------------------------------------------------------------

    async def _in_store(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Store access off the event loop: on the bot's store worker when given, else on a thread of the
        pilot's own, one call at a time (the store's connection takes one transaction at once)."""
        if self.run is not None:
            return await self.run(fn, *args, **kwargs)
        if self._store_thread is None:
            self._store_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="companion-store")
        call = partial(fn, *args, **kwargs)
        return await asyncio.get_running_loop().run_in_executor(self._store_thread, call)

    async def _over_budget(self, guild_id: int | None) -> bool:
        """Whether today's calls for this server are all counted (a look, not a reservation)."""
        if self.store is None or guild_id is None:
            return False
        used = await self._in_store(decision_store.calls_today, self.store, guild_id, self.clock())
        return used >= self.settings.companion_calls_per_day

    async def _reserve(self, guild_id: int | None) -> bool:
        """Count the next call against the server's day before it is sent; False when none is left.
        Without a store or a server there is no budget."""
        if self.store is None or guild_id is None:
            return True
        return await self._in_store(decision_store.reserve_call, self.store, guild_id, self.clock(),
                                    self.settings.companion_calls_per_day)

    async def _budget_turn(self, fight: FightState, fighter_id: str, tally: Tally,
                           guild_id: int | None) -> CompanionDecision:
        """Past the day's budget the companion plays auto: the planner's first turn, no call made."""
        limit = self.settings.companion_calls_per_day
        first_today = not await self._in_store(decision_store.budget_noticed_today, self.store, guild_id,
                                               self.clock())
        decision = await self._engine(auto_decision, fight, fighter_id)
        return decision.model_copy(update={
            "code": "budget", "model": self.model, "round": tally.round, "seq": tally.seq,
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
