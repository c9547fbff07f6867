"""Summon: audit tests (second engineer) — rules of seed 004 and rules/summon.md checked by
hand-worked scenarios that the first test files left open. Each comment derives the expected numbers
from the seed (「なにもしない」同士が対面すると？, ゲーム終了条件, 召喚台のルール, …) and the rules file."""
from engine.summon.battle import run_battle_phase
from engine.summon.scenario import scenario


def fight(p1_line, p2_line, first=0, phase=1):
    st = scenario({"line": p1_line}, {"line": p2_line}, first=first, battle_phases=phase - 1)
    log: list[str] = []
    run_battle_phase(st, log)
    return st, log


def ticks(st, player):
    return [(u.card, u.ticks) for u in st.players[player].line]


# --- stalemate: "手番側から交互に" (alternately, starting with the turn player's side); rules decision 7:
# 1 tick to each front in turn, turn player's side first, once per battle turn while the stall lasts.

def test_stall_that_starts_mid_turn_still_hits_the_turn_players_front_first():
    # Battle phase 1, p1 is the turn player. p1: Ember Imp (attack 2) with 2 ticks, Stone Wall (cannot
    # attack) with 1 tick behind it. p2: Spiked Barricade (cannot attack, thorns 2) with 3 ticks.
    # Turn 1, p1 rank 1: the Imp hits the Barricade 3 -> 1 and dies on the thorns (2 -> 0); the Wall
    # steps up. Now both fronts cannot attack: the stall begins, and the seed makes the turn
    # player's side (p1) take the first tick: Wall 1 -> 0, p1's army is gone -> p2 wins.
    # (Ticking the Barricade first, at its own moment, would hand the game to p1.)
    st, log = fight([("r01", 2), ("n01", 1)], [("n04", 3)])
    stall = [x for x in log if "stalemate" in x]
    assert stall == ["p1 Stone Wall takes 1 (stalemate: loss of will) 1->0"]
    assert st.result == "p2"


def test_stall_ticks_each_side_once_per_battle_turn_when_a_new_front_steps_up():
    # p1 (turn player): Stone Wall with 1 tick, a full Stone Wall (16) behind it; p2: Pearl Turtle
    # (20, cannot attack). 3 battle turns, each: p1's front -1, then p2's front -1.
    # Turn 1: Wall#1 1 -> 0 (destroyed), Wall#2 steps up, the stall lasts: Turtle 20 -> 19. Wall#2's
    #         own moment later in the turn gives no second p1 tick (once per battle turn).
    # Turn 2: Wall#2 16 -> 15, Turtle 19 -> 18.  Turn 3: Wall#2 15 -> 14, Turtle 18 -> 17.
    st, log = fight([("n01", 1), "n01"], ["u02"])
    assert ticks(st, 0) == [("n01", 14)] and ticks(st, 1) == [("u02", 17)]
    stall = [x.split(" takes")[0] for x in log if "stalemate" in x]
    assert stall == ["p1 Stone Wall", "p2 Pearl Turtle"] * 3  # strictly alternating, p1 first
