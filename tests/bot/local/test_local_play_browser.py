"""Local play in a real browser: a click on a thread's mention in a message opens that thread on the page.

The real `python -m bot` process, its page in headless Chromium (Debian's, driven by Playwright); the
commands are sent through the page's own calls (tools/drive/local_play.py) from a second page of the
same session, and what is asserted is what the browser tab draws.
"""
from __future__ import annotations

import time
import urllib.error
from types import SimpleNamespace

import pytest
from playwright.sync_api import expect
from support.local_play import browser_tab, games_header, local_play, open_mention

from bot.local_mentions import serve_mentions
from tools.drive.local_play import Page

THREAD = "Bowls · Puzzle 1 · you"
LINGER_S = 3.5  # a little over the moment a finished game's board stays up before the page leaves
MS = 1000


def test_a_click_on_a_thread_mention_or_its_started_note_opens_that_thread_running_or_finished(tmp_path):
    with local_play(tmp_path) as play:
        address = play.address()
        with browser_tab(address) as tab:
            header = games_header(tab)
            commands = Page(address)
            commands.run("bowls puzzle", number=1)
            expect(header).to_have_text(THREAD, timeout=10 * MS)  # the page follows the new game
            commands.run("open", where="games")
            expect(header).to_have_text("games", timeout=10 * MS)

            ready = tab.locator(".channel-message", has_text="your game is ready in").locator(".mention")
            expect(ready).to_have_text(f"#{THREAD}")
            expect(ready).to_have_attribute("role", "link")  # drawn as something to click
            ready.click()
            expect(header).to_have_text(THREAD, timeout=10 * MS)
            expect(tab.locator(".channel-message", has_text="Puzzle 1").first).to_be_visible()
            commands.run("open", where="games")
            expect(header).to_have_text("games", timeout=10 * MS)
            started = tab.locator(".channel-message", has_text="started a thread").locator("a", has_text=THREAD)
            started.click()  # SimCord links it to discord.com; here it opens the thread, in this tab
            expect(header).to_have_text(THREAD, timeout=10 * MS)
            assert len(tab.context.pages) == 1

            commands.run("bowls sow", bowl=3)  # puzzle 1 solved: the game ends, the page goes back
            expect(header).to_have_text("games", timeout=15 * MS)
            ready.click()  # the same mention, now of a finished game: its result, to read
            expect(header).to_have_text(THREAD, timeout=10 * MS)
            expect(tab.locator(".channel-message", has_text="Puzzle solved").first).to_be_visible()
            time.sleep(LINGER_S)
            expect(header).to_have_text(THREAD)  # a finished game opened to be read stays up


def test_a_mention_that_names_no_place_is_refused_in_words_and_only_the_page_may_ask(tmp_path):
    with local_play(tmp_path) as play:
        address = play.address()
        answer = open_mention(address, "1", "#nowhere")
        assert answer == {"opened": False,
                          "reason": "#nowhere is not a place the page can show: type /open to see where you can go."}
        with pytest.raises(urllib.error.HTTPError) as refused:
            open_mention(address, "1", "#games", capability="not-the-secret")
        assert refused.value.code == 401


def test_a_simcord_whose_preview_server_differs_keeps_its_own_page():
    own = object()
    preview = SimpleNamespace(_server=own)
    assert serve_mentions(preview, lambda message_id, label: None) is False
    assert preview._server is own, "the page is served as SimCord serves it, mentions as plain text"



def test_the_page_names_the_server_and_the_bot_and_enter_picks_the_exact_command(tmp_path):
    """The page shows the server "Game Hall (local)" and the bot as "Game Hall" (not SimCord's TestBot);
    typed from "/", "/daily" has /daily itself highlighted, as Discord does, so Enter picks it."""
    with local_play(tmp_path) as play:
        address = play.address()
        with browser_tab(address) as tab:
            games_header(tab)
            expect(tab.locator("#local-play-server")).to_have_text("Game Hall (local)")
            box = tab.locator("#channel-composer-input")
            box.click()
            box.press_sequentially("/daily", delay=60)  # key by key, as a person types
            active = tab.locator(".command-entry.is-active")
            expect(active).to_have_count(1)
            expect(active).to_contain_text("/daily")
            expect(active).not_to_contain_text("/bowls daily")
            expect(active).to_contain_text("Game Hall")  # the command's app: the bot, by its name
            box.press("Enter")
            expect(tab.locator(".command-chip")).to_have_text("/daily")
            tab.keyboard.press("Enter")  # runs it
            expect(tab.locator(".channel-message").last).not_to_contain_text("TestBot", timeout=10 * MS)
            expect(tab.locator(".channel-message").last).to_contain_text("Game Hall", timeout=10 * MS)
