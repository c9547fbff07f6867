"""A worker process's first call, made at start-up: the fonts loaded and the catalogs read (and the games
imported, by the fork server) before the first press needs a picture, so no press waits for a worker to
start or for its words."""
from __future__ import annotations

import os

from bot.words import LANGUAGES, catalog

from .common import font

SIZES = (12, 14, 16, 18, 20, 24)  # the boards' usual text sizes; any other loads on first use


def warm() -> int:
    """Load the fonts at the usual sizes and read every language's catalog; the worker's process id."""
    for size in SIZES:
        font(size).getbbox("Ag")
    for language in LANGUAGES:
        catalog(language)
    return os.getpid()
