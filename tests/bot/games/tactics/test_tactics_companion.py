"""The language-model companion in the companion seat, through SimCord and the real openai
client against the fake OpenAI server of tools/drive/fake_openai.py.

SimCord only treats timers as virtual: the model server's replies are real network input. A prompt
answer is simply awaited; for a hang, the bot's `external_wait` (given to create_bot) is SimCord's
`env.external_wait`, which tells the simulator the pilot waits on the outside world on purpose, so
members' presses settle while the call is in flight and the pilot's deadline fires on `advance_time`,
as the phase timer does.
"""
from __future__ import annotations

import asyncio
import logging
import time
from contextlib import asynccontextmanager

import pytest
import simcord
from support.languages import japanese_server
from support.reading import english_in
from support.world import add_host, open_game, running, world

import engine.tactics as tx
from bot.companion import forecasts
from bot.core.progress import save_progress
from bot.games.tactics.actions import TELL_MOST
from bot.settings import Settings
from db import companion as decisions
from tools.drive.fake_openai import MODEL, FakeOpenAI, choose, hang, pass_, refusing, status
from tools.drive.replies import private_text
from tools.drive.tactics_play import send_turn, session, thread_texts


@pytest.fixture
async def fake():
    async with FakeOpenAI([choose(1)]) as server:
        yield server


@pytest.fixture
def settings(tmp_path, fake) -> Settings:
    return Settings(database_path=tmp_path / "gamehall.db", shard_count=1, OPENAI_BASE_URL=fake.base_url,
                    COMPANION_MODEL=MODEL, _env_file=None)


@pytest.fixture
async def make_real_bot(settings):
    """The shipped bot on the fake model server; each bot's model client is closed while the loop runs."""
    from bot.discord import create_bot

    made = []

    def build(config: Settings | None = None, external_wait=None):
        made.append(create_bot(config or settings, external_wait=external_wait))
        return made[-1]

    yield build
    for bot in made:
        for pilot in (bot.pilots.pilots.get("tactics", {}) if bot.pilots else {}).values():
            if hasattr(pilot, "aclose"):
                await pilot.aclose()


def companion_lines(thread) -> list[str]:
    return [line for text in thread_texts(thread) for line in text.split("\n") if line.startswith("Cindle")]


@asynccontextmanager
async def hung_model_fight(make_real_bot, fake, *then):
    """Alice's first campaign fight while the model server hangs 30 s (then answers `then`): (bot, env, alice,
    the fight's thread). The bot's wait on the model is SimCord's `env.external_wait`; SimCord makes its env
    from the bot, so the bot's wait names the env that is only bound below."""
    fake.answer_next(hang(30), *then)
    bot = make_real_bot(external_wait=lambda call, reason: env.external_wait(call, reason=reason))
    async with running(bot, "alice") as (env, guild, channel, alice):
        yield bot, env, alice, await open_game(alice, channel, "tactics campaign")


async def test_the_model_sends_a_turn_with_its_line_in_the_thread(make_real_bot, fake):
    fake.answer_next(choose(2, "Burn them, friend!"))
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        await alice.slash(channel, "tactics campaign", companion="Cindle")  # a model is configured: the default
        thread = channel.threads[-1]
        s = session(bot)
        assert s.pilot == "model" and s.fight.get("companion").done
        offered = decisions.decisions(bot.db, s.key)[0]["offered"]   # as the prompt listed them
        line = companion_lines(thread)[-1]
        assert line == f'Cindle: "Burn them, friend!" ({offered[1]})'
        assert len(fake.requests) == 1
        body = str(fake.requests[0])
        assert "alice" not in body, "no text written by players reaches the prompt"
        stored = decisions.decisions(bot.db, s.key)
        assert [(d["decision"], d["number"], d["model"]) for d in stored] == [("turn", 2, MODEL)]
        report = private_text(await alice.slash(thread, "tactics companion"))
        assert "Choice: turn 2" in report and offered[1] in report and "Latency:" in report
        assert "Cindle (model): done" in thread.last_message.content


async def test_a_say_with_a_mention_is_not_shown_and_the_line_says_the_turn(make_real_bot, fake):
    fake.answer_next(choose(2, "Burn them, <@123> @everyone!"))
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "tactics campaign", companion="Cindle")
        offered = decisions.decisions(bot.db, session(bot).key)[0]["offered"]
        assert companion_lines(thread)[-1] == f"Cindle: {offered[1]}"
        assert "123" not in thread.last_message.content


