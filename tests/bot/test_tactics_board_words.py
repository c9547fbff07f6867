"""Small things the tactics board says that must read right to a player: the phase in the headline, and
a telegraph whose area found no tile it can reach."""
from __future__ import annotations

import engine.tactics as tx
from bot.games.tactics.session import TacticsSession
from bot.games.tactics.text import board_text, headline
from engine.tactics.content import kit
from engine.tactics.rules import Fight
from engine.tactics.scenario import scenario
from engine.tactics.strays import lock


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
