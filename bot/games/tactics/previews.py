"""Previews in plain words: what a skill will do to each target (damage before luck, with what a push or
splat adds, where it lands, statuses, heals and shields), and what a ready-made turn leads to through the
strays' next phase (the engine's consequences: the same facts the companion's prompt reads)."""
from __future__ import annotations

import re

import engine.tactics as tx
from bot.words import N_, words
from engine.tactics.rules.figures import SWEPT_DAMAGE

from . import names
from .report import BLOCKERS, FIZZLED, name_of, push_words
from .session import TacticsSession
from .steps_words import summary

MODIFIER = re.compile(r"^(.*) ([+-]\d+)$")
MODIFIERS = {"high ground": N_("high ground"), "flank": N_("flank"), "prone": N_("prone"),
             "lightning on soaked": N_("lightning on soaked"), "cover": N_("cover"), "enrage": N_("enrage")}
RESULTS = {"won": N_("won"), "lost": N_("lost"), "draw": N_("draw")}

WATER = {"water": N_("{way} into water: soaked and prone"), "shallows": N_("{way} into the shallows: soaked and prone")}


def modifier(said: str) -> str:
    """A damage modifier the engine names ("high ground +2") in the reader's words."""
    found = MODIFIER.match(said)
    if found is None or found.group(1) not in MODIFIERS:
        return said
    return f"{words(MODIFIERS[found.group(1)])} {found.group(2)}"


def preview_lines(fight: tx.FightState, pv: tx.SkillPreview) -> list[str]:
    """A skill's preview: its aim, then one line per target."""
    aimed = next((t for t in pv.targets if t.tile == pv.at and t.fighter != pv.user), None)
    skill = names.skill(pv.skill)
    head = words("**{skill}** at {target} on {at}", skill=skill, target=names.fighter(aimed.name), at=pv.at) \
        if aimed else words("**{skill}** at {at}", skill=skill, at=pv.at)
    if pv.moves_to:
        head += words(", landing on {to}", to=pv.moves_to)
    if pv.cashin:
        head += words(" (cashes in {setup}: +Spirit)", setup=names.status(names.terrain(pv.cashin)))
    lines = [head] + [_target(fight, pv, t) for t in pv.targets]
    if pv.surfaces:
        lines.append(words("· leaves {surfaces}", surfaces=words(", ").join(names.terrain(s) for s in pv.surfaces)))
    return lines


def _target(fight: tx.FightState, pv: tx.SkillPreview, t: tx.TargetPreview) -> str:
    whom = words("{name} (you)", name=names.fighter(t.name)) if t.fighter == pv.user else names.fighter(t.name)
    bits = []
    mods = words(" ({mods})", mods=words(", ").join(modifier(m) for m in t.modifiers)) if t.modifiers else ""
    if t.push_damage:
        deep = t.push_how == "deep_water"
        if t.damage:
            hurt = {"total": t.damage + t.push_damage, "damage": t.damage, "mods": mods, "push": t.push_damage}
            bits.append(words("{total} damage ({damage}{mods} + {push} from the deep water)", **hurt) if deep else
                        words("{total} damage ({damage}{mods} + {push} from the splat)", **hurt))
        else:
            bits.append(words("{push} damage from the deep water", push=t.push_damage) if deep else
                        words("{push} damage from the splat", push=t.push_damage))
    elif t.damage:
        bits.append(words("{damage} damage{mods}", damage=t.damage, mods=mods))
    push = _push(fight, t)
    if push:
        bits.append(push)
    if t.heal:
        bits.append(words("heals {n}", n=t.heal))
    if t.shield:
        bits.append(words("shield {n}", n=t.shield))
    bits.extend(names.status(s) for s in t.statuses
                if not (push and s in ("soaked", "prone") and t.push_how in WATER))
    if t.downs:
        bits.append(words("downed"))
    return words("· {whom} on {tile}: {effects}", whom=whom, tile=t.tile,
                 effects=words("; ").join(bits) or words("no effect"))


def _push(fight: tx.FightState, t: tx.TargetPreview) -> str:
    """Where a push or pull ends, in words that match what happens (a target that cannot move stays)."""
    if not t.push_how:
        return ""
    verb = words("pulled") if t.pull else words("pushed")
    to = (words("pulled to {to}", to=t.push_to) if t.pull else words("pushed to {to}", to=t.push_to)) \
        if t.push_moves and t.push_to else ""
    if t.push_how == "splat":
        blocker = words(BLOCKERS[t.push_blocker or "edge"]) if (t.push_blocker or "edge") in BLOCKERS else \
            name_of(fight, t.push_blocker)
        unhurt = "" if t.push_blocker in BLOCKERS or t.push_blocker is None else \
            words(" ({blocker} is not hurt)", blocker=blocker)
        return (words("{to}, then a splat on {blocker}", to=to, blocker=blocker) if to else
                words("cannot move: a splat on {blocker}", blocker=blocker)) + unhurt
    if t.push_how == "deep_water":
        return words("{way} against deep water: the current hits for {n}, soaked and prone (stays on its tile)",
                     way=to or verb, n=SWEPT_DAMAGE)
    if t.push_how in WATER:
        return words(WATER[t.push_how], way=to or verb)
    if t.push_how == "held":
        return words("held in place")
    return to or words("not moved")


