"""Local play: `python -m bot` without a token serves the bot on SimCord's preview in a browser page.

These tests run the real process and drive its page the way the browser does, through the preview's
HTTP API (create a page, read its state, run slash commands), so what they see is what a player sees.
"""
from __future__ import annotations

import json
import os
import re
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.request
import uuid
from datetime import datetime

ADDRESS = re.compile(r"Local play: open (http://127\.0\.0\.1:\d+/#\S+)")
QUIET = ("PyNaCl", "davey", "Privileged message content", "Guilds intent")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LocalPlay:
    """One `python -m bot` process in local play, its output collected as it runs."""

    def __init__(self, folder, db_path) -> None:
        self.port = free_port()
        env = {**os.environ, "DATABASE_PATH": str(db_path), "LOCAL_PLAY_PORT": str(self.port)}
        env.pop("DISCORD_TOKEN", None)
        self.proc = subprocess.Popen([sys.executable, "-m", "bot"], cwd=folder, env=env, text=True,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.append(line)

    def address(self, timeout: float = 60) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in list(self.lines):
                found = ADDRESS.search(line)
                if found:
                    return found.group(1)
            if self.proc.poll() is not None:
                break
            time.sleep(0.1)
        raise AssertionError("local play printed no address:\n" + "".join(self.lines))

    def stop(self) -> str:
        self.proc.terminate()
        self.proc.wait(timeout=20)
        self._reader.join(timeout=5)
        return "".join(self.lines)


class Page:
    """A browser page of the preview, driven through the same HTTP calls its script makes."""

    def __init__(self, address: str) -> None:
        self.base, self.capability = address.split("/#")
        self.context = self._call("POST", "/api/pages", {})["context"]["id"]
        self.sequence = 0

    def _call(self, method: str, path: str, body: dict | None = None):
        headers = {"X-Simcord-Capability": self.capability, "Content-Type": "application/json"}
        if getattr(self, "context", None):
            headers["X-Simcord-Context"] = self.context
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, headers=headers, method=method)
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)

    def state(self) -> dict:
        return self._call("GET", "/api/state")

    def channel(self) -> str:
        return self.state()["channel"]["name"]

    def texts(self) -> list[str]:
        messages = self.state()["messages"].values()
        return [m.get("content") or "" for m in sorted(messages, key=lambda m: int(m["id"]))]

    def run(self, invocation: str, **options) -> dict:
        """Type a slash command in the page's channel and send it; the receipt of the action."""
        path = invocation.split()
        entry = next(e for e in self._call("GET", "/api/commands")["entries"] if e["path"] == path)
        state = self.state()
        self.sequence += 1
        receipt = self._call("POST", "/api/action", {
            "command_id": entry["commandId"], "path": path, "schema_fingerprint": entry["schemaFingerprint"],
            "options": {k: str(v) for k, v in options.items()}, "protocol_version": 3, "sequence": self.sequence,
            "request_id": str(uuid.uuid4()), "generation": state["context"]["generation"],
            "bot_generation": state["botGeneration"], "published_revision": state["publishedRevision"],
            "kind": "run_command"})
        assert not receipt["rejected"], json.dumps(receipt["diagnostics"])
        return receipt

    def wait_for_channel(self, wanted: str, timeout: float = 20) -> None:
        """The page moves by itself (no reload): wait until it shows the channel named `wanted`…"""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.channel().startswith(wanted):
                return
            time.sleep(0.2)
        raise AssertionError(f"the page still shows {self.channel()!r}, not {wanted!r}")

    def said(self, *parts: str) -> str:
        """The newest message in the page containing every part."""
        found = [t for t in self.texts() if all(p in t for p in parts)]
        assert found, f"no message with {parts} in the page; it shows {self.texts()}"
        return found[-1]


def test_local_play_prints_an_address_that_serves_the_preview(tmp_path):
    play = LocalPlay(tmp_path, tmp_path / "local.db")
    try:
        address = play.address()
        assert f":{play.port}/" in address
        with urllib.request.urlopen(address.split("#")[0], timeout=10) as page:
            assert page.status == 200 and "SimCord" in page.read().decode()
        assert (tmp_path / "local.db").exists(), "local play keeps its games in the SQLite store"
    finally:
        output = play.stop()
    for note in QUIET:
        assert note not in output, f"start-up printed a note meant for other bots: {note}\n{output}"


def test_a_restart_keeps_the_player_their_progress_and_their_running_game(tmp_path):
    db_path = tmp_path / "local.db"
    play = LocalPlay(tmp_path, db_path)
    try:
        page = Page(play.address())
        assert page.channel() == "games"
        page.run("bowls puzzle", number=1)
        page.wait_for_channel("Bowls · Puzzle 1")  # into the game's thread, no reload
        page.run("bowls sow", bowl=3)  # puzzle 1: bowl 3's red lands on two reds and clears them
        assert "Puzzle solved" in page.said("Puzzle 1")
        page.wait_for_channel("games")  # and back once the game is over
        page.run("bowls puzzle", number=2)
        page.wait_for_channel("Bowls · Puzzle 2")
    finally:
        play.stop()
    with sqlite3.connect(db_path) as db:
        xp = db.execute("select xp from players").fetchone()[0]
        old_thread = db.execute("select thread_id from games where status = 'running'").fetchone()[0]
    assert xp > 0

    play = LocalPlay(tmp_path, db_path)
    try:
        page = Page(play.address())
        assert page.channel() == "games"
        with sqlite3.connect(db_path) as db:
            game_id, thread_id = db.execute("select id, thread_id from games where status = 'running'").fetchone()
        assert thread_id != old_thread, "the game is re-pointed at its new thread"
        assert f"<#{thread_id}>" in page.said("Welcome back")
        page.run("profile")
        profile = page.said("XP")
        assert f"level 1, {xp} XP" in profile and "Puzzles won: 1/100" in profile
        page.run("games")
        assert f"Bowls #{game_id} — <#{thread_id}>" in page.said("Your running games")
        page.run("open", where=str(thread_id))
        page.wait_for_channel("Bowls · Puzzle 2")
        board = page.said("Back after a restart")
        assert "Puzzle 2" in board and "Moves left 1" in board
        page.run("bowls sow", bowl=1)  # the reopened game plays on where it was
        with sqlite3.connect(db_path) as db:
            version = db.execute("select version from games where id = ?", [game_id]).fetchone()[0]
        assert version > 1
    finally:
        play.stop()


def test_message_times_follow_the_wall_clock(tmp_path):
    play = LocalPlay(tmp_path, tmp_path / "local.db")
    try:
        page = Page(play.address())
        page.run("profile")
        time.sleep(3)
        page.run("profile")
        deadline = time.monotonic() + 10
        while len(messages := page.state()["messages"]) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)  # the page scrolls to the newest message by itself
        stamps = [datetime.fromisoformat(m["timestamp"]) for m in messages.values()]
    finally:
        play.stop()
    assert len(stamps) == 2
    first, second = sorted(stamps)
    assert (second - first).total_seconds() >= 2.5, "SimCord's clock stood still between the two messages"
    assert abs((second - datetime.now(second.tzinfo)).total_seconds()) < 60
