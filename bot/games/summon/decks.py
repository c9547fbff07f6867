"""Summon decks as the player keeps them: the deck a game deals (their own, or an automatic one), the
`/summon deck …` commands, one piece's details and the catalog for autocomplete. Run on the store
worker by the commands."""
from __future__ import annotations

import re
from collections import Counter
from datetime import datetime

import engine.summon as sm
from bot.core.errors import GameError
from bot.core.reply import Picture
from bot.words import N_, words
from db.store import Store
from engine.errors import RuleError
from engine.rng import seed_from
from engine.summon.deck import shape_balance
from engine.summon.pieces import FLAT, blank, tab
from engine.summon.progress import add_piece, find_piece, remove_piece
from engine.summon.state import DECK_MAX

from . import render_cards
from .progress import load_progress, save_progress
from .text import ability_words, attack_words, details, edges_words, named, picture_words, piece_name, plural


def deck_name(deck: list[str], own: bool) -> str:
    attrs = Counter(sm.card(c).attr for c in deck if sm.card(c).attr != "neutral")
    main = "/".join(a for a, _ in attrs.most_common(2)) or "neutral"
    return f"{'own' if own else 'automatic'} deck ({main}, {len(deck)} pieces)"  # kept with the game: English


_DECK_NAME = re.compile(r"(own|automatic) deck \(([a-z/]+), ([0-9]+) pieces\)")


def deck_words(kept: str) -> str:
    """A deck's name as the game keeps it ("automatic deck (red/blue, 30 pieces)"), in the reader's words."""
    m = _DECK_NAME.fullmatch(kept)
    if m is None:
        return words(kept)  # "the tutorial's pieces"
    said = N_("own deck ({attrs}, {n} pieces)") if m[1] == "own" else N_("automatic deck ({attrs}, {n} pieces)")
    return words(said, attrs="/".join(words(a) for a in m[2].split("/")), n=int(m[3]))


def deck_reason(exc: RuleError) -> str:
    """Why the engine refused a deck or a deck's edit, in the reader's words, from the refusal's code and
    facts (the engine's own message is English for logs and tools)."""
    facts = getattr(exc, "facts", {})
    if exc.code == "deck_size" and "least" in facts:
        size, least, most = facts["size"], facts["least"], facts["most"]
        return words("a deck holds {least} to {most} pieces, this one has {n} (add at least {need})",
                     least=least, most=most, n=size, need=least - size) if size < least else \
            words("a deck holds {least} to {most} pieces, this one has {n} (remove at least {need})",
                  least=least, most=most, n=size, need=size - most)
    if exc.code == "deck_size":
        return words("a deck holds at most {most} pieces; remove one first", most=facts.get("most", DECK_MAX))
    if exc.code == "unknown_piece" and "text" in facts:
        return words("there is no piece “{text}”: pick one from the list (`/summon piece` shows them)",
                     text=facts["text"])
    if exc.code == "unknown_piece":
        return words("unknown piece ids: {ids}", ids=words(", ").join(facts.get("ids", ())))
    if exc.code == "not_in_deck" and "piece" in facts:
        return words("your deck holds no {piece}", piece=piece_name(facts["piece"]))
    return words("a deck is a list of pieces from the catalog")


def deck_for(db: Store, user_id: int, seed: int, who: str = "Your") -> tuple[list[str], str]:
    """The deck a player brings: their own when valid, an automatic one when they have none."""
    deck = load_progress(db, user_id).deck
    if not deck:
        auto = sm.auto_deck(seed_from("summon-deck", seed, user_id))
        return auto, deck_name(auto, own=False)
    try:
        sm.validate_deck(deck)
    except RuleError as exc:
        raise GameError(words("{whose} deck cannot be played: {reason}. Fix it with `/summon deck add` or `/summon "
                              "deck remove`, or play an automatic deck after `/summon deck reset`.",
                              whose=words(who) if who == "Your" else who, reason=deck_reason(exc))) from None
    return list(deck), deck_name(deck, own=True)


def summary(deck: list[str]) -> str:
    s = sm.deck_summary(deck)
    attrs = words(", ").join(f"{words(a)} {n}" for a, n in s["attributes"].items() if n)
    tabs = words(", ").join(f"{plural(int(t), 'tab')}: {n}" for t, n in s["tabs"].items() if n)
    return words("{pieces} · {units}, {spells} · {attrs} · pieces with {tabs}", pieces=plural(len(deck), "piece"),
                 units=plural(s["kinds"]["unit"], "unit"), spells=plural(s["kinds"]["spell"], "spell"), attrs=attrs,
                 tabs=tabs)


