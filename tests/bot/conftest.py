"""SimCord fixtures: the real bot from create_bot on a temporary SQLite file."""
from __future__ import annotations

import pytest

from bot.discord import create_bot
from bot.settings import Settings


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(database_path=tmp_path / "gamehall.db", shard_count=1, _env_file=None)


@pytest.fixture
def make_bot(settings):
    """Build a fresh bot on the same database: the way a restart builds it."""
    def build(plugins=None):
        if plugins is None:
            from tools.drive.tally import PLUGIN
            plugins = [PLUGIN]
        return create_bot(settings, plugins=plugins)
    return build


@pytest.fixture
def make_real_bot(settings):
    """The bot with every shipped game, as `python -m bot` builds it."""
    return lambda: create_bot(settings)
