"""Symbols that never share: under simulated protanopia, deuteranopia and tritanopia (Machado 2009 on the
rendered PNG), every pair of bowls stones, of tactics' sides and of summon's attributes (a piece's tabs)
still differs by shape or letter, not colour alone; and each stone kind has its own symbol in the
picture, the text board and the rules page alike."""
from __future__ import annotations

import io
import itertools
from pathlib import Path

import pytest
from PIL import Image, ImageDraw
from support.colour_blind import MACHADO, figure, same_shape

import engine.bowls as bowls
import engine.tactics as tx
from bot.games.bowls import render as bowls_render
from bot.games.bowls.kind import text_board
from bot.games.summon import render as summon_render
from bot.games.tactics import render as tactics_render
from engine.summon.pieces import Side, tab

RULES = Path(bowls_render.__file__).with_name("how_to_play.md")


def bowls_figures(kind: str) -> dict[str, frozenset]:
    """Each stone kind's figure, as drawn in bowl 1 of a board holding one stone of every kind."""
    game = bowls.BowlsGame(mode="puzzle", puzzle_id=1, bowls=["RYGBPWX"] + [""] * 11,
                           goal=bowls.Goal(kind="clear_board"), move_limit=1)
    image = Image.open(io.BytesIO(bowls_render.render_board(game))).convert("RGB")
    bx, by = bowls_render._bowl_centre(0)
    slots = bowls_render._slots(7)
    return {letter: figure(image, (bx + dx, by + dy), bowls_render.STONE_R * scale - 2, kind)
            for letter, (dx, dy, scale) in zip("RYGBPWX", slots)}


@pytest.mark.parametrize("kind", MACHADO)
def test_every_pair_of_stones_differs_by_its_symbol_to_a_colour_blind_eye(kind):
    figures = bowls_figures(kind)
    for a, b in itertools.combinations(figures, 2):
        assert figures[a] and not same_shape(figures[a], figures[b]), f"{a} and {b} look alike under {kind}"


@pytest.mark.parametrize("kind", MACHADO)
def test_the_hero_the_companion_and_a_stray_differ_by_their_letters_to_a_colour_blind_eye(kind):
    fight = tx.new_fight("c01", 1, "Tidecaller", "Cindle")
    image = Image.open(io.BytesIO(tactics_render.render_board(fight))).convert("RGB")
    tokens = {f.id: figure(image, tactics_render._centre(f.pos), 12, kind)
              for f in (fight.get("hero"), fight.get("companion"), fight.side("strays")[0])}
    for a, b in itertools.combinations(tokens, 2):
        assert tokens[a] and not same_shape(tokens[a], tokens[b]), f"{a} and {b} look alike under {kind}"


@pytest.mark.parametrize("kind", MACHADO)
def test_every_pair_of_summon_attributes_differs_by_its_mark_to_a_colour_blind_eye(kind):
    attrs = list(summon_render.ATTR_COLOURS)
    size = 120
    image = Image.new("RGB", (len(attrs) * size, size), summon_render.BACKGROUND)
    d = ImageDraw.Draw(image)
    figures = {}
    for i, attr in enumerate(attrs):
        sides = (tab(attr), Side(kind="blank", attr=attr), tab(attr), Side(kind="blank", attr=attr))
        summon_render.draw_piece(d, i * size, 0, size, "n02", sides, label=False)
    for i, attr in enumerate(attrs):
        _, r, mids = summon_render._geometry(i * size, 0, size)
        figures[attr] = figure(image, summon_render._inside(*mids[0], r, 0, outward=True), r * 0.55, kind)
    for a, b in itertools.combinations(figures, 2):
        assert not same_shape(figures[a], figures[b]), f"{a} and {b} tabs look alike under {kind}"


def test_each_stone_kind_has_its_own_symbol_in_the_text_board_and_on_the_rules_page():
    symbols = bowls_render.STONE_SYMBOLS
    assert len(set(symbols.values())) == len(symbols) == 7, "no two kinds share a symbol"
    rules = RULES.read_text(encoding="utf-8")
    board = text_board(bowls.new_puzzle(1))
    for letter, symbol in symbols.items():
        name = bowls_render.STONE_NAMES[letter]
        assert f"{name} {symbol}" in rules, f"the rules page names {name}'s {symbol}"
        others = [other for other in symbols if other != letter]
        assert not any(f"{bowls_render.STONE_NAMES[o]}s {symbol}" in rules.lower() for o in others), \
            f"the rules page gives {symbol} to one kind only"
        assert f"{letter} {symbol} {name}" in board, f"the text board's legend says {letter} {symbol} {name}"
