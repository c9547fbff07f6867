"""A ready-made turn's button label in a reader's language other than the planner's English, from the
turn's structured preview: its steps, the damage it deals and what it does besides (foes downed, where a
push lands, statuses, heals and shields, a cash-in, moss left), as the planner's English label says
them. The richest wording that fits a button is kept, the least telling facts left out first."""
from __future__ import annotations

from typing import Any

import engine.tactics as tx
from bot.words import N_, listing, words

from . import names
from .report import BLOCKERS

LABEL_MOST = 77   # a button holds 80 characters, and the board puts "1. " before the label
DUO = ("hero", "companion")
WATERS = {"water": N_("{name} into water"), "shallows": N_("{name} into the shallows"),
          "deep_water": N_("{name} into deep water")}


def label_words(turn: Any, steps: str) -> str:
    """The label for `turn`, whose steps read `steps` in the reader's words."""
    facts = _facts(turn)
    for n in range(len(facts), -1, -1):
        said = words(" · ").join([steps, *facts[:n]])
        if len(said) <= LABEL_MOST:
            return said
    tail = words(" · ") + facts[0] if facts else ""   # the steps alone are too long: cut, keeping the damage
    return steps[:LABEL_MOST - len(tail) - 1].rstrip() + "…" + tail


def _facts(turn: tx.PlannedTurn) -> list[str]:
    """What the turn does, the most telling first: damage, downs, pushes, statuses, support, the rest."""
    skills = turn.preview.skills
    me = next((pv.user for pv in skills), "")
    foes = [t for pv in skills for t in pv.targets if (t.fighter in DUO) != (me in DUO)]
    dealt = sum(t.damage + t.push_damage for t in foes)
    facts = [words("{n} damage", n=dealt)] if dealt else []
    downed = _unique(names.fighter(t.name) for t in foes if t.downs)
    if downed:
        facts.append(words("downs {names}", names=listing(downed)))
    pushed = [t for t in foes if t.push_how]
    facts += [p for p in (_push(t) for t in pushed) if p]
    for t in foes:
        kept = [s for s in t.statuses if not (t.push_how in WATERS and s in ("soaked", "prone"))]
        if kept and not t.downs:
            facts.append(words("{name} {statuses}", name=names.fighter(t.name),
                               statuses=words(" and ").join(names.status(s) for s in kept)))
    for pv in skills:
        for t in pv.targets:
            if t.heal:
                facts.append(words("heals {name} {n}", name=names.fighter(t.name), n=t.heal))
            elif t.shield and not t.damage:
                facts.append(words("shields {name} {n}", name=names.fighter(t.name), n=t.shield))
        if pv.cashin:
            facts.append(words("cashes in {setup}", setup=names.status(names.terrain(pv.cashin))))
        if pv.surfaces:
            facts.append(words("leaves {surfaces}", surfaces=listing(_unique(names.terrain(s) for s in pv.surfaces))))
    return _unique(facts)


def _push(t: Any) -> str:
    """Where a push or pull ends, as briefly as a label says it."""
    name = names.fighter(t.name)
    if t.push_how in WATERS:
        return words(WATERS[t.push_how], name=name)
    if t.push_how == "splat":
        blocker = t.push_blocker or "edge"
        return words("{name} splats on {blocker}", name=name, blocker=words(BLOCKERS[blocker])) \
            if blocker in BLOCKERS else words("{name} splats on a fighter", name=name)
    if t.push_moves and t.push_to:
        return words("{name} pulled to {tile}", name=name, tile=t.push_to) if t.pull else \
            words("{name} pushed to {tile}", name=name, tile=t.push_to)
    return ""


def _unique(items: Any) -> list[str]:
    return list(dict.fromkeys(items))
