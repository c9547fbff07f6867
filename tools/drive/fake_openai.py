"""A fake OpenAI-compatible server on 127.0.0.1 that answers chat completions by a script.

Real HTTP, so the real `openai` client is tested end to end. Each request to /v1/chat/completions takes
the next answer of the script (the last one repeats); every request body is kept in `requests`.

    async with FakeOpenAI([choose(1, "On it!")]) as fake:
        settings = Settings(OPENAI_BASE_URL=fake.base_url, COMPANION_MODEL="fake-model")

Answers: choose, pass_, custom, tool (any name and raw arguments), text, malformed, not_json, status,
rate_limited, drop, hang, trickle, refusing(field, then=…, server=…): the 400 a real server sends
for a field it does not take (OpenAI, vLLM, Ollama wording), or `then` when the request leaves it out,
and failing_on_required(then=…): llama-cpp-python's HTTP 500 to tool_choice "required".
Run it alone to point a CLI at it:
`python tools/drive/fake_openai.py --answer choose:1` prints its base URL and serves until stopped.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

MODEL = "fake-model"
Handler = Callable[[web.Request, dict], Awaitable[web.StreamResponse]]


@dataclass(frozen=True)
class Answer:
    """One scripted answer: a name for test ids and the coroutine that writes the response."""

    name: str
    respond: Handler = field(repr=False)


def _completion(body: dict, message: dict, finish: str) -> dict:
    return {
        "id": "chatcmpl-fake", "object": "chat.completion", "created": 0, "model": body.get("model", MODEL),
        "choices": [{"index": 0, "message": message, "finish_reason": finish, "logprobs": None}],
        "usage": {"prompt_tokens": 900, "completion_tokens": 20, "total_tokens": 920},
    }


def tool(name: str, arguments: str | dict) -> Answer:
    """A tool call with raw argument text (which may be anything, even not JSON), or with the arguments
    as an object, as some servers send them."""
    async def respond(request: web.Request, body: dict) -> web.StreamResponse:
        message = {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": name, "arguments": arguments}}]}
        return web.json_response(_completion(body, message, "tool_calls"))
    return Answer(f"{name}:{str(arguments)[:20]}", respond)


def choose(number: int, say: str = "On it!") -> Answer:
    return tool("choose_turn", json.dumps({"number": number, "say": say}))


def pass_(reason: str = "waiting for a better opening") -> Answer:
    return tool("pass_turn", json.dumps({"reason": reason}))


def custom(steps: list[dict], say: str = "My own way!") -> Answer:
    full = [{"kind": s["kind"], "to": s.get("to"), "skill": s.get("skill"), "at": s.get("at"),
             "toward": s.get("toward"), "reaction": s.get("reaction")} for s in steps]
    return tool("custom_turn", json.dumps({"steps": full, "say": say}))


def malformed() -> Answer:
    return tool("choose_turn", '{"number": 1, "say": ')


def text(content: str = "I think turn 2 looks best.") -> Answer:
    async def respond(request: web.Request, body: dict) -> web.StreamResponse:
        return web.json_response(_completion(body, {"role": "assistant", "content": content}, "stop"))
    return Answer("text", respond)


def not_json() -> Answer:
    async def respond(request: web.Request, body: dict) -> web.StreamResponse:
        return web.Response(status=200, text="<html><body>Bad gateway</body></html>", content_type="application/json")
    return Answer("not_json", respond)


def status(code: int = 500, message: str = "the fake server failed") -> Answer:
    async def respond(request: web.Request, body: dict) -> web.StreamResponse:
        return web.json_response({"error": {"message": message, "type": "server_error"}}, status=code)
    return Answer(f"http_{code}", respond)


def rate_limited(retry_after: int = 20) -> Answer:
    async def respond(request: web.Request, body: dict) -> web.StreamResponse:
        return web.json_response({"error": {"message": "slow down", "type": "rate_limit"}}, status=429,
                                 headers={"Retry-After": str(retry_after)})
    return Answer("rate_limited", respond)


# What real servers answer to a field they do not take (their bodies as reported in their issue trackers).
REFUSALS: dict[tuple[str, str], tuple[int, dict]] = {
    ("openai", "parallel_tool_calls"): (400, {"error": {
        "message": "Unsupported parameter: 'parallel_tool_calls' is not supported with this model.",
        "type": "invalid_request_error", "param": "parallel_tool_calls", "code": "unsupported_parameter"}}),
    ("openai", "max_tokens"): (400, {"error": {
        "message": "Unsupported parameter: 'max_tokens' is not supported with this model. "
                   "Use 'max_completion_tokens' instead.",
        "type": "invalid_request_error", "param": "max_tokens", "code": "unsupported_parameter"}}),
    ("openai", "reasoning_effort"): (400, {"error": {
        "message": "Unrecognized request argument supplied: reasoning_effort",
        "type": "invalid_request_error", "param": None, "code": None}}),
    ("openai", "strict"): (400, {"error": {
        "message": "Invalid schema for function 'choose_turn': strict mode is not supported by this model.",
        "type": "invalid_request_error", "param": "tools[0].function.strict", "code": "invalid_function_parameters"}}),
    ("vllm", "tool_choice"): (400, {
        "object": "error", "message": '"required" tool choice requires --enable-auto-tool-choice and '
                                      "--tool-call-parser to be set", "type": "BadRequestError", "param": None,
        "code": 400}),
    ("ollama", "tools"): (400, {"error": {"message": "registry.ollama.ai/library/gemma3:4b does not support tools",
                                          "type": "api_error", "param": None, "code": None}}),
    ("other", "context"): (400, {"error": {"message": "This model's maximum context length is 512 tokens.",
                                           "type": "invalid_request_error", "param": "messages", "code": None}}),
}


def _sends(body: dict, field: str) -> bool:
    if field == "strict":
        return any(t.get("function", {}).get("strict") for t in body.get("tools", []))
    return field == "context" or field in body


def refusing(field: str, then: Answer | None = None, *, server: str = "openai") -> Answer:
    """HTTP 400 in `server`'s words while a request carries `field`; `then` answers a request without it."""
    code, error = REFUSALS[(server, field)]
    after = then or choose(1)

    async def respond(request: web.Request, body: dict) -> web.StreamResponse:
        if _sends(body, field):
            return web.json_response(error, status=code)
        return await after.respond(request, body)
    return Answer(f"refusing:{server}:{field}", respond)


