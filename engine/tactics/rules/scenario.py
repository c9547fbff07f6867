"""Hand-built fights from a drawn board: for tests, puzzles and worked examples of the rules."""
from __future__ import annotations

from ..model.board import Board, H, W
from ..model.content import Goal, fighter
from ..model.state import FighterState, FightState, Phase, Side
from .fight import Fight


def scenario(rows: list[str], fighters: list[tuple[str, str, str]], *, levels: list[str] | None = None,
             round_: int = 2, phase: Phase = "duo", goal: Goal = "rout", hold_round: int | None = None,
             exit_round: int | None = None, level: int = 1, seed: int = 1) -> FightState:
    """A fight on a drawn board (rows of up to 13 characters, padded with ground) in the given phase.

    fighters: (id, name, tile), ids "hero", "companion" for the duo and "s1".. for strays.
    """
    terrain = [(rows[y] if y < len(rows) else "").ljust(W, ".")[:W] for y in range(H)]
    lv = [(levels[y] if levels and y < len(levels) else "").ljust(W, "0")[:W] for y in range(H)]
    fs = []
    for fid, name, tile in fighters:
        d = fighter(name)
        side: Side = "duo" if fid in ("hero", "companion") else "strays"
        letter = fid[0].upper() if side == "duo" else "abcde"[int(fid[1:]) - 1]
        fs.append(FighterState(id=fid, name=name, side=side, letter=letter, pos=tile, hp=d.hp, max_hp=d.hp,
                               move=d.move, level=level))
    state = FightState(encounter="scenario", encounter_name="Scenario", goal=goal, hold_round=hold_round,
                       exit_round=exit_round, round=round_, phase=phase, board=Board(terrain=terrain, levels=lv),
                       fighters=fs, start_hp={"duo": sum(f.hp for f in fs if f.side == "duo"),
                                              "strays": sum(f.hp for f in fs if f.side == "strays")}, rng=seed)
    fight = Fight(state)
    for f in state.fighters:
        if f.side == phase:
            fight.start_own_phase(f)
        elif f.side == "strays":
            f.held = "opportunity_attack"
    return state
