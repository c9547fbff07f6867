"""The strays' policy weighs tiles fast (LockFinder, remembered path maps) and still picks exactly what
the plain definition picks: the telegraph worth the most duo HP from each tile, and path maps that
follow the foes as they move and spend their reactions."""
import pytest

from engine.tactics import apply_turn, campaign, new_fight, plan_turns
from engine.tactics.model.board import DIRS, H, W, dist
from engine.tactics.rules.fight import Fight
from engine.tactics.rules.figures import xy
from engine.tactics.rules.scenario import scenario
from engine.tactics.rules.stray_aim import LockFinder, attacks, target_value


def plain_best_lock(fight, st, frm):
    """best_lock as the seed's policy reads, every worth and area worked out afresh for this tile."""
    duo = [(t, xy(t.pos)) for t in fight.state.standing("duo")]
    best = None
    for skill in attacks(st):
        if skill.shape == "single":
            for t, tp in duo:
                if fight.in_range(st, skill, frm, tp):
                    v = target_value(fight, st, skill, frm, t)
                elif dist(frm, tp) <= skill.range + st.move:
                    v = target_value(fight, st, skill, frm, t) // 2
                else:
                    continue
                if best is None or v > best[0]:
                    best = (v, skill, {"target": t.id})
            continue
        if skill.shape == "burst":
            aims = [(None, c) for c in ([frm] if skill.range == 0 else sorted(
                {(tp[0] + dx, tp[1] + dy) for _, tp in duo for dx, dy in DIRS + ((0, 0),)
                 if dist(frm, (tp[0] + dx, tp[1] + dy)) <= skill.range}, key=lambda p: (p[1], p[0])))]
        else:
            aims = [(hd, None) for hd in DIRS]
        for hd, c in aims:
            tiles = set(fight._area(frm, skill, hd, c))
            v = sum(target_value(fight, st, skill, frm, t) for t, tp in duo if tp in tiles)
            if v and (best is None or v > best[0]):
                best = (v, skill, {"center": c} if c is not None else {"heading": hd})
    return best


def positions(enc, seed, rounds=4):
    """The fights a campaign encounter passes through with the planner's first turn, one per duo turn."""
    state = new_fight(enc, seed, "Tidecaller", "Mossle", level=5)
    while not state.result and state.round <= rounds:
        for fid in ("hero", "companion"):
            if state.result or state.phase != "duo":
                break
            if state.get(fid).standing and not state.get(fid).done:
                yield state
                turns = plan_turns(state, fid, limit=1)
                state = apply_turn(state, fid, turns[0].steps if turns else [{"kind": "end"}])


@pytest.mark.parametrize("enc", [e.id for e in campaign()][::3])
def test_lock_finder_picks_what_the_plain_policy_picks_from_every_tile(enc):
    checked = 0
    for state in positions(enc, seed=7):
        fight = Fight(state)
        for st in fight.state.standing("strays"):
            # Two finders on one position: the second answers from what the first remembered.
            first, again = LockFinder(fight, st), LockFinder(fight, st)
            for p in [(x, y) for y in range(H) for x in range(W)]:
                want = plain_best_lock(fight, st, p)
                assert first.best(p) == want, (enc, st.id, p)
                assert again.best(p) == want, (enc, st.id, p)
                checked += want is not None
    assert checked > 100


def test_a_remembered_lock_follows_the_duo_when_it_moves_or_is_hurt():
    # The Driplet on E5 weighs the same tile as the duo trade places and one of them is hurt: Spit
    # (range 4) takes the one in range, and of two alike the one with more HP lost.
    s = scenario([], [("hero", "Tidecaller", "C4"), ("companion", "Mossle", "M9"), ("s1", "Driplet", "E5")],
                 phase="strays", round_=3)
    fight = Fight(s)

    def aim():
        return LockFinder(fight, s.get("s1")).best((4, 4))[2]["target"]

    assert aim() == "hero"
    s.get("hero").pos, s.get("companion").pos = "M9", "C4"
    assert aim() == "companion"
    s.get("hero").pos = "C6"
    assert aim() == "hero"   # alike: the first of the duo
    s.get("companion").hp -= 20
    assert aim() == "companion"
    assert LockFinder(fight, s.get("s1")).best((4, 4)) == plain_best_lock(fight, s.get("s1"), (4, 4))


def test_a_remembered_path_map_follows_the_foes():
    # The hero walks past a Driplet: leaving its reach draws an opportunity attack until the Driplet
    # has spent its reaction this round; a foe moved onto the way is walked around.
    s = scenario([], [("hero", "Sellsword", "B5"), ("companion", "Mossle", "B9"), ("s1", "Driplet", "C4")],
                 round_=3)
    fight = Fight(s)
    hero = s.get("hero")
    assert fight.paths(hero, 4)[(5, 4)][1] == 1
    s.get("s1").reaction_round = 3
    assert fight.paths(hero, 4)[(5, 4)][1] == 0
    s.get("s1").reaction_round, s.get("s1").pos = 0, "D5"
    again = fight.paths(hero, 4)
    assert (3, 4) not in again and again[(5, 4)][1] == 1
