"""Local play: `python -m bot` without a token serves the bot on SimCord's preview in a browser page.

These tests run the real process and drive its page the way the browser does, through the preview's
HTTP API (create a page, read its state, run slash commands, press buttons), so what they see is what
a player sees. The driver is tools/drive/local_play.py; a model server, when one is needed, is the
fake OpenAI-compatible server of tools/drive/fake_openai.py.
"""
from __future__ import annotations

import shutil
import signal
import sqlite3
import time
import urllib.request
from datetime import datetime

import pytest
from support.local_play import local_play, page_opens

from bot.local_open import Place, find, matches
from bot.local_world import SECRET_FILE, page_secret
from tools.drive.fake_openai import hang
from tools.drive.local_play import LocalPlay, ModelServer, Page, free_port

QUIET = ("PyNaCl", "davey", "Privileged message content", "Guilds intent")
LINGER_S = 3.5  # a little over the moment a finished game's board stays up before the page leaves


def test_local_play_prints_an_address_that_serves_the_preview(tmp_path):
    play = LocalPlay(tmp_path, tmp_path / "local.db")
    try:
        address = play.address()
        assert f":{play.port}/" in address
        with urllib.request.urlopen(address.split("#")[0], timeout=10) as page:
            assert page.status == 200 and "SimCord" in page.read().decode()
        assert (tmp_path / "local.db").exists(), "local play keeps its games in the SQLite store"
    finally:
        output = play.stop()
    for note in QUIET:
        assert note not in output, f"start-up printed a note meant for other bots: {note}\n{output}"


def test_sigterm_stops_local_play_as_ctrl_c_does_leaving_nothing_behind(tmp_path):
    """A host stops the bot with SIGTERM: after a picture was drawn (the worker processes running), it
    says it stopped and where the games are, exits 0, and the resource tracker finds nothing leaked."""
    play = LocalPlay(tmp_path, tmp_path / "local.db")
    try:
        page = Page(play.address())
        page.run("bowls puzzle", number=1)
        page.wait_for_channel("Bowls")
        page.said("Puzzle 1")
    finally:
        output = play.stop()  # SIGTERM
    assert play.proc.returncode == 0, output
    assert "Local play stopped; games are saved in" in output
    assert "leaked" not in output and "Traceback" not in output, output


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_background_local_play_stops_on_a_signal_leaving_its_games_in_the_db_file_alone(tmp_path, stop):
    """Started as `nohup python -m bot &` starts it (SIGINT ignored) and stopped with `kill`: it stops
    promptly, and a copy of the .db file alone (no -wal beside it) holds the game just started."""
    play = LocalPlay(tmp_path, tmp_path / "local.db", background=True)
    try:
        page = Page(play.address())
        page.run("bowls puzzle", number=1)
        page.said("Puzzle 1")
        play.proc.send_signal(stop)
        began = time.monotonic()
        play.proc.wait(timeout=30)
        stopped_in = time.monotonic() - began
    finally:
        output = play.stop()
    assert play.proc.returncode == 0 and stopped_in < 15, output
    assert "Local play stopped; games are saved in" in output, output
    copy = tmp_path / "copy.db"
    shutil.copyfile(tmp_path / "local.db", copy)
    with sqlite3.connect(copy) as db:
        assert db.execute("select count(*) from games where kind = 'bowls'").fetchone()[0] == 1


