"""Drive `python -m bot` in local play the way a browser does: the real process, its preview page
through the same HTTP calls the page's script makes (SimCord's page API: /api/pages, /api/state,
/api/commands, /api/action), and (for the companion) a fake model server.

Shared by the tests (tests/bot/test_local_play*.py, through tests/support/local_play.py, which adds a
real browser) and the benchmarks (bench_local_play, bench_cold_start).
"""
from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path

from tools.drive.fake_openai import MODEL, Answer, FakeOpenAI

ADDRESS = re.compile(r"Local play: open (http://127\.0\.0\.1:\d+/#\S+)")
ROOT = Path(os.environ.get("GAMEHALL_ROOT") or Path(__file__).resolve().parents[2])  # the code the process runs


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LocalPlay:
    """One `python -m bot` process in local play (no DISCORD_TOKEN), its output collected as it runs, each
    line with the time (time.monotonic) it was read."""

    def __init__(self, folder, db_path, *, port: int | None = None, extra_env: dict[str, str] | None = None,
                 background: bool = False) -> None:
        """`background`: started as a shell starts `nohup python -m bot &`, with SIGINT ignored."""
        self.port = port or free_port()
        env = {**os.environ, "DATABASE_PATH": str(db_path), "LOCAL_PLAY_PORT": str(self.port), **(extra_env or {})}
        env.pop("DISCORD_TOKEN", None)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        ignore_sigint = (lambda: signal.signal(signal.SIGINT, signal.SIG_IGN)) if background else None
        self.started = time.monotonic()
        self.proc = subprocess.Popen([sys.executable, "-m", "bot"], cwd=folder, env=env, text=True,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, preexec_fn=ignore_sigint)
        self.lines: list[str] = []
        self.read_at: list[float] = []  # when each line was read, beside it
        self.printed_at = float("nan")  # when the address was printed (once `address` found it)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.read_at.append(time.monotonic())
            self.lines.append(line)

    def address(self, timeout: float = 180) -> str:
        """The page's address, read from the output as soon as it is printed (a start on a busy machine
        can take a minute; a process that ended stops the wait at once)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for number, line in enumerate(list(self.lines)):
                found = ADDRESS.search(line)
                if found:
                    self.printed_at = self.read_at[number]
                    return found.group(1)
            if self.proc.poll() is not None:
                break
            time.sleep(0.01)
        raise RuntimeError("local play printed no address:\n" + "".join(self.lines))

    def cpu_seconds(self) -> float:
        """The process's CPU seconds so far (nan once it has ended)."""
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return float("nan")
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> str:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:  # it did not stop: no process outlives its test
                self.proc.kill()
                self.proc.wait(timeout=10)
                raise
        self._reader.join(timeout=5)
        return "".join(self.lines)