def failing_on_required(then: Answer | None = None) -> Answer:
    """llama-cpp-python's chatml-function-calling to `tool_choice: "required"`: HTTP 500, an empty message
    (an assertion in its handler); `then` answers a request without it."""
    after = then or choose(1)

    async def respond(request: web.Request, body: dict) -> web.StreamResponse:
        if body.get("tool_choice") == "required":
            return web.json_response({"error": {"message": "", "type": "internal_server_error", "param": None,
                                                "code": None}}, status=500)
        return await after.respond(request, body)
    return Answer("failing_on_required", respond)


def drop() -> Answer:
    """Close the socket without a word."""
    async def respond(request: web.Request, body: dict) -> web.StreamResponse:
        if request.transport is not None:
            request.transport.close()
        await asyncio.sleep(3600)   # the handler is cancelled when the connection goes
        raise AssertionError("unreachable")
    return Answer("drop", respond)


def hang(seconds: float = 30.0) -> Answer:
    """Accept the request, then say nothing for `seconds` before a good answer."""
    async def respond(request: web.Request, body: dict) -> web.StreamResponse:
        await asyncio.sleep(seconds)
        return await choose(1).respond(request, body)
    return Answer("hang", respond)


def trickle(interval: float = 5.0) -> Answer:
    """Send the headers, then a good answer one byte every `interval` seconds (each read stays alive)."""
    async def respond(request: web.Request, body: dict) -> web.StreamResponse:
        payload = json.dumps(_completion(body, {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_1", "type": "function",
             "function": {"name": "choose_turn", "arguments": '{"number": 1, "say": "slowly"}'}}]},
            "tool_calls")).encode()
        response = web.StreamResponse(status=200, headers={"Content-Type": "application/json",
                                                           "Content-Length": str(len(payload))})
        await response.prepare(request)
        for i in range(len(payload)):
            await response.write(payload[i:i + 1])
            await asyncio.sleep(interval)
        await response.write_eof()
        return response
    return Answer("trickle", respond)


