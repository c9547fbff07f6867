"""A worker process's first call, made at start-up: the fonts loaded and the catalogs read before the first
press needs a picture, so no press waits for a worker to start or for its words. The workers' fork server
has done it already (`FORK_SERVER_PRELOAD`, with the games imported), so a worker forked from it finds
them loaded; the call makes sure."""
from __future__ import annotations

import os

from bot.words import LANGUAGES, catalog

from .common import font

# every size the games' and the profile's text is drawn at, in either language; another opens on first use
SIZES = (12, 15, 17, 19, 20, 22, 24, 26, 28, 30, 32, 34, 36, 43, 44, 48)
FORK_SERVER_PRELOAD = __name__.rpartition(".")[0] + ".preload"  # the module the fork server imports to run `warm`


def warm() -> int:
    """Load the fonts at the usual sizes and read every language's catalog; the worker's process id."""
    for size in SIZES:
        font(size).getbbox("Ag")
    for language in LANGUAGES:
        catalog(language)
    return os.getpid()