class Page:
    """A browser page of the preview, driven through the same HTTP calls its script makes."""

    def __init__(self, address: str) -> None:
        self.base, self.capability = address.split("/#")
        self.context: str | None = None
        self.context = self._call("POST", "/api/pages", {})["context"]["id"]
        self.sequence = 0

    def _call(self, method: str, path: str, body: dict | None = None):
        headers = {"X-Simcord-Capability": self.capability, "Content-Type": "application/json"}
        if self.context:
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
        return [m.get("content") or _displayed(m) for m in sorted(messages, key=lambda m: int(m["id"]))]

    def entry(self, invocation: str) -> dict:
        path = invocation.split()
        return next(e for e in self._call("GET", "/api/commands")["entries"] if e["path"] == path)

    def _act(self, kind: str, **fields) -> dict:
        """One action on the page as it now stands; sent again on the page read afresh when the bot posted
        in between (the preview refuses an action on a stale page, as a person would read it again)."""
        for _ in range(3):
            state = self.state()
            self.sequence += 1
            receipt = self._call("POST", "/api/action", {
                **fields, "protocol_version": 3, "sequence": self.sequence, "request_id": str(uuid.uuid4()),
                "generation": state["context"]["generation"], "bot_generation": state["botGeneration"],
                "published_revision": state["publishedRevision"], "kind": kind})
            if "expectedSequence" in receipt:
                self.sequence = receipt["expectedSequence"]
            if not any(d.get("code") == "stale-revision" for d in receipt.get("diagnostics") or []):
                break
        return receipt

    def run(self, invocation: str, **options) -> dict:
        """Type a slash command in the page's channel and send it; the receipt of the action."""
        entry = self.entry(invocation)
        receipt = self._act("run_command", command_id=entry["commandId"], path=invocation.split(),
                            schema_fingerprint=entry["schemaFingerprint"],
                            options={k: str(v) for k, v in options.items()})
        assert not receipt["rejected"], json.dumps(receipt["diagnostics"])
        return receipt

    def complete(self, invocation: str, option: str, typed: str, **options) -> list[dict]:
        """What the command's autocomplete offers for `option` while `typed` is in it."""
        entry = self.entry(invocation)
        receipt = self._act("autocomplete_command", command_id=entry["commandId"], path=invocation.split(),
                            schema_fingerprint=entry["schemaFingerprint"], focused=option, value=typed,
                            options={k: str(v) for k, v in options.items()})
        assert not receipt["rejected"], json.dumps(receipt["diagnostics"])
        result = receipt.get("result") or {}
        assert result.get("answered"), f"the autocomplete did not answer: {receipt}"
        return result.get("choices") or []

    def click(self, label: str, message_id: str | None = None) -> dict:
        """Press the button whose label begins with `label` on the newest message that has it (or on `message_id`)."""
        state = self.state()
        for mid in sorted(state["messages"], key=int, reverse=True):
            if message_id is not None and mid != message_id:
                continue
            for key in _buttons(state["messages"][mid]):
                if key[1].startswith(label):
                    receipt = self._act("click", target_id=mid, control_key=key[0])
                    assert not receipt["rejected"], json.dumps(receipt["diagnostics"])
                    return receipt
        raise AssertionError(f"no button {label!r} in the page; it shows {self.texts()}")

    def wait_for_channel(self, wanted: str, timeout: float = 20) -> float:
        """The page moves by itself (no reload): wait until it shows the channel named `wanted`…;
        the seconds it took."""
        began = time.monotonic()
        while time.monotonic() - began < timeout:
            if self.channel().startswith(wanted):
                return time.monotonic() - began
            time.sleep(0.05)
        raise AssertionError(f"the page still shows {self.channel()!r}, not {wanted!r}")

    def stays_on(self, wanted: str, seconds: float) -> None:
        """The page keeps showing the channel named `wanted`… for `seconds`."""
        began = time.monotonic()
        while time.monotonic() - began < seconds:
            assert self.channel().startswith(wanted), f"the page left {wanted!r} for {self.channel()!r}"
            time.sleep(0.2)

    def said(self, *parts: str, timeout: float = 10) -> str:
        """The newest message in the page containing every part, waiting for the page to show it (the
        page is redrawn a moment after the bot posts on its own)."""
        deadline = time.monotonic() + timeout
        while True:
            found = [t for t in self.texts() if all(p in t for p in parts)]
            if found:
                return found[-1]
            if time.monotonic() > deadline:
                raise AssertionError(f"no message with {parts} in the page; it shows {self.texts()}")
            time.sleep(0.1)

    def board_shown(self, thread: str, timeout: float = 30) -> float:
        """Wait until the page shows the thread named `thread`… with a message carrying controls or a
        picture (the game's first board); when (time.monotonic) it did."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            state = self.state()
            if (state.get("channel") or {}).get("name", "").startswith(thread) and any(
                    m.get("components") or m.get("attachments") for m in state["messages"].values()):
                return time.monotonic()
            time.sleep(0.01)
        raise RuntimeError(f"the page never showed {thread!r}'s board")


def _components(node) -> Iterator[dict]:
    """Every component of a projected message's tree, each before those it holds, in order."""
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _components(value)
    elif isinstance(node, list):
        for value in node:
            yield from _components(value)


def _displayed(message: dict) -> str:
    """A container board's words on the page: its text displays (type 10), in order."""
    return "\n".join(c["content"] for c in _components(message.get("components", []))
                     if c.get("type") == 10 and isinstance(c.get("content"), str))


def _buttons(message: dict) -> list[tuple[str, str]]:
    """(control key, label) of every button on a projected message."""
    return [(c["control_key"], c.get("label") or "") for c in _components(message.get("components", []))
            if c.get("type") == 2 and "control_key" in c]


class ModelServer:
    """The fake OpenAI-compatible server on its own thread, for a `python -m bot` process to call."""

    def __init__(self, script: list[Answer]) -> None:
        self.fake = FakeOpenAI(script)
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    def __enter__(self) -> ModelServer:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self.fake.start(), self.loop).result(timeout=10)
        return self

    def __exit__(self, *exc) -> None:
        asyncio.run_coroutine_threadsafe(self.fake.close(), self.loop).result(timeout=10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=5)

    @property
    def env(self) -> dict[str, str]:
        """The settings that point the companion at this server."""
        return {"OPENAI_BASE_URL": self.fake.base_url, "COMPANION_MODEL": MODEL, "OPENAI_API_KEY": "local"}

    @property
    def requests(self) -> int:
        return len(self.fake.requests)

    def asked(self, count: int, timeout: float = 10) -> int:
        """Wait until the model has been asked `count` times (its call starts a moment after the board
        shows, on its own task); how many times it was."""
        deadline = time.monotonic() + timeout
        while self.requests < count and time.monotonic() < deadline:
            time.sleep(0.05)
        return self.requests


__all__ = ["ROOT", "LocalPlay", "ModelServer", "Page", "free_port"]
