"""Local play in a real browser: a press made within 100 ms of each board update reaches the bot and is
answered, though SimCord's page takes one action at a time and refuses one bound to a board that moved.

The real `python -m bot` process, its page in headless Chromium (driven by Playwright); each press is a
real mouse click on the button as drawn, made as soon as the tab shows the board the previous press made.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import expect
from support.local_play import browser_tab, games_header, local_play

from tools.drive.local_play import Page

MS = 1000
THREAD = "Bowls · Puzzle 3 · you"
BOWLS = ["1", "2", "6", "7", "10", "11", "12"]  # puzzle 3's bowls that hold stones


@contextmanager
def puzzle_board(tmp_path) -> Iterator[tuple[Any, Any]]:
    """`python -m bot` in local play, its page in a browser tab, bowls puzzle 3 begun there: the tab and the
    puzzle's board as the tab shows it."""
    with local_play(tmp_path) as play:
        address = play.address()
        with browser_tab(address) as tab:
            header = games_header(tab)
            Page(address).run("bowls puzzle", number=3)
            expect(header).to_have_text(THREAD, timeout=10 * MS)
            yield tab, tab.locator(".channel-message", has_text="Puzzle 3 · Score").last


def test_a_press_within_100_ms_of_each_update_is_answered(tmp_path):
    with puzzle_board(tmp_path) as (tab, board):
        expect(board).to_be_visible(timeout=10 * MS)
        presses = [BOWLS[n % len(BOWLS)] for n in range(21)]
        for bowl in presses:
            button = board.locator("button.component-button", has_text=re.compile(rf"^{bowl}$"))
            button.click(force=True, timeout=5 * MS)  # at once: no wait for the page to be ready
            expect(board).to_contain_text(re.compile(rf"Selected bowl {bowl}\b"), timeout=15 * MS)
        expect(tab.locator("#action-status")).not_to_have_text("Action was not completed.")


def test_a_press_held_while_its_button_changed_is_said_to_have_done_nothing(tmp_path):
    """Two presses at once: "2", then "Sow 1" while the page still sends the first. Once bowl 2 is
    selected the button reads "Sow 2": the held press is not made on it, and the page says why."""
    with puzzle_board(tmp_path) as (tab, board):
        board.locator("button.component-button", has_text=re.compile("^1$")).click(timeout=10 * MS)
        expect(board).to_contain_text(re.compile(r"Selected bowl 1\b"), timeout=15 * MS)
        tab.evaluate("""() => {
            const buttons = [...document.querySelectorAll("button.component-button")];
            const named = (label) => buttons.find((b) => b.textContent.trim() === label);
            named("2").click();
            named("Sow 1").click();
        }""")
        expect(board).to_contain_text(re.compile(r"Selected bowl 2\b"), timeout=15 * MS)
        expect(tab.locator("#local-play-note")).to_contain_text(
            'The board moved on before your press on "Sow 1" was made, so it did nothing', timeout=15 * MS)
        expect(board).to_contain_text("Score 0")  # nothing was sown


def test_a_boards_buttons_stay_put_while_its_picture_is_drawn_anew(tmp_path):
    """SimCord's page redraws an edited board's picture (gone, a placeholder, then full height) and
    scrolls with each change of height; the board keeps its height meanwhile, so a button a player is
    about to press stays where it was drawn, every frame of the update."""
    with puzzle_board(tmp_path) as (tab, board):
        expect(board.locator("img.attachment-image")).to_be_visible(timeout=10 * MS)
        settled = "() => [...document.images].every((img) => img.complete && img.naturalHeight)"
        board.locator("button.component-button", has_text=re.compile("^12$")).click()  # its first line
        expect(board).to_contain_text(re.compile(r"Selected bowl 12\b"), timeout=15 * MS)
        tab.wait_for_function(settled)
        tab.evaluate("""() => new Promise((atRest) => {
            const top = () => {
                const board = [...document.querySelectorAll(".channel-message")]
                    .filter((item) => item.textContent.includes("Puzzle 3 · Score")).pop();
                const button = board && [...board.querySelectorAll("button.component-button")]
                    .find((item) => item.textContent.trim() === "10");
                return button ? Math.round(button.getBoundingClientRect().top) : null;
            };
            let still = 0, last = null;
            const watch = () => {  // from the board at rest (the same place 20 frames running) on
                const now = top();
                if (window.buttonTops) window.buttonTops.add(now);
                else if (now === last && ++still >= 20) { window.buttonTops = new Set([now]); atRest(); }
                else if (now !== last) { still = 0; last = now; }
                requestAnimationFrame(watch);
            };
            requestAnimationFrame(watch);
        })""")
        for bowl in ["1", "2", "6"]:
            board.locator("button.component-button", has_text=re.compile(rf"^{bowl}$")).click(force=True)
            expect(board).to_contain_text(re.compile(rf"Selected bowl {bowl}\b"), timeout=15 * MS)
            tab.wait_for_function(settled)
        tab.wait_for_timeout(500)
        tops = [top for top in tab.evaluate("() => [...window.buttonTops]") if top is not None]
        # A line of the page's own text may come and go (some 30 px); a picture drawn anew moved the
        # buttons by most of its height (some 270 px here) until the board kept its height.
        assert max(tops) - min(tops) < 100, f"the board's buttons moved during an update: {sorted(tops)}"
