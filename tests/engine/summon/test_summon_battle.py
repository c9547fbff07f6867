"""Summon: the automatic battle (seed 004: バトルの基本, ライフ（ハート）, ゲーム終了条件,
「なにもしない」同士が対面すると？) and the spells' instant effects."""
from support.summon_lines import fight, ticks

from engine.summon import apply, legal_placements
from engine.summon.battle import battle_phase_turns
from engine.summon.render import hearts
from engine.summon.scenario import scenario


def test_battle_phases_grow_longer():
    assert [battle_phase_turns(k) for k in (1, 2, 3, 4)] == [3, 4, 5, 6]
    # Clay Doll (attack 1) against a Stone Wall (16 ticks, cannot attack): one hit per battle turn.
    st, _ = fight(["n02"], ["n01"], phase=1)
    assert ticks(st, 1) == [("n01", 13)]  # 3 turns
    st, _ = fight(["n02"], ["n01"], phase=2)
    assert ticks(st, 1) == [("n01", 12)]  # 4 turns
    st, _ = fight(["n02"], ["n01"], phase=3)
    assert ticks(st, 1) == [("n01", 11)]  # 5 turns


def test_same_rank_turn_player_acts_first():
    # Two Ember Imps (4 ticks, attack 2). Turn player hits: 2 left; the other hits back: 2 left;
    # next turn the turn player's Imp destroys the other first and wins.
    st, _ = fight(["r01"], ["r01"], first=0, phase=1)  # odd phase: the first player leads
    assert st.result == "p1"
    st, _ = fight(["r01"], ["r01"], first=0, phase=2)  # even phase: the other player leads
    assert st.result == "p2"
    st, _ = fight(["r01"], ["r01"], first=1, phase=1)
    assert st.result == "p2"


def test_only_the_front_attacks_back_ranks_wait_unless_ranged():
    # p1: Stone Wall in front (cannot attack), Clay Doll behind (no bow, no ability): nobody of p1
    # ever damages p2's Clay Doll; p2's Doll hits the Wall once per turn (16 -> 13).
    st, log = fight(["n01", "n02"], ["n02"])
    assert ticks(st, 1) == [("n02", 4)] and ticks(st, 0) == [("n01", 13), ("n02", 4)]
    # With a Dawn Archer (ranged, attack 2) behind the Wall instead: it shoots from rank 2.
    # Turn 1: wall idle, Doll hits Wall 16->15, Archer 2 -> Doll 2. Turn 2: Doll hits 15->14, Archer kills.
    st, log = fight(["n01", "w03"], ["n02"])
    assert st.result == "p1"
    assert ticks(st, 0) == [("n01", 14), ("w03", 8)]
    assert "p2 Clay Doll takes 2 (Dawn Archer (ranged)) 2->0" in log


def test_rank_by_rank_order_within_a_turn():
    # p1: Ember Imp, Dawn Archer; p2: Clay Doll, Sparrow Scout. Order in a turn: p1 rank 1, p2
    # rank 1, p1 rank 2, p2 rank 2 (the turn player's unit first in each rank).
    st, log = fight(["r01", "w03"], ["n02", "g01"])
    acts = [line.split(" takes")[0] + " <- " + line.split("(")[1].split(")")[0].strip()
            for line in log if " takes " in line][:3]
    assert acts == [
        "p2 Clay Doll <- Ember Imp",  # p1 front
        "p1 Ember Imp <- Clay Doll",  # p2 front
        "p2 Clay Doll <- Dawn Archer",  # p1 rank 2 (ranged)
    ]


def test_front_falls_and_the_next_steps_up():
    # Phoenix (24 ticks, attack 6, magic) against Clay Doll, Clay Doll, Shade (weak to magic, 8).
    # Turn 1: Phoenix destroys Doll 1 (4 ticks); Doll 2 has stepped up when its rank-2 moment comes
    #         and, being the front now, hits Phoenix 24->23; Shade (back, no bow) does nothing.
    # Turn 2: Phoenix destroys Doll 2; the Shade steps up and hits Phoenix 23->22.
    # Turn 3: Phoenix hits the Shade for 6 + 2 (magic vs weak to magic) = 8: p2 wiped out.
    st, log = fight(["r07"], ["n02", "n02", "k01"])
    hits = [x for x in log if " takes " in x or x.endswith(" is destroyed")]
    assert hits == [
        "p2 Clay Doll takes 6 (Phoenix) 4->0", "p2 Clay Doll is destroyed",
        "p1 Phoenix takes 1 (Clay Doll) 24->23",
        "p2 Clay Doll takes 6 (Phoenix) 4->0", "p2 Clay Doll is destroyed",
        "p1 Phoenix takes 1 (Shade) 23->22",
        "p2 Shade takes 8 (Phoenix) 8->0", "p2 Shade is destroyed",
    ]
    assert st.result == "p1"


