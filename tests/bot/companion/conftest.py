"""Companion tests: the real pilot and openai client over HTTP against tools/drive/fake_openai.py."""
from __future__ import annotations

import pytest

from bot.companion.pilot import CompanionPilot, warm_engine
from bot.core import processes
from bot.settings import Settings
from db.store import open_store
from engine.tactics import new_fight
from tools.drive.fake_openai import MODEL


@pytest.fixture(autouse=True)
def warm_workers():
    """The engine's workers started as a running bot has them long before a companion's first phase: a
    new worker forks with the pilot's modules imported (the bot's Sessions preload its games the same
    way), and one is up and warm. A test's short deadline then times the pilot and the model server, not
    a worker importing the games (some 2 s from a cold process), so a file run alone passes as it does in
    the whole suite."""
    processes.configure(None, preload=("bot.companion.pilot",))
    processes.shared().started(warm_engine).result(timeout=120)


@pytest.fixture
def fight():
    """Round 1 of c01, the companion (Cindle) still to act."""
    return new_fight("c01", 1, "Tidecaller", "Cindle")


@pytest.fixture
def store(tmp_path):
    return open_store(tmp_path / "companion.db")


@pytest.fixture
async def pilots():
    """make(fake, **settings) -> a CompanionPilot on that fake server; all closed at the end."""
    made: list[CompanionPilot] = []

    def make(fake, *, store=None, clock=None, **overrides) -> CompanionPilot:
        settings = Settings(OPENAI_BASE_URL=fake.base_url, COMPANION_MODEL=MODEL, _env_file=None, **overrides)
        pilot = CompanionPilot(settings, store=store, clock=clock)
        made.append(pilot)
        return pilot

    yield make
    for pilot in made:
        await pilot.aclose()
