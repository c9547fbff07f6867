"""Start-up configuration and the store: clear one-line errors, migrations, versioned saves."""
from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime

import pytest

from bot.settings import SettingsError, load_settings
from db import games
from db.store import MIGRATIONS, open_store


def test_invalid_setting_is_one_line_naming_it(monkeypatch):
    monkeypatch.setenv("DEV_GUILD_ID", "not-a-number")
    with pytest.raises(SettingsError) as info:
        load_settings(_env_file=None)
    assert "DEV_GUILD_ID" in str(info.value) and "\n" not in str(info.value)
    monkeypatch.setenv("DEV_GUILD_ID", "")
    monkeypatch.setenv("LOG_LEVEL", "loud")
    with pytest.raises(SettingsError, match="LOG_LEVEL"):
        load_settings(_env_file=None)


def test_token_is_never_shown(monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", "super-secret-token")
    settings = load_settings(_env_file=None)
    assert "super-secret-token" not in repr(settings) and "super-secret-token" not in str(settings)
    assert settings.discord_token.get_secret_value() == "super-secret-token"


def test_entry_point_stops_with_one_line_on_a_bad_value(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "OPENAI_BASE_URL": "ftp://nowhere", "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == ["Invalid setting OPENAI_BASE_URL: Value error, must start with "
                                                "http:// or https://"]


def test_store_is_wal_and_migrated_once(tmp_path):
    path = tmp_path / "sub" / "g.db"
    db = open_store(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    db.conn.close()
    again = open_store(path)  # reopening applies nothing twice
    assert {"games", "players", "progress", "guild_settings", "daily_posts"} <= set(again.table_names())


def test_either_store_is_migrated_once(store_target):
    db = open_store(store_target)
    assert db.schema_version() == len(MIGRATIONS)
    db.close()
    again = open_store(store_target)  # reopening applies nothing twice
    assert again.schema_version() == len(MIGRATIONS)
    assert {"games", "game_players", "players", "progress", "guild_settings", "daily_posts", "daily_results",
            "running_slots", "companion_decisions"} <= set(again.table_names())
    again.close()


def test_every_change_bumps_the_version_and_a_stale_writer_changes_nothing(store):
    db = store
    now = datetime(2026, 1, 1, tzinfo=UTC)
    game = games.create_game(db, kind="tally", guild_id=1, channel_id=2, players=[7], state="{}", now=now)
    saved = games.save_game(db, game, now=now, state='{"count": 1}')
    assert saved.version == game.version + 1
    with pytest.raises(games.StaleGame):
        games.save_game(db, game, now=now, state='{"count": 99}')
    assert games.get_game(db, game.id).state == '{"count": 1}'
    assert [g.id for g in games.running_games_of(db, 7)] == [game.id]
    games.save_game(db, saved, now=now, status=games.FINISHED)
    assert games.running_games_of(db, 7) == []


def test_progress_is_written_with_the_move_or_not_at_all(store):
    from db import players

    db = store
    now = datetime(2026, 1, 1, tzinfo=UTC)
    game = games.create_game(db, kind="tally", guild_id=1, channel_id=2, players=[7], state="{}", now=now)

    def broken_progress():
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        games.save_game(db, game, now=now, state='{"count": 1}', also=broken_progress)
    assert games.get_game(db, game.id).version == game.version, "a move whose progress failed is not saved"
    saved = games.save_game(db, game, now=now, state='{"count": 1}',
                            also=lambda: players.save_progress(db, 7, "tally", {"finished": 1}, now))
    assert saved.version == game.version + 1 and players.get_progress(db, 7, "tally") == {"finished": 1}
    with pytest.raises(games.StaleGame):  # a stale move earns nothing either
        games.save_game(db, game, now=now, state="{}",
                        also=lambda: players.save_progress(db, 7, "tally", {"finished": 99}, now))
    assert players.get_progress(db, 7, "tally") == {"finished": 1}


def test_profile_levels_follow_one_curve():
    from engine.levels import level_bounds, level_for

    assert [level_for(xp) for xp in (0, 299, 300, 899, 900)] == [1, 1, 2, 3, 4]
    assert level_bounds(2) == (300, 600)


def test_local_play_port_comes_from_settings_and_a_bad_one_is_one_line(tmp_path, monkeypatch):
    (tmp_path / ".env").write_text("LOCAL_PLAY_PORT=9123\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("LOCAL_PLAY_PORT", raising=False)
    assert load_settings().local_play_port == 9123, "a .env value is read like every other setting"
    monkeypatch.setenv("LOCAL_PLAY_PORT", "eighty")
    with pytest.raises(SettingsError, match="LOCAL_PLAY_PORT"):
        load_settings()