class FakeOpenAI:
    """The server. `script` answers requests in order; `requests` keeps every chat request's JSON body."""

    def __init__(self, script: list[Answer] | None = None, *, models_status: int = 200) -> None:
        self.script = list(script or [choose(1)])
        self.models_status = models_status
        self.requests: list[dict] = []
        self.model_checks = 0
        self.in_flight = self.most_in_flight = 0   # chat requests being answered now, and at most at once
        self.connections: set[tuple | None] = set()  # the client ends (host, port) chat requests came on
        self.port: int | None = None
        self._runner: web.AppRunner | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def answer_next(self, *answers: Answer) -> None:
        """Replace what is left of the script."""
        self.script = list(answers)

    async def _chat(self, request: web.Request) -> web.StreamResponse:
        body = await request.json()
        self.requests.append(body)
        self.connections.add(request.transport.get_extra_info("peername") if request.transport else None)
        answer = self.script.pop(0) if len(self.script) > 1 else self.script[0]
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        try:
            return await answer.respond(request, body)
        finally:
            self.in_flight -= 1

    async def _models(self, request: web.Request) -> web.StreamResponse:
        self.model_checks += 1
        if self.models_status != 200:
            return web.json_response({"error": {"message": "down"}}, status=self.models_status)
        return web.json_response({"object": "list", "data": [
            {"id": MODEL, "object": "model", "created": 0, "owned_by": "fake"}]})

    async def start(self, port: int = 0) -> FakeOpenAI:
        app = web.Application()
        app.router.add_post("/v1/chat/completions", self._chat)
        app.router.add_get("/v1/models", self._models)
        # handler_cancellation: a hanging handler stops when its client goes; shutdown does not wait 60 s.
        self._runner = web.AppRunner(app, handler_cancellation=True, shutdown_timeout=0.2, access_log=None)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", port))   # port 0: the system picks a free one
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        return self

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeOpenAI:
        return await self.start()

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()


ANSWERS: dict[str, Callable[..., Answer]] = {
    "choose": lambda n="1": choose(int(n)), "pass": lambda: pass_(), "text": lambda: text(),
    "malformed": lambda: malformed(), "not_json": lambda: not_json(), "status": lambda c="500": status(int(c)),
    "rate_limited": lambda s="20": rate_limited(int(s)), "drop": lambda: drop(), "hang": lambda s="30": hang(float(s)),
    "trickle": lambda s="5": trickle(float(s)), "failing_on_required": lambda: failing_on_required(),
}


def parse_answer(spec: str) -> Answer:
    """`choose:1`, `status:500`, `hang:30`, `text` … as on the command line."""
    name, _, arg = spec.partition(":")
    return ANSWERS[name](arg) if arg else ANSWERS[name]()


async def _serve(answers: list[str], port: int) -> None:
    fake = await FakeOpenAI([parse_answer(a) for a in answers]).start(port)
    print(fake.base_url, flush=True)
    try:
        await asyncio.Event().wait()
    finally:
        await fake.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answer", action="append", default=[], help="choose:N, pass, text, status:CODE, hang:S …")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    try:
        asyncio.run(_serve(args.answer or ["choose:1"], args.port))
    except KeyboardInterrupt:
        pass
