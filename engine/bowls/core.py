"""The bowls rules core: sowing and effect passes on a board of 12 strings, lean enough for the solver.

A board is a tuple of 12 strings, one per bowl, oldest stone first, letters `RYGBPWX`. Bowls are
0–11 here (players see 1–12); clockwise is +1. Flags are 12-bit masks (bit i = bowl i). Nothing here
knows about modes, goals or randomness: `play` resolves one player phase, `settle` the effects after
any delivery (the refill uses it too).

A phase looks each bowl up by its letters (most bowls are ones seen before), unless the hand is long
and lands on long bowls (`_MANY` stones or more, the first bowl reached holding as many: most bowls it
reaches will be new); then the passes follow each bowl's counts
as one int, its key (matching.py), so a bowl sown into is worked out with one addition a stone and one
table look-up, and its letters are read only when it matches. The stones a phase removes are summed as
one key too. A bowl longer than matching.LONGEST (only on a hand-made board) has counts a key's fields
may not hold: its phase is played again by letters, the removed stones in wide fields (`_TooLong`).

`play` and `settle` are the compiled twin's (_core.c, built by setup.py) where it built, else the
Python ones here; `COMPILED` says which. The Python ones stay as `play_python` and `settle_python`:
the rules' readable statement, the fallback, and what the C is checked against. The rest of this
file (matching one bowl, the memos, `refill`, `deliver`) is Python either way.
"""
from __future__ import annotations

from itertools import compress

from .matching import COUNTS, COUNTS_OF, LONGEST, PIECE, RECIPES, TIE, UNIT, forget_bigger, key_of, pack

COLORS = "RYGBP"
WILD = "W"
BLOCKER = "X"
LETTERS = COLORS + WILD + BLOCKER
N_BOWLS = 12
CAPACITY = 7
ALL_BOWLS = (1 << N_BOWLS) - 1

# Counter slots in a `removed` tuple: the five colours, then wilds.
SLOT = {c: i for i, c in enumerate(COLORS + WILD)}

# _DEST[src][reverse][k] is where the (k+1)-th stone from `src` lands; the 12th lands in `src` itself.
_DEST = [
    [tuple((s + k) % N_BOWLS for k in range(1, N_BOWLS + 1)),
     tuple((s - k) % N_BOWLS for k in range(1, N_BOWLS + 1))]
    for s in range(N_BOWLS)
]
# _REACH[src][reverse][n]: the bowls the first n stones from `src` land in (n up to 12; more reach all).
_REACH = [[tuple(sum(1 << j for j in set(dest[:n])) for n in range(N_BOWLS + 1)) for dest in row] for row in _DEST]
# _SHARES[k]: the stones of a hand that land in the (k+1)-th bowl reached, once the hand goes round.
_SHARES = tuple(slice(k, None, N_BOWLS) for k in range(N_BOWLS))
_CACHE_LIMIT = 400_000
# A hand of this many stones, landing first on a bowl of as many, makes mostly long bowls not seen
# before: it is sown with keys. Shorter bowls are mostly ones seen before: looked up by their letters.
_MANY = 5
Match = tuple[str, tuple[int, ...], int]  # (the queue left, removed R,Y,G,B,P,W, the removed stones' key)


class _TooLong(Exception):
    """A bowl longer than matching.LONGEST (only on a hand-made board): its counts may not fit a key's
    fields, so the phase is played again with `_match_wide`."""


class _KeyCache(dict):
    """Each bowl's key by its letters, worked out the first time a bowl is looked up."""

    def __missing__(self, s: str) -> int:
        n = len(s)  # a miss is a Python call on most new bowls: its length is asked for once
        if n > LONGEST:  # only on a hand-made board: followed by its letters instead
            raise _TooLong
        k = COUNTS[s[:PIECE]] + COUNTS[s[PIECE:]] if n <= 2 * PIECE else key_of(s)
        if n <= CAPACITY:  # a longer bowl lasts one phase at most: not worth keeping
            if len(self) > _CACHE_LIMIT:  # a long-lived process: keep memory bounded
                self.clear()
            self[s] = k
        return k


