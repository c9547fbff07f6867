"""`python -m bot` in local play, driven for the benchmarks the way the browser drives it: the real process,
its preview page through the HTTP calls the page's script makes (SimCord's page API: /api/pages,
/api/state, /api/commands, /api/action)."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.request
import uuid
from pathlib import Path

from harness import ROOT

ADDRESS = re.compile(r"Local play: open (http://127\.0\.0\.1:\d+/#\S+)")


class Bot:
    """One `python -m bot` process in local play (no DISCORD_TOKEN), each output line kept with the time
    (time.monotonic) it was read."""

    def __init__(self, folder: Path, port: int, extra_env: dict[str, str] | None = None) -> None:
        env = {**os.environ, "DATABASE_PATH": str(folder / "local.db"), "LOCAL_PLAY_PORT": str(port),
               **(extra_env or {})}
        env.pop("DISCORD_TOKEN", None)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        self.started = time.monotonic()
        self.proc = subprocess.Popen([sys.executable, "-m", "bot"], cwd=folder, env=env, text=True,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.lines: list[tuple[float, str]] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append((time.monotonic(), line))

    def address(self, timeout: float = 180) -> tuple[str, float]:
        """The page's address and when it was printed."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for when, line in list(self.lines):
                found = ADDRESS.search(line)
                if found:
                    return found.group(1), when
            if self.proc.poll() is not None:
                break
            time.sleep(0.01)
        raise RuntimeError("local play printed no address:\n" + "".join(line for _, line in self.lines))

    def cpu_seconds(self) -> float:
        """The process's CPU seconds so far (nan once it has ended)."""
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return float("nan")
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self._reader.join(timeout=5)


class Page:
    """The preview page: a slash command typed and sent, and what the page shows."""

    def __init__(self, address: str) -> None:
        self.base, self.capability = address.split("/#")
        self.context: str | None = None
        self.context = self._call("POST", "/api/pages", {})["context"]["id"]
        self.sequence = 0

    def _call(self, method: str, path: str, body: dict | None = None) -> dict:
        headers = {"X-Simcord-Capability": self.capability, "Content-Type": "application/json"}
        if self.context:
            headers["X-Simcord-Context"] = self.context
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, headers=headers, method=method)
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)

    def state(self) -> dict:
        return self._call("GET", "/api/state")

    def run(self, invocation: str, **options: object) -> None:
        """Type `invocation` in the page's channel and send it (sent again on a page read afresh if the
        bot posted in between, as the page's script does)."""
        path = invocation.split()
        entry = next(e for e in self._call("GET", "/api/commands")["entries"] if e["path"] == path)
        for _ in range(3):
            state = self.state()
            self.sequence += 1
            receipt = self._call("POST", "/api/action", {
                "command_id": entry["commandId"], "path": path, "schema_fingerprint": entry["schemaFingerprint"],
                "options": {k: str(v) for k, v in options.items()}, "protocol_version": 3,
                "sequence": self.sequence, "request_id": str(uuid.uuid4()),
                "generation": state["context"]["generation"], "bot_generation": state["botGeneration"],
                "published_revision": state["publishedRevision"], "kind": "run_command"})
            if "expectedSequence" in receipt:
                self.sequence = receipt["expectedSequence"]
            if not any(d.get("code") == "stale-revision" for d in receipt.get("diagnostics") or []):
                break
        if receipt.get("rejected"):
            raise RuntimeError(json.dumps(receipt.get("diagnostics")))

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
