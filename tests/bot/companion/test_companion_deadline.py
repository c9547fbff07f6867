"""THE ONE SLOW TEST (about 10 s): the real 10-second deadline against a hang and a trickle.

The SDK's own timeout alone would let the trickle (one byte every 5 s keeps each read alive) run far
past 10 s; the pilot's single asyncio deadline ends both at 10.0-10.3 s, measured around the decision.
Both fights run at once, so the test costs one deadline, not two.
"""
from __future__ import annotations

import asyncio
import time

import pytest

from tools.drive.fake_openai import FakeOpenAI, hang, trickle

pytestmark = pytest.mark.slow


async def test_the_real_deadline_ends_a_hang_and_a_trickle_within_10_3_s(fight, pilots):
    async def measured(answer):
        async with FakeOpenAI([answer]) as fake:
            pilot = pilots(fake)
            started = time.monotonic()
            decision = await pilot.decide(fight, "companion")       # the default: timeout=10.0
            return time.monotonic() - started, decision, fake

    (t_hang, d_hang, f_hang), (t_trickle, d_trickle, f_trickle) = await asyncio.gather(
        measured(hang(30)), measured(trickle(5)))
    print(f"\ndeadline: hang ended after {t_hang:.3f} s, trickle after {t_trickle:.3f} s")
    for elapsed, d, fake in ((t_hang, d_hang, f_hang), (t_trickle, d_trickle, f_trickle)):
        assert 10.0 <= elapsed <= 10.3
        assert (d.decision, d.code, d.reason) == ("pass", "timeout", "no answer in 10 s")
        assert d.line("Cindle") == "Cindle passes: no answer in 10 s"
        assert len(fake.requests) == 1 and 10.0 <= d.latency_s <= 10.3
