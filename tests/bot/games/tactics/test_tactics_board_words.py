"""Small things the tactics board says that must read right to a player: the phase in the headline, and
a telegraph whose area found no tile it can reach, and every telegraph on a board full of lines."""
from __future__ import annotations

import engine.tactics as tx
from bot.games.tactics.session import TacticsSession
from bot.games.tactics.text import BOARD_LINES, board_message, board_text, headline, map_text
from engine.tactics.model.content import kit
from engine.tactics.rules.fight import Fight
from engine.tactics.rules.scenario import scenario
from engine.tactics.rules.strays import lock


def session_of(fight: tx.FightState) -> TacticsSession:
    return TacticsSession(fight=fight, mode="campaign", player=1, pilot="auto", key="k")


def test_the_headline_names_the_strays_phase_as_the_board_does():
    fight = tx.new_fight("c01", 1)
    assert "· duo phase ·" in headline(session_of(fight))
    strays = fight.model_copy(update={"phase": "strays"})
    assert "· round 1/10 · strays' phase · duo level 1" in headline(session_of(strays))


def test_a_dash_locked_against_the_edge_says_it_can_hit_no_one():
    # A Skreel on the west edge whose Dive points west: the dash has no tile on the board.
    fight = scenario([], [("hero", "Tidecaller", "E5"), ("companion", "Mossle", "E4"), ("s1", "Skreel", "A5")])
    lock(Fight(fight), fight.get("s1"), kit("Skreel")["Dive"], {"heading": (-1, 0)})
    assert fight.telegraphs[0].tiles == []
    board = board_text(session_of(fight))
    assert " a Skreel: Dive (dash) on no tile: it can hit no one" in board
    assert " on  for " not in board


def duo_phase(encounter: str, seed: int, round_: int, companion: str) -> tx.FightState:
    """The fight the planner plays (its first turn each time) up to the duo phase of `round_`."""
    fight = tx.new_fight(encounter, seed, "Tidecaller", companion, level=tx.expected_level(encounter))
    while (fight.round, fight.phase) != (round_, "duo"):
        fid = next(f for f in ("hero", "companion") if not fight.get(f).done)
        fight = tx.apply_turn(fight, fid, tx.plan_turns(fight, fid, limit=1)[0].steps)
    return fight


def test_a_full_board_with_many_long_turn_notes_still_says_what_every_stray_will_do():
    """A pack of five after a busy strays' phase, and six long lines of this phase: the board keeps a
    phone's few lines, the strays' report and the older lines give way (What happened lists them), every
    stray's telegraph is named on the board, and the Text map says each in full."""
    fight = duo_phase("c10", 1, 3, "Cindle")
    assert len(fight.telegraphs) == 5
    closed_by = ['Cindle: "Burning the line, stay close!" (B4 · Flame Fan Skreel E4 for 6 · with Dash)\n'
                 "→ Cindle hits Skreel: 6, Gloomcap: 6; Driplet: 6"]
    notes = [f"Tidecaller, step {n}: moves to D1 · Tide Lash Gloomcap E2 for 7, soaked, pushed 1 east into "
             f"Driplet, a splat (Driplet is not hurt)\n→ Tidecaller hits Gloomcap: 7 (soaked); Driplet: 3"
             for n in range(1, 7)]
    for shown in (0, 6):
        state = session_of(fight).model_copy(update={"closed_by": closed_by, "notes": notes[:shown]})
        board, more_to_tell = board_message(state)
        assert len(board.split("\n")) <= BOARD_LINES and "```" not in board
        coming = next(line for line in board.split("\n") if line.startswith("**Strays next:** "))
        for tg in fight.telegraphs:
            assert f"{fight.get(tg.stray).letter} {fight.get(tg.stray).name}: {tg.skill} " in coming
        view = tx.render_text(fight, viewer="duo", recent=0).split("\n")
        whole = map_text(state)
        for line in view[view.index("telegraphs (fire at the start of the strays' next phase):") + 1:]:
            assert f"· {line.strip()}" in whole.split("\n"), f"cut from the Text map: {line!r}"
        assert "What happened lists them" in board and more_to_tell, "the folded report is one press away"
    assert notes[-1].split("\n")[0] in board, "the newest line of this phase shows"
    assert "step 5" not in board and more_to_tell, "the older lines of this phase are What happened's"
