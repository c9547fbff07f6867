"""The tactics picture shows a telegraph's push before it fires, as the board's text says it: an arrow from
the caught duo member toward where it lands, in the telegraph's colour, and a splat where it stops against
the edge, rock, a barrel or a fighter. Real c06 positions (seed 1: the Thornhorn's Gore is locked through
the hero's tile)."""
from __future__ import annotations

import io

from PIL import Image

import engine.tactics as tx
from bot.games.tactics.render import LEFT, TELEGRAPH, TOP, T, render_board
from engine.tactics.model.board import COLS


def c06() -> tx.FightState:
    return tx.new_fight("c06", 1, "Tidecaller", "Mossle", level=tx.expected_level("c06"))


def placed(fight: tx.FightState, **where: str) -> tx.FightState:
    """The same fight with some fighters standing elsewhere (by id)."""
    return fight.model_copy(update={"fighters": [f.model_copy(update={"pos": where[f.id]}) if f.id in where else f
                                                 for f in fight.fighters]})


def pixel(fight: tx.FightState, tile: str, dx: float, dy: float) -> tuple[int, int, int]:
    """The picture's colour `dx`, `dy` pixels from the centre of `tile`."""
    image = Image.open(io.BytesIO(render_board(fight))).convert("RGB")
    cx, cy = LEFT + COLS.index(tile[0]) * T + T // 2, TOP + (int(tile[1:]) - 1) * T + T // 2
    return image.getpixel((round(cx + dx), round(cy + dy)))


def test_a_gore_that_splats_the_hero_on_the_edge_shows_an_arrow_and_a_splat_at_that_corner():
    fight = c06()
    gore = next(t for t in fight.telegraphs if t.skill == "Gore")
    assert fight.get("hero").pos == "A5" and "A5" in gore.tiles
    # The board says "Tidecaller south-west, splat on the edge": the arrow's head leaves the hero's token
    # toward A5's south-west corner, and the splat sits on that corner.
    head = (-15, 15)
    corner = (-T // 2 - 2, T // 2 + 2)
    assert pixel(fight, "A5", *head) == TELEGRAPH
    assert pixel(fight, "A5", *corner) == TELEGRAPH
    # Stepped out of the Gore (to E8), nothing is drawn there.
    away = placed(fight, hero="E8")
    assert pixel(away, "A5", *head) != TELEGRAPH and pixel(away, "A5", *corner) != TELEGRAPH


def test_a_push_that_moves_the_hero_draws_the_arrow_over_the_tile_it_lands_on():
    fight = c06()
    b4 = next(f for f in fight.fighters if f.pos == "B4")
    # The hero on C3 with B4 cleared: the Gore pushes it one tile south-west, onto B4.
    moved = placed(fight, hero="C3", **{b4.id: "G7"})
    assert pixel(moved, "C3", -T // 2, T // 2) == TELEGRAPH, "the shaft crosses the corner between C3 and B4"
    assert pixel(moved, "B4", 2, -2) == TELEGRAPH, "the head ends at B4's centre"
    # With the stray still on B4, the hero splats on it: a splat on that corner, no arrow into B4's centre.
    splat = placed(fight, hero="C3")
    assert pixel(splat, "C3", -T // 2 - 2, T // 2 + 2) == TELEGRAPH
    assert pixel(splat, "B4", 2, -2) != TELEGRAPH


def test_a_telegraph_that_can_hit_no_one_leaves_the_grid_as_it_was():
    """An area telegraph whose tiles were all out of reach has none: nothing of it is drawn (the picture
    has no per-telegraph legend; the board's text says it can hit no one)."""
    fight = c06()
    without = fight.model_copy(update={"telegraphs": [t for t in fight.telegraphs if t.skill != "Dive"]})
    empty = fight.model_copy(update={"telegraphs": [t.model_copy(update={"tiles": [], "caught": []})
                                                    if t.skill == "Dive" else t for t in fight.telegraphs]})
    assert render_board(empty) == render_board(without)
    assert render_board(empty) != render_board(fight), "the Dive's tiles were shaded before"