class _MatchCache(dict):
    """Each bowl's match by its letters, worked out the first time a bowl is looked up."""

    def __missing__(self, s: str) -> Match | None:
        """A miss is a Python call on most bowls a sowing makes: `_apply` is written out here, and
        the length asked for once."""
        n = len(s)
        if n > LONGEST:  # only on a hand-made board: the phase is played wide
            raise _TooLong
        how = RECIPES[COUNTS[s[:PIECE]] + COUNTS[s[PIECE:]] if n <= 2 * PIECE else key_of(s)]
        r: Match | None = None
        if how is TIE:
            out, rem = _match_uncached(s)  # type: ignore[misc]
            r = out, rem, pack(rem)
        elif how is not None:
            out = s.replace(how.first, "")
            for c in how.more:
                out = out.replace(c, "")
            r = (out.replace(WILD, "", how.wilds) if how.wilds else out), how.removed, how.removed_key
        if n <= CAPACITY:  # a longer bowl lasts one phase at most: not worth keeping
            if len(self) > _CACHE_LIMIT:  # a long-lived process: keep memory bounded
                self.clear()
            self[s] = r
        return r


_KEY_CACHE: dict[str, int] = _KeyCache()
_MATCH_CACHE: dict[str, Match | None] = _MatchCache()
_KEY = _KEY_CACHE.__getitem__  # a pass looks up all twelve bowls with map(), at C speed
_LOOKUP = _MATCH_CACHE.__getitem__
_COUNTS_OF = COUNTS_OF.__getitem__
_WIDE = 64  # bits a colour in a wide key: no board can hold 2**64 stones


def _match_wide(s: str) -> Match | None:
    """A bowl's match however long it is, its removed stones as a wide key (a hand-made board)."""
    r = _match_uncached(s)
    return None if r is None else (r[0], r[1], sum(n << _WIDE * i for i, n in enumerate(r[1])))


def _counts_wide(key: int) -> tuple[int, ...]:
    return tuple(key >> _WIDE * i & ((1 << _WIDE) - 1) for i in range(6))
_RECIPE = RECIPES.__getitem__
_NOTHING_REMOVED = (0, 0, 0, 0, 0, 0)
_EVERY_BOWL = tuple(range(N_BOWLS))
# _BITS[mask]: the bowls whose bit is set, in bowl order (a move's flags and matches are masks).
_BITS = tuple(tuple(i for i in range(N_BOWLS) if m >> i & 1) for m in range(1 << N_BOWLS))
# _BESIDE[mask]: the bowls next to any bowl in the mask (1 and 12 are neighbours), in bowl order.
_BESIDE = tuple(_BITS[((m << 1) | (m >> 11) | (m >> 1) | (m << 11)) & ALL_BOWLS] for m in range(1 << N_BOWLS))


def forget() -> None:
    """Empty the memos of bowls seen and the recipes worked out past the built table (a benchmark's
    cold start)."""
    _MATCH_CACHE.clear()
    _KEY_CACHE.clear()
    forget_bigger()


def match_bowl(s: str) -> tuple[str, tuple[int, ...]] | None:
    """What matching does to one bowl: (the queue left, removed counts R,Y,G,B,P,W) or None.

    Natural groups (3+ ordinary stones of a colour) go first and whole; then colours with 1–2 stones
    are completed with wilds, fewest wilds needed first, ties by whose first stone stands earliest;
    the front-most wilds are used; completing stops at the first group that needs more than are left.
    """
    if len(s) > LONGEST:
        return _match_uncached(s)
    how = RECIPES[key_of(s)]
    return None if how is None else _apply(s, how)


