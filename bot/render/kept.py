"""Pictures drawn once per state: a board shown again (a view, another member's press, the same daily
puzzle or campaign start) is handed the bytes already made instead of being drawn and encoded again.

A picture is a pure function of its arguments and the reader's language (`elsewhere`'s contract), so
the key is a digest of the function's name, the language and the pickled arguments: the same state
gives the same bytes, a different one never shares them (a state that pickles differently only misses).
The newest pictures are kept up to `KEPT_BYTES` in this process; nothing else is remembered."""
from __future__ import annotations

import hashlib
import pickle
from collections.abc import Callable
from typing import Any

from bot.core.processes import elsewhere
from bot.words import current

from .budget import Budgeted

KEPT_BYTES = 12 * 1024 * 1024  # a few hundred boards (30-120 KB each); replays and recaps are larger
LARGEST = 1024 * 1024           # a picture larger than this is never kept (it would push out dozens)

_kept: Budgeted[bytes] = Budgeted()


def drawn_once(fn: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
    """`elsewhere(fn, *args, **kwargs)`, drawn once for the same arguments in the same language."""
    key = _key(fn, args, kwargs)
    if key is None:
        return elsewhere(fn, *args, **kwargs)
    found = _kept.get(key)
    if found is not None:
        return found  # type: ignore[no-any-return]
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
    if not isinstance(made, bytes) or len(made) > LARGEST:
        return
    if _kept.put(key, made, len(made), KEPT_BYTES):
        _kept.trim(KEPT_BYTES)


def forget() -> None:
    """Drop every kept picture (tests that count drawings)."""
    _kept.clear()
