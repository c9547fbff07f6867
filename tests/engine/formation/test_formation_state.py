"""The state idiom: puzzles, line-ups and progress go in, new values come out, the inputs never change;
every refusal is a RuleError with a code; progress and puzzles saved before issue 9 still load."""
from __future__ import annotations

import copy
import json
import random
from datetime import date, timedelta
from pathlib import Path

import pytest

import engine.formation as fm
from engine.errors import RuleError

SAVED = Path(__file__).parent / "saved"
DAY = date(2026, 3, 14)


def _snapshot(value):
    return value.model_dump() if hasattr(value, "model_dump") else copy.deepcopy(value)


def _call(fn, *args, **kwargs):
    """Call one engine function; fail if it changed any argument; return its result or its RuleError."""
    before = [_snapshot(a) for a in args]
    try:
        out = fn(*args, **kwargs)
    except RuleError as e:
        assert e.code and isinstance(e.code, str) and str(e), (fn.__name__, e)
        out = e
    except Exception as e:  # noqa: BLE001 - anything else is a bug the test must name
        pytest.fail(f"{fn.__name__} raised {type(e).__name__} (not a RuleError): {e}")
    assert [_snapshot(a) for a in args] == before, f"{fn.__name__} changed its input"
    return out


def _random_formation(rng: random.Random, puzzle: fm.Puzzle) -> dict[str, str]:
    """A line-up built slot by slot the way a player would: mostly allowed creatures, sometimes not."""
    formation = _call(fm.starting_formation, puzzle)
    for slot in rng.sample(fm.SLOTS, len(fm.SLOTS)):
        if slot in formation:
            continue
        allowed = _call(fm.allowed_creatures, puzzle, formation, slot)
        if allowed and rng.random() < 0.9:
            formation = formation | {slot: rng.choice(allowed)}
        elif rng.random() < 0.5:
            formation = formation | {slot: rng.choice(fm.NAMES + ("Bob",))}
    _call(fm.check_limits, puzzle, formation, complete=False)
    _call(fm.formation_lines, puzzle, formation)
    return formation


@pytest.mark.parametrize("seed", range(6))
def test_random_play_never_changes_what_it_was_given(seed):
    rng = random.Random(seed)
    puzzles = fm.shipped_puzzles()
    progress = fm.FormationProgress()
    day = DAY
    battles = 0
    for _ in range(40):
        puzzle = rng.choice(puzzles)
        _call(fm.brief_text, puzzle)
        _call(fm.hint, puzzle, rng.randint(0, 4))
        formation = _random_formation(rng, puzzle)
        result = _call(fm.battle, puzzle, formation)
        if isinstance(result, RuleError):
            continue
        battles += 1
        _call(fm.summary_lines, result)
        _call(fm.describe_round, result, rng.randint(1, 13))
        out = _call(fm.record_result, progress, puzzle, result, day)
        if not isinstance(out, RuleError):
            progress, _rewards = out
        if rng.random() < 0.2:
            day += timedelta(days=1)
        a, b = _random_formation(rng, puzzle), dict(puzzle.opponent)
        _call(fm.simulate, a, b, rng.choice(fm.GROUNDS + ("lava",)), rng.choice([None, 0, 5, 21]))
    assert battles > 10  # the walk really fought


@pytest.mark.parametrize("step,code", [
    (lambda: fm.check_limits(fm.campaign(1)[0], {"front_left": "Mallow"}), "incomplete"),
    (lambda: fm.simulate(fm.campaign(1)[0].opponent, fm.campaign(1)[0].opponent, "lava"), "ground"),
    (lambda: fm.puzzle_by_id("c9-01"), "unknown_puzzle"),
    (lambda: fm.campaign(7), "unknown_chapter"),
    (lambda: fm.hint(fm.tutorial()[-1], 3), "no_hint"),
    (lambda: fm.record_result(fm.FormationProgress(), fm.campaign(1)[-1],
                              fm.battle(fm.campaign(1)[-1], fm.campaign(1)[-1].solution), DAY), "locked"),
])
def test_each_refusal_has_its_code(step, code):
    with pytest.raises(fm.FormationError) as e:
        step()
    assert e.value.code == code and isinstance(e.value, RuleError) and str(e.value)


def test_unknown_puzzle_is_still_a_key_error_with_a_readable_message():
    with pytest.raises(KeyError) as e:
        fm.puzzle_by_id("nope")
    assert str(e.value) == "no formation puzzle 'nope'"


# ---- saved before issue 9 ---------------------------------------------------------------------
# The files in saved/ were written by main at 28f6fdf (before this change): progress and battle with
# model_dump_json(), puzzles with model_dump(mode="json"), as the bot saves them.

def test_progress_saved_before_this_change_loads_and_records_on():
    saved = json.loads((SAVED / "progress.json").read_text("utf-8"))
    progress = fm.FormationProgress.model_validate(saved)
    again = json.loads(progress.model_dump_json())
    assert {k: again[k] for k in saved} == saved
    assert progress.level == 1 and "c1-01" in progress.mastered and progress.daily_best
    p = fm.campaign(1)[3]
    new, rewards = fm.record_result(progress, p, fm.battle(p, p.solution), DAY)
    assert rewards.first_win and new.xp == progress.xp + 30


def test_puzzles_saved_before_this_change_load_equal_to_todays():
    saved = json.loads((SAVED / "puzzles.json").read_text("utf-8"))
    for raw in saved:
        p = fm.Puzzle.model_validate(raw)
        today = fm.puzzle_by_id(p.id)
        assert p == today.model_copy(update={"hint_facts": ()}), "the same puzzle, its hints' facts not kept yet"
        assert [fm.hint_fact(p, n) for n in range(1, fm.hint_count(p) + 1)] == list(today.hint_facts)
        assert fm.battle(p, p.solution).won


def test_battle_saved_before_this_change_is_replayed_exactly():
    saved = fm.BattleResult.model_validate_json((SAVED / "battle_result.json").read_text("utf-8"))
    p = fm.puzzle_by_id(saved.puzzle_id)
    assert fm.battle(p, saved.a) == saved  # the whole log, action by action