def _apply(s: str, how) -> tuple[str, tuple[int, ...]]:
    """A recipe (matching.py) applied to the queue `s`: (the queue left, removed counts)."""
    if how is TIE:
        return _match_uncached(s)  # type: ignore[return-value]
    out = s.replace(how.first, "")
    for c in how.more:
        out = out.replace(c, "")
    return (out.replace(WILD, "", how.wilds) if how.wilds else out), how.removed


def _match_uncached(s: str) -> tuple[str, tuple[int, ...]] | None:
    if len(s) < 3:  # every match takes three stones
        return None
    counts = (s.count("R"), s.count("Y"), s.count("G"), s.count("B"), s.count("P"))
    wilds = s.count(WILD) if WILD in s else 0
    most = max(counts)
    # A colour of three matches; one wild completes a pair, two complete a single stone.
    if most == 0 or most + (wilds if wilds < 2 else 2) < 3:
        return None
    out = s
    removed = [0, 0, 0, 0, 0, 0]
    waiting = []  # (wilds needed, where the colour first stands, colour) of colours with 1-2 stones
    for ci, n in enumerate(counts):
        if n >= 3:
            out = out.replace(COLORS[ci], "")
            removed[ci] = n
        elif n and wilds:
            waiting.append((3 - n, s.index(COLORS[ci]), ci))
    if waiting:
        waiting.sort()
        used = 0
        for need, _, ci in waiting:
            if need > wilds - used:
                break
            used += need
            out = out.replace(COLORS[ci], "")
            removed[ci] = counts[ci]
        if used:
            out = out.replace(WILD, "", used)  # the front-most wilds
            removed[5] = used
    return out, tuple(removed)


def deliver(b: list[str], src: int, stones: str, reverse: bool) -> None:
    """Stone k of `stones` goes to the k-th bowl after `src` (counterclockwise if `reverse`)."""
    _sow(b, None, _DEST[src][1 if reverse else 0], stones)


def _sow(b: list[str], keys: list[int] | None, dest: tuple[int, ...], stones: str) -> None:
    """Stone k of `stones` joins bowl dest[k - 1] (`_DEST`: the bowls after a source, in the move's
    direction, round again after the 12th); with `keys`, each bowl's key gains the stones it takes.

    A hand of up to 12 stones gives each bowl it reaches one: one addition a stone, the cheapest there
    is for so few (a whole-hand map over rotated bowls measured slower). A longer hand goes round:
    each bowl takes its share, every 12th stone, in one addition however long the hand (a hand-made
    bowl of a thousand stones costs twelve)."""
    if len(stones) <= N_BOWLS:
        if keys is None:
            for j, ch in zip(dest, stones):
                b[j] += ch
        else:
            for j, ch in zip(dest, stones):
                b[j] += ch
                keys[j] += UNIT[ch]
    else:
        for j, share in zip(dest, map(stones.__getitem__, _SHARES)):
            b[j] += share
            if keys is not None:
                keys[j] += key_of(share)


def _erupt(b: list[str], keys: list[int] | None, ready: int, reverse: int, trace: list | None,
           npass: int) -> int:
    """Several ready volcanoes (a mask) erupt: every one gives up its queue before any delivers, then
    each, in bowl order, sows it like a move. Returns the mask of the bowls sown into: only those can
    match in the next pass."""
    erupting = _BITS[ready]
    queues = list(map(b.__getitem__, erupting))
    for i in erupting:
        b[i] = ""
    if keys is not None:
        for i in erupting:
            keys[i] = 0
    changed = 0
    for i, q in zip(erupting, queues):
        if trace is not None:
            trace.append(("erupt", npass, i, q))
        back = reverse >> i & 1
        _sow(b, keys, _DEST[i][back], q)
        changed |= _REACH[i][back][len(q)] if len(q) <= N_BOWLS else ALL_BOWLS
    return changed


def reach(src: int, stones: int, reverse: bool) -> int:
    """The mask of bowls that `stones` stones sown from `src` land in."""
    return _REACH[src][1 if reverse else 0][min(stones, N_BOWLS)]


