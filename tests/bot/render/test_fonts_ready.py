"""A worker draws its first picture with the fonts already open: its fork server opened them (at every size
the pictures draw in English and Japanese) before forking it, so no worker opens its own copies."""
from __future__ import annotations

import simcord
from support.fonts import in_a_fresh_process, sizes_drawn

from bot.core import processes
from bot.render.warm import FORK_SERVER_PRELOAD, SIZES

FIRST_CALL = """
import json
import sys
from bot.core.processes import Processes
from bot.render.warm import FORK_SERVER_PRELOAD, SIZES
from support.fonts import sizes_open
pool = Processes(1)
if sys.argv[1] == "preloaded":
    pool.preload_also((FORK_SERVER_PRELOAD,))
try:
    print(json.dumps(pool.submit(sizes_open, SIZES).result(timeout=120)))
finally:
    pool.shutdown()
"""


def first_call_finds(how: str) -> list[int]:
    """The sizes a new worker's first call finds open, its fork server started afresh in a new process."""
    return in_a_fresh_process(FIRST_CALL, how)


def test_the_warm_up_opens_every_size_a_picture_draws_in_either_language():
    drawn = sizes_drawn()
    assert len(drawn) >= 8, drawn  # every game's pictures were drawn
    assert sorted(set(drawn) - set(SIZES)) == [], "sizes a first picture would open for itself"


def test_a_worker_is_forked_with_every_size_open_by_its_fork_server():
    assert first_call_finds("preloaded") == list(SIZES)
    assert first_call_finds("plain") == [], "without the preload a worker opens its own"


async def test_the_running_bot_has_its_workers_fork_server_open_the_fonts(make_real_bot):
    bot = make_real_bot()
    async with simcord.run(bot):
        assert FORK_SERVER_PRELOAD in processes.shared().preload
