"""Shared pytest setup: a hypothesis profile that keeps CI quick and deterministic, and the one switch
that rewrites golden files (`pytest --update-golden`, see tests/support/golden.py)."""
import os

import support.golden
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=60, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))

pytest_plugins = ["support.stores"]  # the store fixtures, over SQLite and PostgreSQL

def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite every golden file a test compares against, instead of comparing")


def pytest_configure(config):
    support.golden.UPDATE = config.getoption("--update-golden")
