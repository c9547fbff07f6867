"""Progress rules from the seed: XP 20 (+10 win) capped 200 a UTC day, creature mastery 5 (+5 win) capped
50 per creature a day, level = 1 + XP // 300, badges at 100/300, illustrations at 600/1,000/1,600,
replays of a won puzzle give nothing, boss after any 12 of the 17 others, next chapter on the boss."""
from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.formation import (
    FormationProgress,
    LockedError,
    battle,
    campaign,
    record_result,
    tutorial,
)
from engine.formation.battle import BattleResult, GoalResult

DAY = date(2026, 11, 29)


def fake_result(puzzle, won: bool, goals_met=None) -> BattleResult:
    """A result as battle() would give, without playing (progress only reads these fields)."""
    a = puzzle.solution
    goals = tuple(GoalResult(goal=g.text(), met=(goals_met if goals_met is not None else won)) for g in puzzle.mastery)
    return BattleResult(
        a=a, b=puzzle.opponent, ground=puzzle.ground, max_rounds=puzzle.rounds_limit,
        winner="a" if won else "b", rounds=7, end="knockout",
        hp={"a": {s: (10 if won else 0) for s in a}, "b": {s: (0 if won else 10) for s in a}},
        max_hp={"a": {s: 40 for s in a}, "b": {s: 40 for s in a}}, puzzle_id=puzzle.id, goals=goals)


def test_loss_gives_20_xp_and_5_mastery_win_gives_30_and_10():
    p = campaign(1)[0]
    prog, rw = record_result(FormationProgress(), p, fake_result(p, False), DAY)
    assert (prog.xp, rw.xp) == (20, 20)
    assert rw.mastery == {n: 5 for n in p.solution.values()}
    prog, rw = record_result(prog, p, fake_result(p, True), DAY)
    assert (prog.xp, rw.xp) == (50, 30)
    assert all(prog.mastery[n] == 15 for n in p.solution.values())
    assert rw.first_win and p.id in prog.won


def test_replay_of_won_puzzle_gives_nothing():
    p = campaign(1)[0]
    prog, _ = record_result(FormationProgress(), p, fake_result(p, True), DAY)
    again, rw = record_result(prog, p, fake_result(p, True), DAY)
    assert rw.replay and rw.xp == 0 and rw.mastery == {}
    assert again.xp == prog.xp and again.mastery == prog.mastery


def test_daily_xp_cap_200_and_reset_next_utc_day():
    prog = FormationProgress()
    gained = []
    # Losses on 11 different puzzles in one UTC day: 10 x 20 = 200, the 11th pays 0 (cap 200).
    for p in campaign(1)[:11]:
        prog, rw = record_result(prog, p, fake_result(p, False), DAY)
        gained.append(rw.xp)
    assert sum(gained) == 200 and gained[-1] == 0 and prog.xp_today == 200
    assert rw.xp_capped
    p = campaign(1)[11]
    prog, rw = record_result(prog, p, fake_result(p, False), DAY + timedelta(days=1))
    assert rw.xp == 20 and prog.xp_today == 20 and prog.xp == 220


def test_creature_mastery_cap_50_per_day():
    prog = FormationProgress()
    # Losing battles on distinct puzzles: 5 each; a creature fielded in 12 of them reaches the cap of 50.
    ps = campaign(1)[:12]
    counts: dict[str, int] = {}
    for p in ps:
        prog, rw = record_result(prog, p, fake_result(p, False), DAY)
        for n in p.solution.values():
            counts[n] = counts.get(n, 0) + 1
    for n, c in counts.items():
        assert prog.mastery[n] == min(50, 5 * c)
        assert prog.mastery_today[n] == min(50, 5 * c)


def test_level_badges_and_illustrations_thresholds():
    prog = FormationProgress(xp=299, mastery={"Pip": 95, "Zip": 595, "Cog": 1595})
    assert prog.level == 1
    p = campaign(1)[0].model_copy(update={"solution": {
        "front_left": "Pip", "front_right": "Zip", "back_left": "Cog", "back_middle": "Mallow", "back_right": "Luna"}})
    new, rw = record_result(prog, p, fake_result(p, True), DAY)
    assert new.level == 2 and rw.level_after == 2 and new.xp == 329
    assert ("Pip", 100) in rw.new_badges
    assert ("Zip", 600) in rw.new_illustrations and ("Cog", 1600) in rw.new_illustrations
    assert new.badges("Pip") == (100,) and new.illustrations("Cog") == (600, 1000, 1600)


def test_boss_needs_12_of_17_and_opens_next_chapter():
    ch1 = campaign(1)
    boss = ch1[-1]
    prog = FormationProgress()
    assert prog.locked_reason(boss) is not None
    with pytest.raises(LockedError):
        record_result(prog, boss, fake_result(boss, True), DAY)
    for p in ch1[:11]:
        prog, rw = record_result(prog, p, fake_result(p, True), DAY)
    assert not prog.boss_open(1)
    prog, rw = record_result(prog, ch1[11], fake_result(ch1[11], True), DAY)
    assert prog.boss_open(1) and f"boss:{boss.id}" in rw.unlocked
    assert not prog.chapter_open(2) and prog.locked_reason(campaign(2)[0]) is not None
    prog, rw = record_result(prog, boss, fake_result(boss, True), DAY)
    assert prog.chapter_open(2) and "chapter:2" in rw.unlocked
    assert prog.locked_reason(campaign(2)[0]) is None


