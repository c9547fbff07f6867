"""A planned turn in words: its summary ("Tide Lash the Driplet at F5 for 9 and push it into the
water (safe from telegraphs)") and the verdict its look ahead gives it, made from the turn's previews."""
from __future__ import annotations

from ..model.content import kit
from ..model.state import FighterState, FightState
from ..model.steps import HoldStep, MoveStep, SkillStep
from ..plan.consequences import Consequences
from ..rules.previews import SkillPreview


def verdict(state: FightState, f: FighterState, c: Consequences, parts: dict) -> str:
    if parts.get("falls"):
        return "you would fall on the way"
    if f.id in c.downed:
        return "lethal: you would be downed"
    if c.downed:
        return f"lethal: {state.get(c.downed[0]).name} would be downed"
    return "safe from telegraphs" if c.hp_lost == 0 else f"{c.hp_lost} HP at risk from telegraphs"


def with_verdict(summary: str, verdict: str) -> str:
    """The summary with its bracketed verdict replaced (the opportunity attacks note kept)."""
    body, sep, tail = summary.rpartition(" (")
    if not sep:
        return summary
    oas = tail[tail.index(", provokes"):-1] if ", provokes" in tail else ""
    return f"{body} ({verdict}{oas})"


SUMMARY_LIMIT = 280  # a turn's summary fits a button's preview and a prompt line


def turn_summary(state: FightState, f: FighterState, steps, pvs, end_xy, risk, after_state=None, oas: int = 0) -> str:
    parts = []
    pv_iter = iter(pvs)
    for s in steps:
        if isinstance(s, MoveStep):
            parts.append(f"move to {s.to}")
        elif isinstance(s, SkillStep):
            pv = next(pv_iter, None)
            parts.append(skill_text(state, f, s, pv))
        elif isinstance(s, HoldStep):
            parts.append("hold " + ("Flowing Guard" if s.reaction == "flowing_guard" else "opportunity attack"))
    if not hurts_a_foe(state, f.id, pvs):
        parts.insert(0, "no attack")
    fallen = after_state is not None and not after_state.get(f.id).standing
    tail = "safe from telegraphs" if risk == 0 else f"{risk} HP at risk from telegraphs"
    if fallen:
        tail = "you would fall on the way"
    if oas:
        tail += f", provokes {oas} opportunity attack{'s' if oas > 1 else ''}"
    body, tail = ", ".join(parts), f" ({tail})"
    if len(body) + len(tail) > SUMMARY_LIMIT:  # a crowded area hit: keep the start and the verdict
        body = body[: SUMMARY_LIMIT - len(tail) - 1].rstrip(" ,;") + "…"
    text = body + tail
    return text[0].upper() + text[1:]


def hurts_a_foe(state: FightState, fid: str, pvs) -> bool:
    """Whether any skill of the turn, bonus skills included, hurts or downs a foe (splats count)."""
    side = state.get(fid).side
    return any((t.damage or t.push_damage or t.downs) and state.get(t.fighter).side != side
               for pv in pvs for t in pv.targets)


def skill_text(state: FightState, f: FighterState, s: SkillStep, pv: SkillPreview | None) -> str:
    if pv is None:
        return f"{s.skill} at {s.at}"
    if pv.moves_to and not pv.targets:
        return f"{s.skill} to {pv.moves_to}"
    bits = []
    plain: list = []
    alike: list = []
    pulls = kit(f.name)[s.skill].push < 0
    # Statuses every surviving foe of an area hit shares are said once at the end, to keep it short.
    alive = [t for t in pv.targets if not t.downs and not t.heal and not (t.shield and not t.damage)]
    common = [st for st in alive[0].statuses if all(st in t.statuses for t in alive)] if len(alive) > 1 else []
    for t in pv.targets:
        who = "yourself" if t.fighter == f.id else f"the {t.name} at {t.tile}"
        if t.heal:
            bits.append(f"heal {who} for {t.heal}")
            continue
        if t.shield and not t.damage:
            bits.append(f"shield {who} for {t.shield}")
            continue
        total = t.damage + t.push_damage   # what the button says: the hit and the splat together
        text = f"{who} for {total}" if total else who
        notes: list[str] = []
        how = t.push_how
        split = [f"{t.damage} + {t.push_damage} {'swept' if how == 'deep_water' else 'splat'}"] \
            if t.damage and t.push_damage else []
        if how == "splat":
            blocker = t.push_blocker or ""
            what = {"rock": "rock", "barrel": "a barrel", "edge": "the edge"}.get(blocker)
            if what is None:   # a fighter: "splat it on the Stripple", who takes nothing
                other = state.get(blocker) if blocker else None
                what = f"the {other.name}, who is not hurt" if other else "a fighter"
            text += f" and splat it on {what}"
            notes.extend(split)
        elif how == "deep_water":
            text += " and push it into deep water"
            notes.extend(split)
        elif how == "shallows":
            text += f" and push it into the shallows at {t.push_to}"
        elif how == "water":
            text += " and push it into the water"
        elif t.push_to and t.push_to != t.tile:
            text += f" and {'pull' if pulls else 'push'} it to {t.push_to}"
        if t.downs:
            notes.append("downing it")   # statuses on a foe that falls do not matter
        else:
            notes.extend(st for st in t.statuses if st not in common)
        if notes:
            text += f" ({', '.join(notes)})"
        bits.append(text)
        plain.append((who, total) if text == f"{who} for {total}" and total else None)
        alike.append((who + (f" ({', '.join(notes)})" if notes else ""), total)
                     if total and text == f"{who} for {total}" + (f" ({', '.join(notes)})" if notes else "")
                     else None)
    # Several foes hit alike and nothing else to say of each: "A, B and C for 6 each".
    if len(plain) > 1 and all(plain) and len({d for _, d in plain}) == 1:
        bits = [w for w, _ in plain]
        bits[-1] += f" for {plain[0][1]} each"
    elif len(alike) > 2 and all(alike) and len({d for _, d in alike}) == 1:
        # Three or more hit alike, some with a note (a kill): "for 6 each: A (downing it), B and C".
        bits = [w for w, _ in alike]
        bits[0] = f"for {alike[0][1]} each: {bits[0]}"
    # "A, B and C": a kill's note stays in its own brackets, so it never reads as downing the next one.
    body = (", ".join(bits[:-1]) + " and " + bits[-1]) if len(bits) > 1 else bits[0] if bits else f"at {s.at}"
    if common:
        body += f", leaving them {' and '.join(common)}"
    cash = f", cashing in {pv.cashin}" if pv.cashin else ""
    moss = ", leaving moss" if pv.surfaces else ""
    return f"{s.skill} {body}{cash}{moss}"