def test_hearts_are_four_ticks():
    assert hearts(8) == "2♥" and hearts(7) == "1¾♥" and hearts(2) == "½♥" and hearts(0) == "0♥"
    # A 1-heart Clay Doll survives 3 single-tick hits and falls to the 4th.
    st, log = fight(["n02"], [("n02", 4)], phase=1)  # p1 leads: p1 hits 3 times over 3 turns
    assert ticks(st, 1) == [("n02", 1)]
    # Phase 2 has 4 turns and p2 leads: p2's Doll hits first each turn, so p1's Doll takes its 4th
    # tick on turn 4 before it can strike a 4th time -> p2 wins.
    st, log = fight(["n02"], [("n02", 4)], phase=2)
    assert st.result == "p2"


def test_stalemate_fronts_that_cannot_attack_lose_will_turn_player_first():
    # Stone Wall (16) vs Pearl Turtle (20, armor 1): each battle turn the turn player's front loses
    # 1 tick, then the other front (armor does not stop loss of will). 3 turns: 13 and 17.
    st, log = fight(["n01"], ["u02"])
    assert ticks(st, 0) == [("n01", 13)] and ticks(st, 1) == [("u02", 17)]
    first = next(line for line in log if "stalemate" in line)
    assert first.startswith("p1 Stone Wall takes 1")
    # Both on their last tick: the turn player's side falls first and loses.
    st, _ = fight([("n01", 1)], [("u02", 1)], first=0)
    assert st.result == "p2"
    st, _ = fight([("n01", 1)], [("u02", 1)], first=1)
    assert st.result == "p1"


def test_simultaneous_wipe_out_is_a_draw():
    # p1's last unit, an Ember Imp with 2 ticks, destroys p2's last unit, a Spiked Barricade with
    # 1 tick, and dies on its thorns (2) in the same blow: both armies gone at once.
    st, log = fight([("r01", 2)], [("n04", 1)])
    assert st.result == "draw" and st.players[0].line == [] and st.players[1].line == []


def test_abilities_strong_vs_weak_to_magic_armor_pierce_heal():
    # Fire Hound (attack 3, +2 vs green) on a Thorn Dryad (green, 16 ticks): 5 per hit; thorns 2 back.
    st, log = fight(["r02"], ["g03"], phase=1)
    assert "p2 Thorn Dryad takes 5 (Fire Hound) 16->11" in log
    # Wave Mage (magic, attack 2) on a Shade (weak to magic): 2 + 2 = 4.
    st, log = fight(["u03"], ["k01"])
    assert "p2 Shade takes 4 (Wave Mage) 8->4" in log
    # Clay Doll (1) on an Iron Sentry (armor 1): never below 1.
    st, log = fight(["n02"], ["n03"])
    assert "p2 Iron Sentry takes 1 (Clay Doll) 12->11" in log
    # Kraken Spawn (pierce, 3) hits the front and the unit behind it.
    st, log = fight(["u04"], ["n01", "n01"])
    assert log.count("p2 Stone Wall takes 3 (Kraken Spawn) 16->13") == 2
    # Candle Acolyte (heal 1) in the back heals the hurt front.
    st, log = fight([("n01", 10), "w01"], ["n02"])
    assert "p1 Stone Wall heals 1 (Candle Acolyte) 9->10" in log


def test_a_side_without_units_facing_one_with_units_is_beaten():
    # p2 never summoned anything while p1 has a Phoenix: p2 has no survivors (rules decision 12).
    st, log = fight(["r07"], [])
    assert st.result == "p1" and st.ending == "no_army" and log[-1] == "game over: p2 has no unit on the battlefield"


def test_spells_act_at_once_and_a_spell_wipe_wins_at_the_next_battle():
    # p1 places Fireball (damage_front 6) completing it at once (synthetic all-blank sides):
    # p2's Clay Doll (4 ticks) is destroyed in the summon phase; p2 is wiped at the battle start.
    st = scenario({"hand": [("r08", "nnnn")], "deck": ["n02"] * 30}, {"line": ["n02"], "deck": ["n02"] * 30},
                  turns_left=(1, 0))
    after = apply(st, next(p for p in legal_placements(st) if p.summons))
    assert "p1 casts Fireball" in after.log and "p2 Clay Doll is destroyed" in after.log
    assert after.result == "p1" and after.battle_phases == 1
    # Blessing heals every own unit 2 ticks.
    st = scenario({"hand": [("w08", "nnnn")], "line": [("n01", 5), ("n02", 1)], "deck": ["n02"] * 30},
                  {"line": ["n01"], "deck": ["n02"] * 30})
    after = apply(st, next(p for p in legal_placements(st) if p.summons))
    assert [u.ticks for u in after.players[0].line] == [7, 3]
