"""A second, independent bowls player phase, written from rules/bowls.md alone: the test oracle for
`engine.bowls.core.play`, and the yardstick `benchmarks/bench_bowls.py` measures the engine against.

Written plainly, as one would from the rules, and with ordinary care for speed (strings and str.count,
a bowl of fewer than three stones skipped), but none of the engine's devices: every pass looks at all
twelve bowls, no match is remembered, no table is built ahead. It answers in core.play's shape so the
two can be compared directly.
"""
from __future__ import annotations

COLORS = "RYGBP"
WILD = "W"
BLOCKER = "X"
BOWLS = 12
CAPACITY = 7
VOLCANO_READY = 6


def match(queue: str) -> tuple[str, list[int]] | None:
    """One bowl's match, or None: (the stones left, in order; stones removed R, Y, G, B, P, W)."""
    if len(queue) < 3:  # a match takes three stones at least
        return None
    counts = [queue.count(c) for c in COLORS]
    wilds = queue.count(WILD)
    removed = [n if n >= 3 else 0 for n in counts] + [0]  # natural groups first, whole
    if wilds:
        # Wilds complete colours of 1-2 stones: fewest wilds needed first, then the colour seen first.
        waiting = sorted((3 - n, queue.index(c), k) for k, (c, n) in enumerate(zip(COLORS, counts)) if 0 < n < 3)
        for need, _, k in waiting:
            if need > wilds - removed[5]:
                break
            removed[5] += need
            removed[k] = counts[k]
    if not any(removed):
        return None
    gone = {c for c, n in zip(COLORS, removed) if n}
    left = []
    front_wilds = removed[5]  # the wilds nearest the front are the ones used
    for stone in queue:
        if stone in gone:
            continue
        if stone == WILD and front_wilds:
            front_wilds -= 1
            continue
        left.append(stone)
    return "".join(left), removed


def sow(board: list[str], source: int, hand: str, counterclockwise: bool) -> None:
    step = -1 if counterclockwise else 1
    for k, stone in enumerate(hand, start=1):
        board[(source + step * k) % BOWLS] += stone


def play(bowls: tuple[str, ...], source: int, volcano_mask: int = 0, reverse_mask: int = 0):
    """A player phase from bowl `source` (0-11), as core.play answers it:
    (bowls, points, combo, removed R,Y,G,B,P,W, overflow, perfect, erupted mask)."""
    volcanoes = [i for i in range(BOWLS) if volcano_mask >> i & 1]
    board = list(bowls)
    hand = board[source]
    board[source] = ""
    sow(board, source, hand, bool(reverse_mask >> source & 1))
    matched: set[int] = set()
    erupted: set[int] = set()
    removed = [0] * 6
    while True:
        matched_now = []
        for i in range(BOWLS):
            result = match(board[i])
            if result is not None:
                board[i], gone = result
                matched_now.append(i)
                removed = [a + b for a, b in zip(removed, gone)]
        for i in matched_now:  # blockers beside a matching bowl go, no points
            for j in ((i - 1) % BOWLS, (i + 1) % BOWLS):
                board[j] = board[j].replace(BLOCKER, "")
        matched.update(matched_now)
        ready = [i for i in volcanoes if i not in erupted and len(board[i]) >= VOLCANO_READY]
        if not ready:
            break
        queues = [board[i] for i in ready]  # every ready volcano gives up its queue first
        for i in ready:
            board[i] = ""
            erupted.add(i)
        for i, queue in zip(ready, queues):
            sow(board, i, queue, bool(reverse_mask >> i & 1))
    overflow = max(map(len, board)) > CAPACITY
    combo = len(matched)
    perfect = bool(matched) and not overflow and not any(board)
    points = 0 if overflow else 10 * sum(removed) * min(combo, 4) + (100 if perfect else 0)
    return tuple(board), points, combo, tuple(removed), overflow, perfect, sum(1 << i for i in erupted)
