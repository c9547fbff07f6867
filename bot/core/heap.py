"""Keep the process's heap small and its full garbage collections short: what is alive after start-up is
frozen out of the collector's sight, and the C allocator keeps few arenas."""
from __future__ import annotations

import ctypes
import ctypes.util
import gc
import mimetypes

MALLOC_ARENAS = 2  # the C allocator's arenas: one per thread by default, each holding its own free memory
_M_ARENA_MAX = -8  # glibc's mallopt parameter


def settle_heap() -> None:
    """Move everything alive now (modules, content, caches) out of the garbage collector's sight.

    A full collection holds the interpreter lock for as long as it walks every tracked object: with
    the engines' content loaded that was 50–80 ms, stalling the event loop while a worker collected.
    Frozen objects are never walked again, so later collections stay short. The MIME types table is
    read first: the HTTP client reads it at the first upload otherwise, after start-up, and it would be
    walked by every full collection after that.
    """
    if not mimetypes.inited:
        mimetypes.init()
    gc.collect()
    gc.freeze()


def few_arenas() -> None:
    """glibc's allocator limited to `MALLOC_ARENAS` arenas (before the process starts its threads). By
    default each thread that allocates (the store worker, the drawing pool, the executors) gets an arena of
    its own, and each keeps the memory freed in it: the bot's process held tens of MB so. Only the
    interpreter's lock-holder allocates Python objects, so the threads seldom wait for each other's arena.
    Nothing happens on a C library without `mallopt` (another libc)."""
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name)
        libc.mallopt(_M_ARENA_MAX, MALLOC_ARENAS)
    except (OSError, AttributeError, TypeError):
        pass
