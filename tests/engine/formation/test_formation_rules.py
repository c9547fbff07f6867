"""Hand-worked battle scenarios, one per rule of seed 000 (roster.v2) and rules/formation.md.

Boards are written as side a's five names then side b's, in slot order
front_left, front_right, back_left, back_middle, back_right (board indices 0..4 and 5..9).
Crafted HP lets a test start in a later round from a chosen board (core.run(start=...)).
"""

from engine.formation import core
from engine.formation.battle import MEMBERS, simulate, target_row
from engine.formation.model import CREATURES, SLOTS


def play(a, b, *, hp=None, start=1, rounds=None, ground="clear"):
    ids = tuple(core.ID[n] for n in a + b)
    hp0, mx, sched = core.prepare(ids, MEMBERS)
    if hp is not None:
        hp0 = list(hp)
    log = []
    out = core.run(hp0, mx, sched, rounds or start, core.GROUND_CODE[ground], log, start, targets=target_row(ids),
                   board=ids)
    return hp0, mx, by_index(log), out


def _index(side, slot):
    return "ab".index(side) * 5 + SLOTS.index(slot)


def by_index(rounds):
    """The core's log read in board indices: ("round", r, shields), ("group", events, hp, shields,
    knocked out) with events (actor, op, target, amount, applied, blocked), and ("end", r, hp) for a
    round played to its end."""
    out = []
    for rl in rounds:
        out.append(("round", rl.round, rl.board_start_shields))
        for g in rl.groups:
            events = [(_index(x.side, x.slot),
                       core.OP_HIT if x.move == "attack" else core._KIND_OP[CREATURES[x.creature].ability.kind],
                       _index(x.target_side, x.target_slot), x.amount, x.applied, x.blocked) for x in g.actions]
            out.append(("group", events, g.board_hp, g.board_shields, tuple(_index(*k) for k in g.knocked_out)))
        if rl.completed:
            out.append(("end", rl.round, rl.board_hp_end))
    return out


def events(log, rnd=None):
    """All (actor, op, target, amount) of the played groups, optionally of one round."""
    out, cur = [], None
    for e in log:
        if e[0] == "round":
            cur = e[1]
        elif e[0] == "group" and (rnd is None or cur == rnd):
            out.extend(ev[:4] for ev in e[1])  # each event also says what it did: (…, applied, blocked)
    return out


def targets_of(log, actor):
    return [t for i, op, t, amt in events(log) if i == actor]


def lineup(names):
    return dict(zip(SLOTS, names))


# Side a and b without any guild pair, so every max HP is the printed one.
A = ["Pip", "Mallow", "Honey", "Cog", "Comet"]      # Tide, Grove, Spark, Gear, Ember
B = ["Cinder", "Frost", "Zip", "Luna", "Ori"]       # Ember, Gear, Spark, Tide, Grove


