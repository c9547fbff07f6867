"""The order of a round: the duo's phase closes (break out, hold and round 10 are judged), the strays'
phase runs (a broken pack runs, telegraphs fire, each stray walks, acts and locks its next), and the
next duo phase opens. Kept apart from the rules of single actions (fight.py) and from the strays'
policy (strays.py), which it calls."""
from __future__ import annotations

from ..model.board import EXIT, tile_name
from ..model.events import Enraged, ExitsOpened, PhaseOpened, StrayRan
from ..model.recap import mark_round
from .fight import Fight
from .figures import LAST_ROUND, enrage_bonus
from .strays import fire_telegraph, stray_turn


def end_duo_phase(fight: Fight) -> None:
    """Close the duo's phase: the goals judged at its end, then (unless the fight is over) the next round."""
    fight.end_phase()
    s = fight.state
    if s.result:
        return
    if not fight.dry:
        mark_round(s)
    duo = s.standing("duo")
    if s.goal == "break_out" and s.exits_open and duo and all(fight.terrain(fight.pos(f)) == EXIT for f in duo):
        fight.finish("won", "broke_out")
    elif s.goal == "hold" and s.hold_round is not None and s.round >= s.hold_round:
        fight.finish("won", "held")
    elif s.round >= LAST_ROUND:
        (dh, dt), (sh, st) = fight.shares()
        a, b = dh * st, sh * dt   # compare dh/dt with sh/st without fractions
        fight.finish(*(("won", "share_win") if a > b else ("lost", "share_loss") if a < b
                       else ("draw", "share_draw")))
    if not s.result:
        s.round += 1
        strays_phase(fight)


def strays_phase(fight: Fight) -> None:
    """The strays' phase, then the duo's phase opens (unless the fight ends); what it played is kept
    in the fight as `last_phase`, for the strays' report after a reload."""
    first = len(fight.events)
    try:
        _play_strays(fight)
    finally:
        if not fight.dry:
            fight.state.last_phase = fight.events[first:]


def _play_strays(fight: Fight) -> None:
    s = fight.state
    s.phase = "strays"
    fight.emit(PhaseOpened(round=s.round, phase="strays"))
    if enrage_bonus(s.round):
        fight.emit(Enraged(round=s.round, bonus=enrage_bonus(s.round)))
    if s.goal == "break_out" and s.exit_round is not None and s.round == s.exit_round:
        fight.emit(ExitsOpened(round=s.round, tiles=tuple(tile_name(*p) for p in fight.board.exits())))
    for f in s.side("strays"):
        fight.start_own_phase(f)
    if s.goal == "rout" and fight.pack_broken():
        for f in s.standing("strays"):
            f.fled = True
            fight.emit(StrayRan(who=f.id))
        s.telegraphs = []
        fight.finish("won", "rout")
        return
    if s.round >= 2:
        for t in list(s.telegraphs):
            if s.result:
                break
            fire_telegraph(fight, t)
    s.telegraphs = []
    for f in s.side("strays"):
        if s.result:
            break
        if f.standing:
            stray_turn(fight, f)
    fight.end_phase()
    if not s.result:
        fight.start_duo_phase()
