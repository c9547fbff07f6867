"""Imported by the worker processes' fork server, before its heap settles: the pictures' fonts opened and
the catalogs read there, once, so every worker is forked with them (pages it shares with the server, and
none of its own time) instead of each opening its own on its first picture."""
from __future__ import annotations

from .warm import warm

warm()
