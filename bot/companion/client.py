"""The companion's one AsyncOpenAI: built at start-up with its pool, warmed, and its errors read.

Each server words an error its own way; `error_words` finds the server's message in any of them, so a
pass can say what the server said. Here is where a server's error text is read, and where its keys and
tokens are taken out of it (redact.py).
"""
from __future__ import annotations

from typing import Any

import httpx2
import openai
from openai import AsyncOpenAI

from bot.settings import Settings

from .decision import one_line
from .redact import redact
from .tools import CHOOSE

SOCKET_TIMEOUT_S = 30.0    # the SDK's per-socket backstop; the deadline is what really bounds a call
KEEPALIVE_S = 120.0        # an idle pooled connection is kept this long (a duo phase comes every 30 s or so)
LOCAL_API_KEY = "not-needed"  # local servers (Ollama, vLLM, llama.cpp) take any key, but the SDK wants one
ANSWER_LIMIT = 4000        # a raw answer or error body is kept to this many characters


def make_client(settings: Settings, http_client: Any = None) -> AsyncOpenAI:
    """The one AsyncOpenAI of a pilot: the configured server, no SDK retries (the deadline decides), and
    a pool of kept-alive connections as large as the cap on requests in flight."""
    key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else LOCAL_API_KEY
    if http_client is None:
        cap = settings.companion_max_requests
        http_client = openai.DefaultAsyncHttpxClient(limits=httpx2.Limits(
            max_connections=cap, max_keepalive_connections=cap, keepalive_expiry=KEEPALIVE_S))
    return AsyncOpenAI(base_url=settings.openai_base_url, api_key=key, max_retries=0, timeout=SOCKET_TIMEOUT_S,
                       http_client=http_client)


# A completion with a tool call, validated once at start-up: the SDK imports its chat resources and
# builds its response types on first use (some 30-50 ms of the event loop), which would otherwise land
# on the first fight's decision.
_SAMPLE = {"id": "warm-up", "object": "chat.completion", "created": 0, "model": "warm-up",
           "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
               "role": "assistant", "content": None, "tool_calls": [{"id": "c", "type": "function", "function": {
                   "name": CHOOSE, "arguments": "{}"}}]}}],
           "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}


def warm_up(client: AsyncOpenAI) -> None:
    """Load the SDK's chat resources and response types now (start-up), not on the first decision."""
    from openai.types.chat import ChatCompletion

    _ = client.chat.completions
    ChatCompletion.model_validate(_SAMPLE)


def body_text(e: openai.APIStatusError) -> str:
    """The error response's body as the server sent it (kept with the decision)."""
    try:
        return redact(e.response.text)[:ANSWER_LIMIT]
    except Exception:  # a streamed body not read: the SDK's summary will do
        return redact(str(e))[:ANSWER_LIMIT]


def error_words(e: openai.APIStatusError) -> str:
    """The server's own message in an error body: OpenAI and Ollama nest it under "error", vLLM and
    llama.cpp put it at the top, Ollama's native routes send {"error": "text"}."""
    body = e.body
    said: Any = body
    if isinstance(body, dict):
        said = body.get("message") or body.get("error") or body.get("detail")
        if isinstance(said, dict):
            said = said.get("message")
    if not isinstance(said, str) or not said.strip():
        try:
            said = e.response.text
        except Exception:
            said = ""
    return one_line(redact(said), 150)
