"""The one translation layer: every player-facing string is English source text looked up in the reader's
language's gettext catalog (`locales/<language>/LC_MESSAGES/gamehall.po`, read with Babel).

gettext catalogs rather than Fluent: they are what discord.py bots in Python use (Red-DiscordBot, BallsDex),
translators' tools (Poedit, Weblate, `pybabel extract/update`) read them as they are, the English text is
its own key (a reader of the code sees what the player sees), and Babel, which reads them, also carries each
language's numbers and lists (CLDR). Japanese has no plural forms, which a .po file says in its header.

Who reads is chosen once per answer (`reading(language)`); the language is a context variable, so words
made on the store worker or the drawing pool follow it (bot/core/offload.py carries the context there).

    words("Your turn, {name}.", name=member)     # in the current reader's language
    plural(n, "{n} piece", "{n} pieces")          # per the language's plural rules
    number(12345), listing(["A", "B", "C"])       # 12,345 · "A, B, and C" / "A、B、C"
"""
from __future__ import annotations

import dataclasses
import gettext
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, lru_cache
from importlib import resources
from typing import Any, TypeVar

from babel import Locale
from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

T = TypeVar("T")

SOURCE = "en"
LANGUAGES = ("en", "ja")  # the languages with a catalog, English first (the source)
DOMAIN = "gamehall"

_reader: ContextVar[str] = ContextVar("reader", default=SOURCE)
_community: ContextVar[str | None] = ContextVar("community", default=None)
untranslated: set[str] = set()  # English looked up in a language whose catalog lacks it (the scan test reads it)


def language_of(locale: Any) -> str:
    """Our language for a Discord locale ("ja", "en-US", a discord.Locale) or a stored setting; English for
    any language without a catalog, or none."""
    code = str(getattr(locale, "value", locale) or "").replace("_", "-").split("-")[0].lower()
    return code if code in LANGUAGES else SOURCE


def current() -> str:
    """The language of the answer being made."""
    return _reader.get()


def community() -> str | None:
    """The language Discord gives the server of the answer being made, where it is a Community server
    ("" for a server that is not one; None where no interaction said)."""
    return _community.get()


@contextmanager
def reading(language: str | None, *, server: str | None = None) -> Iterator[str]:
    """Words made inside are in `language` (one of LANGUAGES; anything else reads English). `server`:
    the Community server's own language, as the interaction came with it ("" for another server)."""
    chosen = language_of(language)
    token = _reader.set(chosen)
    told = _community.set(server) if server is not None else None
    try:
        yield chosen
    finally:
        _reader.reset(token)
        if told is not None:
            _community.reset(told)


def read_in(language: str, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
    """`fn(*args, **kwargs)` with its words in `language`: a picture drawn in a worker process, a board
    drawn for the server while a member's answer is made. A reply made so says which language it is in."""
    with reading(language) as chosen:
        made = fn(*args, **kwargs)
    if hasattr(made, "language") and dataclasses.is_dataclass(made) and not isinstance(made, type):
        return dataclasses.replace(made, language=chosen)  # type: ignore[return-value]
    return made


@cache
def catalog(language: str) -> Catalog | None:
    """The language's catalog, read once a process (None for the source language)."""
    if language == SOURCE:
        return None
    path = resources.files(__name__) / "locales" / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


def _translated(english: str | tuple[str, str], language: str, form: int = 0) -> str:
    book = catalog(language)
    key = english if isinstance(english, str) else english[0]
    message = book.get(key) if book is not None else None
    if book is None:
        return english if isinstance(english, str) else english[form]
    if message is None or not message.string or message.fuzzy:
        untranslated.add(key)
        return english if isinstance(english, str) else english[form]
    text = message.string
    if isinstance(text, tuple | list):
        return text[min(form, len(text) - 1)] or (english[form] if isinstance(english, tuple) else key)
    return text


def N_(english: str) -> str:
    """English kept to be said later (a constant, a game's title): gettext's marker for the catalog, which
    changes nothing now; `words(CONSTANT)` says it in the reader's language."""
    return english


def words(english: str, /, **values: Any) -> str:
    """`english` in the reader's language, its `{fields}` filled with `values` (`number` for a count the
    language groups)."""
    return words_in(current(), english, **values)


def words_in(language: str, english: str, /, **values: Any) -> str:
    """`words` for a reader named here rather than the current one (a public board, a command's text)."""
    text = _translated(english, language_of(language))
    return _filled(text, language, values) if values else text


def plural(n: int, one: str, other: str, /, **values: Any) -> str:
    """The form for `n` ("1 piece" / "3 pieces"; Japanese has one form); `{n}` is the number."""
    language = current()
    english_form = 0 if n == 1 else 1
    book = catalog(language)
    form = english_form if book is None else _plural_rule(language)(n)
    text = _translated((one, other), language, form)
    return _filled(text, language, {"n": n, **values})


def _filled(text: str, language: str, values: dict[str, Any]) -> str:
    return text.format(**values)


def number(n: int | float, language: str | None = None) -> str:
    """A number as the language writes it (digit groups)."""
    return format_decimal(n, locale=_locale(language or current()))


def listing(items: Iterable[str], language: str | None = None) -> str:
    """Items as one list the language's way ("A, B, and C"; "A、B、C")."""
    shown = list(items)
    return format_list(shown, locale=_locale(language or current())) if shown else ""


@lru_cache(maxsize=8)
def _plural_rule(language: str) -> Callable[[int], int]:
    """The catalog's Plural-Forms rule (Japanese: "plural=0", one form for every number)."""
    book = catalog(language)
    return gettext.c2py(book.plural_expr) if book is not None else (lambda n: 0 if n == 1 else 1)


@lru_cache(maxsize=8)
def _locale(language: str) -> Locale:
    return Locale.parse(language_of(language))


__all__ = ["LANGUAGES", "N_", "SOURCE", "community", "current", "language_of", "listing", "number", "plural", "read_in",
           "reading", "untranslated", "words", "words_in"]
