"""Shared pytest setup: a hypothesis profile that keeps CI quick and deterministic, and the one switch
that rewrites golden files (`pytest --update-golden`, see tests/support/golden.py)."""
import os

import simcord
import support.golden
from hypothesis import HealthCheck, settings

from bot.core.parsed import Parsed

settings.register_profile(
    "ci", max_examples=60, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))

# One worker process for the bots the suite builds (the default is one a core). SimCord's virtual clock
# stops time.monotonic, and a pool starting a second worker polls the first with a zero timeout that
# never runs out on a stopped clock. Real time (local play, bench_load) has no such wait;
# tests/bot/core/test_processes.py runs two workers outside SimCord.
os.environ.setdefault("PROCESS_WORKERS", "1")

# How long SimCord waits for the bot to settle after each step before it calls the bot stuck (its
# default is 5 s, which a busy machine's slow moment can pass). It is also SimCord's horizon for "soon":
# a bot's sleep due within it is waited out in real time, so it stays below the shortest timer a test
# lets run by `advance_time` alone (the companion's 10 s deadline). Every `simcord.run(bot)` takes it.
SETTLE_TIMEOUT_S = float(os.environ.get("SIMCORD_SETTLE_TIMEOUT", "8"))
simcord.Env.__init__.__kwdefaults__["settle_timeout"] = SETTLE_TIMEOUT_S

# A game's parsed state is shared between the loads of a press (bot/core/parsed.py): every load in the
# suite checks that no step changed a kept state in place and that a step's new state is what its save says.
Parsed.verify = True

pytest_plugins = ["support.stores"]  # the store fixtures, over SQLite and PostgreSQL

def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite every golden file a test compares against, instead of comparing")


def pytest_configure(config):
    support.golden.UPDATE = config.getoption("--update-golden")
