"""Summon: audit tests (second engineer) — rules of seed 004 and rules/summon.md checked by
hand-worked scenarios that the first test files left open. Each comment derives the expected numbers
from the seed (「なにもしない」同士が対面すると？, ゲーム終了条件, 召喚台のルール, …) and the rules file."""
import pytest
from support.summon_lines import fight, ticks

from engine.summon import IllegalActionError, Place, Timeout, apply, legal_placements
from engine.summon.battle import battle_phase_turns, cast_spell
from engine.summon.catalog import card
from engine.summon.pieces import sides_code
from engine.summon.scenario import scenario
from engine.summon.state import DECK_MAX, DECK_MIN, HAND_SIZE, TURN_SECONDS

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


# --- board: slides in the two directions the first tests left open, with a completion on the way

DECK = ["n02"] * 30  # filler: uids 0-29, the first hand piece is uid 30, board pieces follow


def _uid(state, player, card, col, row):
    p = state.players[player]
    return next(b.uid for b in p.board if (b.card, b.x - p.ox, b.y - p.oy) == (card, col, row))


def _find(state, piece, col, row, rotation=0):
    return next(p for p in legal_placements(state)
                if (p.piece, p.col, p.row, p.rotation) == (piece, col, row, rotation))


def test_slide_left_drops_the_right_column():
    # Walls .n.n across the middle row; an Iron Sentry nNn. (tab right) at col -1 plugs into the
    # left wall's left blank: summoned; the window slides one step left (ox 0 -> -1) and the wall in
    # the old right column (x = 2, now outside -1..1) falls off — to neither hand nor deck.
    board = [("n01", 0, 1, ".n.n", True), ("n01", 1, 1, ".n.n", True), ("n01", 2, 1, ".n.n", True)]
    st = scenario({"deck": DECK, "hand": [("n03", "nNn.")], "board": board}, {"deck": DECK})
    right = _uid(st, 0, "n01", 2, 1)
    pl = _find(st, 30, -1, 1)
    assert pl.slide == (-1, 0) and pl.falls == (right,) and pl.fall_cards == ("n01",) and pl.summons == (30,)
    p = apply(st, pl).players[0]
    assert (p.ox, p.oy) == (-1, 0) and p.removed == [right] and right not in p.deck
    assert sorted((b.x - p.ox, b.y - p.oy) for b in p.board) == [(0, 1), (1, 1), (2, 1)]


def test_slide_down_drops_the_top_row_and_completes_the_older_piece():
    # Column 1: Clay Doll .n.. (row 0), Wall n.n. (row 1, summoned), Ballista N.Nn (row 2) whose up
    # tab sits in the wall's down blank but whose down tab faces the empty cell below the window.
    # A Wall n.n. placed at row 3 (just below) takes that tab in its up blank: the window slides
    # down (oy 0 -> 1), row 0 (the Clay Doll) falls off, and the summons are the placed Wall first
    # (no tab: complete at once), then its up neighbour the Ballista (now complete). Line: Wall, Ballista;
    # the Ballista has 3 hearts = 12 ticks.
    board = [("n02", 1, 0, ".n..", True), ("n01", 1, 1, "n.n.", True), ("n05", 1, 2, "N.Nn")]
    st = scenario({"deck": DECK, "hand": [("n01", "n.n.")], "board": board}, {"deck": DECK})
    doll, ballista = _uid(st, 0, "n02", 1, 0), _uid(st, 0, "n05", 1, 2)
    pl = _find(st, 30, 1, 3)
    assert pl.slide == (0, 1) and pl.falls == (doll,)
    assert pl.summons == (30, ballista) and pl.summon_cards == ("n01", "n05")
    after = apply(st, pl)
    p = after.players[0]
    assert (p.ox, p.oy) == (0, 1) and p.removed == [doll]
    assert [(u.uid, u.ticks, u.max_ticks) for u in p.line] == [(30, 16, 16), (ballista, 12, 12)]


def test_rotation_is_applied_when_placing():
    # Iron Sentry n.Nn turned once clockwise: the old left side comes on top -> nn.N, its tab now
    # points left, into the right blank of the wall .n.n at the centre: summoned, 3 hearts = 12 ticks.
    st = scenario({"deck": DECK, "hand": [("n03", "n.Nn")], "board": [("n01", 1, 1, ".n.n", True)]}, {"deck": DECK})
    after = apply(st, Place(player=0, piece=30, rotation=1, col=2, row=1))
    placed = next(b for b in after.players[0].board if b.uid == 30)
    assert sides_code(placed.sides) == "nn.N" and placed.summoned
    assert [(u.card, u.ticks) for u in after.players[0].line] == [("n03", 12)]


# --- spells: at once, no unit, their targets; and the order when a spell is summoned with others

def _cast(spell, own, enemy):
    st = scenario({"line": own}, {"line": enemy})
    log: list[str] = []
    cast_spell(st, 0, card(spell), log)
    return st, log


def test_spell_targets_and_magic():
    # Cutting Gust: 4 to the enemy's LAST unit, magic: the Shade behind (weak to magic) takes
    # 4 + 2 = 6 (8 -> 2); the Clay Doll in front is untouched.
    st, _ = _cast("g08", [], ["n02", "k01"])
    assert ticks(st, 1) == [("n02", 4), ("k01", 2)]
    # Tidal Wave: 2 to EVERY enemy unit: Iron Sentry armor 1 -> 1 (12 -> 11); Shade 2 + 2 = 4 (8 -> 4).
    st, _ = _cast("u08", [], ["n03", "k01"])
    assert ticks(st, 1) == [("n03", 11), ("k01", 4)]
    # Curse: 1 to every enemy unit; against armor 1 it still deals the minimum 1.
    st, _ = _cast("k08", [], ["u02", "n02"])
    assert ticks(st, 1) == [("u02", 19), ("n02", 3)]
    # Repair Kit heals the own FRONT 4, never above its hearts: Wall 14/16 -> 16; the Doll behind stays.
    st, _ = _cast("n08", [("n01", 14), ("n02", 1)], [])
    assert ticks(st, 0) == [("n01", 16), ("n02", 1)]
    # A damage spell with no enemy unit finds no target and does nothing.
    st, log = _cast("u09", ["n02"], [])
    assert log == ["p1 Frost Bolt finds no target"] and ticks(st, 0) == [("n02", 4)]


