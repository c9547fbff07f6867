"""The parts pictures share (a theme's backdrop, a replay's cards) are drawn once and pasted: a picture
is the same whether it is drawn first or after others have filled those caches."""
from __future__ import annotations

import engine.bowls as bowls
import engine.formation as fm
from bot.games.bowls import render as bowls_render
from bot.games.formation import replay as formation_replay


def test_a_replay_is_the_same_drawn_first_or_after_others():
    puzzles = fm.shipped_puzzles()
    battles = [fm.battle(p, p.solution) for p in puzzles[:6] if p.solution]
    formation_replay._replay_card.cache_clear()
    first = [formation_replay.render_replay(b) for b in battles]
    again = [formation_replay.render_replay(b) for b in reversed(battles)][::-1]
    assert again == first
    assert formation_replay._replay_card.cache_info().hits > 0


def test_a_bowls_board_is_the_same_drawn_first_or_after_other_themes():
    game = bowls.new_puzzle(5)
    themed = [bowls.set_theme(game, theme) for theme in bowls.THEME_NAMES]
    bowls_render._backdrop.cache_clear()
    first = [bowls_render.render_board(g) for g in themed]
    again = [bowls_render.render_board(g) for g in reversed(themed)][::-1]
    assert again == first
    assert len(set(first)) == len(themed), "each theme keeps its own backdrop"
