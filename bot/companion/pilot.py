"""The companion pilot: a language model picks one of the planner's ready-made turns by a tool call,
under one hard deadline.

The whole decision (planning and prompt, the call, reading the answer, the engine's check) runs inside
one `asyncio.timeout`; the SDK's own timeout is only a backstop per socket. Whatever goes wrong (an
HTTP error, a body that is not a completion, no tool call, a number not offered, an illegal turn, a
hang, a trickle) ends in a pass with its reason, never in an exception. One corrective retry is sent
when the model answered badly and at least 3 s remain; one more when the server refused a field of the
request (remembered for later requests). Each call reserves one of the server's calls for the day
before it is sent. Every decision is stored when a store is given, a timed-out or cancelled one too.

This module is the deadline loop (the offer, the forecasts, the calls and their retries); reading an
answer or an HTTP error is answers.py; the day's budget and the records are ledger.py.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from functools import cache, partial
from typing import TYPE_CHECKING, Any, cast

import openai

from bot.core.process_lane import Lane
from bot.core.processes import shared
from bot.core.seats import ExternalWait, direct_wait
from bot.settings import Settings
from db.store import Store
from engine.tactics import FightState, new_fight
from prompts import render

from . import forecasts
from .answers import read_answer, status_refusal
from .client import make_client, warm_up
from .decision import CompanionDecision, brief
from .embedded import EmbeddedStart
from .ledger import Ledger
from .local_model import LOCAL, LOCAL_SETTINGS, MODEL_NAME, LocalServer
from .offer import Offer, build_offer, offer_of, retry_prompt
from .refusals import BadAnswer, FieldRefused, OverBudget, Refused
from .request import Accepted
from .tally import Tally, passed
from .tools import CHOOSE
from .transcript import prompt_hash, write_transcript

if TYPE_CHECKING:
    from openai.types.chat import ChatCompletionMessageParam

log = logging.getLogger(__name__)

RETRY_MIN_S = 3.0          # a corrective retry only when this much of the deadline is left
FIELD_RETRY_MIN_S = 1.5    # a retry without a refused field only when this much is left
MIN_SEND_S = 0.2           # a request is sent only with this much of the deadline left
CHECK_TIMEOUT_S = 5.0      # the start-up GET /models
MODEL_MIN_S = 5.0          # forecasts are waited for only while the model keeps this much (an answer and a retry)


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
        self.embedded = EmbeddedStart(self.local, external) if self.local is not None else None
        self.store = store
        self.run = run  # the bot's store worker (Sessions.call); without it store calls run in a thread
        self.clock = clock or (lambda: datetime.now(UTC))
        self.ledger = Ledger(settings, store, clock=self.clock, run=run, engine=self._engine)  # budget, records
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
        if self.embedded is not None:
            self.embedded.begin(self._warm_request)

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
            if self.embedded is not None:
                await self.embedded.ready()
            async with asyncio.timeout(timeout):
                await self.client.models.list()
            self._answered = True
        except Exception as e:  # any failure means "not connected"; say why in the log
            log.info("companion model server check failed: %s", brief(e))
            self._answered = False
        return self.connected

    async def _warm_request(self) -> None:
        """Once the embedded server is up, one request of a single token with the part of every prompt
        that never changes (the system message and the tool), so the server's prefix cache holds it before
        the first fight asks: the first decision then reads only its own turns."""
        assert self.client is not None
        offer = await self._engine(build_offer, new_fight("c01", 1, "Tidecaller", "Cindle"), "companion",
                                   custom=False, seconds=10, compact=self.compact, can_pass=self.can_pass)
        options = {**self.accepted.options(self.settings), self.accepted.token_field: 1}
        await self.external(self.client.chat.completions.create(
            model=self.model or MODEL_NAME, messages=[offer.messages[0]], **options),
            reason="the embedded model's warm-up")

    async def aclose(self) -> None:
        self.engine_thread.shutdown(wait=False, cancel_futures=True)
        if self.client is not None:
            await self.client.close()
        forecasts.shutdown()
        if self.embedded is not None:
            await self.embedded.aclose()

    @property
    def can_pass(self) -> bool:
        """pass_turn is offered (not when the server is made to call choose_turn)."""
        return self.settings.companion_tool_choice != CHOOSE

    # --- one decision ---------------------------------------------------------------------------------

    async def decide(self, fight: FightState, fighter_id: str = "companion", *, timeout: float = 10.0,
                     guild_id: int | None = None, game_id: str | int | None = None,
                     window: float | None = None, call: str | None = None,
                     language: str | None = None) -> CompanionDecision:
        """The companion's decision for this duo phase, within `timeout` seconds of the call (pass what is
        left of the 10 s since the companion's phase opened; `window`, those 10 s, names a timeout).

        `guild_id` counts the server's daily budget (none: no budget); `game_id` names the fight in the
        stored record; `call` is the player's own word to the companion (`/tactics tell`), put in the
        prompt as theirs, as they wrote it, and stored with the decision; `language` is the thread's (the
        server's, bot/core/languages.py), which the model is asked to write `say` in (the prompt itself
        stays English; none: English). Never raises for anything the model or its server
        does: the worst is a pass. If the caller cancels it, the timeout is stored before the
        cancellation goes on.
        """
        loop = asyncio.get_running_loop()
        started = loop.time()
        deadline = started + timeout
        tally = Tally(fight, opened=deadline - window if window is not None else started)
        seconds = f"{window if window is not None else timeout:g}"
        timed_out = f"no answer in {seconds} s"
        try:
            async with asyncio.timeout_at(deadline):
                decision = await self._decide(fight, fighter_id, deadline, tally, guild_id, call, language)
        except TimeoutError:
            self._answered = False if tally.calls else self._answered
            decision = passed(tally, "timeout", timed_out, self.model, seconds=seconds)
        except asyncio.CancelledError:
            if loop.time() >= deadline:  # cut off at its deadline by the caller: still a timeout to show
                decision = passed(tally, "timeout", timed_out, self.model, seconds=seconds)
                decision.latency_s = round(loop.time() - started, 3)
                with contextlib.suppress(asyncio.CancelledError):
                    await asyncio.shield(self.ledger.record(decision, fighter_id, guild_id, game_id))
            raise
        except Refused as r:
            decision = passed(tally, r.code, r.reason, self.model)
        except Exception as e:  # a bug of ours must still not hold up the fight
            log.exception("companion pilot failed")
            decision = passed(tally, "error", f"pilot error: {brief(e)}", self.model)
        decision.latency_s = round(loop.time() - started, 3)
        decision.call = call
        if decision.passed:
            log.info("companion passes (%s): %s", decision.code, decision.reason)
        await asyncio.shield(self.ledger.record(decision, fighter_id, guild_id, game_id))
        return decision

    async def _decide(self, fight: FightState, fighter_id: str, deadline: float, tally: Tally,
                      guild_id: int | None, call: str | None = None,
                      language: str | None = None) -> CompanionDecision:
        if self.client is None:
            raise Refused("no_model", "no model is configured")
        loop = asyncio.get_running_loop()
        custom = self.settings.companion_custom_turns
        offer: Offer = await self._engine(build_offer, fight, fighter_id, custom=custom,
                                          seconds=max(1, round(deadline - loop.time())), call=call,
                                          compact=self.compact, can_pass=self.can_pass, language=language)
        tally.offered = offer.labels
        if not offer.turns:
            raise Refused("no_turns", "no turn to offer")
        offer = await self._forecast(offer, fight, fighter_id, deadline, tally, call, language)
        corrections: list[dict] = []
        corrected = field_retried = False
        problem: Refused | BadAnswer | None = None
        while True:
            try:
                message = await self._ask(self._messages(offer, corrections), tally, guild_id, deadline)
                return await read_answer(message, offer, fight, fighter_id, tally,
                                         custom=custom, tools=self.accepted.tools, model=self.model,
                                         engine=self._engine)
            except OverBudget:
                if problem is None:
                    return await self.ledger.budget_turn(fight, fighter_id, tally, guild_id, self.model)
                raise Refused(problem.code, f"{problem.reason}; no retry: today's "
                              f"{self.settings.companion_calls_per_day} model calls are used up") from None
            except FieldRefused as refused:
                if field_retried or deadline - loop.time() < FIELD_RETRY_MIN_S:
                    raise Refused(refused.code, refused.reason) from None
                field_retried, problem = True, refused
            except BadAnswer as bad:
                if corrected or deadline - loop.time() < RETRY_MIN_S:
                    raise Refused(bad.code, bad.reason) from None
                corrected, problem = True, bad
                corrections += bad.reply
            log.info("companion retries after: %s", problem.reason)

    async def _forecast(self, offer: Offer, fight: FightState, fighter_id: str, deadline: float, tally: Tally,
                        call: str | None, language: str | None) -> Offer:
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
                                       compact=self.compact, can_pass=self.can_pass, language=language)
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
        one of the day's calls reserved; its message, or a Refused naming what the server did wrong."""
        if self.client is None or self.model is None:  # _decide asks only with a model configured
            raise Refused("no_model", "no model is configured")
        if self.embedded is not None:
            await self.embedded.ready()
        options = self.accepted.options(self.settings)
        if tally.prompt_hash is None:
            tally.prompt_hash = prompt_hash(messages, options)
            if self.settings.companion_transcripts is not None:
                await asyncio.to_thread(write_transcript, self.settings.companion_transcripts, tally.prompt_hash,
                                        self.model, messages, options)
        async with self.slots:
            if deadline - asyncio.get_running_loop().time() < MIN_SEND_S:
                raise TimeoutError  # the wait for a slot took the time: an answer could not be used now
            if not await self.ledger.reserve(guild_id):
                raise OverBudget
            tally.calls += 1
            try:
                # our messages are the plain JSON dicts the protocol takes; openai types each role's shape
                response = await self.client.chat.completions.create(
                    model=self.model, messages=cast("list[ChatCompletionMessageParam]", messages), **options)
            except openai.APIStatusError as e:
                self._answered = True
                raise status_refusal(e, options, tally, self.accepted) from None
            except openai.APIConnectionError as e:
                self._answered = False
                raise Refused("connection",
                              f"no connection to the model server ({brief(e.__cause__ or e)})") from None
            except (openai.APIResponseValidationError, ValueError) as e:
                self._answered = True
                raise Refused("bad_response",
                              f"the model server's answer is not a chat completion ({brief(e)})") from None
        self._answered = self.accepted.answered = True
        usage = getattr(response, "usage", None)
        if usage is not None:
            tally.tokens_in += usage.prompt_tokens or 0
            tally.tokens_out += usage.completion_tokens or 0
        choices = getattr(response, "choices", None)
        if not choices or getattr(choices[0], "message", None) is None:
            raise Refused("bad_response", "the model server's answer has no message")
        return choices[0].message

    async def _engine(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Engine work (planning, checking a turn) on the pilot's one engine thread: many companions
        deciding at once queue there instead of taking the interpreter from the event loop by turns."""
        return await asyncio.get_running_loop().run_in_executor(self.engine_thread, partial(fn, *args, **kwargs))