def test_placed_spell_acts_first_then_the_neighbour_it_completes_joins_the_line():
    # Iron Sentry n.Nn at (1,0), unsummoned: its down tab faces the empty centre. Repair Kit n.n.
    # (no tab, a real catalog piece: 2 neutral blanks, 2 flats) placed at the centre takes that tab.
    # Order (seed: placed piece first, then neighbours): the Kit is cast — it heals the own front, the
    # hurt Clay Doll 1 -> 4 — then the Sentry joins the line behind the Doll. The spell is no unit.
    st = scenario({"deck": DECK, "hand": [("n08", "n.n.")], "board": [("n03", 1, 0, "n.Nn")], "line": [("n02", 1)]},
                  {"deck": DECK})
    sentry = _uid(st, 0, "n03", 1, 0)
    pl = _find(st, 30, 1, 1)
    assert pl.summons == (30, sentry) and pl.summon_cards == ("n08", "n03")
    after = apply(st, pl)
    log = after.log
    assert log.index("p1 casts Repair Kit") < log.index("p1 summons Iron Sentry (rank 2)")
    assert [(u.card, u.ticks) for u in after.players[0].line] == [("n02", 4), ("n03", 12)]


# --- end of the game: wiped only if no unit is left when the battle phase comes

def test_a_side_wiped_by_a_spell_that_summons_again_before_the_battle_is_not_beaten():
    # p1's Fireball (6, magic) destroys p2's only unit, a Clay Doll (4 ticks), in the summon phase.
    # p2 then summons a Clay Doll (no tab) with its last turn: when the battle phase opens p2 has a
    # unit again, so p2 is not beaten ("勝利" is only for wiping the enemy out during the battle phase);
    # p1 has no unit while p2 has one, so p1 loses as the battle phase opens (rules decision 12).
    st = scenario({"hand": [("r08", "nnnn")], "deck": DECK},
                  {"line": ["n02"], "deck": DECK, "hand": [("n02", ".n..")]}, turns_left=(1, 1))
    st = apply(st, next(p for p in legal_placements(st) if p.summons))
    assert st.players[1].line == [] and st.phase == "summon"  # no win in the summon phase
    st = apply(st, legal_placements(st)[0])
    assert st.result == "p2" and st.reason == "p1 has no unit on the battlefield" and st.battle_phases == 1
    assert [u.card for u in st.players[1].line] == ["n02"]


def test_both_armies_destroyed_by_spells_before_the_battle_is_a_draw():
    # Each side's Fireball destroys the other's only Clay Doll during the summon phase: when the
    # battle phase opens both armies are gone at once -> draw (seed: 両軍が同時に全滅した場合は引き分け).
    st = scenario({"hand": [("r08", "nnnn")], "deck": DECK, "line": ["n02"]},
                  {"hand": [("r08", "nnnn")], "deck": DECK, "line": ["n02"]}, turns_left=(1, 1))
    st = apply(st, next(p for p in legal_placements(st) if p.summons))
    st = apply(st, next(p for p in legal_placements(st) if p.summons))
    assert st.phase == "over" and st.result == "draw" and st.battle_phases == 1


# --- thorns answer melee only; a ranged unit in front strikes in melee

def test_thorns_hurt_melee_strikers_not_back_rank_archers():
    # p1: Stone Wall (cannot attack) with a Dawn Archer (ranged 2, 8 ticks) behind; p2: Flame
    # Brawler (12 ticks, attack 2, thorns 1). Each turn: Wall idle (the Brawler can attack: no stall),
    # Brawler hits the Wall 2, the Archer shoots the Brawler 2 from rank 2 and takes no thorns.
    # 3 turns: Wall 16 -> 10, Archer 8, Brawler 12 -> 6.
    st, _ = fight(["n01", "w03"], ["r03"])
    assert ticks(st, 0) == [("n01", 10), ("w03", 8)] and ticks(st, 1) == [("r03", 6)]
    # The Archer alone in front strikes in melee: Brawler -2, thorns 1 back, Brawler hits it 2.
    # Per turn the Archer loses 3: 8 -> 5 -> 2 -> turn 3: thorns 2 -> 1, Brawler 1 -> 0: p2 wins.
    st, _ = fight(["w03"], ["r03"])
    assert st.result == "p2" and ticks(st, 1) == [("r03", 6)]


# --- the seed's numbers kept as constants the bot layer reads

def test_seed_numbers():
    assert (HAND_SIZE, DECK_MIN, DECK_MAX, TURN_SECONDS) == (3, 30, 60, 30)
    assert [battle_phase_turns(k) for k in range(1, 6)] == [3, 4, 5, 6, 7]  # each longer than the last


def test_timeout_only_for_the_player_to_move():
    st = scenario({"deck": DECK, "hand": [("n02", ".n..")]}, {"deck": DECK})
    with pytest.raises(IllegalActionError) as e:
        apply(st, Timeout(player=1))
    assert e.value.reason == "not_your_turn"
