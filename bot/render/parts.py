"""Picture parts drawn once and pasted on many boards (a theme's backdrop, a table's frame, a replay's
cards), remembered in one store per process with a budget in bytes.

A count of parts per game would let a long-running worker fill with every puzzle's, theme's and card's
pixels its members ever saw. Here every part counts its pixels against one budget shared by all games,
and the least recently used part goes first whichever game drew it: a process's parts stay within
`PARTS_KEPT_BYTES` however long it runs, and the parts the boards in play use on every press stay. A part
is handed out as it was kept (shared, as `lru_cache` did): callers paste it or draw on a copy."""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, NamedTuple, ParamSpec, TypeVar

from PIL import Image

from .budget import Budgeted

PARTS_KEPT_BYTES = 40 * 1024 * 1024  # a worker's parts; the boards of all four games in play use about half
_PIXEL_BYTES = {"1": 1, "L": 1, "P": 1, "I;16": 2}  # Pillow keeps the other modes (RGB too) at 4 bytes a pixel

P = ParamSpec("P")
T = TypeVar("T")


class PartsInfo(NamedTuple):
    """What `functools.lru_cache`'s `cache_info` says, for one kind of part."""
    hits: int
    misses: int
    maxsize: int
    currsize: int


def footprint(value: Any) -> int:
    """The bytes of pixels a part holds (an image, or a tuple of them)."""
    if isinstance(value, Image.Image):
        return value.width * value.height * _PIXEL_BYTES.get(value.mode, 4)
    if isinstance(value, tuple):
        return sum(footprint(v) for v in value)
    return 0


_kept: Budgeted[tuple[Part[Any, Any], Hashable]] = Budgeted()  # by (kind, arguments)


class Part(Generic[P, T]):
    """`fn` remembered in the shared store, at most `most` of its results (and within the budget)."""

    def __init__(self, fn: Callable[P, T], most: int) -> None:
        self.fn, self.most = fn, most
        self.hits = self.misses = 0
        self._mine: OrderedDict[Hashable, None] = OrderedDict()  # this kind's keys, oldest first
        self.__doc__, self.__name__ = fn.__doc__, getattr(fn, "__name__", "part")

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> T:
        key = (args, tuple(sorted(kwargs.items())))
        with _kept.lock:
            found = _kept.get((self, key))
            if found is not None:
                self._mine.move_to_end(key)
                self.hits += 1
                return found  # type: ignore[no-any-return]
            self.misses += 1
        made = self.fn(*args, **kwargs)
        self._keep(key, made)
        return made

    def _keep(self, key: Hashable, made: T) -> None:
        with _kept.lock:
            if not _kept.put((self, key), made, footprint(made), PARTS_KEPT_BYTES):
                return
            self._mine[key] = None
            while len(self._mine) > self.most:
                _drop(self, next(iter(self._mine)))
            for owner, oldest in _kept.trim(PARTS_KEPT_BYTES):
                del owner._mine[oldest]

    def cache_info(self) -> PartsInfo:
        return PartsInfo(self.hits, self.misses, self.most, len(self._mine))

    def cache_clear(self) -> None:
        """Forget this kind's parts (tests drawing a part again to see it)."""
        with _kept.lock:
            for key in list(self._mine):
                _drop(self, key)
            self.hits = self.misses = 0


def _drop(owner: Part[Any, Any], key: Hashable) -> None:
    """Under the lock: one part out of the store."""
    _kept.pop((owner, key))
    del owner._mine[key]


def kept_part(most: int) -> Callable[[Callable[P, T]], Part[P, T]]:
    """Decorator: `fn`'s results kept as parts, at most `most` of them, within the shared budget."""
    def decorate(fn: Callable[P, T]) -> Part[P, T]:
        return Part(fn, most)
    return decorate


def kept_bytes() -> int:
    """The pixels' bytes the store holds now."""
    with _kept.lock:
        return _kept.size


__all__ = ["PARTS_KEPT_BYTES", "Part", "PartsInfo", "footprint", "kept_bytes", "kept_part"]