def test_three_worked_rounds_on_sheltered_opening():
    # Round 1 (sheltered): front creatures Pip, Mallow, Cinder, Frost get 6 shield.
    # Speed 10: Pip +18 (6+18 -> cap 20), Mallow shelters the front row: Pip stays 20, Mallow 12;
    #   Frost shields the lowest share ally, all full -> first slot Cinder: 6+12 = 18.
    # 9 Honey(col1)->Cinder 7: shield 18->11. 8 Zip(col1)->Pip 8: shield 20->12; Ori(col3)->Mallow 7: 12->5.
    # 7 Cog(col2)->Cinder 9: shield 11->2; Comet(col3)->Frost 10: shield 6 absorbs, Frost 46->42.
    # 6 Luna(col2)->Pip 6: shield 12->6. 5 Cinder(col1)->Pip 9: shield 6, Pip 44->41.
    # Pip, Mallow, Frost used their shields instead of attacking.
    hp, mx, log, out = play(A, B, rounds=1, ground="sheltered_opening")
    assert hp == [41, 48, 26, 32, 31, 36, 42, 30, 34, 35]
    hits_by_shielders = [e for e in events(log) if e[0] in (0, 1, 6) and e[1] == core.OP_HIT]
    assert hits_by_shielders == []
    # Round 2 (no ground shields any more): 9 Honey->Cinder 29; 8 Zip->Pip 33, Ori->Mallow 41;
    # 7 Cog->Cinder 20, Comet->Frost 32; 6 Luna->Pip 27; 5 Pip->Cinder 14 and Cinder->Pip 18 together;
    # 4 Mallow(col3)->Frost 25; 3 Frost(col3)->Mallow 34.
    hp, mx, log, out = play(A, B, rounds=2, ground="sheltered_opening")
    assert hp == [18, 34, 26, 32, 31, 14, 25, 30, 34, 35]
    # Round 3 (abilities): 10 Ori gives every b creature 5 shield (and does not attack).
    # 9 Honey heals every a creature 5, capped: Pip 23, Mallow 39, the rest already full.
    # 8 Zip pounces Pip 14: 9. 7 Cog leaps the lowest-share back-row enemy; Zip/Luna/Ori all full,
    # tie -> back left Zip: 16-5 shield = 11 -> 19. Comet dashes Frost 12-5 = 7 -> 18.
    # 6 Luna mends the lowest share: Cinder 14/36 vs Frost 18/46 (14*46=644 < 18*36=648) -> Cinder 26.
    # 5 Pip->Cinder 6-5 shield = 1 -> 25; Cinder's steam 7 to all of a: Pip 2, Mallow 32, Honey 19,
    # Cog 25, Comet 24. 4 Mallow->Frost 7 -> 11. 3 Frost->Mallow 7 -> 25.
    hp, mx, log, out = play(A, B, rounds=3, ground="sheltered_opening")
    assert hp == [2, 25, 19, 25, 24, 25, 11, 19, 34, 35]
    # Stopped after 3 rounds: both have 5 standing; b's share sum is larger, so b wins on time.
    assert out == (1, 3, False)


def test_normal_targets_by_column_then_slot_order():
    # Round 2 is a plain round. Back middle (column 2) is as close to both front columns: front left.
    hp, mx, log, _ = play(A, B, start=2, rounds=2)
    assert [targets_of(log, i)[0] for i in range(5)] == [5, 6, 5, 5, 6]
    assert [targets_of(log, i)[0] for i in range(5, 10)] == [0, 1, 0, 0, 1]


def test_back_row_only_once_front_row_is_gone():
    full = core.max_hps(tuple(core.ID[n] for n in A + B))
    # b's front left is gone, front right stands: everyone on a hits front right, even column 1.
    hp = full[:]
    hp[5] = 0
    _, _, log, _ = play(A, B, hp=hp, start=2, rounds=2)
    assert {targets_of(log, i)[0] for i in range(5)} == {6}
    # Whole b front row gone: column 1 -> back left, column 3 -> back right, column 2 -> back middle.
    hp = full[:]
    hp[5] = hp[6] = 0
    _, _, log, _ = play(A, B, hp=hp, start=2, rounds=2)
    assert [targets_of(log, i)[0] for i in range(5)] == [7, 9, 7, 8, 9]
    # Back middle gone too: column 2 is equally far from back left and back right -> back left first.
    hp[8] = 0
    _, _, log, _ = play(A, B, hp=hp, start=2, rounds=2)
    assert targets_of(log, 3)[0] == 7


def test_guild_pair_gives_both_six_max_hp_and_starts_full():
    r = simulate(lineup(["Mallow", "Ori", "Zip", "Luna", "Cinder"]), lineup(B), max_rounds=1)
    assert r.max_hp["a"] == {"front_left": 54, "front_right": 41, "back_left": 30, "back_middle": 34,
                             "back_right": 36}
    first = r.log[0]
    # Before anyone acted the pair stood at full bonus HP: round 1's first group (shields) leaves HP alone.
    assert first.groups[0].hp["a"][:2] == (54, 41)


