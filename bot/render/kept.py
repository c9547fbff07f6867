"""Pictures drawn once per state: a board shown again (a view, another member's press, the same daily
puzzle or campaign start) is handed the bytes already made instead of being drawn and encoded again.

A picture is a pure function of its arguments and the reader's language (`elsewhere`'s contract), so
the key is a digest of the function's name, the language and the pickled arguments: the same state
gives the same bytes, a different one never shares them (a state that pickles differently only misses).
The newest pictures are kept up to `KEPT_BYTES` in this process; nothing else is remembered."""
from __future__ import annotations

import hashlib
import pickle
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from bot.core.processes import elsewhere
from bot.words import current

KEPT_BYTES = 12 * 1024 * 1024  # a few hundred boards (30-120 KB each); replays and recaps are larger
LARGEST = 1024 * 1024           # a picture larger than this is never kept (it would push out dozens)

_kept: OrderedDict[bytes, bytes] = OrderedDict()
_size = 0
_lock = threading.Lock()


def drawn_once(fn: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
    """`elsewhere(fn, *args, **kwargs)`, drawn once for the same arguments in the same language."""
    key = _key(fn, args, kwargs)
    if key is None:
        return elsewhere(fn, *args, **kwargs)
    with _lock:
        found = _kept.get(key)
        if found is not None:
            _kept.move_to_end(key)
            return found
    made = elsewhere(fn, *args, **kwargs)
    _keep(key, made)
    return made


def _key(fn: Callable[..., bytes], args: tuple[Any, ...], kwargs: dict[str, Any]) -> bytes | None:
    try:
        pickled = pickle.dumps((fn.__module__, fn.__qualname__, current(), args, sorted(kwargs.items())),
                               protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):  # not a picture of plain values: drawn each time
        return None
    return hashlib.sha256(pickled).digest()


def _keep(key: bytes, made: bytes) -> None:
    global _size
    if not isinstance(made, bytes) or len(made) > LARGEST:
        return
    with _lock:
        if key in _kept:
            return
        _kept[key] = made
        _size += len(made)
        while _size > KEPT_BYTES:
            _, dropped = _kept.popitem(last=False)
            _size -= len(dropped)


def forget() -> None:
    """Drop every kept picture (tests that count drawings)."""
    global _size
    with _lock:
        _kept.clear()
        _size = 0