def settle_python(b: list[str], volcano: int, reverse: int, erupted: int, trace: list | None = None):
    """Run effect passes on `b` in place: matches, blockers beside matching bowls, ready volcanoes.

    Returns (matched-bowls mask, removed counts R,Y,G,B,P,W, erupted mask). `erupted` carries the
    volcanoes that already erupted this move. The first pass looks at every bowl; after a pass every
    bowl is settled (nothing in it would match), so the next looks only at those an eruption sowed
    into. With `trace` a list, events are appended to it:
    ("match", pass, bowl, before, removed), ("blockers", pass, bowl, count), ("erupt", pass, bowl, stones).
    """
    before, traced = b[:], len(trace) if trace is not None else 0
    try:
        return _settle(b, None, list(map(_LOOKUP, b)), volcano, reverse, erupted, trace)
    except _TooLong:  # a bowl too long for a key's fields: played again, wide
        b[:] = before
        if trace is not None:
            del trace[traced:]
        return _settle(b, None, list(map(_match_wide, b)), volcano, reverse, erupted, trace, _match_wide,
                       _counts_wide)


def _settle(b: list[str], keys: list[int] | None, hows: list, volcano: int, reverse: int, erupted: int,
            trace: list | None, lookup=_LOOKUP, counts=_COUNTS_OF):
    """settle() with the first pass's look-ups done: `hows` holds a Match or None a bowl, by its
    letters; or, with `keys` each bowl's key (matching.py), a recipe or None, by its key, and the
    keys are kept up to date as stones come and go."""
    matched = 0
    removed = 0  # the removed stones' key, summed over the matches
    npass = 1
    at: tuple[int, ...] = _EVERY_BOWL
    while True:
        if any(hows):
            pm = 0
            if keys is None:  # Matches, by the bowls' letters
                for i, how in compress(zip(at, hows), hows):  # the bowls that match
                    if trace is not None:
                        trace.append(("match", npass, i, b[i], how[1]))
                    b[i] = how[0]
                    removed += how[2]
                    pm |= 1 << i
            else:  # recipes, by the bowls' keys
                for i, how in compress(zip(at, hows), hows):
                    s = b[i]
                    if how is TIE:  # the queue decides: worked out once for these letters
                        out, rem, k = lookup(s)  # type: ignore[misc]
                    else:
                        rem, k, first, more, wilds = how
                        out = s.replace(first, "")
                        if more:
                            for c in more:
                                out = out.replace(c, "")
                        if wilds:
                            out = out.replace(WILD, "", wilds)  # the front-most wilds
                    if trace is not None:
                        trace.append(("match", npass, i, s, rem))
                    b[i] = out
                    keys[i] -= k
                    removed += k
                    pm |= 1 << i
            matched |= pm
            # Blockers beside a matching bowl go (taking them away never makes a bowl match).
            # Asking `in` first is cheaper than a replace that finds none (most bowls hold none).
            for j in _BESIDE[pm]:
                if BLOCKER in b[j]:
                    if trace is not None:
                        trace.append(("blockers", npass, j, b[j].count(BLOCKER)))
                    b[j] = b[j].replace(BLOCKER, "")
        waiting = volcano & ~erupted
        ready = 0
        if waiting:
            for i in _BITS[waiting]:
                if len(b[i]) >= 6:
                    ready |= 1 << i
        if ready:
            erupted |= ready
            if ready & (ready - 1):
                at = _BITS[_erupt(b, keys, ready, reverse, trace, npass)]  # every other bowl is settled now
            else:  # one volcano, the usual case: without _erupt's lists (3 % of the volcano mix)
                i = ready.bit_length() - 1
                q = b[i]
                b[i] = ""
                if keys is not None:
                    keys[i] = 0
                if trace is not None:
                    trace.append(("erupt", npass, i, q))
                back = reverse >> i & 1
                _sow(b, keys, _DEST[i][back], q)
                at = _BITS[_REACH[i][back][len(q)] if len(q) <= N_BOWLS else ALL_BOWLS]
            if keys is None:
                hows = list(map(lookup, map(b.__getitem__, at)))
            else:
                hows = list(map(_RECIPE, map(keys.__getitem__, at)))
            npass += 1
            continue
        return matched, counts(removed) if removed else _NOTHING_REMOVED, erupted


