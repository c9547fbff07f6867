"""COMPANION_MODEL=local for the pilot: the embedded model's server (local_model.py), started as a child
process when the pilot is made, and its one start-up (the server up, then warmed) that every decision
waits on. A server that never comes up ends each decision in a pass saying why."""
from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

import openai

from bot.core.seats import ExternalWait

from .decision import brief
from .local_model import LocalServer
from .refusals import Refused

log = logging.getLogger(__name__)


class EmbeddedStart:
    """The embedded server and its start-up, awaited once. `external` is how the start is awaited
    (SimCord's external_wait in local play and tests: its start does not wait for a model loading on a
    busy machine)."""

    def __init__(self, server: LocalServer, external: ExternalWait) -> None:
        self.server = server
        self.external = external
        self._up: asyncio.Future[None] | None = None
        self._warm: Callable[[], Awaitable[None]] | None = None

    def begin(self, warm: Callable[[], Awaitable[None]]) -> None:
        """The start-up under way from now when a loop runs (else the first decision starts it); `warm`
        is the warm-up request, sent once the server answers."""
        self._warm = warm
        with contextlib.suppress(RuntimeError):   # no loop running: the first decision starts it
            self._up = asyncio.get_running_loop().create_task(self._start())

    async def ready(self) -> None:
        """Until the embedded model's server answers (once; every decision waits on the same start)."""
        if self._up is None:
            self._up = asyncio.ensure_future(self._start())
        try:
            await asyncio.shield(self._up)
        except RuntimeError as e:
            raise Refused("connection", str(e)) from None

    async def _start(self) -> None:
        await self.external(self.server.wait_ready(), reason="the embedded model starting")
        if self._warm is None:
            return
        try:
            await self._warm()
        except openai.OpenAIError as e:   # a warm-up only saves time later
            log.info("warming the embedded model failed: %s", brief(e))

    async def aclose(self) -> None:
        if self._up is not None:
            self._up.cancel()
        await self.server.astop()