def _listing(deck: list[str]) -> str:
    counts = Counter(deck)
    return "\n".join(f"×{n} {named(cid)}" for cid, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def deck_show(db: Store, user_id: int) -> tuple[str, Picture | None]:
    deck = load_progress(db, user_id).deck
    if not deck:
        return (words("You have no deck of your own: each game deals you an automatic one. Build one with "
                      "`/summon deck auto` (leave it to me) or `/summon deck add piece: count:`."), None)
    try:
        sm.validate_deck(deck)
        verdict = words("Playable.")
    except RuleError as exc:
        verdict = words("Not playable yet: {reason}. Games refuse it until it is fixed (or `/summon deck reset`).",
                        reason=deck_reason(exc))
    balance = shape_balance(deck)
    begging = [a for a, v in balance.items() if v < 0]
    hint = words(" Tabs that lack blanks to fit: {attrs}.", attrs=words(", ").join(words(a) for a in begging)) \
        if begging else ""
    text = words("**Your summon deck**: {summary}", summary=summary(deck)) + f"\n{verdict}{hint}\n{_listing(deck)}"
    pic = Picture(render_cards.render_deck(deck, sm.deck_summary(deck), balance), "deck.png",
                  words("Your deck: each piece with its count, and its tabs against the blanks that take them"))
    return text[:1900], pic


def _save_deck(db: Store, user_id: int, deck: list[str], now: datetime) -> None:
    progress = load_progress(db, user_id)
    save_progress(db, user_id, progress.model_copy(update={"deck": deck}), now)


def deck_auto(db: Store, user_id: int, seed: int, now: datetime) -> tuple[str, Picture | None]:
    deck = sm.auto_deck(seed_from("summon-deck-auto", seed, user_id))
    _save_deck(db, user_id, deck, now)
    text, pic = deck_show(db, user_id)
    return words("Left it to me: a balanced deck of two attributes and neutral.") + "\n" + text, pic


def deck_add(db: Store, user_id: int, piece: str, now: datetime, count: int = 1) -> str:
    """Add `count` copies; as many as fit when the deck would pass its limit (and says so)."""
    if not 1 <= count <= DECK_MAX:
        raise GameError(words("Deck add: count must be 1–{most}, not {count}.", most=DECK_MAX, count=count))
    deck = load_progress(db, user_id).deck
    new = deck
    added = 0
    try:
        for _ in range(count):
            new = add_piece(new, piece)
            added += 1
    except RuleError as exc:
        if added == 0:
            raise GameError(words("Deck add: {reason}.", reason=deck_reason(exc))) from None
    _save_deck(db, user_id, new, now)
    name = piece_name(find_piece(piece))
    short = words(" (only {added} of {count} fit: a deck holds at most {most})", added=added, count=count,
                  most=DECK_MAX) if added < count else ""
    return words("Added {piece} ×{added}{short}. ", piece=name, added=added, short=short) + _state_line(new)


def deck_remove(db: Store, user_id: int, piece: str, now: datetime) -> str:
    deck = load_progress(db, user_id).deck
    try:
        new = remove_piece(deck, piece)
    except RuleError as exc:
        raise GameError(words("Deck remove: {reason}.", reason=deck_reason(exc))) from None
    _save_deck(db, user_id, new, now)
    return words("Removed one {piece}. ", piece=piece_name(find_piece(piece))) + _state_line(new)


def deck_reset(db: Store, user_id: int, now: datetime) -> str:
    _save_deck(db, user_id, [], now)
    return words("Your deck is cleared: each game deals you an automatic deck until you build one again.")


def _state_line(deck: list[str]) -> str:
    if not deck:
        return words("Your deck is empty: games deal you an automatic one.")
    try:
        sm.validate_deck(deck)
    except RuleError as exc:
        return words("Your deck has {n} pieces and cannot be played yet: {reason}.", n=len(deck),
                     reason=deck_reason(exc))
    return words("Your deck has {n} pieces and is playable.", n=len(deck))


def piece_details(name: str) -> tuple[str, Picture]:
    try:
        cid = find_piece(name)
    except RuleError as exc:
        raise GameError(words("Piece: {reason}.", reason=deck_reason(exc))) from None
    c = sm.card(cid)
    sides = tuple([tab(a) for a in c.tabs] + [blank(a) for a in c.blanks] + [FLAT] * c.flats)
    lines = [piece_name(cid), words("{attr} {kind} · {edges}", attr=words(c.attr), kind=words(c.kind),
                                    edges=edges_words(c))]
    if c.kind == "unit":
        lines.append(picture_words(f"{c.hearts}♥ · {attack_words(c)}"))
        if ability_words(c):
            lines.append(picture_words(ability_words(c)))
    else:
        lines.append(picture_words(words("when summoned: {effect}", effect=ability_words(c))))
    lines.append(words("where the tabs and blanks sit is dealt anew each draw"))
    return (words("**{piece}** — {details}. Where its tabs and blanks sit is dealt at random each time it is drawn; "
                  "turn it when placing.", piece=piece_name(cid), details=details(cid)),
            Picture(render_cards.render_piece(cid, sides, lines), "piece.png", piece_name(cid)))


def piece_choices(current: str) -> list[tuple[str, str]]:
    """Catalog pieces for autocomplete (every piece on an empty input, the first 25)."""
    want = current.strip().lower()
    found = [(f"{named(c.id)} · {edges_words(c)}"[:100], c.id) for c in sm.load_catalog().cards
             if want in c.name.lower() or want in c.id or want in c.attr or want in words(c.name).lower()]
    return found[:25]


__all__ = ["deck_add", "deck_auto", "deck_for", "deck_name", "deck_remove", "deck_words", "deck_reset", "deck_show",
           "piece_choices", "piece_details", "summary"]