def test_lowest_share_not_lowest_number_for_mend_and_ice_shelter():
    a = ["Mallow", "Honey", "Cinder", "Luna", "Frost"]  # no pair
    full = core.max_hps(tuple(core.ID[n] for n in a + B))
    hp = full[:]
    hp[0] = 20  # Mallow 20/48 = 41.7 %
    hp[1] = 12  # Honey 12/26 = 46.2 %: fewer HP, higher share
    _, _, log, _ = play(a, B, hp=hp, start=3, rounds=3)
    assert [(t, amt) for i, op, t, amt in events(log) if i == 3] == [(0, 12)]  # Luna mends Mallow
    _, _, log, _ = play(a, B, hp=hp, start=1, rounds=1)
    assert [(t, amt) for i, op, t, amt in events(log) if i == 4] == [(0, 12)]  # Frost shields Mallow
    # Equal shares tie by slot order: Honey 13/26 = Mallow 24/48 = 50 % -> front left Mallow.
    hp[0], hp[1] = 24, 13
    _, _, log, _ = play(a, B, hp=hp, start=3, rounds=3)
    assert [t for i, op, t, amt in events(log) if i == 3] == [0]


def test_gear_leap_lowest_share_back_row_else_normal_target():
    a = ["Pip", "Mallow", "Honey", "Cog", "Comet"]
    full = core.max_hps(tuple(core.ID[n] for n in a + B))
    hp = full[:]
    hp[7], hp[8], hp[9] = 20, 20, 30  # Zip 20/30, Luna 20/34 (lower share, same number), Ori 30/35
    _, _, log, _ = play(a, B, hp=hp, start=3, rounds=3)
    assert [(t, amt) for i, op, t, amt in events(log) if i == 3] == [(8, 16)]
    hp[7] = hp[8] = hp[9] = 0  # no back row left: Cog (column 2) takes its normal target, front left
    _, _, log, _ = play(a, B, hp=hp, start=3, rounds=3)
    assert [(t, amt) for i, op, t, amt in events(log) if i == 3] == [(5, 16)]


def test_strikes_blast_team_heal_and_canopy_amounts():
    _, _, log, _ = play(A, B, start=3, rounds=3)
    ev = events(log)
    assert [(t, amt) for i, op, t, amt in ev if i == 7] == [(0, 14)]                 # Zip pounce
    assert [(t, amt) for i, op, t, amt in ev if i == 4] == [(6, 12)]                 # Comet dash
    assert [(t, amt) for i, op, t, amt in ev if i == 5] == [(t, 7) for t in range(5)]  # Tea steam
    assert [(t, amt) for i, op, t, amt in ev if i == 2] == [(t, 5) for t in range(5)]  # Cloud honey
    assert [(t, amt) for i, op, t, amt in ev if i == 9] == [(t, 5) for t in range(5, 10)]  # canopy
    assert [op for i, op, t, amt in ev if i == 9] == [core.OP_TEAM_SHIELD] * 5      # no attack from Ori


def test_heals_never_exceed_max_nor_revive():
    full = core.max_hps(tuple(core.ID[n] for n in A + B))
    hp = full[:]
    hp[0] = 0        # Pip is out: Honey's honey skips it
    hp[1] = 46       # Mallow 46/48: +5 capped at 48
    hp2, _, log, _ = play(A, B, hp=hp, start=3, rounds=3)
    assert [t for i, op, t, amt in events(log) if i == 2] == [1, 2, 3, 4]
    after_honey = next(e for e in log if e[0] == "group" and any(x[0] == 2 for x in e[1]))
    assert after_honey[2][1] == 48 and after_honey[2][0] == 0


