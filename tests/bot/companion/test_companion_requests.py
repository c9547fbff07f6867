"""One shared client for every fight: a cap on model requests in flight (COMPANION_MAX_REQUESTS) and a
pool of kept-alive connections, created once with the pilot."""
from __future__ import annotations

import asyncio

from tools.drive.fake_openai import FakeOpenAI, hang


async def test_requests_in_flight_are_capped_and_share_kept_alive_connections(fight, pilots):
    async with FakeOpenAI([hang(0.3)]) as fake:
        pilot = pilots(fake, COMPANION_MAX_REQUESTS=2)
        made = await asyncio.gather(*(pilot.decide(fight, "companion", timeout=5.0) for _ in range(6)))
        again = await pilot.decide(fight, "companion", timeout=5.0)
    assert [d.code for d in made] == ["chosen"] * 6 and again.code == "chosen"
    assert fake.most_in_flight == 2, "never more requests in flight than COMPANION_MAX_REQUESTS"
    assert len(fake.requests) == 7 and len(fake.connections) <= 2, "the pool's connections are kept and reused"


async def test_a_companion_waiting_for_a_request_slot_still_passes_at_its_deadline(fight, pilots):
    async with FakeOpenAI([hang(30)]) as fake:
        pilot = pilots(fake, COMPANION_MAX_REQUESTS=1)
        loop = asyncio.get_running_loop()
        started = loop.time()
        made = await asyncio.gather(*(pilot.decide(fight, "companion", timeout=1.0) for _ in range(3)))
        elapsed = loop.time() - started
    assert [d.code for d in made] == ["timeout"] * 3 and len(fake.requests) == 1
    assert [d.calls for d in sorted(made, key=lambda d: -d.calls)] == [1, 0, 0]
    assert elapsed < 5.0, "the ones still waiting for a slot pass at their own deadline"
