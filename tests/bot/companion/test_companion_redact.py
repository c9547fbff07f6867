"""A model server's words lose whatever looks like a key or a token, and keep everything else."""
from __future__ import annotations

import pytest

from bot.companion.redact import REMOVED, redact


@pytest.mark.parametrize(("said", "shown"), [
    ("Incorrect API key provided: sk-proj-abcDEF1234567890abcdefXYZ. You can find your key",
     f"Incorrect API key provided: {REMOVED} You can find your key"),
    ("Incorrect API key provided: sk-****************abcd.", f"Incorrect API key provided: {REMOVED}"),
    ("header Authorization: Bearer abc.def-ghi rejected", f"header Authorization: Bearer {REMOVED} rejected"),
    ("session 9f8e7d6c5b4a39281706f5e4d3c2b1a0ffee expired", f"session {REMOVED} expired"),
])
def test_keys_and_tokens_are_removed(said, shown):
    assert redact(said) == shown
    assert redact(shown) == shown, "idempotent: text stored redacted reads the same when redacted again"


@pytest.mark.parametrize("said", [
    "This model's maximum context length is 512 tokens.",
    "model meta-llama/Meta-Llama-3.1-8B-Instruct not found",
    "SmolLM2-135M-Instruct-Q8_0-GGUF does not support tools",
    "Token limit exceeded",
])
def test_ordinary_words_and_model_names_stay(said):
    assert redact(said) == said