def test_tutorial_pays_nothing_but_records_the_win():
    p = tutorial()[0]
    prog, rw = record_result(FormationProgress(), p, fake_result(p, True), DAY)
    assert not rw.eligible and rw.xp == 0 and p.id in prog.won
    assert "Tutorial battles give no XP and no creature mastery (a lesson won with every goal met still " \
        "counts as a puzzle mastered)." in rw.lines(), "the profile's 'puzzles mastered' counts lessons"
    assert "Puzzle mastered!" not in rw.lines(), "a tutorial win does not also claim mastery"


def test_real_battle_goals_and_mastered_recorded_and_json_round_trip():
    p = next(x for x in campaign(1) if x.mastery)
    res = battle(p, p.mastery_solution)
    assert res.won and res.mastered
    prog, rw = record_result(FormationProgress(), p, res, DAY)
    assert rw.newly_mastered and p.id in prog.mastered
    assert prog.goals_met[p.id] == tuple(range(len(p.mastery)))
    again = FormationProgress.model_validate_json(prog.model_dump_json())
    assert again == prog
    assert any("XP" in line for line in rw.lines())


def test_daily_personal_best_kept():
    from engine.formation import daily_flight
    p = daily_flight(DAY)[0]
    prog, rw = record_result(FormationProgress(), p, fake_result(p, False), DAY)
    assert rw.daily_best and not prog.daily_best[p.id].won
    prog, rw = record_result(prog, p, fake_result(p, True), DAY)
    assert rw.daily_best and prog.daily_best[p.id].won
    prog2, rw = record_result(prog, p, fake_result(p, False), DAY)
    assert not rw.daily_best and prog2.daily_best[p.id].won

ALL = campaign(1) + campaign(2)


@given(st.lists(st.tuples(st.integers(0, 16), st.booleans(), st.integers(0, 2)), min_size=1, max_size=40))
def test_progress_invariants(steps):
    prog = FormationProgress()
    total_xp = 0
    per_day: dict = {}
    per_day_creature: dict = {}
    for idx, won, day_off in sorted(steps, key=lambda s: s[2]):  # days only move forward
        p = ALL[idx]
        day = DAY + timedelta(days=day_off)
        was_won = p.id in prog.won
        prog, rw = record_result(prog, p, fake_result(p, won), day)
        total_xp += rw.xp
        per_day[day] = per_day.get(day, 0) + rw.xp
        for n, g in rw.mastery.items():
            per_day_creature[(day, n)] = per_day_creature.get((day, n), 0) + g
        if was_won:
            assert rw.replay and rw.xp == 0 and rw.mastery == {}
        else:
            assert rw.xp <= (30 if won else 20) and all(g <= (10 if won else 5) for g in rw.mastery.values())
        assert prog.xp == total_xp and prog.level == 1 + total_xp // 300
    assert all(v <= 200 for v in per_day.values())
    assert all(v <= 50 for v in per_day_creature.values())
    assert FormationProgress.model_validate_json(prog.model_dump_json()) == prog


def test_partial_caps_at_the_edge():
    # 180 XP already today: a win wants 30 but only 20 fit under 200. A creature at 45 mastery today gets
    # 5 of its 10; the others get the full 10. The next UTC day both caps are fresh again.
    p = campaign(1)[0]
    names = list(p.solution.values())
    prog = FormationProgress(xp=180, xp_day=DAY, xp_today=180, mastery={names[0]: 45}, mastery_day=DAY,
                             mastery_today={names[0]: 45})
    new, rw = record_result(prog, p, fake_result(p, True), DAY)
    assert (rw.xp, rw.xp_capped, new.xp, new.xp_today) == (20, True, 200, 200)
    assert rw.mastery == {names[0]: 5} | {n: 10 for n in names[1:]} and rw.mastery_capped == (names[0],)
    assert new.mastery_today[names[0]] == 50
    q = campaign(1)[1]
    new2, rw2 = record_result(new, q, fake_result(q, True), DAY + timedelta(days=1))
    assert rw2.xp == 30 and not rw2.xp_capped and new2.xp_today == 30
    assert all(v == 10 for v in rw2.mastery.values())


def test_draw_pays_like_a_loss_and_is_not_a_win():
    # "A draw never counts as a win": 20 XP and 5 mastery, no win recorded, no goal met, not mastered.
    p = next(x for x in campaign(1) if x.mastery)
    draw = fake_result(p, False).model_copy(update={"winner": "draw"})
    prog, rw = record_result(FormationProgress(), p, draw, DAY)
    assert rw.xp == 20 and all(v == 5 for v in rw.mastery.values())
    assert p.id not in prog.won and not rw.first_win and not rw.newly_mastered and p.id not in prog.mastered
    # ...so the puzzle still pays when it is won later.
    prog, rw = record_result(prog, p, fake_result(p, True), DAY)
    assert rw.xp == 30 and not rw.replay
