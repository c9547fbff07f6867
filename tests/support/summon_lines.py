"""Battle lines for summon rule tests: run one battle phase between two hand-set lines."""
from __future__ import annotations

from engine.summon.battle import run_battle_phase
from engine.summon.scenario import scenario


def fight(p1_line, p2_line, first=0, phase=1):
    """Run battle phase `phase` (1-based) between two lines; return the state and its log."""
    st = scenario({"line": p1_line}, {"line": p2_line}, first=first, battle_phases=phase - 1)
    log: list[str] = []
    run_battle_phase(st, log)
    return st, log


def ticks(st, player):
    return [(u.card, u.ticks) for u in st.players[player].line]