async def test_a_model_pass_is_said_with_its_reason(make_real_bot, fake):
    fake.answer_next(pass_("waiting for them to come closer"))
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "tactics campaign")
        assert companion_lines(thread)[-1] == "Cindle passes: waiting for them to come closer"


async def test_a_hanging_model_passes_after_10_s_while_the_heros_buttons_keep_working(make_real_bot, fake):
    async with hung_model_fight(make_real_bot, fake, choose(1, "Back again")) as (bot, env, alice, thread):
        await env.advance_time(3)  # the prompt waits at most COMPANION_FORECAST_SECONDS (3) for its forecasts
        assert len(fake.requests) == 1 and not session(bot).fight.get("companion").done
        await send_turn(alice, thread.last_message, 1)
        assert session(bot).fight.get("hero").done, "the hero's turn went through while the model thinks"
        assert "Cindle (model): to act" in thread.last_message.content
        await env.advance_time(6)
        assert session(bot).fight.round == 1 and not session(bot).fight.get("companion").done
        await env.advance_time(2)
        assert "Cindle passes: no answer in 10 s" in companion_lines(thread)
        assert session(bot).fight.round == 2, "the companion's pass closed the phase"
        stored = decisions.decisions(bot.db, session(bot).key)
        assert [(d["decision"], d["code"]) for d in stored][0] == ("pass", "timeout")


async def test_a_restart_while_the_model_is_called_closes_the_phase_on_time_and_applies_once(make_real_bot, fake):
    then = (choose(1, "Back again"), hang(30))
    async with hung_model_fight(make_real_bot, fake, *then) as (bot, env, alice, thread):
        await env.advance_time(4)
        fresh = make_real_bot(external_wait=env.external_wait)
        await env.restart_bot(fresh)  # the call in flight is dropped; the new bot's pilot asks again
        await env.settle()
        assert len(fake.requests) == 2
        assert companion_lines(thread).count('Cindle: "Back again" (' + tx.plan_turns(
            tx.new_fight("c01", 1, "Tidecaller", "Cindle"), "companion")[0].label + ")") == 1
        assert len(decisions.decisions(fresh.db, session(fresh).key)) == 1, "one decision, applied once"
        await env.advance_time(25)
        assert session(fresh).fight.round == 1, "the hero still has the rest of the phase's 30 s"
        await env.advance_time(2)
        assert session(fresh).fight.round == 2 and "Time's up: Tidecaller passes." in "\n".join(thread_texts(thread))


async def test_a_restart_during_a_hang_keeps_the_companions_10_s(make_real_bot, fake):
    async with hung_model_fight(make_real_bot, fake) as (bot, env, alice, thread):
        await env.advance_time(6)
        fresh = make_real_bot(external_wait=env.external_wait)
        await env.restart_bot(fresh)
        await env.advance_time(3)
        assert not session(fresh).fight.get("companion").done
        await env.advance_time(2)
        assert session(fresh).fight.get("companion").done, "10 s from the phase opening, not from the restart"
        assert companion_lines(thread).count("Cindle passes: no answer in 10 s") == 1


async def test_past_the_days_budget_the_companion_plays_auto_and_says_so_once(make_real_bot, settings, fake):
    bot = make_real_bot(settings.model_copy(update={"companion_calls_per_day": 0}))
    async with running(bot, "alice") as (env, guild, channel, alice):
        await alice.slash(channel, "tactics campaign")
        await env.settle()
        thread = channel.threads[-1]
        assert session(bot).fight.get("companion").done, "past the budget, the planner's turn at once"
        notice = "it plays auto until 00:00 UTC"
        assert notice in thread.last_message.content
        await alice.click(thread.last_message, label="Pass (Tidecaller)")
        await env.settle()
        assert session(bot).fight.round == 2 and session(bot).fight.get("companion").done
        assert companion_lines(thread)[-1].startswith("Cindle: ") and notice not in thread.last_message.content
        assert not fake.requests, "no model call past the budget"


