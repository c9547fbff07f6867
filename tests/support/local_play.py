"""Local play in a real (headless) browser, and the page's own calls a test makes beside the shared
driver (tools/drive/local_play.py: the `python -m bot` process, its page through HTTP, a fake model).
"""
from __future__ import annotations

import json
import shutil
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tools.drive.local_play import LocalPlay, Page


@contextmanager
def local_play(folder: Path, db_path: Path | None = None, **options) -> Iterator[LocalPlay]:
    """`python -m bot` in local play from `folder`, its games in `db_path` (local.db there unless named),
    stopped on leaving however the test ended (`options` go to LocalPlay: a port, extra_env, …)."""
    play = LocalPlay(folder, db_path or folder / "local.db", **options)
    try:
        yield play
    finally:
        play.stop()


def page_opens(address: str) -> bool:
    """Whether a fresh browser tab at `address` gets a page (the preview accepts its secret)."""
    try:
        Page(address)
    except urllib.error.HTTPError:
        return False
    return True


CHROMIUM = "chromium"  # Debian's browser (apt-get install chromium), driven headless by Playwright


@contextmanager
def browser_tab(address: str, width: int = 1100, height: int = 800):
    """The page in a real browser: a headless Chromium tab at `address`, `width` by `height` (a phone's
    390 by 844, say), showing what a player sees.

    Not skipped where Chromium is missing: the browser tests are part of the suite, so a machine
    without it fails them, saying what to install."""
    from playwright.sync_api import sync_playwright

    executable = shutil.which(CHROMIUM)
    assert executable, f"the browser tests need {CHROMIUM} on PATH: apt-get install {CHROMIUM}"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, headless=True)
        try:
            tab = browser.new_page(viewport={"width": width, "height": height})
            tab.goto(address)
            yield tab
        finally:
            browser.close()


def games_header(tab):
    """The tab's channel name as it draws it, once it shows #games (the page's first channel; a busy
    machine's start takes a while)."""
    from playwright.sync_api import expect

    header = tab.locator("#channel-name")
    expect(header).to_have_text("games", timeout=20_000)
    return header


def open_mention(address: str, message_id: str, label: str, *, capability: str | None = None) -> dict:
    """What the page's script asks local play when a mention is clicked, and the answer."""
    base, secret = address.split("/#")
    query = urllib.parse.urlencode({"message": message_id, "label": label})
    request = urllib.request.Request(f"{base}/local-play/open?{query}",
                                     headers={"X-Simcord-Capability": secret if capability is None else capability})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)