def test_mallow_shelters_front_row_only_and_nothing_from_the_back():
    a = ["Pip", "Honey", "Zip", "Mallow", "Comet"]  # Mallow in back middle
    _, _, log, _ = play(a, B, rounds=1)
    assert [(t, amt) for i, op, t, amt in events(log) if i == 3] == [(0, 6), (1, 6)]
    full = core.max_hps(tuple(core.ID[n] for n in a + B))
    hp = full[:]
    hp[0] = hp[1] = 0   # front row gone: no target, and no attack instead
    _, _, log, _ = play(a, B, hp=hp, rounds=1)
    assert [e for e in events(log) if e[0] == 3] == []
    a = ["Mallow", "Honey", "Zip", "Pip", "Comet"]  # in front it shelters itself too
    _, _, log, _ = play(a, B, rounds=1)
    assert [(t, amt) for i, op, t, amt in events(log) if i == 0] == [(0, 6), (1, 6)]


def test_shield_cap_counts_every_source():
    # Pip in front on sheltered opening, Mallow beside it and Frost behind with Pip the lowest share:
    # 6 (ground) + 18 (own) + 6 (Mallow) + 12 (Frost) = 42 -> 20.
    a = ["Pip", "Mallow", "Zip", "Frost", "Comet"]
    full = core.max_hps(tuple(core.ID[n] for n in a + B))
    hp = full[:]
    hp[0] = 30
    _, _, log, _ = play(a, B, hp=hp, rounds=1, ground="sheltered_opening")
    shield_group = next(e for e in log if e[0] == "group")
    assert shield_group[3][0] == 20 and shield_group[3][1] == 12  # Mallow: 6 + 6


def test_same_speed_knockouts_both_act_faster_kill_prevents_action():
    a = ["Zip", "Pip", "Mallow", "Frost", "Luna"]
    b = ["Zip", "Pip", "Mallow", "Frost", "Luna"]
    full = core.max_hps(tuple(core.ID[n] for n in a + b))
    hp = full[:]
    hp[0] = hp[5] = 5  # both Zips at 5 HP face each other at speed 8 in plain round 2
    hp2, _, log, out = play(a, b, hp=hp, start=2, rounds=2)
    assert hp2[0] == 0 and hp2[5] == 0
    assert targets_of(log, 0) == [5] and targets_of(log, 5) == [0]
    # With Honey (speed 9) facing a weak Zip, the Zip falls before its group and never acts.
    b = ["Honey", "Pip", "Mallow", "Frost", "Luna"]
    full = core.max_hps(tuple(core.ID[n] for n in a + b))
    hp = full[:]
    hp[0] = 5
    hp2, _, log, out = play(a, b, hp=hp, start=2, rounds=2)
    assert hp2[0] == 0 and targets_of(log, 0) == []


def test_both_last_creatures_fall_together_is_a_draw():
    # Each side's last creature is a Zip on 5 HP. Both act at speed 8 in one group: each chooses its
    # target from the board before the group, so both hits land and both fall in that one group.
    a = ["Zip", "Pip", "Mallow", "Frost", "Luna"]
    hp = [5, 0, 0, 0, 0, 5, 0, 0, 0, 0]
    hp2, _, log, out = play(a, a, hp=hp, start=2, rounds=12)
    assert out == (2, 2, True)
    groups = [e for e in log if e[0] == "group"]
    assert len(groups) == 1 and sorted((i, t) for i, _op, t, _amt, *_did in groups[0][1]) == [(0, 5), (5, 0)]
    assert hp2 == [0] * 10
    assert simulate(lineup(a), lineup(a)).winner == "draw"  # and a mirror match as a whole


def test_knockout_stops_the_battle_after_its_group():
    a = ["Honey", "Pip", "Mallow", "Frost", "Luna"]
    b = ["Zip", "Pip", "Mallow", "Frost", "Luna"]
    hp = core.max_hps(tuple(core.ID[n] for n in a + b))
    hp[6:] = [0, 0, 0, 0]
    hp[5] = 7  # Honey (9) knocks out b's last creature: nobody slower acts
    hp2, _, log, out = play(a, b, hp=hp, start=2, rounds=12)
    assert out == (0, 2, True)
    assert len([e for e in log if e[0] == "group"]) == 1


