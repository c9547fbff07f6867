"""The state idiom: a game goes in, a new game comes out, the input is never changed; every refusal is a
RuleError with a code; and games saved by the code of issue 9's day still load and play on."""
from __future__ import annotations

import datetime as dt
import json
import random
from pathlib import Path

import pytest
from pydantic import ValidationError

import engine.bowls as bowls
from engine.bowls import BowlsGame, IllegalMoveError, Progress, UnknownPuzzleError
from engine.errors import RuleError

SAVED = Path(__file__).parent / "saved"


def _call(fn, game: BowlsGame, *args):
    """Call one engine function; fail if it changed `game`; return its result or the RuleError it raised."""
    before = game.model_dump()
    try:
        out = fn(game, *args)
    except RuleError as e:
        assert e.code and isinstance(e.code, str) and str(e), (fn.__name__, args, e)
        out = e
    except Exception as e:  # noqa: BLE001 - anything else is a bug the test must name
        pytest.fail(f"{fn.__name__}{args} raised {type(e).__name__} (not a RuleError): {e}")
    assert game.model_dump() == before, f"{fn.__name__}{args} changed its input"
    return out


def _random_play(game: BowlsGame, rng: random.Random, steps: int) -> int:
    """Random steps, legal and not; returns how many moves were accepted."""
    accepted = 0
    for _ in range(steps):
        roll = rng.random()
        if roll < 0.6:
            legal = bowls.legal_bowls(game)
            bowl = rng.choice(legal) if legal and rng.random() < 0.85 else rng.randint(0, 13)
            _call(bowls.forecast, game, bowl)
            out = _call(bowls.sow, game, bowl)
            if not isinstance(out, RuleError):
                game, report = out
                accepted += 1
                assert report.bowl == bowl
        else:
            fn, *args = rng.choice([
                (bowls.undo,), (bowls.pause,), (bowls.resume,), (bowls.end_attempt,),
                (bowls.set_theme, rng.choice(bowls.THEME_NAMES + ("Lava",))),
                (bowls.set_forecast, rng.random() < 0.5),
            ])
            if fn is bowls.end_attempt and rng.random() < 0.8:
                continue  # an ended attempt refuses everything after it: keep most games going
            out = _call(fn, game, *args)
            if not isinstance(out, RuleError):
                game = out
        _call(bowls.legal_bowls, game)
        _call(bowls.render_text, game)
        _call(bowls.eligible, game)
    return accepted


@pytest.mark.parametrize("seed", range(12))
def test_random_play_never_changes_the_state_it_was_given(seed):
    rng = random.Random(seed)
    starts = [bowls.new_endless(seed), bowls.new_daily(dt.date(2026, 1, 1) + dt.timedelta(days=seed)),
              bowls.new_puzzle(rng.randint(1, 100)), bowls.new_puzzle(60 + seed)]  # volcanoes, reverse, frozen
    accepted = sum(_random_play(g, rng, 80) for g in starts)
    assert accepted > 20  # the walk really played


def test_endless_random_play_reaches_the_events_and_keeps_its_input():
    # Long endless walks that avoid overflows, so wilds, blockers and temporary flags all come up.
    kinds: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        game = bowls.new_endless(100 + seed)
        for _ in range(60):
            safe = [b for b in bowls.legal_bowls(game) if not bowls.forecast(game, b).over]
            if not safe:
                break
            game, report = _call(bowls.sow, game, rng.choice(safe))
            if report.refill and report.refill.event:
                kinds.add(report.refill.event)
            if game.over:
                break
    assert kinds == set(bowls.game.EVENT_KINDS)


@pytest.mark.parametrize("make,step,code", [
    (lambda: _board("R", ""), lambda g: bowls.sow(g, 2), "empty_bowl"),
    (lambda: _board("R", "", frozen=[1]), lambda g: bowls.sow(g, 1), "frozen_bowl"),
    (lambda: _board("R", ""), lambda g: bowls.sow(g, 13), "no_such_bowl"),
    (lambda: bowls.pause(bowls.new_endless(1)), lambda g: bowls.sow(g, 1), "paused"),
    (lambda: bowls.end_attempt(bowls.new_endless(1)), lambda g: bowls.sow(g, 1), "game_over"),
    (lambda: bowls.new_endless(1), bowls.undo, "nothing_to_undo"),
    (lambda: bowls.new_endless(1), lambda g: bowls.set_theme(g, "Lava"), "unknown_theme"),
])
def test_each_refusal_has_its_code(make, step, code):
    with pytest.raises(IllegalMoveError if code not in ("unknown_theme",) else bowls.BowlsError) as e:
        step(make())
    assert e.value.code == code and isinstance(e.value, RuleError) and str(e.value)


def test_unknown_puzzle_and_bad_board_codes():
    with pytest.raises(UnknownPuzzleError) as e:
        bowls.new_puzzle(101)
    assert e.value.code == "unknown_puzzle" and isinstance(e.value, LookupError)
    with pytest.raises(bowls.InvalidPositionError) as e2:
        bowls.models.check_bowls(["Q"] + [""] * 11)
    assert e2.value.code == "unknown_letter"


def _board(*filled: str, frozen: list[int] | None = None) -> BowlsGame:
    return BowlsGame(mode="puzzle", bowls=list(filled) + [""] * (12 - len(filled)), frozen=frozen or [],
                     move_limit=5, goal={"kind": "clear_board"})


def test_a_game_cannot_be_changed_in_place():
    game = bowls.new_endless(3)
    with pytest.raises(ValidationError, match="frozen"):
        game.score = 999  # type: ignore[misc]


# ---- saved before issue 9 ---------------------------------------------------------------------
# The files in saved/ were written by main at 28f6fdf (before this change) with model_dump_json().

@pytest.mark.parametrize("name", ["endless_midgame", "daily_paused_practice", "puzzle_73_one_move"])
def test_a_game_saved_before_this_change_loads_and_plays_on(name):
    text = (SAVED / f"{name}.json").read_text("utf-8")
    game = BowlsGame.model_validate_json(text)
    saved = json.loads(text)
    again = json.loads(game.model_dump_json())
    assert {k: again[k] for k in saved} == saved  # every saved field reads back as it was written
    if game.paused:
        game = bowls.resume(game)
    before = game.model_dump()
    after, report = bowls.sow(game, bowls.legal_bowls(game)[0])
    assert after.moves_used == game.moves_used + 1 and game.model_dump() == before
    assert bowls.undo(after).bowls == game.bowls


def test_saved_endless_kept_its_modifier_history_and_settings():
    game = BowlsGame.model_validate_json((SAVED / "endless_midgame.json").read_text("utf-8"))
    assert game.modifiers and len(game.history) == game.moves_used == 12
    assert (game.theme, game.forecast, game.rng_state != 0) == ("Garden", True, True)


def test_saved_progress_loads():
    saved = json.loads((SAVED / "progress.json").read_text("utf-8"))
    p = Progress.model_validate(saved)
    assert p.model_dump() == saved and bowls.achievements(p)