def overflowing(b) -> bool:
    return max(map(len, b)) > CAPACITY


def play_python(bowls, src: int, volcano: int = 0, reverse: int = 0, trace: list | None = None,
                _lookup=_LOOKUP, _counts=_COUNTS_OF):
    """Resolve one player phase from `src` (legality is the caller's business).

    Returns (bowls tuple, points, combo, removed counts, overflow, perfect, erupted mask). An
    overflowing phase scores 0. `_lookup` and `_counts` are for playing a hand-made board's phase
    again wide (`_TooLong`); positional, since keyword-only ones cost every call a look-up.
    """
    if trace is not None:
        traced = len(trace)
    b = list(bowls)
    stones = b[src]
    b[src] = ""
    dest = _DEST[src][reverse >> src & 1]
    keys: list[int] | None = None
    hows: list
    if _MANY <= len(stones) <= LONGEST and len(b[dest[0]]) >= _MANY and _lookup is _LOOKUP:
        try:
            keys = list(map(_KEY, b))
        except _TooLong:  # a hand-made board: followed by letters
            pass
    _sow(b, keys, dest, stones)
    if keys is None:
        try:
            hows = list(map(_lookup, b))
        except _TooLong:
            return play_python(bowls, src, volcano, reverse, trace, _match_wide, _counts_wide)
    else:  # most bowls reached will be new: follow their keys
        hows = list(map(_RECIPE, keys))
    if not any(hows):
        for i in _BITS[volcano]:
            if len(b[i]) >= 6:
                break
        else:  # nothing matches and no volcano is ready: the phase is over
            return tuple(b), 0, 0, _NOTHING_REMOVED, max(map(len, b)) > CAPACITY, False, 0
    try:
        matched, rem, erupted = _settle(b, keys, hows, volcano, reverse, 0, trace, _lookup, _counts)
    except _TooLong:  # a bowl grew too long for a key's fields: played again, wide
        if trace is not None:
            del trace[traced:]
        return play_python(bowls, src, volcano, reverse, trace, _match_wide, _counts_wide)
    if max(map(len, b)) > CAPACITY:
        return tuple(b), 0, matched.bit_count(), rem, True, False, erupted
    if not matched:
        return tuple(b), 0, 0, _NOTHING_REMOVED, False, False, erupted
    combo = matched.bit_count()
    points = 10 * sum(rem) * (combo if combo < 4 else 4)
    perfect = not any(b)
    if perfect:
        points += 100
    return tuple(b), points, combo, rem, False, perfect, erupted


def refill(bowls, drops, volcano: int, reverse: int, erupted: int, trace: list | None = None):
    """Resolve a refill phase: each (bowl, letter) in `drops` joins that bowl, then effects run.

    Returns (bowls tuple, points, removed counts, overflow, erupted). 10 per matched stone, no combo.
    """
    b = list(bowls)
    for i, ch in drops:
        b[i] += ch
    matched, rem, erupted = settle(b, volcano, reverse, erupted, trace)
    if overflowing(b):
        return tuple(b), 0, rem, True, erupted
    return tuple(b), 10 * sum(rem), rem, False, erupted


def mask(bowls_1_based) -> int:
    m = 0
    for n in bowls_1_based:
        m |= 1 << (n - 1)
    return m


COMPILED: bool
try:  # the compiled twin (_core.c): the same results and traces, several times faster
    from ._core import play, settle
except ImportError:  # built without a C compiler: these rules as written here
    play, settle = play_python, settle_python
    COMPILED = False
else:
    COMPILED = True