def turn_preview(state: TacticsSession, fid: str, number: int, turn: tx.PlannedTurn) -> str:
    """A ready-made turn's private preview, above its Send button: the turn, each skill, what follows."""
    fight = state.fight
    lines = [words("**Turn {number}** for {name}: {summary}", number=number, name=names.fighter(fight.get(fid).name),
                   summary=summary(turn))]
    for pv in turn.preview.skills:
        lines.extend(preview_lines(fight, pv))
    if turn.consequences is not None:
        lines.extend(consequence_lines(fight, turn.consequences))
    else:
        lines.append(words("Ends on {tile}; {hp} HP at risk from telegraphs.", tile=turn.preview.end_at,
                           hp=turn.preview.hp_at_risk))
    lines.append(words("Send plays the whole turn, all or nothing."))
    return "\n".join(lines)


def consequence_lines(fight: tx.FightState, c: tx.Consequences) -> list[str]:
    """What the turn leads to through the strays' next phase, played on a copy without luck."""
    n = lambda fid: name_of(fight, fid)  # noqa: E731 - a short local reader
    lines = []
    if c.lethal:
        lines.append(words("**Lethal:** {names} would be downed in the strays' phase.",
                           names=words(" and ").join(n(d) for d in c.downed)))
    duo = [a for a in c.fighters if a.fighter in ("hero", "companion")]
    hp = words(", ").join(f"{n(a.fighter)} " + (f"{a.hp_now} → " if a.hp_after != a.hp_now else "")
                          + (words("down") if a.downed else words("{hp} HP", hp=a.hp_after)) for a in duo)
    lines.append(words("After the strays' next phase: {hp}.", hp=hp))
    fates = []
    for tg in c.telegraphs:
        if tg.fate == "fires":
            fates.append(words("{stray}'s {skill} hits for {n}", stray=n(tg.stray), skill=names.skill(tg.skill),
                               n=tg.damage) if tg.damage else
                         words("{stray}'s {skill} hurts no one", stray=n(tg.stray), skill=names.skill(tg.skill)))
        elif tg.fate == "fizzles":
            target = next((t.target for t in fight.telegraphs if t.stray == tg.stray), None)
            why = words(FIZZLED[tg.reason or "out_of_reach"], stray=n(tg.stray),
                        target=n(target) if target else words("everyone"))
            defused = words(": defused by this turn") if tg.defused else ""
            fates.append(words("{stray}'s {skill} fizzles ({why}){defused}", stray=n(tg.stray),
                               skill=names.skill(tg.skill), why=why, defused=defused))
    if fates:
        lines.append(words("Telegraphs: {fates}.", fates=words("; ").join(fates)))
    if c.pushes:
        lines.append(words("Pushes: {pushes}.", pushes=words("; ").join(
            words("{who} {what}", who=n(p.by), what=push_words(fight, p, harm=True)) for p in c.pushes)))
    if c.kills:
        lines.append(words("Downs: {names}.", names=words(", ").join(n(k) for k in c.kills)))
    lines.extend(_goal(fight, c))
    gained = [f"{n(fid)} +{amount}" for fid, amount in c.spirit_gained if amount]
    if gained:
        lines.append(words("Spirit: {gains}.", gains=words(", ").join(gained)))
    if c.result is not None:
        lines.append(words("This ends the fight: {result}.", result=words(RESULTS.get(c.result.result,
                                                                                        c.result.result))))
    return lines


def _goal(fight: tx.FightState, c: tx.Consequences) -> list[str]:
    if c.goal == "rout":
        breaks = words(" — this breaks it, and the rest run") if c.routs else ""
        return [words("The pack: {hp}/{start} HP after the turn; it breaks below {below}{breaks}.", hp=c.pack_hp,
                      start=c.pack_start, below=c.break_hp, breaks=breaks)]
    if c.goal == "hold" and c.hold_round:
        return [words("Held: {held} of {rounds} rounds at the end of this one.", held=c.rounds_held,
                      rounds=c.hold_round)]
    if c.goal == "break_out" and c.exits_open and c.exit_distance:
        return [words("To the exits: {distances}.", distances=words(", ").join(
            words("{name} {n} tiles", name=name_of(fight, fid), n=d) for fid, d in c.exit_distance))]
    return []
