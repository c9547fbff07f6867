"""A store the bot cannot start on ends `python -m bot` in one clear line naming the value and the fix,
with the store left as it was: a store from a newer release, a file that is no database, a folder that
cannot be made."""
from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from support.local_play import ROOT, free_port

from db.store import MIGRATIONS, StoreError, open_store


def start(db_path: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "DATABASE_PATH": str(db_path), "LOCAL_PLAY_PORT": str(free_port()),
           "PYTHONPATH": str(ROOT)}
    env.pop("DISCORD_TOKEN", None)
    env.pop("DATABASE_URL", None)
    return subprocess.run([sys.executable, "-m", "bot"], cwd=db_path.parent if db_path.parent.is_dir() else ROOT,
                          env=env, capture_output=True, text=True, timeout=60)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def newer_store(folder: Path) -> Path:
    path = folder / "gamehall.db"
    open_store(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    db.close()  # the last connection: the WAL is checkpointed into the file
    return path


def not_a_database(folder: Path) -> Path:
    path = folder / "notes.db"
    path.write_text("my shopping list\n" * 200)
    return path


@pytest.mark.parametrize(("make", "said"), [
    (newer_store, "was written by a newer Game Hall"),
    (not_a_database, "is not a Game Hall store"),
])
def test_a_store_it_cannot_use_is_refused_in_one_line_and_left_as_it_was(tmp_path, make, said):
    path = make(tmp_path)
    before = digest(path)
    done = start(path)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1, done.stderr + done.stdout
    assert said in lines[0] and f"DATABASE_PATH={path}" in lines[0] and "set DATABASE_PATH" in lines[0]
    assert "Traceback" not in done.stdout + done.stderr
    assert digest(path) == before and not Path(f"{path}-wal").exists(), "the store is left as it was"


def test_a_folder_that_cannot_be_made_is_said_in_one_line(tmp_path):
    (tmp_path / "taken").write_text("a file where the folder would be")
    path = tmp_path / "taken" / "games" / "gamehall.db"
    done = start(path)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1, done.stderr + done.stdout
    assert f"DATABASE_PATH={path}: its folder cannot be made" in lines[0] and "Traceback" not in done.stderr


def test_the_store_refuses_a_newer_schema_before_writing(tmp_path):
    path = newer_store(tmp_path)
    with pytest.raises(StoreError, match="newer Game Hall"):
        open_store(path)
