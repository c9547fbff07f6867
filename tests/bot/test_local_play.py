"""Local play: `python -m bot` without a token serves the bot on SimCord's preview in a browser page."""
from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_local_play_prints_an_address_that_serves_the_preview(tmp_path):
    port = free_port()
    env = {**os.environ, "DATABASE_PATH": str(tmp_path / "local.db"), "LOCAL_PLAY_PORT": str(port)}
    env.pop("DISCORD_TOKEN", None)
    proc = subprocess.Popen([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        address = None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and address is None:
            line = proc.stdout.readline()
            found = re.search(r"Local play: open (http://127\.0\.0\.1:\d+/#\S+)", line)
            address = found.group(1) if found else None
        assert address, "local play printed no address"
        assert f":{port}/" in address
        with urllib.request.urlopen(address.split("#")[0], timeout=10) as page:
            assert page.status == 200 and "SimCord" in page.read().decode()
        assert (tmp_path / "local.db").exists(), "local play keeps its games in the SQLite store"
    finally:
        proc.terminate()
        proc.wait(timeout=20)
