"""Local play in Japanese: the page is one member, so after `/settings language` Japanese everything local
play itself says reads Japanese too (its welcome back after a restart, `/open` and its places, the notes its
page scripts show), scanned for English left behind as the Japanese games' tests scan their boards."""
from __future__ import annotations

import json
import time
import urllib.request

from support.local_play import local_play, open_mention
from support.reading import english_in

from bot.local_mentions import PAGE_NOTES, WORDS_PATH
from bot.local_world import PLAYER_NAME
from tools.drive.local_play import Page, free_port

NAMES = (PLAYER_NAME, "Game Hall (local)", "#games", "games", "{label}")


def left_in_english(*texts: str) -> list[tuple[str, list[str]]]:
    return [(text, found) for text in texts if (found := english_in(text, NAMES))]


def wait_for_thread(page: Page, timeout: float = 20) -> str:
    """The page moves into the game's thread (its name in Japanese, so not known beforehand)."""
    deadline = time.monotonic() + timeout
    while (shown := page.channel()) == "games":
        assert time.monotonic() < deadline, "the page never went into the game's thread"
        time.sleep(0.05)
    return shown


def page_notes(address: str) -> dict[str, str]:
    """The notes the page's scripts show, as they ask for them."""
    with urllib.request.urlopen(address.split("/#")[0] + WORDS_PATH, timeout=30) as response:
        return json.load(response)


def test_after_settings_language_japanese_local_play_speaks_japanese(tmp_path):
    db_path, port = tmp_path / "local.db", free_port()
    with local_play(tmp_path, db_path, port=port) as play:
        address = play.address()
        page = Page(address)
        assert page_notes(address)["opening"] == "Opening {label}…"  # English until a host chooses
        page.run("settings language", language="ja")
        page.said("日本語")
        notes = page_notes(address)  # the page's notes follow at once, with no reload
        assert set(notes) == set(PAGE_NOTES) and notes["opening"] == "{label} を開いています…"
        assert left_in_english(*notes.values()) == []
        refused = open_mention(address, "1", "#nowhere")["reason"]
        assert refused.startswith("#nowhere は") and left_in_english(refused.removeprefix("#nowhere")) == []
        page.run("bowls puzzle", number=1)
        thread = wait_for_thread(page)
        page.run("bowls sow", bowl=3)  # puzzle 1 is solved: a finished game for /open
        page.wait_for_channel("games")
        page.run("bowls puzzle", number=2)
        running = wait_for_thread(page)
        offered = [c["name"] for c in page.complete("open", "where", "")]
        assert offered == ["#games", running, f"{thread}（終了）"]
        page.run("open")
        where = page.said("どこへ行きますか")
        page.run("open", where="zzz")
        nothing = page.said("「zzz」という場所はありません").replace("zzz", "")
        assert left_in_english(where, nothing) == []
        page.run("open", where="#games")
        page.wait_for_channel("games")

    with local_play(tmp_path, db_path, port=port) as play:
        page = Page(play.address())
        assert page.channel() == running, "the page opens on the game played last, its thread named in Japanese"
        back = page.said("再起動から戻りました")
        page.run("open", where="#games")
        page.wait_for_channel("games")
        welcome = page.said("おかえりなさい")
        assert left_in_english(back.split("\n")[0], welcome) == []
        page.click(f"{running} を開く")  # the welcome's buttons are in Japanese too
        page.wait_for_channel(running)
        page.run("open")
        also = page.said("前回の再起動より前に終わったゲーム")
        assert f"{thread}（終了）" in also and left_in_english(also) == []
        page.run("open", where="パズル1")  # a word of its Japanese name finds it
        page.wait_for_channel(thread)
        end = page.said("このゲームは終わりました")
        assert left_in_english(end.split("\n")[0]) == []
