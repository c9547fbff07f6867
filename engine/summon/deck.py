"""Decks: validation (30–60 known pieces) and the automatic builder ("leave it to me") that balances
tab counts, shapes and attributes so that a deck actually summons."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..errors import RuleError
from ..rng import Rng, seed_from
from .catalog import Card, cards_by_id, load_catalog
from .state import DECK_MAX, DECK_MIN

MAX_COPIES_AUTO = 3  # the builder's own limit; the seed sets no copy limit for hand-built decks
# Share of each tab count in a built deck: plenty of easy summons, a few strong pieces. A side with no
# unit at the first battle loses there (rules decision 12), so a built deck makes a first unit likely
# within three placements: many pieces with no tab or one, and few spells (a spell summons no unit).
TAB_MIX = (0.3, 0.35, 0.2, 0.1, 0.05)
SPELL_SHARE_MAX = 0.125  # at most 5 spells in 40 pieces
EASY_SPELLS_MAX = 1  # spells without a tab take the places of units that would summon at once
MAIN_ATTRS = ("white", "blue", "green", "red", "black")
SHAPES = ("neutral",) + MAIN_ATTRS


class DeckError(RuleError):
    """A deck that cannot be played; the message says why, `.code` is `not_a_deck`, `deck_size` or
    `unknown_piece` (and, for a deck's edits, `not_in_deck`), and `.facts` holds what the bot words it
    from: `size`, `least`, `most` for a size, `ids` for unknown ids, `text` for a name that is no piece,
    `piece` for a piece the deck lacks."""

    code = "bad_deck"

    def __init__(self, message: str, code: str | None = None, **facts: Any) -> None:
        super().__init__(message, code)
        self.facts: dict[str, Any] = facts


def validate_deck(deck: list[str]) -> None:
    """Refuse a deck that cannot be played (30–60 catalog pieces; the seed sets no copy limit)."""
    if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
        raise DeckError("a deck is a list of piece ids", code="not_a_deck")
    if not DECK_MIN <= len(deck) <= DECK_MAX:
        short = "add" if len(deck) < DECK_MIN else "remove"
        need = DECK_MIN - len(deck) if len(deck) < DECK_MIN else len(deck) - DECK_MAX
        raise DeckError(f"a deck holds {DECK_MIN} to {DECK_MAX} pieces, this one has {len(deck)} "
                        f"({short} at least {need})", code="deck_size", size=len(deck), least=DECK_MIN,
                        most=DECK_MAX)
    known = cards_by_id()
    unknown = sorted({c for c in deck if c not in known})
    if unknown:
        raise DeckError(f"unknown piece id(s): {', '.join(unknown)}", code="unknown_piece", ids=unknown)


def deck_summary(deck: list[str]) -> dict[str, dict[str, int]]:
    """Counts a deck screen shows: per attribute, per tab count (0–4) and per kind, and the shape
    balance per attribute (blanks that accept its tabs minus its tabs: negative means tabs go
    begging). Unknown ids are refused as in `validate_deck`."""
    known = cards_by_id()
    unknown = sorted({c for c in deck if c not in known})
    if unknown:
        raise DeckError(f"unknown piece id(s): {', '.join(unknown)}", code="unknown_piece", ids=unknown)
    attrs = {a: 0 for a in ("neutral",) + MAIN_ATTRS}
    tabs = {str(n): 0 for n in range(5)}
    kinds = {"unit": 0, "spell": 0}
    for cid in deck:
        c = known[cid]
        attrs[c.attr] += 1
        tabs[str(len(c.tabs))] += 1
        kinds[c.kind] += 1
    return {"attributes": attrs, "tabs": tabs, "kinds": kinds, "balance": shape_balance(deck)}


def shape_balance(deck: list[str]) -> dict[str, int]:
    """Per attribute: blanks that accept its tabs minus its tabs (negative means tabs go begging).
    For neutral, every blank accepts a neutral tab."""
    known = cards_by_id()
    out: dict[str, int] = {}
    all_blanks = sum(len(known[c].blanks) for c in deck)
    for a in ("neutral",) + MAIN_ATTRS:
        tabs = sum(known[c].tabs.count(a) for c in deck)
        blanks = all_blanks if a == "neutral" else sum(known[c].blanks.count(a) for c in deck)
        out[a] = blanks - tabs
    return out


def auto_deck(seed: int, size: int = 40) -> list[str]:
    """Leave it to me: a balanced deck for a seed (see _build)."""
    return list(_build(seed, size))


@lru_cache(maxsize=512)
def _build(seed: int, size: int) -> tuple[str, ...]:
    """Leave it to me: two attributes plus neutral, tab counts mixed by TAB_MIX, spells capped, each
    pick the piece that keeps the attribute tabs best matched by blanks (ties broken by the seeded
    generator), then a repair pass for tabs still going begging."""
    if not DECK_MIN <= size <= DECK_MAX:
        raise DeckError(f"a deck holds {DECK_MIN} to {DECK_MAX} pieces, not {size}", code="deck_size", size=size,
                        least=DECK_MIN, most=DECK_MAX)
    rng = Rng(seed_from("summon-auto-deck", seed))
    attrs = list(MAIN_ATTRS)
    rng.shuffle(attrs)
    chosen = set(attrs[:2]) | {"neutral"}
    pool = [c for c in load_catalog().cards if c.attr in chosen]
    quota = [round(size * share) for share in TAB_MIX]
    quota[1] += size - sum(quota)
    slots = [t for t, n in enumerate(quota) for _ in range(n)]
    rng.shuffle(slots)
    slots.sort(key=lambda t: -t)  # hardest pieces first, so the easy ones can balance them
    deck: list[str] = []
    copies: dict[str, int] = {}
    debt = {a: 0 for a in chosen}  # attribute tabs minus blanks accepting them (neutral: all blanks)

    def cost(c: Card) -> int:
        d = dict(debt)
        _owe(d, c)
        return sum(max(0, v) for v in d.values())

    spells = easy_spells = 0
    for t in slots:
        options = [c for c in pool if len(c.tabs) == t and copies.get(c.id, 0) < MAX_COPIES_AUTO]
        if spells >= size * SPELL_SHARE_MAX or (t == 0 and easy_spells >= EASY_SPELLS_MAX):
            options = [c for c in options if c.kind == "unit"] or options
        if not options:
            options = [c for c in pool if copies.get(c.id, 0) < MAX_COPIES_AUTO] or pool
        best = min(cost(c) for c in options)
        pick = rng.choice([c for c in options if cost(c) == best])
        _owe(debt, pick)
        copies[pick.id] = copies.get(pick.id, 0) + 1
        spells += pick.kind == "spell"
        easy_spells += pick.kind == "spell" and not pick.tabs
        deck.append(pick.id)
    deck = _repair(deck, pool)
    deck.sort()
    return tuple(deck)


def _owe(debt: dict[str, int], c: Card) -> None:
    """Add a piece to a building deck's debt: each tab owes a blank that takes it; a blank takes its own
    attribute's tabs, and every blank takes a neutral tab."""
    for a in c.tabs:
        debt[a] += 1
    for a in c.blanks:
        if a != "neutral":
            debt[a] -= 1
        debt["neutral"] -= 1


def _contribution(c: Card) -> tuple[int, ...]:
    """What one piece adds to `shape_balance`, per attribute in SHAPES order."""
    return tuple((len(c.blanks) if a == "neutral" else c.blanks.count(a)) - c.tabs.count(a) for a in SHAPES)


def _debt_of(balance: list[int] | tuple[int, ...]) -> int:
    return sum(-v for v in balance if v < 0)


def _repair(deck: list[str], pool: list[Card]) -> list[str]:
    """Swap pieces whose attribute tabs go begging for pieces that bring blanks, while that helps
    (the balance is kept as a sum of each piece's contribution, so a trial swap costs six additions)."""
    known = cards_by_id()
    share = {c.id: _contribution(c) for c in pool}
    share.update({cid: _contribution(known[cid]) for cid in deck})
    balance = [sum(share[cid][i] for cid in deck) for i in range(len(SHAPES))]
    for _ in range(len(deck)):
        debt = _debt_of(balance)
        if debt == 0:
            break
        best = (debt, -1, "")
        counts: dict[str, int] = {}
        for c in deck:
            counts[c] = counts.get(c, 0) + 1
        for i, cid in enumerate(deck):
            out = share[cid]
            for r in pool:
                if r.id == cid or counts.get(r.id, 0) >= MAX_COPIES_AUTO or len(r.tabs) > len(known[cid].tabs):
                    continue
                into = share[r.id]
                d = _debt_of([b - o + n for b, o, n in zip(balance, out, into)])
                if d < best[0]:
                    best = (d, i, r.id)
        if best[1] < 0:
            break
        i, new = best[1], best[2]
        balance = [b - o + n for b, o, n in zip(balance, share[deck[i]], share[new])]
        deck = deck[:i] + [new] + deck[i + 1:]
    return deck
