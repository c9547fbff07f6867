"""What a picture cache keeps within a budget in bytes: the newest entries, the least recently used
going first, under one lock. The drawn pictures (kept.py) and the picture parts (parts.py) each keep one."""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any, Generic, TypeVar

K = TypeVar("K", bound=Hashable)


class Budgeted(Generic[K]):
    """Entries and their sizes, oldest first; the budget is the caller's (read when it keeps or trims)."""

    def __init__(self) -> None:
        self.lock = threading.RLock()  # taken by every call; a caller keeping books of its own holds it across
        self._entries: OrderedDict[K, tuple[Any, int]] = OrderedDict()
        self.size = 0

    def get(self, key: K) -> Any | None:
        """The entry (now the newest), or None."""
        with self.lock:
            found = self._entries.get(key)
            if found is None:
                return None
            self._entries.move_to_end(key)
            return found[0]

    def put(self, key: K, value: Any, size: int, most_bytes: int) -> bool:
        """Keep `value` (the newest) unless it is kept already or alone over the budget; `trim` then
        makes room."""
        with self.lock:
            if key in self._entries or size > most_bytes:
                return False
            self._entries[key] = (value, size)
            self.size += size
            return True

    def trim(self, most_bytes: int) -> list[K]:
        """The oldest entries dropped until the rest fit `most_bytes`; their keys, oldest first."""
        dropped: list[K] = []
        with self.lock:
            while self.size > most_bytes:
                oldest = next(iter(self._entries))
                self.pop(oldest)
                dropped.append(oldest)
        return dropped

    def pop(self, key: K) -> None:
        """Drop one entry."""
        with self.lock:
            _, size = self._entries.pop(key)
            self.size -= size

    def clear(self) -> None:
        with self.lock:
            self._entries.clear()
            self.size = 0
