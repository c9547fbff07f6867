"""Hits and what they change: the modifier table, luck, Flowing Guard, shields, HP and Spirit,
statuses and cash-ins, downs and the fight's result."""
from __future__ import annotations

from ..model.board import (
    ROCK,
    dist,
    on_board,
    sign,
)
from ..model.content import SkillDef, Status
from ..model.events import (
    Downed,
    FightEnded,
    Guarded,
    Hit,
    HitCause,
    SpiritGained,
    StatusApplied,
    StatusRemoved,
    TelegraphFizzled,
)
from ..model.recap import mark_round
from ..model.state import FighterState, StatusState, phase_index
from .base import FightBase
from .figures import (
    BREAK_SHARE,
    CASHINS,
    FLOWING_GUARD_BLOCK,
    FLOWING_GUARD_STRIKE,
    XY,
    enrage_bonus,
    luck_offset,
    spirit_total,
)


class Hits(FightBase):
    """Damage dealt and taken, statuses set, and when the fight is over."""

    def in_range(self, user: FighterState, skill: SkillDef, frm: XY, to: XY) -> bool:
        d = dist(frm, to)
        reach = skill.range
        if skill.delivery == "shot" and self.level(frm) > self.level(to):
            reach += 1   # shots reach 1 tile further from higher ground
        return 1 <= d <= reach if skill.shape == "single" else d <= reach

    def in_cover(self, frm: XY, to: XY) -> bool:
        """Rock beside the target, on the shooter's side."""
        sx, sy = sign(frm[0] - to[0]), sign(frm[1] - to[1])
        for dx, dy in {(sx, 0), (0, sy), (sx, sy)}:
            if (dx, dy) == (0, 0):
                continue
            p = (to[0] + dx, to[1] + dy)
            if on_board(*p) and self.terrain(p) == ROCK:
                return True
        return False

    def amount(self, user: FighterState, skill: SkillDef, frm: XY, target: FighterState,
               tpos: XY | None = None) -> tuple[int, list[str]]:
        """Skill damage plus the seed's modifier table, before luck."""
        tpos = tpos or self.pos(target)
        dmg, mods = skill.damage, []
        if skill.ranged and self.level(frm) > self.level(tpos):
            dmg += 2
            mods.append("high ground +2")
        if skill.delivery == "melee":
            far = (tpos[0] + sign(tpos[0] - frm[0]), tpos[1] + sign(tpos[1] - frm[1]))
            other = self.at(far) if on_board(*far) and far != frm else None
            if other is not None and other.side == user.side and other.id != user.id:
                dmg += 2
                mods.append("flank +2")
            if target.has("prone"):
                dmg += 2
                mods.append("prone +2")
        if skill.element == "lightning" and target.has("soaked"):
            dmg += 2
            mods.append("lightning on soaked +2")
        if skill.delivery == "shot" and self.in_cover(frm, tpos):
            dmg -= 3
            mods.append("cover -3")
        if user.side == "strays" and (e := enrage_bonus(self.state.round)):
            dmg += e
            mods.append(f"enrage +{e}")
        return max(0, dmg), mods

    def luck(self, amount: int) -> int:
        """Up to 10% either way, truncated toward zero; hits under 10 never vary (and draw nothing)."""
        if amount < 10 or self.dry or self.steady:
            return amount
        return amount + luck_offset(amount, self.rng.between(-100, 100))

    def strike(self, src: FighterState | None, target: FighterState, base: int, melee: bool = False,
               cause: HitCause = "skill", skill: str | None = None) -> int:
        """Land a hit of `base` damage (before luck): luck, Flowing Guard, then shields (at most half of
        the hit), then HP."""
        rolled = self.luck(base)
        amount = rolled
        guard = (melee and src is not None and src.side != target.side
                 and self.can_react(target, "flowing_guard"))
        if guard:
            target.reaction_round = self.state.round
            amount = max(0, amount - FLOWING_GUARD_BLOCK)
            self.emit(Guarded(who=target.id, against=src.id if src else "", blocked=FLOWING_GUARD_BLOCK))
        lost = self.damage(src, target, amount, cause, skill, base=base, rolled=rolled, guarded=rolled - amount)
        if guard and src is not None and src.standing and not self.state.result:
            self.damage(target, src, FLOWING_GUARD_STRIKE, "strike_back")
        return lost

    def damage(self, src: FighterState | None, target: FighterState, amount: int, cause: HitCause = "skill",
               skill: str | None = None, base: int | None = None, rolled: int | None = None,
               guarded: int = 0) -> int:
        absorbed = min(target.shield, amount // 2)
        target.shield -= absorbed
        lost = min(target.hp, amount - absorbed)
        target.hp -= lost
        before = spirit_total(target)
        target.taken += lost
        self.update_spirit(target, before)
        if src is not None:
            before = spirit_total(src)
            src.dealt += lost
            self.update_spirit(src, before)
        downs = target.hp == 0 and not target.down
        self.emit(Hit(src=src.id if src else None, target=target.id, cause=cause, skill=skill,
                      base=amount if base is None else base, rolled=amount if rolled is None else rolled,
                      guarded=guarded, absorbed=absorbed, lost=lost, hp=target.hp, max_hp=target.max_hp,
                      downed=downs))
        if downs:
            target.down = True
            for st in target.statuses:
                self.emit(StatusRemoved(who=target.id, status=st.name, why="downed"))
            target.statuses = []
            for t in self.state.telegraphs:
                if t.stray == target.id:
                    self.emit(TelegraphFizzled(stray=t.stray, skill=t.skill, reason="attacker_down",
                                               target=t.target or (t.caught[0] if t.caught else None),
                                               area=t.shape != "single"))
            self.state.telegraphs = [t for t in self.state.telegraphs if t.stray != target.id]
            self.emit(Downed(who=target.id, by=src.id if src else None, skill=skill, cause=cause))
            self.check_over()
        return lost

    def update_spirit(self, f: FighterState, before: int | None = None) -> None:
        """Spirit rises by what the running totals gained since `before` (their value before this
        hit or cash-in), capped at 100. A super spends 60 and fighting fills Spirit up again: the cap
        is on Spirit held, not on Spirit ever earned. Without `before`, recount from the totals (for a
        fighter set up by hand)."""
        if before is None:
            f.spirit = max(0, min(100, spirit_total(f)) - f.spent)
            return
        was = f.spirit
        f.spirit = max(0, min(100, f.spirit + spirit_total(f) - before))
        if f.spirit > was:
            self.emit(SpiritGained(who=f.id, amount=f.spirit - was, spirit=f.spirit))

    def check_over(self) -> None:
        if self.state.result:
            return
        if not self.state.standing("strays"):
            self.finish("won", "all_strays_down")
        elif not self.state.standing("duo"):
            self.finish("lost", "duo_down")

    def finish(self, result: str, reason: str) -> None:
        """The one place a fight's result is set: the result, its typed reason and the shares."""
        (dh, dt), (sh, st) = self.shares()
        self.state.result = result  # type: ignore[assignment]
        end = FightEnded(result=result, reason=reason, round=self.state.round,  # type: ignore[arg-type]
                         duo_hp=dh, duo_start=dt, strays_hp=sh, strays_start=st, hold_round=self.state.hold_round)
        if not self.dry:
            self.state.outcome = end
            mark_round(self.state)
        self.emit(end)

    def shares(self) -> tuple[tuple[int, int], tuple[int, int]]:
        duo = (sum(f.hp for f in self.state.standing("duo")), self.state.start_hp["duo"])
        strays = (sum(f.hp for f in self.state.standing("strays")), self.state.start_hp["strays"])
        return duo, strays

    def pack_broken(self) -> bool:
        left = sum(f.hp for f in self.state.standing("strays"))
        return left * BREAK_SHARE[1] < self.state.start_hp["strays"] * BREAK_SHARE[0]

    def add_status(self, by: FighterState, target: FighterState, name: Status) -> None:
        now = phase_index(self.state.round, self.state.phase)
        own = "duo" if target.side == "duo" else "strays"
        expires = now + (2 if own == self.state.phase else 1)
        target.statuses = [s for s in target.statuses if s.name != name]
        target.statuses.append(StatusState(name=name, by=by.id, round=self.state.round, expires=expires))
        self.emit(StatusApplied(who=target.id, status=name, by=by.id))

    def cashin(self, user: FighterState, skill: SkillDef, target: FighterState, tpos: XY) -> str | None:
        """The set-up this skill cashes in: set by the user's ally, this round."""
        for what, field, value in CASHINS:
            if getattr(skill, field) != value:
                continue
            if what == "moss":
                m = self.moss_at(tpos)
                src = m.by if m and m.round == self.state.round else None
            else:
                st = target.status(what)
                src = st.by if st and st.round == self.state.round else None
            setter = next((o for o in self.state.fighters if o.id == src), None) if src else None
            if setter is not None and setter.id != user.id and setter.side == user.side:
                return what
        return None