def test_a_restart_keeps_the_address_progress_and_games_and_opens_on_the_game_played_last(tmp_path):
    db_path, port = tmp_path / "local.db", free_port()
    with local_play(tmp_path, db_path, port=port) as play:
        address = play.address()
        page = Page(address)
        assert page.channel() == "games"
        page.run("bowls puzzle", number=1)
        page.wait_for_channel("Bowls · Puzzle 1")  # into the game's thread, no reload
        page.run("bowls sow", bowl=3)  # puzzle 1: bowl 3's red lands on two reds and clears them
        page.said("Puzzle 1", "Puzzle solved")
        page.wait_for_channel("games")  # and back once the game is over
        page.run("bowls puzzle", number=2)
        page.wait_for_channel("Bowls · Puzzle 2")
        page.run("tactics campaign")
        page.wait_for_channel("Tactics")
        page.run("tactics pass")  # the fight is the game moved in last
    with sqlite3.connect(db_path) as db:
        xp = db.execute("select xp from players").fetchone()[0]
        old_threads = {row[0] for row in db.execute("select thread_id from games where status = 'running'")}
    assert xp > 0 and len(old_threads) == 2

    with local_play(tmp_path, db_path, port=port) as play:
        assert play.address() == address, "the address printed at the last start is this start's too"
        assert page_opens(address), "a tab at the old address opens the page (reloading it is enough)"
        page = Page(address)
        assert page.channel().startswith("Tactics · "), "the page opens on the game moved in last"
        page.said("Back after a restart", "Puddles on the Path")
        with sqlite3.connect(db_path) as db:
            running = dict(db.execute("select kind, thread_id from games where status = 'running'").fetchall())
            bowls_id = db.execute("select id from games where kind = 'bowls' and status = 'running'").fetchone()[0]
        assert not set(running.values()) & old_threads, "the games are re-pointed at their new threads"
        page.run("profile")
        profile = page.said(f"level 1, {xp} XP")
        assert "Puzzles won: 1/100" in profile
        page.run("games")
        page.said("Your running games", f"Bowls — <#{running['bowls']}>")
        page.run("open", where="#games")
        page.wait_for_channel("games")
        note = page.said("Welcome back")
        assert f"<#{running['bowls']}>" in note and f"<#{running['tactics']}>" in note
        page.click("Open Bowls · Puzzle 2")  # the note's mentions come with buttons too
        page.wait_for_channel("Bowls · Puzzle 2")
        page.said("Back after a restart", "Puzzle 2", "Moves left 1")
        page.run("bowls sow", bowl=1)  # the reopened game plays on where it was
        with sqlite3.connect(db_path) as db:
            version = db.execute("select version from games where id = ?", [bowls_id]).fetchone()[0]
        assert version > 1


def test_the_page_leaves_a_thread_only_when_the_game_shown_there_ends(tmp_path):
    with local_play(tmp_path) as play:
        page = Page(play.address())
        page.run("bowls puzzle", number=1)
        page.wait_for_channel("Bowls · Puzzle 1")
        page.run("summon ai")
        page.wait_for_channel("Summon · you vs AI")
        page.run("bowls puzzle", number=2)  # refused: puzzle 1 still runs; its End button is offered
        page.said("You already have a Bowls game running")
        page.click("End Bowls")  # the bowls game ends elsewhere, while the summon turn is live
        page.stays_on("Summon · you vs AI", LINGER_S)
        page.run("open", where="Puzzle 1")  # the finished game's thread, opened to read its end
        page.wait_for_channel("Bowls · Puzzle 1")
        page.stays_on("Bowls · Puzzle 1", LINGER_S)
        page.run("open", where="summon")
        page.wait_for_channel("Summon · you vs AI")
        page.run("summon surrender")
        page.click("Yes, surrender")  # the game shown ends with a Rematch to press: the page stays on it
        page.said("Rematch")
        page.stays_on("Summon · you vs AI", LINGER_S)
        page.run("open", where="games")
        page.wait_for_channel("games")
        page.run("bowls puzzle", number=2)
        page.wait_for_channel("Bowls · Puzzle 2")
        page.click("End")  # a result with nothing left to press: its last board stays a moment, then #games
        page.wait_for_channel("games", timeout=10)