def test_moon_dew_heals_living_two_after_each_round_capped():
    full = core.max_hps(tuple(core.ID[n] for n in A + B))
    hp = full[:]
    hp[4] = 0          # Comet out: stays at 0
    hp[9] = 34         # Ori 34/35: +2 capped at 35 (Ori shields in round 3; plain round 2 here)
    hp2, _, log, _ = play(A, B, hp=hp, start=2, rounds=2, ground="moon_dew")
    hp3, _, _, _ = play(A, B, hp=hp, start=2, rounds=2, ground="clear")
    assert hp2[4] == 0 and hp2[9] == 35
    assert [x - y for x, y in zip(hp2, hp3)] == [
        2 if (h > 0 and h + 2 <= m) else (m - h if h > 0 else 0) for h, m in zip(hp3, full)]


def test_short_expedition_ends_after_round_eight_and_clear_after_twelve():
    wall = ["Pip", "Frost", "Mallow", "Luna", "Honey"]
    r8 = simulate(lineup(wall), lineup(wall), "short_expedition")
    r12 = simulate(lineup(wall), lineup(wall), "clear")
    assert (r8.rounds, r8.end, r8.winner) == (8, "time", "draw")  # mirror match: equal keys
    assert (r12.rounds, r12.end) == (12, "time")
    assert r8.max_rounds == 8 and len(r8.log) == 8


def test_final_comparison_order():
    mx = [30, 34, 26, 48, 36] * 2
    # 1. more creatures standing wins, whatever the HP.
    assert core.compare([1, 1, 0, 0, 0, 30, 0, 0, 0, 0], mx) == 0
    # 2. same standing: larger sum of floored thousandths. a: 10/30 -> 333; b: 11/34 -> 323 (more HP).
    assert core.compare([10, 0, 0, 0, 0, 0, 11, 0, 0, 0], mx) == 0
    # a: 1/26 -> 38 and 1/48 -> 20 = 58; b: 1/34 -> 29 and 1/36 -> 27 = 56 -> a.
    assert core.compare([0, 0, 1, 1, 0, 0, 1, 0, 0, 1], mx) == 0
    # 3. same share sum, more total HP: a 15/30 = 500 with 15 HP vs b 13/26 = 500 with 13 HP.
    assert core.compare([15, 0, 0, 0, 0, 0, 0, 13, 0, 0], mx) == 0
    # all equal -> draw
    assert core.compare([15, 0, 0, 0, 0, 15, 0, 0, 0, 0], mx) == 2
    # Each share is floored before summing: a 8/30 -> 266 (266.67) + 24/34 -> 705 (705.88) = 971,
    # b 13/26 -> 500 + 17/36 -> 472 (472.22) = 972. Exact sums would favour a (972.55 > 972.22), and so
    # would total HP (32 > 30); the floored sum decides first: b.
    assert core.compare([8, 24, 0, 0, 0, 0, 0, 13, 0, 17], mx) == 1


def test_simulate_cli_shape_and_side_symmetry():
    a, b = lineup(A), lineup(B)
    ab = simulate(a, b, "moon_dew")
    ba = simulate(b, a, "moon_dew")
    flip = {"a": "b", "b": "a", "draw": "draw"}
    assert ba.winner == flip[ab.winner] and ba.rounds == ab.rounds
    assert ba.hp == {"a": ab.hp["b"], "b": ab.hp["a"]}
    assert set(ab.cli_shape()) == {"winner", "rounds", "end", "hp"}


