"""Secrets taken out of a model server's words before anything keeps or shows them.

A server that refuses a key often quotes it ("Incorrect API key provided: sk-…"), and an exception's
text can carry a request's headers. Whatever looks like a key or a token — `sk-…`, `Bearer …`, a long
run of random letters and digits — becomes "(key removed)" wherever the server's text is read, so the
stored decision, the host's report and the log hold the server's words without its secrets.
"""
from __future__ import annotations

import re

REMOVED = "(key removed)"
SECRET_KEY = re.compile(r"\b(?:sk|pk|rk)-[A-Za-z0-9_\-*.…]{4,}")           # OpenAI-style keys, masked or not
BEARER = re.compile(r"\b(Bearer)\s+(?!\(key removed\))[^\s,;\"']+", re.IGNORECASE)  # an Authorization header's value
LONG_RUN = re.compile(r"[A-Za-z0-9_+/=\-]{32,}")                              # a candidate random string
SIGNS_OF_RANDOM = (re.compile(r"\d"), re.compile(r"[A-Za-z]"))


def _random_or_kept(match: re.Match[str]) -> str:
    """A long run is a key when it mixes letters and digits (a long plain word or number is kept)."""
    run = match.group(0)
    return REMOVED if all(sign.search(run) for sign in SIGNS_OF_RANDOM) else run


def redact(text: str) -> str:
    """`text` with every key- or token-like part replaced by "(key removed)"; idempotent."""
    text = SECRET_KEY.sub(REMOVED, str(text))
    text = BEARER.sub(lambda m: f"{m.group(1)} {REMOVED}", text)
    return LONG_RUN.sub(_random_or_kept, text)
