"""Local play at a phone's size: in headless Chromium at 390×844, no board of any game scrolls sideways
(a code block wider than the screen would: it never wraps), neither the page nor anything in a board.

The real `python -m bot` process and its page (tools/drive/local_play.py), each game started with its
own command; what is measured is what the browser lays out."""
from __future__ import annotations

from playwright.sync_api import expect
from support.local_play import browser_tab, games_header, local_play

from tools.drive.local_play import Page

MS = 1000
PHONE = (390, 844)
GAMES = [("bowls puzzle", {"number": 1}, "Bowls"), ("formation tutorial", {}, "Formation"),
         ("tactics campaign", {}, "Tactics"), ("summon ai", {}, "Summon")]
# Every element of the thread's messages wider inside than it shows (it would scroll sideways)
SIDEWAYS = """() => [...document.querySelectorAll('.channel-message, .channel-message *')]
    .filter(e => e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1)
    .map(e => `${e.tagName}.${e.className}: ${e.scrollWidth} > ${e.clientWidth}`)"""
PAGE_WIDTH = "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"


def test_no_board_of_any_game_scrolls_sideways_on_a_phone(tmp_path):
    with local_play(tmp_path) as play:
        address = play.address()
        with browser_tab(address, *PHONE) as tab:
            header = games_header(tab)
            commands = Page(address)
            seen = []
            for invocation, options, thread in GAMES:
                commands.run(invocation, **options)
                expect(header).to_contain_text(thread, timeout=15 * MS)
                board = tab.locator(".channel-message").last
                expect(board.locator("img").first).to_be_visible(timeout=15 * MS)
                seen.append((thread, tab.evaluate(SIDEWAYS), tab.evaluate(PAGE_WIDTH)))
                if thread == "Bowls":  # and its result
                    commands.run("bowls sow", bowl=3)
                    expect(header).to_have_text("games", timeout=15 * MS)
                    commands.run("open", where="Bowls · Puzzle 1 · you")
                    expect(header).to_contain_text("Bowls", timeout=10 * MS)
                    expect(tab.locator(".channel-message", has_text="Puzzle solved").first).to_be_visible()
                    seen.append(("Bowls, solved", tab.evaluate(SIDEWAYS), tab.evaluate(PAGE_WIDTH)))
                commands.run("open", where="games")
                expect(header).to_have_text("games", timeout=10 * MS)
            for thread, sideways, (scroll, client) in seen:
                assert not sideways, f"{thread}: something scrolls sideways: {sideways}"
                assert scroll <= client == PHONE[0], f"{thread}: the page is {scroll} px wide on a {client} px screen"
