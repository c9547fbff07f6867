"""The logged battle is the core's own record: on a random sample and every shipped puzzle it ends
exactly as the solver's fast core does, and each group's recorded effects add up to the board after it."""
from __future__ import annotations

import random

import pytest

from engine.formation import GROUNDS, NAMES, SLOTS, core, shipped_puzzles, simulate
from engine.formation.battle import BattleResult


def fast_core(a: dict[str, str], b: dict[str, str], ground: str, rounds: int):
    """The solver's path: fast schedules, no log."""
    ids = tuple(core.ID[a[s]] for s in SLOTS) + tuple(core.ID[b[s]] for s in SLOTS)
    w, r, ko, hp = core.fight(ids, rounds, core.GROUND_CODE[ground])
    return ("a", "b", "draw")[w], r, "knockout" if ko else "time", hp


def check_agrees(res: BattleResult) -> None:
    winner, rounds, end, hp = fast_core(res.a, res.b, res.ground, res.max_rounds)
    assert (res.winner, res.rounds, res.end) == (winner, rounds, end)
    assert [res.hp[side][s] for side in "ab" for s in SLOTS] == hp
    assert len(res.log) == res.rounds and res.log[-1].hp_end == {side: tuple(res.hp[side][s] for s in SLOTS)
                                                                  for side in "ab"}
    # Each group's effects, applied to the board before it, give the board after it.
    before = {side: list(res.max_hp[side][s] for s in SLOTS) for side in "ab"}
    for rl in res.log:
        for g in rl.groups:
            now = {side: list(v) for side, v in before.items()}
            for act in g.actions:
                k = SLOTS.index(act.target_slot)
                if act.effect == "damage":
                    now[act.target_side][k] -= act.applied
                    assert act.applied + act.blocked <= act.amount
                elif act.effect == "heal":
                    now[act.target_side][k] += act.applied
                    assert 0 <= act.applied <= act.amount
                else:
                    assert 0 <= act.applied <= act.amount and g.shields[act.target_side][k] <= 20
            assert {side: tuple(v) for side, v in now.items()} == g.hp, (rl.round, g.speed)
            before = {side: list(v) for side, v in g.hp.items()}
        before = {side: list(v) for side, v in rl.hp_end.items()}  # moon dew heals between rounds


def random_sample(n: int, seed: int):
    rng = random.Random(seed)
    for _ in range(n):
        names = list(NAMES)
        rng.shuffle(names)
        a = dict(zip(SLOTS, names[:5]))
        rng.shuffle(names)
        yield a, dict(zip(SLOTS, names[:5])), rng.choice(GROUNDS), rng.choice([None, None, 1, 3, 8, 20])


@pytest.mark.parametrize("seed", range(4))
def test_logged_battle_agrees_with_the_core_on_a_random_sample(seed):
    for a, b, ground, max_rounds in random_sample(150, seed):
        check_agrees(simulate(a, b, ground, max_rounds))


def test_logged_battle_agrees_with_the_core_on_every_shipped_puzzle():
    for p in shipped_puzzles():
        for formation in filter(None, (p.solution, p.mastery_solution)):
            check_agrees(simulate(formation, p.opponent, p.ground, p.max_rounds))


def test_every_creature_that_fell_is_named_once_in_the_group_that_felled_it():
    """The knockouts are found from the record when read: each creature at 0 at the end fell exactly
    once, in the round it went from standing to 0, in a group with a hit on it that took HP."""
    for a, b, ground, max_rounds in random_sample(200, 7):
        res = simulate(a, b, ground, max_rounds)
        named = []
        for rl in res.log:
            for g in rl.groups:
                for side, slot in g.knocked_out:
                    named.append((side, slot))
                    assert g.hp[side][SLOTS.index(slot)] == 0
                    assert any(x.effect == "damage" and x.applied and (x.target_side, x.target_slot) == (side, slot)
                               for x in g.actions)
        down = [(side, s) for side in "ab" for s in SLOTS if res.hp[side][s] == 0]
        assert sorted(named) == sorted(down) and len(set(named)) == len(named)


def _dumped_with(res: BattleResult, change) -> dict:
    data = res.model_dump(mode="json")
    change(data["log"])
    return data


def test_a_saved_log_whose_boards_do_not_follow_from_its_actions_is_refused():
    """A saved log is read back only when its boards, knockouts and speeds are what its actions did."""
    res = simulate(*next(random_sample(1, 3))[:3])
    assert BattleResult.model_validate(res.model_dump(mode="json")) == res

    def more_hp(log):
        log[0]["groups"][0]["hp"]["a"][0] += 1

    def no_knockout(log):
        g = next(g for rl in log for g in rl["groups"] if g["knocked_out"])
        g["knocked_out"] = []

    def faster(log):
        log[0]["groups"][0]["speed"] += 1

    for change, said in ((more_hp, "its hp"), (no_knockout, "its knocked_out"), (faster, "its speed")):
        with pytest.raises(ValueError, match=f"group [0-9]+: {said} is not what its actions did"):
            BattleResult.model_validate(_dumped_with(res, change))
