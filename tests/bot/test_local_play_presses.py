"""Local play in a real browser: a press made within 100 ms of each board update reaches the bot and is
answered, though SimCord's page takes one action at a time and refuses one bound to a board that moved.

The real `python -m bot` process, its page in headless Chromium (driven by Playwright); each press is a
real mouse click on the button as drawn, made as soon as the tab shows the board the previous press made.
"""
from __future__ import annotations

import re

from playwright.sync_api import expect
from support.local_play import LocalPlay, Page, browser_tab

MS = 1000
THREAD = "Bowls · Puzzle 3 · you"
BOWLS = ["1", "2", "6", "7", "10", "11", "12"]  # puzzle 3's bowls that hold stones


def test_a_press_within_100_ms_of_each_update_is_answered(tmp_path):
    play = LocalPlay(tmp_path, tmp_path / "local.db")
    try:
        address = play.address()
        with browser_tab(address) as tab:
            header = tab.locator("#channel-name")
            expect(header).to_have_text("games", timeout=20 * MS)
            Page(address).run("bowls puzzle", number=3)
            expect(header).to_have_text(THREAD, timeout=10 * MS)
            board = tab.locator(".channel-message", has_text="Puzzle 3 · Score").last
            expect(board).to_be_visible(timeout=10 * MS)
            presses = [BOWLS[n % len(BOWLS)] for n in range(21)]
            for bowl in presses:
                button = board.locator("button.component-button", has_text=re.compile(rf"^{bowl}$"))
                button.click(force=True, timeout=5 * MS)  # at once: no wait for the page to be ready
                expect(board).to_contain_text(re.compile(rf"Selected bowl {bowl}\b"), timeout=15 * MS)
            expect(tab.locator("#action-status")).not_to_have_text("Action was not completed.")
    finally:
        play.stop()