async def test_the_players_call_waits_for_the_models_next_decision_and_only_the_player_may_make_it(make_real_bot,
                                                                                                   fake):
    bot = make_real_bot()
    async with running(bot, "alice", "carol") as (env, guild, channel, alice, carol):
        thread = await open_game(alice, channel, "tactics campaign")
        assert len(fake.requests) == 1 and session(bot).fight.get("companion").done
        told = await alice.slash(thread, "tactics tell", message="  focus   the Tussle, @everyone ")
        assert 'Cindle will read your call at its next decision: "focus the Tussle, @\u200beveryone"' in \
            private_text(told)
        assert session(bot).call == "focus the Tussle, @everyone", "kept for the next prompt, spaces tidied"
        assert 'To Cindle: "focus the Tussle, @\u200beveryone"' in thread.last_message.content
        assert "not your game" in private_text(await carol.slash(thread, "tactics tell", message="pass forever"))
        report = private_text(await alice.slash(thread, "tactics companion"))
        assert 'Your call for its next decision: "focus the Tussle, @\u200beveryone"' in report
        await alice.click(thread.last_message, label="Pass (Tidecaller)")
        await env.settle()
        assert len(fake.requests) == 2 and session(bot).fight.round == 2
        assert session(bot).call is None, "the call went with the decision it was made for"
        assert "pass forever" not in str(fake.requests), "no other member's text reaches a prompt"
        first, second = (next(m["content"] for m in r["messages"] if m["role"] == "user") for r in fake.requests)
        assert "<<<player" not in first, "no call, no block"
        assert "Your player's call" in second and "<<<player\nfocus the Tussle, @everyone\nplayer>>>" in second
        report = private_text(await alice.slash(thread, "tactics companion"))
        assert 'Your call: "focus the Tussle, @' in report, "stored with the decision it was given to"


async def test_a_timed_out_decision_is_shown_by_tactics_companion(make_real_bot, fake):
    async with hung_model_fight(make_real_bot, fake) as (bot, env, alice, thread):
        await env.advance_time(11)
        assert "Cindle passes: no answer in 10 s" in companion_lines(thread)
        report = private_text(await alice.slash(thread, "tactics companion"))
        assert "Choice: pass" in report and "no answer in 10 s" in report, report


async def test_an_unreadable_stored_decision_is_skipped_and_said(make_real_bot, fake):
    fake.answer_next(choose(2, "Here goes"))
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "tactics campaign")
        key = session(bot).key
        bot.db.insert("companion_decisions", {"fight": key, "round": 1, "fighter": "companion", "latency_s": 0.1,
                                              "decision": "turn", "code": "chosen", "reason": "x",
                                              "offered": "[not json", "steps": "[]", "created_at": "2026-01-01"})
        report = private_text(await alice.slash(thread, "tactics companion"))
        assert "Choice: turn 2" in report and 'said "Here goes"' in report, report
        assert "1 newer stored decision of this fight could not be read and was skipped" in report


async def test_the_companions_line_cannot_break_the_board_or_post_a_link(make_real_bot, fake):
    fake.answer_next(choose(1, "```\n# Gotcha [free nitro](https://evil.example/nitro) https://x.example `hi`"))
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "tactics campaign")
        board = thread.last_message.content
        line = companion_lines(thread)[-1]
        assert line == f"Cindle: {decisions.decisions(bot.db, session(bot).key)[0]['offered'][0]}", "not shown at all"
        assert "`" not in line and "http" not in line and "](" not in line
        assert "```" not in board, "the companion's line opens no code block on the board"
        report = private_text(await alice.slash(thread, "tactics companion"))
        assert "http" not in report and "`" not in report


async def test_one_client_made_at_start_up_serves_every_fight_on_kept_alive_connections(make_real_bot, fake):
    bot = make_real_bot()
    async with simcord.run(bot) as env:
        model_pilot = bot.pilots.pilots["tactics"]["model"]
        assert model_pilot.ready, "the shared client exists before any fight asks for it"
        shared = model_pilot.companion
        guild, channel, alice, bob = world(env, "alice", "bob")
        await alice.slash(channel, "tactics campaign")
        await bob.slash(channel, "tactics campaign")
        assert len(fake.requests) == 2 and model_pilot.companion is shared
        assert len(fake.connections) == 1, "the second fight's call reused the first one's connection"


async def test_a_server_refusal_is_said_by_its_kind_in_public_and_in_the_servers_words_to_the_host(make_real_bot,
                                                                                                    fake):
    fake.answer_next(refusing("context", server="other"))
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "tactics campaign")
        assert companion_lines(thread)[-1] == f"Cindle passes: {REFUSED}"
        report = private_text(await alice.slash(thread, "tactics companion"))
        said = "the model server answered HTTP 400: This model's maximum context length is 512 tokens."
        assert f"Reason: {said}" in report and "1 model call" in report


