"""A line-up's battle played once: the Battle step, its board's replay and the board's words all ask for
the battle of the same puzzle and formation, and a battle is deterministic, so the result is shared.

A puzzle is a frozen value and a shipped one is the same object in every session that walks it, so the
puzzle is matched by identity and the formation by value. The newest few battles are kept."""
from __future__ import annotations

from collections import deque

import engine.formation as fm

KEPT = 32  # battles remembered: the ones boards are being drawn for now

_recent: deque[tuple[fm.Puzzle, dict[str, str], fm.BattleResult]] = deque(maxlen=KEPT)


def battle(puzzle: fm.Puzzle, formation: dict[str, str]) -> fm.BattleResult:
    """`fm.battle(puzzle, formation)`, played once for the same line-up (raises as it does). The result
    is frozen: shared with the next caller."""
    for played, line_up, result in reversed(tuple(_recent)):  # a copy: boards are drawn on other threads
        if played is puzzle and line_up == formation:
            return result
    result = fm.battle(puzzle, formation)
    _recent.append((puzzle, dict(formation), result))
    return result


__all__ = ["battle"]
