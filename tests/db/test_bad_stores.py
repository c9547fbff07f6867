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

from db.store import MIGRATIONS, StoreError, open_store
from tools.drive.local_play import ROOT, free_port


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


CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER = 1, 2, 3
PR_CAPBSET_DROP = 24


def without_root_overrides() -> None:
    """Run in the child before `python -m bot`: root keeps its uid but loses the capabilities that let it
    write past a file's mode, so a read-only file is read-only to it as to any host's bot user."""
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    for cap in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER):
        if libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def start_unprivileged(db_path: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "DATABASE_PATH": str(db_path), "LOCAL_PLAY_PORT": str(free_port()),
           "PYTHONPATH": str(ROOT)}
    env.pop("DISCORD_TOKEN", None)
    env.pop("DATABASE_URL", None)
    preexec = without_root_overrides if os.geteuid() == 0 else None
    return subprocess.run([sys.executable, "-m", "bot"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60, preexec_fn=preexec)


def store_with_games(folder: Path) -> Path:
    folder.mkdir()
    path = folder / "gamehall.db"
    db = open_store(path)
    db.execute("insert into players (user_id, xp, created_at) values (7, 10, 'x')")
    db.close()
    return path


def read_only_file(folder: Path) -> list[Path]:
    path = store_with_games(folder / "store")
    path.chmod(0o444)
    return [path]


def read_only_folder(folder: Path) -> list[Path]:
    path = store_with_games(folder / "store")
    path.parent.chmod(0o555)
    return [path]


def read_only_with_leftover_wal(folder: Path) -> list[Path]:
    """A store whose bot stopped hard: its last writes are still in the -wal file beside it."""
    live = store_with_games(folder / "live")
    db = sqlite3.connect(live)
    db.execute("PRAGMA wal_autocheckpoint = 0")
    db.execute("insert into players (user_id, xp, created_at) values (8, 20, 'y')")
    db.commit()
    (folder / "store").mkdir()
    copies = []
    for name in ("gamehall.db", "gamehall.db-wal", "gamehall.db-shm"):
        copy = folder / "store" / name
        copy.write_bytes((live.parent / name).read_bytes())
        copy.chmod(0o444)
        copies.append(copy)
    db.close()
    assert copies[1].stat().st_size > 0, "the copy holds writes not yet in the file"
    (folder / "store").chmod(0o555)
    return copies


@pytest.mark.parametrize("make", [read_only_file, read_only_folder, read_only_with_leftover_wal])
def test_a_read_only_store_is_refused_in_one_line_and_left_as_it_was(tmp_path, make):
    files = make(tmp_path)
    path = files[0]
    before = {file: digest(file) for file in files}
    listing = sorted(p.name for p in path.parent.iterdir())
    try:
        done = start_unprivileged(path)
    finally:
        path.parent.chmod(0o755)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1, done.stderr + done.stdout
    assert f"DATABASE_PATH={path} cannot be written" in lines[0] and "set DATABASE_PATH" in lines[0]
    assert "Traceback" not in done.stdout + done.stderr
    assert {file: digest(file) for file in files} == before, "the store is left as it was"
    assert sorted(p.name for p in path.parent.iterdir()) == listing, "nothing made beside it"