def test_log_reports_what_each_action_actually_did():
    # Moon dew, no ground shields. Round 1, speed 10: Mallow shelters Mallow and Pip (+6 each), then Pip's
    # own 18 meets the cap: 6 + 18 = 24 -> 20, so 14 applied. Honey's 7 on Pip: all blocked (20 -> 13).
    # Comet's 10 on Mallow: 6 blocked, 4 HP lost. Round 3: Honey heals Comet/Luna/Honey, all full: +0.
    a = lineup(["Mallow", "Pip", "Zip", "Ori", "Cinder"])
    b = lineup(["Frost", "Cog", "Comet", "Luna", "Honey"])
    res = simulate(a, b, "moon_dew")
    acts = [x for g in res.log[0].groups for x in g.actions]
    pip_shield = next(x for x in acts if x.creature == "Pip" and x.side == "a")
    assert (pip_shield.amount, pip_shield.applied) == (18, 14)
    honey_hit = next(x for x in acts if x.creature == "Honey")
    assert (honey_hit.target, honey_hit.blocked, honey_hit.applied) == ("Pip", 7, 0)
    comet_hit = next(x for x in acts if x.creature == "Comet")
    assert (comet_hit.target, comet_hit.blocked, comet_hit.applied) == ("Mallow", 6, 4)
    heals = [x for g in res.log[2].groups for x in g.actions if x.creature == "Honey"]
    assert [(x.target, x.applied) for x in heals][2:] == [("Comet", 0), ("Luna", 0), ("Honey", 0)]


def test_abilities_keep_printed_rounds_past_twelve():
    # A puzzle may set its own limit; rounds 13-15 fire no ability (the cards print rounds up to 12).
    wall = lineup(["Pip", "Frost", "Mallow", "Luna", "Honey"])
    res = simulate(wall, wall, "clear", 15)
    assert res.rounds == 15 and len(res.log) == 15
    for rl in res.log[12:]:
        assert all(a.move == "attack" for g in rl.groups for a in g.actions)
    assert any(a.move != "attack" for g in res.log[11].groups for a in g.actions)  # round 12 still does


def test_goals_count_only_in_a_won_battle():
    from engine.formation.battle import goal_met
    from engine.formation.model import KeepAlive, MinStanding, WinByRound
    # Short expedition mirror: a draw on time with everyone's creatures partly standing.
    wall = lineup(["Pip", "Frost", "Mallow", "Luna", "Honey"])
    res = simulate(wall, wall, "short_expedition")
    assert res.winner == "draw" and res.standing >= 1
    alive = next(n for s, n in res.a.items() if res.hp["a"][s] > 0)
    for goal in (KeepAlive(creature=alive), MinStanding(count=1), WinByRound(round=12)):
        assert not goal_met(goal, res)
    win = simulate(lineup(A), lineup(B), "sheltered_opening")  # a wins by knockout (see golden log)
    assert win.won
    assert goal_met(WinByRound(round=win.rounds), win) and not goal_met(WinByRound(round=win.rounds - 1), win)
    assert goal_met(MinStanding(count=win.standing), win) and not goal_met(MinStanding(count=win.standing + 1), win)
    standing = [n for s, n in win.a.items() if win.hp["a"][s] > 0]
    fallen = [n for s, n in win.a.items() if win.hp["a"][s] == 0]
    assert goal_met(KeepAlive(creature=standing[0]), win) and not goal_met(KeepAlive(creature=fallen[0]), win)
    absent = next(n for n in core.NAMES if n not in win.a.values())
    assert not goal_met(KeepAlive(creature=absent), win)  # a creature you did not field cannot be kept


# ------------------------------------------------------------------ second-engineer audit scenarios

