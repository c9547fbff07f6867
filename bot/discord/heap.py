"""Keep full garbage collections short: what is alive after start-up is frozen out of the collector's sight."""
from __future__ import annotations

import gc


def settle_heap() -> None:
    """Move everything alive now (modules, content, caches) out of the garbage collector's sight.

    A full collection holds the interpreter lock for as long as it walks every tracked object: with
    the engines' content loaded that was 50–80 ms, stalling the event loop while a worker collected.
    Frozen objects are never walked again, so later collections stay short.
    """
    gc.collect()
    gc.freeze()
