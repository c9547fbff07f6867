"""The last parsed state of the games in play, so that a press parses its game's saved state once.

A press loads its game's state more than once (the step, its pilot's checks and answer, the next
board), and a tactics or summon state is a large document to parse. The text saved is the key: a game
saved anew is parsed anew, and a step's own new state is kept with the text it was saved as, so the
next load needs no parse at all. The state handed out is shared, which is safe because no kind or
engine changes a state in place (every step returns a new one, `model_copy`); `Parsed.verify`, on in
the tests, checks that on every load. Only the games pressed most recently are kept: enough
that a member's next press finds its game still parsed when every member of a busy server presses about
once a second (fewer, and each press parsed its game anew), and no more, since every state kept is
walked by each full garbage collection.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, ClassVar

MOST_GAMES = 192  # the games whose state is kept: more than are pressed each second at full load


class Parsed:
    """Each kept game's saved text and its state, the least recently used going first."""

    verify: ClassVar[bool] = False  # the tests: every load checks that the kept state is what the text says

    def __init__(self, most: int = MOST_GAMES) -> None:
        self.most = most
        self._kept: OrderedDict[int, tuple[str, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def load(self, game_id: int, text: str, parse: Callable[[str], Any]) -> Any:
        """The state saved as `text`, parsed only when this game's kept text is another (raises as `parse`)."""
        with self._lock:
            found = self._kept.get(game_id)
            if found is not None and found[0] == text:
                self._kept.move_to_end(game_id)
        if found is not None and found[0] == text:
            if self.verify:
                _check(found[1], parse(text), game_id)
            return found[1]
        state = parse(text)
        self.keep(game_id, text, state)
        return state

    def keep(self, game_id: int, text: str, state: Any, parse: Callable[[str], Any] | None = None) -> None:
        """Keep `state` as the game's, saved as `text` (`parse`: checked against it when verifying)."""
        if self.verify and parse is not None:
            _check(state, parse(text), game_id)
        with self._lock:
            self._kept[game_id] = (text, state)
            self._kept.move_to_end(game_id)
            while len(self._kept) > self.most:
                self._kept.popitem(last=False)


def _check(kept: Any, parsed: Any, game_id: int) -> None:
    if kept != parsed:
        raise AssertionError(f"game {game_id}: the kept state is not what its saved text says (changed in place?)")


__all__ = ["MOST_GAMES", "Parsed"]
