"""One skill use, played for real or on a scratch copy for its preview (so the two cannot drift)."""
from __future__ import annotations

from typing import Self

from ...rng import Rng
from ..model.board import (
    tile_name,
)
from ..model.content import SkillDef
from ..model.events import (
    CashedIn,
    Healed,
    Moved,
    Shielded,
    SkillUsed,
    SurfaceBurned,
    SurfaceLeft,
    TelegraphFired,
)
from ..model.state import FighterState, SurfaceState
from .copying import clone
from .figures import (
    CASHIN_SPIRIT,
    SUPER_COST,
    XY,
    spirit_total,
    xy,
)
from .previews import SkillPreview, TargetPreview
from .skill_checks import SkillChecks


class Skills(SkillChecks):
    """Skill uses and their previews."""

    def scratch(self, touched: set[str]) -> Self:
        """A throwaway copy for a preview: the fighters a skill use can change (its user and the
        fighters it hits) and their telegraphs copied, the rest shared (a skill never changes the board
        or anyone else); no luck drawn, nothing recorded. Cheap enough for the planner's many previews."""
        s = self.state
        copy = clone(s)
        copy.fighters = [clone(f) if f.id in touched else f for f in s.fighters]
        copy.telegraphs = [clone(t) if t.stray in touched else t for t in s.telegraphs]
        copy.surfaces = list(s.surfaces)
        dry = type(self).__new__(type(self))
        dry.state, dry.board, dry._levels, dry._areas = copy, self.board, self._levels, self._areas
        dry.rng = Rng(self.rng.state)
        dry.dry = True
        dry.steady = True
        dry.noted = {}
        dry.events = []
        return dry

    def preview(self, f: FighterState, skill: SkillDef, at: XY, toward: str | None = None) -> SkillPreview:
        """What a skill use will do, before luck: the real resolution played on a scratch copy, so the
        preview and the rules cannot drift (pushes of a multi-target skill land in the real order)."""
        tiles, hit, _ = self.skill_targets(f, skill, at)
        dry = self.scratch({f.id, *(t.id for t in hit)})
        user = dry.state.get(f.id)
        cashin, surfaces = dry.resolve(user, skill, at, toward)
        targets = []
        for t in hit:
            rec = dry.noted.get(t.id, {})
            after = dry.state.get(t.id)
            # Preview models are built without validation: the planner makes hundreds per call.
            targets.append(TargetPreview.model_construct(
                fighter=t.id, name=t.name, tile=t.pos, damage=rec.get("damage", 0), modifiers=rec.get("modifiers", []),
                heal=rec.get("heal", 0), shield=rec.get("shield", 0), push_to=rec.get("push_to"),
                push_outcome=rec.get("push_outcome"), push_damage=rec.get("push_damage", 0),
                statuses=rec.get("statuses", []), downs=after.down,
                push_how=rec.get("push_how"), push_blocker=rec.get("push_blocker"),
                push_moves=rec.get("push_to") not in (None, t.pos),
                pull=rec.get("push_how") is not None and skill.push < 0))
        moves_to = user.pos if user.pos != f.pos or skill.shape in ("move", "leap") else None
        return SkillPreview.model_construct(user=f.id, skill=skill.name, at=tile_name(*at),
                                            tiles=[tile_name(*p) for p in tiles], targets=targets,
                                            surfaces=surfaces, cashin=cashin, moves_to=moves_to)

    def dash_landing(self, f: FighterState, tiles: list[XY]) -> XY | None:
        for p in reversed(tiles):
            if self.board.standable(*p) and self.at(p, ignore=f.id) is None:
                return p
        return None

    def use_skill(self, f: FighterState, skill: SkillDef, at: XY, toward: str | None = None,
                  telegraph: bool = False) -> None:
        """Use a skill whose legality was checked (`preview` first for what it will do); `telegraph`:
        a stray's locked attack going off."""
        self.resolve(f, skill, at, toward, telegraph)

    def resolve(self, f: FighterState, skill: SkillDef, at: XY, toward: str | None,
                telegraph: bool = False) -> tuple[str | None, list[str]]:
        """The rules of one skill use; returns the set-up it cashed in and the tiles it left moss on."""
        here = self.pos(f)
        tiles, hit, _ = self.skill_targets(f, skill, at)
        cashin = None
        if skill.damage:
            cashin = next((c for t in hit if (c := self.cashin(f, skill, t, self.pos(t)))), None)
        if skill.slot in ("action", "super"):
            f.action_used = True
        else:
            f.bonus_used = True
        if skill.slot == "super":
            f.spent += SUPER_COST
            f.spirit = max(0, f.spirit - SUPER_COST)
        if not self.dry:
            names = tuple(tile_name(*p) for p in tiles)
            if telegraph:
                self.emit(TelegraphFired(stray=f.id, skill=skill.name, shape=skill.shape, tiles=names,
                                         target=hit[0].id if hit else None))
            else:
                self.emit(SkillUsed(who=f.id, skill=skill.name, at=tile_name(*at), tiles=names,
                                    targets=tuple(t.id for t in hit)))
        if cashin:
            before = spirit_total(f)
            f.cashins += 1
            self.update_spirit(f, before)
            self.emit(CashedIn(who=f.id, setup=cashin, spirit=CASHIN_SPIRIT))
        if skill.shape in ("move", "leap"):
            start, f.pos = f.pos, tile_name(*at)
            self.emit(Moved(who=f.id, frm=start, to=f.pos, how=skill.shape if skill.shape == "leap" else "dash",
                            skill=skill.name))
            return cashin, []
        if skill.shape == "dash" and (land := self.dash_landing(f, tiles)):
            start, f.pos = f.pos, tile_name(*land)
            self.emit(Moved(who=f.id, frm=start, to=f.pos, how="charge", skill=skill.name))
        for t in hit:
            if self.state.result:
                break
            if not t.standing:
                continue
            tp = xy(t.pos)
            if skill.damage:
                amount, mods = self.amount(f, skill, here, t, tp)
                self.note(t, damage=amount, modifiers=mods)
                if skill.element == "fire" and (m := self.moss_at(tp)):
                    self.state.surfaces.remove(m)
                    self.emit(SurfaceBurned(tile=m.tile, under=t.id))
                self.strike(f, t, amount, melee=skill.delivery == "melee",
                            cause="telegraph" if telegraph else "skill", skill=skill.name)
            if skill.heal:
                gain = min(skill.heal, t.max_hp - t.hp)
                t.hp += gain
                self.note(t, heal=gain)
                self.emit(Healed(by=f.id, who=t.id, amount=gain))
            if skill.shield:
                t.shield += skill.shield
                self.note(t, shield=skill.shield)
                self.emit(Shielded(by=f.id, who=t.id, amount=skill.shield))
            if skill.push and t.standing and not self.state.result:
                self.do_push(f, skill, here, t, toward)
            if t.standing:
                for st in skill.statuses:
                    self.add_status(f, t, st)
                self.note(t, statuses=list(skill.statuses))
        surfaces: list[str] = []
        if skill.surface and not self.state.result:
            cover = tiles if skill.is_area else [at]
            surfaces = [tile_name(*p) for p in cover if self.board.standable(*p)]
            for name in surfaces:
                self.state.surfaces = [m for m in self.state.surfaces if m.tile != name]
                self.state.surfaces.append(SurfaceState(tile=name, kind=skill.surface, by=f.id, round=self.state.round))
            if surfaces:
                self.emit(SurfaceLeft(by=f.id, surface=skill.surface, tiles=tuple(surfaces)))
        return cashin, surfaces
