"""A board shown again is not drawn again: the same state in the same language hands back the bytes already
made, a changed state or another language is drawn afresh, and the pictures kept stay within their budget."""
from __future__ import annotations

import pytest

import engine.bowls as bowls
from bot.games.bowls.render import render_board
from bot.render import kept
from bot.words import reading


@pytest.fixture
def drawings(monkeypatch):
    """The drawings made (the worker calls `drawn_once` asked for), with nothing kept beforehand."""
    made: list[str] = []
    real = kept.elsewhere

    def counted(fn, *args, **kwargs):
        made.append(fn.__name__)
        return real(fn, *args, **kwargs)

    kept.forget()
    monkeypatch.setattr(kept, "elsewhere", counted)
    yield made
    kept.forget()


def test_the_same_board_twice_is_drawn_once(drawings):
    game = bowls.new_puzzle(2)
    first = kept.drawn_once(render_board, game)
    again = kept.drawn_once(render_board, bowls.new_puzzle(2))  # an equal state, made anew
    assert again == first == render_board(game)
    assert drawings == ["render_board"]


def test_a_changed_board_is_drawn_again(drawings):
    game = bowls.new_puzzle(2)
    before = kept.drawn_once(render_board, game)
    after, _ = bowls.sow(game, bowls.legal_bowls(game)[0])
    changed = kept.drawn_once(render_board, after)
    assert changed != before and changed == render_board(after)
    assert len(drawings) == 2


def test_another_language_is_drawn_in_its_own_words(drawings):
    game = bowls.new_puzzle(2)
    with reading("en"):
        english = kept.drawn_once(render_board, game)
    with reading("ja"):
        japanese = kept.drawn_once(render_board, game)
        assert japanese == render_board(game)
    assert len(drawings) == 2
    with reading("en"):
        assert kept.drawn_once(render_board, game) == english
    assert len(drawings) == 2


def test_the_oldest_pictures_go_when_the_budget_is_spent(drawings, monkeypatch):
    games = [bowls.new_puzzle(n) for n in (1, 2, 3)]
    sizes = [len(kept.drawn_once(render_board, g)) for g in games[:2]]
    monkeypatch.setattr(kept, "KEPT_BYTES", sum(sizes) + 1)
    kept.drawn_once(render_board, games[2])  # the first puzzle's board makes room
    assert len(drawings) == 3
    kept.drawn_once(render_board, games[2])
    kept.drawn_once(render_board, games[0])
    assert len(drawings) == 4, "the third was kept, the first drawn again"
