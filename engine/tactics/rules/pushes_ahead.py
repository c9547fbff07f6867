"""Where a locked telegraph's push would take each duo member standing in it now, so the board can say
it before it fires: the heading, how far, where it lands and what stops it (a splat, the shallows, deep
water). Read from the same push rules the telegraph fires with (straight away from the stray, or toward
it for a pull); nothing is played."""
from __future__ import annotations

from dataclasses import dataclass

from ..model.board import COMPASS_NAME, tile_name
from ..model.content import kit
from ..model.events import PushHow
from ..model.state import FightState, Telegraph
from .fight import Fight
from .figures import xy


@dataclass(frozen=True, slots=True, kw_only=True)
class PushAhead:
    """A telegraph's push on one duo member if it stays where it is: from `frm` toward `heading` (a
    compass point, "N".."NW"), `tiles` far, ending on `to` as `how` says; `blocker` and `damage` for a
    splat or deep water."""

    who: str
    frm: str
    to: str
    heading: str
    tiles: int
    pull: bool
    how: PushHow
    blocker: str | None = None
    damage: int = 0


def pushes_ahead(state: FightState, tg: Telegraph) -> list[PushAhead]:
    """The pushes an area telegraph would land on the duo members in its tiles now (a telegraph aimed at
    one fighter strikes from wherever its stray walks to, so its push has no heading yet: none here)."""
    stray = state.get(tg.stray)
    skill = kit(stray.name)[tg.skill]
    if not skill.push or tg.target or not stray.standing:
        return []
    fight = Fight(state)    # read only: the landing rules, no step is played
    here = xy(stray.pos)
    out = []
    for t in state.standing("duo"):
        if t.pos not in tg.tiles:
            continue
        d = fight.push_dir(skill, here, xy(t.pos), None)
        if d is None:
            continue
        land, how, blocker, damage, _ = fight.push_landing(t, d, abs(skill.push), here if skill.push < 0 else None)
        out.append(PushAhead(who=t.id, frm=t.pos, to=tile_name(*land),
                             heading=COMPASS_NAME[d], tiles=abs(skill.push), pull=skill.push < 0, how=how,
                             blocker=blocker, damage=damage))
    return out