def test_same_speed_hits_on_one_shielded_target_sum_then_shield():
    # Seed: "Damage is added up, and shield absorbs it before HP does"; leftover shield stays for the round.
    # No guild pair on either side. Clear ground, round 1.
    a = ["Luna", "Frost", "Zip", "Ori", "Cinder"]
    b = ["Pip", "Mallow", "Honey", "Cog", "Comet"]
    # Speed 10: a's Frost -> lowest share ally, all full -> slot order -> Luna (front left) 12 shield.
    #   b's Pip 18 on itself, b's Mallow 6 to each front ally: Pip 18 + 6 = 24 -> cap 20, Mallow 6.
    # 9: b's Honey (col 1) -> a's Luna 7: shield 12 -> 5.
    # 8: a's Zip (col 1) -> Pip 8 and a's Ori (col 2: Pip col 1 and Mallow col 3 tie -> front left Pip) 7,
    #    together: 15 summed, shield 20 absorbs it all -> shield 5, Pip still 44.
    # 7: b's Cog (col 2) -> Luna 9: 5 blocked, Luna 34 -> 30; b's Comet (col 3) -> a's Frost 10: 46 -> 36.
    # 6: a's Luna -> Pip 6: the 5 left over from the speed-8 group blocks 5, Pip 44 -> 43.
    # 5: a's Cinder (col 3) -> b's Mallow 9: 6 blocked, 48 -> 45. (Pip, Mallow, Frost used their shields.)
    hp, mx, log, out = play(a, b, rounds=1)
    groups = [e for e in log if e[0] == "group"]
    speed8 = next(g for g in groups if {x[0] for x in g[1]} == {2, 3})
    assert [(i, t, amt) for i, op, t, amt, *_did in speed8[1]] == [(2, 5, 8), (3, 5, 7)]
    assert speed8[2][5] == 44 and speed8[3][5] == 5
    assert hp == [30, 36, 30, 35, 36, 43, 45, 26, 32, 31]
    assert out == (1, 1, False)  # after one round: 5 v 5 standing, b's share sum is larger


def test_sheltered_opening_shield_round_one_front_only_then_gone():
    # Round 1 starts with 6 shield on each front creature of both sides (back rows none); from round 2
    # every round starts with no shield at all. Clear ground never gives any.
    res = simulate(lineup(A), lineup(B), "sheltered_opening", max_rounds=3)
    assert res.log[0].start_shields == {"a": (6, 6, 0, 0, 0), "b": (6, 6, 0, 0, 0)}
    assert all(rl.start_shields == {"a": (0,) * 5, "b": (0,) * 5} for rl in res.log[1:])
    clear = simulate(lineup(A), lineup(B), "clear", max_rounds=1)
    assert clear.log[0].start_shields == {"a": (0,) * 5, "b": (0,) * 5}


# Honey alone on side a, Mallow alone on side b (no guild pair on either side: max 26 and 48).
LONE_A = ["Honey", "Pip", "Mallow", "Frost", "Cinder"]
LONE_B = ["Mallow", "Zip", "Luna", "Cog", "Comet"]


def test_moon_dew_after_round_twelve_counts_in_the_final_comparison():
    # Round 12: Honey (speed 9) uses Cloud honey on itself 12 -> 17; Mallow (round 12 is not a shield
    # round) attacks its normal target Honey for 7 -> 10. Mallow stays 19.
    # Clear: 1 v 1 standing; shares 10*1000//26 = 384 < 19*1000//48 = 395 -> b wins on time.
    # Moon dew after round 12: Honey 12, Mallow 21: 12000//26 = 461 > 21000//48 = 437 -> a wins.
    hp = [12, 0, 0, 0, 0, 19, 0, 0, 0, 0]
    got, _, _, out = play(LONE_A, LONE_B, hp=hp, start=12, rounds=12, ground="clear")
    assert (got[0], got[5], out) == (10, 19, (1, 12, False))
    got, _, _, out = play(LONE_A, LONE_B, hp=hp, start=12, rounds=12, ground="moon_dew")
    assert (got[0], got[5], out) == (12, 21, (0, 12, False))


def test_no_moon_dew_after_a_knockout():
    # Round 11 (plain): Honey (9) hits Mallow 7 -> 0: b has none left, the battle stops after that group,
    # so round 11 never reaches its end and Honey keeps 12 (no +2).
    hp = [12, 0, 0, 0, 0, 7, 0, 0, 0, 0]
    got, _, log, out = play(LONE_A, LONE_B, hp=hp, start=11, rounds=12, ground="moon_dew")
    assert out == (0, 11, True) and got[0] == 12
    assert not any(e[0] == "end" for e in log)