REFUSED = "the companion's model server refused the request — the host can check `/tactics companion`"
KEY = "sk-proj-4fQ9xZ2mN7bV1cR8tY3uW6pL0kJ5hG"
TOKEN = "eyJhbGciOiJIUzI1NiJ9x7Qp2Lm9Zr4Kt8Wv3Ns6"


async def test_a_wrong_key_never_shows_the_key_in_the_thread_the_report_or_the_log(make_real_bot, fake, caplog):
    fake.answer_next(status(401, f"Incorrect API key provided: {KEY}. Sent with Bearer {TOKEN} at {TOKEN}"))
    bot = make_real_bot()
    caplog.set_level(logging.INFO)
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "tactics campaign")
        assert companion_lines(thread)[-1] == f"Cindle passes: {REFUSED}"
        shown = "\n".join(thread_texts(thread))
        report = private_text(await alice.slash(thread, "tactics companion"))
        assert "Reason: the model server answered HTTP 401: Incorrect API key provided: (key removed)" in report
        stored = decisions.decisions(bot.db, session(bot).key)[-1]
        assert "Incorrect API key provided: (key removed)" in stored["error_body"]
        for where, text in [("thread", shown), ("report", report), ("stored reason", stored["reason"]),
                            ("stored body", stored["error_body"]), ("log", caplog.text)]:
            assert "sk-" not in text and TOKEN not in text and "4fQ9xZ" not in text, where


async def test_a_board_full_of_long_calls_still_shows_every_telegraph_whole(make_real_bot, fake):
    """Six calls of the longest a player may send, each kept on the live board: the board still names what
    every stray will do, in a phone's few lines, and its newest call; the Text map says each in full."""
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        won = [e.id for e in tx.campaign()][:9]
        save_progress(bot.db, alice.id, "tactics", tx.TacticsProgress(xp=3000, won=won), env.now())
        await alice.slash(channel, "tactics campaign", encounter="c10")   # a pack of five: five telegraphs
        thread = channel.threads[-1]
        for n in range(6):
            call = (f"call {n}: stay behind the rocks, root the nearest stray, heal me under half HP and never "
                    "step into a cone; if the pack splits, take the weak side first and keep the exit clear ") * 2
            await alice.slash(thread, "tactics tell", message=call[:TELL_MOST])
        board = thread.last_message.content
        fight = session(bot).fight
        view = tx.render_text(fight, viewer="duo", recent=0).split("\n")
        telegraphs = view[view.index("telegraphs (fire at the start of the strays' next phase):") + 1:]
        assert len(telegraphs) == len(fight.telegraphs) >= 3
        for tg in fight.telegraphs:
            assert f"{fight.get(tg.stray).name}: {tg.skill} " in board, "every telegraph is named on the board"
        assert 'To Cindle: "call 5: ' in board, "the newest call is on the board"
        assert len(board) <= 2000 and len([line for line in board.split("\n") if line.strip()]) <= 12
        whole = private_text(await alice.click(thread.last_message, label="Text map"))
        for line in telegraphs:
            assert f"· {line.strip()}" in whole.split("\n"), f"a telegraph line cut from the Text map: {line!r}"


async def test_a_members_call_cannot_break_the_board_or_post_a_link(make_real_bot, fake):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "tactics campaign")
        told = private_text(await alice.slash(thread, "tactics tell",
                                              message="[free nitro](https://evil.example/n) ``` @everyone"))
        board = thread.last_message.content
        assert 'To Cindle: "free nitro \'\'\' @\u200beveryone"' in board, "the link's words, not its address"
        assert board.count("```") % 2 == 0, "every code block the board opens, it closes"
        report = private_text(await alice.slash(thread, "tactics companion"))
        for shown in (board, told, report):
            assert "http" not in shown and "](" not in shown and "@everyone" not in shown
        assert "`" not in told and "`" not in report.split("Your call")[-1]


