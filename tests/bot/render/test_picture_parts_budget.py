"""The picture parts a process keeps (backdrops, frames, replay cards) stay within one budget in bytes
however many themes and fights are drawn, the pictures are the same with a small budget as with a
large one, and a part still in use is found again rather than drawn again."""
from __future__ import annotations

import engine.bowls as bowls
import engine.formation as fm
from bot.games.bowls import render as bowls_render
from bot.games.formation import replay as formation_replay
from bot.render import parts
from bot.words import current
from engine.bowls.themes import get_theme


def _themed_boards() -> list[bowls.BowlsGame]:
    game = bowls.new_puzzle(5)
    return [bowls.set_theme(game, theme) for theme in bowls.THEME_NAMES]


def _replays() -> list:
    return [fm.battle(p, p.solution) for p in fm.shipped_puzzles()[:4] if p.solution]


def _backdrop_bytes(game: bowls.BowlsGame) -> int:
    return parts.footprint(bowls_render._backdrop(get_theme(game.theme).name, current()))


def _clear() -> None:
    bowls_render._backdrop.cache_clear()
    formation_replay._replay_card.cache_clear()
    formation_replay._replay_background.cache_clear()


def test_parts_stay_within_the_budget_and_draw_the_same_pictures(monkeypatch):
    _clear()
    roomy = [bowls_render.render_board(g) for g in _themed_boards()]
    roomy_replays = [formation_replay.render_replay(b) for b in _replays()]
    _clear()
    backdrop = _backdrop_bytes(_themed_boards()[0])
    monkeypatch.setattr(parts, "PARTS_KEPT_BYTES", 2 * backdrop)  # room for two themes' backdrops
    _clear()
    tight = [bowls_render.render_board(g) for g in _themed_boards()]
    assert parts.kept_bytes() <= 2 * backdrop
    tight_replays = [formation_replay.render_replay(b) for b in _replays()]
    assert parts.kept_bytes() <= 2 * backdrop
    assert tight == roomy
    assert tight_replays == roomy_replays
    _clear()


def test_a_part_in_use_is_found_again_while_others_come_and_go(monkeypatch):
    _clear()
    boards = _themed_boards()
    backdrop = _backdrop_bytes(boards[0])
    monkeypatch.setattr(parts, "PARTS_KEPT_BYTES", 2 * backdrop)
    _clear()
    for other in boards[1:]:
        bowls_render.render_board(boards[0])  # the board in play, between every other theme's
        bowls_render.render_board(other)
    info = bowls_render._backdrop.cache_info()
    assert info.hits == len(boards) - 2  # the first theme drawn once, found on every later press
    assert info.currsize <= 2
    _clear()
