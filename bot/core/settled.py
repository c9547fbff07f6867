"""Imported last by the worker processes' fork server: what it imported (the games, their pictures and
plans) is frozen out of the garbage collector's sight before a worker is forked from it.

A worker shares the fork server's memory until it writes a page; a full collection writes to every
tracked object it walks, so each worker came to hold a private copy of every module it was forked
with, and spent its CPU walking them. Frozen, they are never walked. A worker's C allocator keeps few
arenas, as the bot's does."""
from __future__ import annotations

from .heap import few_arenas, settle_heap

few_arenas()
settle_heap()
