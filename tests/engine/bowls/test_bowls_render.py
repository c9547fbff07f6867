"""The bowls board picture: a valid PNG of the expected size in every mode and theme."""
import datetime as dt
import io

import pytest
from PIL import Image

from bot.games.bowls.render import HEIGHT, WIDTH, render_board
from engine.bowls import (
    THEME_NAMES,
    BowlsGame,
    Goal,
    Modifier,
    legal_bowls,
    new_daily,
    new_endless,
    new_puzzle,
    set_theme,
    sow,
    undo,
)


def _games():
    yield "puzzle", new_puzzle(1)
    e = new_endless(4)
    e, _ = sow(e, legal_bowls(e)[0])
    yield "endless", undo(e)  # practice flag shows
    yield "daily", new_daily(dt.date(2026, 11, 29))
    # every flag, a temporary modifier, wilds and blockers, and an overflowed bowl with 8 stones
    b = ["RYGBPWX", "RRG", "WX", "", "GBPY", "YYB", "P", "BB", "RGBPYRGB", "X", "GG", "RYGBPRY"]
    yield "over", BowlsGame(mode="puzzle", puzzle_id=7, bowls=b, frozen=[3], reverse=[5], volcano=[5, 9],
                            modifiers=[Modifier(bowl=7, kind="frozen", moves_left=2)],
                            goal=Goal(kind="max_stones", count=10), move_limit=3, over=True, outcome="overflow")


@pytest.mark.parametrize("theme", THEME_NAMES)
def test_every_mode_and_theme_renders_a_png_of_the_board_size(theme):
    for name, game in _games():
        png = render_board(set_theme(game, theme))
        assert png[:8] == b"\x89PNG\r\n\x1a\n", name
        img = Image.open(io.BytesIO(png))
        img.load()
        assert img.size == (WIDTH, HEIGHT) == (564, 660)


def test_themes_change_the_picture_and_stones_show():
    g = BowlsGame(mode="puzzle", puzzle_id=1, bowls=["RRG"] + [""] * 11, goal=Goal(kind="clear_board"),
                  move_limit=1)
    simple = Image.open(io.BytesIO(render_board(g))).convert("RGB")
    space = Image.open(io.BytesIO(render_board(set_theme(g, "Space")))).convert("RGB")
    assert simple.getpixel((5, 5)) != space.getpixel((5, 5))
    # the ring (above the legend, which shows every stone) has the stones' own colours:
    # red (214, 48, 49) and green (38, 160, 72), and no blue (36, 99, 214) since no blue stone is there
    colours = {c for _, c in simple.crop((0, 0, 564, 550)).getcolors(1 << 20)}
    assert (214, 48, 49) in colours and (38, 160, 72) in colours
    assert (36, 99, 214) not in colours