async def test_a_forecast_worker_slower_than_the_settle_still_lets_the_companion_decide_in_time(make_real_bot, fake):
    # The forecast worker kept busy past SimCord's settle timeout, as a loaded machine keeps it: the
    # forecasts' budget still ends on time and the model is asked without them.
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        busy = forecasts._workers.submit(time.sleep, env.settle_timeout + 2)
        await alice.slash(channel, "tactics campaign")
        s = session(bot)
        assert s.fight.get("companion").done and len(fake.requests) == 1
        stored = decisions.decisions(bot.db, s.key)
        assert [(d["decision"], d["forecasts"]) for d in stored] == [("turn", 0)], "no forecast was back in time"
    await asyncio.wrap_future(busy)  # the worker free again for the next test


@pytest.mark.parametrize("language", ["ja", "en"])
async def test_the_companion_speaks_the_servers_language_and_reads_the_call_as_written(make_real_bot, fake,
                                                                                      language):
    # The host sets the server's language; the prompt stays English, the player's call reaches it as she
    # wrote it, and `say` is asked for in Japanese on a Japanese server only.
    fake.answer_next(choose(1), choose(1, "まかせて、右から倒します"))
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        host = add_host(env, guild)
        await host.slash(channel, "settings language", language=language)
        thread = await open_game(alice, channel, "tactics campaign", companion="Cindle")
        await alice.slash(thread, "tactics tell", message="右のスライムを先に倒して")
        await alice.slash(thread, "tactics pass")
        await env.settle()
        assert len(fake.requests) == 2 and session(bot).fight.round == 2
        users = [next(m["content"] for m in r["messages"] if m["role"] == "user") for r in fake.requests]
        systems = [next(m["content"] for m in r["messages"] if m["role"] == "system") for r in fake.requests]
        assert all(s.startswith("You are Cindle, the companion") for s in systems), "the prompt stays English"
        assert "<<<player\n右のスライムを先に倒して\nplayer>>>" in users[1], "the call as the player wrote it"
        asked = "Your player reads Japanese: write `say`, and a pass's reason, in Japanese."
        if language == "ja":
            assert all(asked in u for u in users)
            assert any("まかせて、右から倒します" in t for t in thread_texts(thread)), "the companion's line, shown"
        else:
            assert not any("Japanese" in u for u in users), "an English server's prompt asks for nothing more"


@pytest.mark.parametrize("trouble", ["hang", "refusal", "budget"])
async def test_on_a_japanese_server_the_companions_pass_and_budget_notice_read_japanese(make_real_bot, settings, fake,
                                                                                        monkeypatch, trouble):
    # A model server that hangs or refuses, or a day's calls used up: the thread says why in the server's
    # language, the prompt staying English; the English server's lines are the tests above.
    fake.answer_next(hang(30) if trouble == "hang" else refusing("context", server="other"))
    budget = {"companion_calls_per_day": 0} if trouble == "budget" else {}
    bot = make_real_bot(settings.model_copy(update=budget),
                        external_wait=lambda call, reason: env.external_wait(call, reason=reason))
    async with running(bot, "alice") as (env, guild, channel, alice):
        await japanese_server(monkeypatch, env, guild, channel, alice, host_name="host")
        thread = await open_game(alice, channel, "tactics campaign")
        await env.advance_time(11)
        shown = [line for text in thread_texts(thread) for line in text.split("\n")]
        expected = {"hang": "シンドルはパスします：10秒のあいだ答えがありませんでした",
                    "refusal": "シンドルはパスします：相棒のモデルのサーバーが要求を断りました",
                    "budget": "相棒のモデルは、このサーバーの今日の呼び出し0回を使い切りました"}[trouble]
        said = [line for line in shown if expected in line]
        assert said, "\n".join(shown)
        assert english_in(said[0], ()) == [], said[0]
        assert all(english_in(line, ("alice",)) == [] for line in shown if "シンドル" in line), shown
        if trouble != "budget":
            assert [d["code"] for d in decisions.decisions(bot.db, session(bot).key)] == \
                [{"hang": "timeout", "refusal": "http_error"}[trouble]]
            report = private_text(await alice.slash(thread, "tactics companion"))
            assert "**相棒の最後の決定**" in report and "選んだもの：パス" in report, report
            kind = {"hang": "理由：時間内に答えがありませんでした（操作役自身の言葉：no answer in 10 s）",
                    "refusal": "理由：相棒のモデルのサーバーが要求を断りました（サーバー自身の言葉：the model server "
                               "answered HTTP 400"}[trouble]
            assert kind in report, "the kind in Japanese first, then the pilot's or the server's own words"
