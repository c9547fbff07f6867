"""Previews in plain words: what a skill will do to each target (damage before luck, with what a push or
splat adds, where it lands, statuses, heals and shields), and what a ready-made turn leads to through the
strays' next phase (the engine's consequences: the same facts the companion's prompt reads)."""
from __future__ import annotations

import engine.tactics as tx
from engine.tactics.rules.figures import SWEPT_DAMAGE

from .report import BLOCKERS, FIZZLED, name_of, push_words
from .session import TacticsSession

WATER = {"water": "water", "shallows": "the shallows"}


def preview_lines(fight: tx.FightState, pv: tx.SkillPreview) -> list[str]:
    """A skill's preview: its aim, then one line per target."""
    aimed = next((t for t in pv.targets if t.tile == pv.at and t.fighter != pv.user), None)
    head = f"**{pv.skill}** at {aimed.name} on {pv.at}" if aimed else f"**{pv.skill}** at {pv.at}"
    if pv.moves_to:
        head += f", landing on {pv.moves_to}"
    if pv.cashin:
        head += f" (cashes in {pv.cashin}: +Spirit)"
    lines = [head] + [_target(fight, pv, t) for t in pv.targets]
    if pv.surfaces:
        lines.append("· leaves " + ", ".join(pv.surfaces))
    return lines


def _target(fight: tx.FightState, pv: tx.SkillPreview, t: tx.TargetPreview) -> str:
    whom = f"{t.name} (you)" if t.fighter == pv.user else t.name
    bits = []
    mods = f" ({', '.join(t.modifiers)})" if t.modifiers else ""
    if t.push_damage:
        source = "deep water" if t.push_how == "deep_water" else "splat"
        bits.append(f"{t.damage + t.push_damage} damage ({t.damage}{mods} + {t.push_damage} from the {source})"
                    if t.damage else f"{t.push_damage} damage from the {source}")
    elif t.damage:
        bits.append(f"{t.damage} damage{mods}")
    push = _push(fight, t)
    if push:
        bits.append(push)
    if t.heal:
        bits.append(f"heals {t.heal}")
    if t.shield:
        bits.append(f"shield {t.shield}")
    bits.extend(s for s in t.statuses if not (push and s in ("soaked", "prone") and t.push_how in WATER))
    if t.downs:
        bits.append("downed")
    return f"· {whom} on {t.tile}: " + ("; ".join(bits) or "no effect")


def _push(fight: tx.FightState, t: tx.TargetPreview) -> str:
    """Where a push or pull ends, in words that match what happens (a target that cannot move stays)."""
    if not t.push_how:
        return ""
    verb = "pulled" if t.pull else "pushed"
    to = f"{verb} to {t.push_to}" if t.push_moves and t.push_to else ""
    if t.push_how == "splat":
        blocker = BLOCKERS.get(t.push_blocker or "edge") or name_of(fight, t.push_blocker)
        unhurt = "" if t.push_blocker in BLOCKERS or t.push_blocker is None else f" ({blocker} is not hurt)"
        return (f"{to}, then a splat on {blocker}" if to else f"cannot move: a splat on {blocker}") + unhurt
    if t.push_how == "deep_water":
        return (f"{to or verb} against deep water: the current hits for {SWEPT_DAMAGE}, soaked and prone "
                "(stays on its tile)")
    if t.push_how in WATER:
        return f"{to or verb} into {WATER[t.push_how]}: soaked and prone"
    if t.push_how == "held":
        return "held in place"
    return to or "not moved"


def turn_preview(state: TacticsSession, fid: str, number: int, turn: tx.PlannedTurn) -> str:
    """A ready-made turn's private preview, above its Send button: the turn, each skill, what follows."""
    fight = state.fight
    lines = [f"**Turn {number}** for {fight.get(fid).name}: {turn.summary}"]
    for pv in turn.preview.skills:
        lines.extend(preview_lines(fight, pv))
    if turn.consequences is not None:
        lines.extend(consequence_lines(fight, turn.consequences))
    else:
        lines.append(f"Ends on {turn.preview.end_at}; {turn.preview.hp_at_risk} HP at risk from telegraphs.")
    lines.append("Send plays the whole turn, all or nothing.")
    return "\n".join(lines)


def consequence_lines(fight: tx.FightState, c: tx.Consequences) -> list[str]:
    """What the turn leads to through the strays' next phase, played on a copy without luck."""
    n = lambda fid: name_of(fight, fid)  # noqa: E731 - a short local reader
    lines = []
    if c.lethal:
        lines.append("**Lethal:** " + " and ".join(n(d) for d in c.downed) + " would be downed in the strays' phase.")
    duo = [a for a in c.fighters if a.fighter in ("hero", "companion")]
    hp = ", ".join(f"{n(a.fighter)} " + (f"{a.hp_now} → " if a.hp_after != a.hp_now else "")
                   + ("down" if a.downed else f"{a.hp_after} HP") for a in duo)
    lines.append(f"After the strays' next phase: {hp}.")
    fates = []
    for tg in c.telegraphs:
        if tg.fate == "fires":
            fates.append(f"{n(tg.stray)}'s {tg.skill} hits for {tg.damage}" if tg.damage else
                         f"{n(tg.stray)}'s {tg.skill} hurts no one")
        elif tg.fate == "fizzles":
            target = next((t.target for t in fight.telegraphs if t.stray == tg.stray), None)
            why = FIZZLED[tg.reason or "out_of_reach"].format(stray=n(tg.stray),
                                                              target=n(target) if target else "everyone")
            defused = ": defused by this turn" if tg.defused else ""
            fates.append(f"{n(tg.stray)}'s {tg.skill} fizzles ({why}){defused}")
    if fates:
        lines.append("Telegraphs: " + "; ".join(fates) + ".")
    if c.pushes:
        lines.append("Pushes: " + "; ".join(f"{n(p.by)} {push_words(fight, p, harm=True)}" for p in c.pushes) + ".")
    if c.kills:
        lines.append("Downs: " + ", ".join(n(k) for k in c.kills) + ".")
    lines.extend(_goal(fight, c))
    gained = [f"{n(fid)} +{amount}" for fid, amount in c.spirit_gained if amount]
    if gained:
        lines.append("Spirit: " + ", ".join(gained) + ".")
    if c.result is not None:
        lines.append(f"This ends the fight: {c.result.result}.")
    return lines


def _goal(fight: tx.FightState, c: tx.Consequences) -> list[str]:
    if c.goal == "rout":
        breaks = " — this breaks it, and the rest run" if c.routs else ""
        return [f"The pack: {c.pack_hp}/{c.pack_start} HP after the turn; it breaks below {c.break_hp}{breaks}."]
    if c.goal == "hold" and c.hold_round:
        return [f"Held: {c.rounds_held} of {c.hold_round} rounds at the end of this one."]
    if c.goal == "break_out" and c.exits_open and c.exit_distance:
        return ["To the exits: " + ", ".join(f"{name_of(fight, fid)} {d} tiles" for fid, d in c.exit_distance) + "."]
    return []
