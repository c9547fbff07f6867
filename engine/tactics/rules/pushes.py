"""Pushes and pulls: where one lands (typed: how it ended, what stopped it) and what it does."""
from __future__ import annotations

from ..model.board import (
    BARREL,
    COMPASS,
    COMPASS_NAME,
    DEEP,
    ROCK,
    SHALLOWS,
    WATER,
    heading,
    on_board,
    tile_name,
)
from ..model.content import SkillDef, Status
from ..model.events import (
    Pushed,
    PushHow,
)
from ..model.state import FighterState
from ..words.log_text import outcome_words
from .figures import (
    SPLAT_DAMAGE,
    SWEPT_DAMAGE,
    XY,
)
from .movement import Movement


class Pushes(Movement):
    """Pushes and pulls, typed."""

    def push_landing(self, target: FighterState, d: XY, n: int, user_pos: XY | None = None,
                     ignore: str | None = None) -> tuple[XY, PushHow, str | None, int, tuple[Status, ...]]:
        """Where a push of n tiles in direction d lands, typed: (tile, how, blocker, damage, statuses);
        the blocker is "edge", "rock", "barrel" or the id of the fighter it splats on. A pull (user_pos
        given) stops beside the puller."""
        cur = self.pos(target)
        moved = False
        for _ in range(n):
            nxt = (cur[0] + d[0], cur[1] + d[1])
            if user_pos is not None and nxt == user_pos:
                break
            if not on_board(*nxt):
                return cur, "splat", "edge", SPLAT_DAMAGE, ()
            ter = self.terrain(nxt)
            if ter in (ROCK, BARREL):
                return cur, "splat", "rock" if ter == ROCK else "barrel", SPLAT_DAMAGE, ()
            other = self.at(nxt, ignore=target.id)
            if other is not None and other.id != ignore:
                return cur, "splat", other.id, SPLAT_DAMAGE, ()
            if ter == WATER:
                return cur, "water", None, 0, ("soaked", "prone")
            if ter == DEEP:
                return cur, "deep_water", None, SWEPT_DAMAGE, ("soaked", "prone")
            cur, moved = nxt, True
            if ter == SHALLOWS:
                return cur, "shallows", None, 0, ("soaked", "prone")
        return cur, ("pushed" if moved else "held"), None, 0, ()

    def push_dir(self, skill: SkillDef, frm: XY, tpos: XY, toward: str | None) -> XY | None:
        if skill.push_choice and toward:
            return COMPASS[toward]
        # Straight pushes (and pulls) go along the nearest of the eight headings of the line from the
        # pusher to the target (rules file), as telegraph headings do.
        return heading(tpos, frm) if skill.push < 0 else heading(frm, tpos)

    def do_push(self, user: FighterState, skill: SkillDef, frm: XY, target: FighterState, toward: str | None) -> None:
        d = self.push_dir(skill, frm, self.pos(target), toward)
        if d is None or not target.standing:
            return
        land, how, blocker, dmg, statuses = self.push_landing(target, d, abs(skill.push),
                                                              frm if skill.push < 0 else None)
        outcome = outcome_words(self.state, how, blocker)
        self.note(target, push_to=tile_name(*land), push_outcome=outcome, push_damage=dmg, statuses=list(statuses),
                  push_how=how, push_blocker=blocker)
        frm_tile = target.pos
        if tile_name(*land) != target.pos:
            target.pos = tile_name(*land)
            self.retarget(target)
        self.emit(Pushed(who=target.id, by=user.id, skill=skill.name, frm=frm_tile, to=target.pos, how=how,
                         pull=skill.push < 0, blocker=blocker, damage=dmg, statuses=statuses,
                         heading=COMPASS_NAME.get(d)))
        for st in statuses:
            self.add_status(user, target, st)
        if dmg:
            self.damage(user, target, dmg, "swept" if how == "deep_water" else "splat", skill.name)