def test_open_finds_any_word_of_a_name_and_reopens_finished_games(tmp_path):
    db_path, port = tmp_path / "local.db", free_port()
    with local_play(tmp_path, db_path, port=port) as play:
        page = Page(play.address())
        page.run("bowls puzzle", number=1)
        page.wait_for_channel("Bowls · Puzzle 1")
        page.run("bowls sow", bowl=3)
        page.wait_for_channel("games")
        page.run("tactics campaign")
        page.wait_for_channel("Tactics · Puddles on the Path")
        offered = [c["name"] for c in page.complete("open", "where", "")]
        assert offered == ["#games", "Tactics · Puddles on the Path · you", "Bowls · Puzzle 1 · you (finished)"]
        for typed in ("puddles", "PATH", "on the", "tac"):
            assert [c["name"] for c in page.complete("open", "where", typed)] == [
                "Tactics · Puddles on the Path · you"], typed
        assert page.complete("open", "where", "horn") == []
        page.run("open")  # nothing typed: the places as buttons
        page.click("Open #games")
        page.wait_for_channel("games")
        page.run("open", where="Puddles")  # typed, not picked from the list
        page.wait_for_channel("Tactics · Puddles on the Path")
        page.run("open", where="puzzle 1")
        page.wait_for_channel("Bowls · Puzzle 1")
        page.said("Puzzle 1", "Puzzle solved")
        page.run("open", where="Horn")
        page.said("Nothing called “Horn” here")

    with local_play(tmp_path, db_path, port=port) as play:
        page = Page(play.address())  # the first page after the restart: no reload needed
        offered = [c["name"] for c in page.complete("open", "where", "bowls")]
        assert offered == ["Bowls · Puzzle 1 · you (finished)"]
        page.run("open")
        page.said("Also finished before the last restart", "Bowls · Puzzle 1 · you (finished)")
        page.run("open", where="Bowls")  # its thread went with the last run: a new one shows how it ended
        page.wait_for_channel("Bowls · Puzzle 1")
        end = page.said("This game is over")
        assert "Puzzle solved" in end and "won!" in end
        page.stays_on("Bowls · Puzzle 1", LINGER_S)


@pytest.mark.slow
def test_a_press_answers_while_the_model_hangs_and_the_companion_passes_on_time(tmp_path):
    with ModelServer([hang(30)]) as model:
        with local_play(tmp_path, extra_env=model.env) as play:
            page = Page(play.address())
            started = page.run("tactics campaign")
            assert started["settlement"] == "settled", "the command came back without waiting on the model"
            page.wait_for_channel("Tactics")
            page.said("Tidecaller", "Cindle (model): to act")
            assert model.asked(1) == 1
            pressed = page.click("Pass")
            assert pressed["settlement"] == "settled", "the press came back without waiting on the model"
            other = page.run("bowls puzzle", number=1)
            assert other["settlement"] == "settled"
            page.wait_for_channel("Bowls · Puzzle 1")
            page.run("open", where="Puddles")
            page.wait_for_channel("Tactics")
            assert model.requests == 1, "the model still has not answered"
            page.said("Cindle passes: no answer in 10 s", timeout=20)  # the pass keeps the wall clock


def test_a_place_is_found_by_the_start_of_any_word_of_its_name_in_any_case():
    horned = Place("Tactics · The Horned One · you", 11)
    bowls = Place("Bowls · Puzzle 1 · you (finished)", 12)
    places = [Place("#games", 10), horned, bowls]
    for typed in ("Horn", "horned", "THE ONE", "tactics  horn", "Tactics · The Horned One · you", "11"):
        assert find(places, typed) is horned, typed
    assert find(places, "puzzle 1") is bowls and find(places, "games") is places[0]
    assert find(places, "Thorn") is None and find(places, "horn pass") is None and find(places, " ") is None
    assert all(matches(p, "") for p in places), "nothing typed yet: the list offers everything"


def test_the_address_secret_is_made_once_readable_by_its_owner_alone(tmp_path):
    folder = tmp_path / "data"
    first = page_secret(folder)
    assert page_secret(folder) == first and len(first) >= 32
    assert (folder / SECRET_FILE).stat().st_mode & 0o777 == 0o600
    (folder / SECRET_FILE).write_text("x")  # spoilt: a new one is made rather than a guessable one used
    assert page_secret(folder) not in ("x", first)


def test_message_times_follow_the_wall_clock(tmp_path):
    with local_play(tmp_path) as play:
        page = Page(play.address())
        page.run("profile")
        time.sleep(3)
        page.run("profile")
        deadline = time.monotonic() + 10
        while len(messages := page.state()["messages"]) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)  # the page scrolls to the newest message by itself
        stamps = [datetime.fromisoformat(m["timestamp"]) for m in messages.values()]
    assert len(stamps) == 2
    first, second = sorted(stamps)
    assert (second - first).total_seconds() >= 2.5, "SimCord's clock stood still between the two messages"
    assert abs((second - datetime.now(second.tzinfo)).total_seconds()) < 60
