"""The tutorial's scripted steps: each starts as a normal game, and its intended placement does what
its line says — summons at once, joins a tab into a blank, a double summon in order, a slide that
pushes a piece off."""
import re

import pytest

from engine.errors import RuleError
from engine.summon import BoardSlid, PiecePlaced, Summoned, SummonState, ai_action, apply, legal_placements
from engine.summon.tutorial import achieved, tutorial_step, tutorial_steps


def played(n):
    step, st = tutorial_step(n)
    action = step.intended(st)
    assert any(pl.to_action() == action for pl in legal_placements(st)), f"step {n}: the intended placement is legal"
    return step, st, apply(st, action)


def test_four_steps_cover_what_the_tutorial_must_show():
    steps = tutorial_steps()
    assert [s.expect for s in steps] == ["summons_at_once", "joins", "double_summon", "pushes_off"]
    for s in steps:
        assert "\n" not in s.line and len(s.line) <= 200
        assert not re.search(r"\b[NWUGRBnwugrb.]{4}\b", s.line), "no side codes in a line a player reads"


def test_a_piece_with_no_tabs_summons_at_once():
    step, st, after = played(1)
    assert st.phase == "summon" and st.to_move == 0 and not st.players[0].board
    summons = [e for e in after.events if isinstance(e, Summoned)]
    assert [(s.piece.name, s.placed, s.rank) for s in summons] == [("Clay Doll", True, 1)]
    assert achieved(step, after.events)
    # the Iron Sentry alone on the board waits on its tab: not what the step teaches
    sentry = st.players[0].hand[1].uid
    other = next(pl for pl in legal_placements(st) if pl.piece == sentry)
    assert not other.summons and not achieved(step, apply(st, other).events)


def test_a_tab_joined_into_a_blank_summons():
    step, st, after = played(2)
    placed = after.events[0]
    assert isinstance(placed, PiecePlaced) and placed.piece.name == "Iron Sentry"
    assert placed.anchor is not None and placed.anchor.joined and placed.anchor.tab_of == "placed"
    assert placed.anchor.piece.name == "Stone Wall" and placed.anchor.direction == "down"
    assert [(e.piece.name, e.rank) for e in after.events if isinstance(e, Summoned)] == [("Iron Sentry", 2)]
    assert achieved(step, after.events)
    # the same Sentry beside the wall's flat side joins nothing and is not summoned
    sentry = st.players[0].hand[0].uid
    aside = next(pl for pl in legal_placements(st) if pl.piece == sentry and (pl.col, pl.row) == (2, 1))
    assert not achieved(step, apply(st, aside).events)


def test_a_double_summon_in_its_order():
    step, st, after = played(3)
    summons = [e for e in after.events if isinstance(e, Summoned)]
    assert [(s.piece.name, s.order, s.of, s.placed, s.direction, s.rank) for s in summons] == [
        ("Stone Wall", 1, 2, True, None, 1), ("Iron Sentry", 2, 2, False, "up", 2)]
    assert [u.card for u in after.players[0].line] == ["n01", "n03"]
    assert achieved(step, after.events)


def test_a_slide_pushes_a_piece_off():
    step, st, after = played(4)
    slid = next(e for e in after.events if isinstance(e, BoardSlid))
    assert slid.direction == "right"
    assert [(f.name, f.cell.col, f.cell.row) for f in slid.falls] == [("Stone Wall", 0, 1)]
    before, now = st.players[0], after.players[0]
    assert now.ox == before.ox + 1 and len(now.removed) == len(before.removed) + 1
    assert len(now.line) == len(before.line) + 1  # the fallen wall's unit stays
    assert achieved(step, after.events)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_each_step_is_a_normal_game_that_plays_on(n):
    _, st, after = played(n)
    assert SummonState.model_validate_json(after.model_dump_json()) == after
    assert after.phase == "summon" and after.to_move == 1
    nxt = apply(after, ai_action(after, "gentle"))
    assert nxt.version == after.version + 1


@pytest.mark.parametrize("n", [0, 5, -1])
def test_a_step_that_does_not_exist_is_refused_with_a_reason(n):
    with pytest.raises(RuleError) as e:
        tutorial_step(n)
    assert e.value.code == "no_such_step" and str(e.value).startswith(f"no tutorial step {n}")
