"""The embedded model server's child process: `python -m bot.companion.local_serve <bot pid> <niceness>
<llama-cpp-python server arguments>`.

It guards itself before it loads anything: it asks the kernel to send it SIGTERM when the bot's
process dies (Linux), checks the bot is still there (it may have died before that took hold), and
watches the bot's pid once a second as well (a kill -9 of the bot, or another system). Then it lowers
its priority and runs llama-cpp-python's server in this process.
"""
from __future__ import annotations

import contextlib
import ctypes
import os
import runpy
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1


def _guard(parent: int) -> None:
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:
        os._exit(0)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os.kill(os.getpid(), signal.SIGTERM)   # uvicorn stops on it, closing its socket
        time.sleep(5.0)
        os._exit(0)

    threading.Thread(target=watch, name="follow-the-bot", daemon=True).start()


def main() -> None:
    parent, niceness, *arguments = sys.argv[1:]
    _guard(int(parent))
    with contextlib.suppress(OSError):
        os.nice(int(niceness))
    sys.argv = ["llama_cpp.server", *arguments]
    runpy.run_module("llama_cpp.server", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
