"""What happened in a fight, in words, from the engine's events: the strays' phase (every telegraph that
fired, who it hit and for how much, or why it fizzled; every push, splat, status, shield and heal; every
fighter downed), a duo turn's own hits, and the moments that decided a fight. Grouped so the board stays
short ("Driplet ×2 Spit at Tidecaller: 7 + 7"); the full list is one press away. The bot words the
events here; it never reads the engine's log."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import engine.tactics as tx
from engine.tactics.model import events as ev
from engine.tactics.model.board import COMPASS_WORDS

SHORT_LINES = 7           # lines of the grouped report under the board; the rest behind "What happened"
FIZZLED = {
    "target_down": "{target} was already down",
    "rooted": "{stray} was rooted and {target} was out of its reach",
    "out_of_reach": "{target} was out of reach",
    "pushed_away": "{stray} was pushed and its aim turned away",
    "moved_out_of_area": "{target} stepped out of its area",
    "attacker_down": "{stray} was down",
}
BLOCKERS = {"edge": "the edge", "rock": "rock", "barrel": "a barrel"}
LANDINGS = {"water": "to the water's edge", "shallows": "into the shallows"}
DUO = ("hero", "companion")


def name_of(fight: tx.FightState, fid: str | None) -> str:
    """A fighter's name as a player reads it (no ids)."""
    if fid is None:
        return "someone"
    try:
        return fight.get(fid).name
    except (KeyError, ValueError):
        return fid


@dataclass
class _Group:
    """Lines that say the same thing of several strays or hits, said once with a count."""
    who: str
    what: str
    weight: int               # 2: hits, fizzles, downs (never cut); 1: pushes, shields, heals
    ids: set[str] = field(default_factory=set)
    amounts: list[int] = field(default_factory=list)
    tails: list[str] = field(default_factory=list)
    owns: bool = False        # the line starts with the fighter's skill or attack: "Driplet's Spit at …"

    def words(self) -> str:
        counted = f"{self.who} ×{len(self.ids)}" if len(self.ids) > 1 else \
            f"{self.who}'s" if self.owns else self.who
        amounts = " + ".join(str(a) for a in self.amounts)
        extra = list(dict.fromkeys(t for t in self.tails if t))
        return (f"{counted} {self.what}" + (f": {amounts}" if amounts else "")
                + (f" ({', '.join(extra)})" if extra else ""))


def grouped(fight: tx.FightState, events: Sequence[ev.Event], most: int = SHORT_LINES) -> list[str]:
    """The events grouped into at most `most` short lines (more only to keep every hit, fizzle and down)."""
    groups: dict[str, _Group] = {}
    moves: list[str] = []
    fired: dict[str, str] = {}   # stray -> skill of a telegraph that went off and has hit nobody yet
    said_down: set[str] = set()  # fighters whose hit already says "down": their Downed is not said again
    last: _Group | None = None
    for e in events:
        if isinstance(e, ev.Downed) and e.who in said_down:
            continue
        if isinstance(e, ev.TelegraphFired):
            fired[e.stray] = e.skill
            continue
        if isinstance(e, ev.TelegraphFizzled):
            fired.pop(e.stray, None)
        if isinstance(e, ev.Moved):
            moves.append(f"{name_of(fight, e.who)} {e.frm} → {e.to}")
            continue
        if isinstance(e, ev.StatusApplied):
            if last is not None:
                last.tails.append(e.status)
            continue
        if isinstance(e, ev.Hit) and e.cause in ("splat", "swept") and last is not None and last.weight == 1:
            last.amounts.append(e.lost)   # the push that caused it says it
            last.weight = 2
            if e.downed:
                last.tails.append(f"{name_of(fight, e.target)} down")
                said_down.add(e.target)
            continue
        found = _group(fight, e)
        if found is None:
            continue
        (who, what, weight), src, amount = found
        owns = isinstance(e, ev.TelegraphFizzled) or isinstance(e, ev.Hit) and e.cause not in ("splat", "swept")
        group = groups.setdefault(who + "\t" + what, _Group(who, what, weight, owns=owns))
        group.ids.add(src)
        if amount is not None:
            group.amounts.append(amount)
        if isinstance(e, ev.Hit):
            fired.pop(e.src or "", None)
            if e.downed and e.cause not in ("splat", "swept"):   # its words say "(down)"
                said_down.add(e.target)
            if e.absorbed:
                group.tails.append(f"{e.absorbed} taken by the shield")
            if e.guarded:
                group.tails.append(f"{e.guarded} taken off by Flowing Guard")
        last = group if isinstance(e, ev.Hit | ev.Pushed) else None
    for stray, skill in fired.items():
        groups.setdefault(stray + skill, _Group(name_of(fight, stray), f"{skill} hit no one", 2, {stray}, owns=True))
    short = list(groups.values())
    while len(short) > most and any(g.weight < 2 for g in short):
        short.remove(next(g for g in reversed(short) if g.weight < 2))
    lines = [g.words() for g in short]
    if moves and len(lines) < most:
        lines.append("moves: " + ", ".join(moves))
    return lines


def full_list(fight: tx.FightState, events: Sequence[ev.Event]) -> list[str]:
    """Every event, one line each, in the order it happened ("What happened")."""
    return [line for line in (_line(fight, e) for e in events) if line]


def duo_hp_line(fight: tx.FightState, events: Sequence[ev.Event]) -> str:
    """Each duo fighter's HP across these events ("Tidecaller 30 → 4 HP"), the first thing a player wants."""
    span: dict[str, list[int]] = {}
    for e in events:
        if isinstance(e, ev.Hit) and e.target in DUO:
            span.setdefault(e.target, [e.hp + e.lost, e.hp])[1] = e.hp
        elif isinstance(e, ev.Healed) and e.who in DUO and e.who in span:
            span[e.who][1] += e.amount
    parts = []
    for fid in DUO:
        name = name_of(fight, fid)
        if fid not in span:
            parts.append(f"{name} untouched")
        else:
            start, end = span[fid]
            parts.append(f"{name} {start} → " + ("down" if end <= 0 else f"{end} HP"))
    return ", ".join(parts)


def _aim(fight: tx.FightState, e: ev.TelegraphFired | ev.TelegraphLocked) -> str:
    """Where a telegraph points: at its target, or on the tiles of its area."""
    return f"at {name_of(fight, e.target)}" if e.target else f"on {', '.join(e.tiles)}"


def _group(fight: tx.FightState, e: ev.Event) -> tuple[tuple[str, str, int], str, int | None] | None:
    """An event's group in the short report ((who, what, weight), the fighter it counts, its amount)."""
    n = lambda fid: name_of(fight, fid)  # noqa: E731 - a short local reader
    if isinstance(e, ev.Hit):
        what = {"telegraph": f"{e.skill} at", "opportunity_attack": "opportunity attack on",
                "strike_back": "Flowing Guard strikes back at", "splat": "splat:",
                "swept": "caught by the current:"}.get(e.cause, f"{e.skill or 'a hit'} on")
        if e.cause in ("splat", "swept"):
            return (n(e.target), what.rstrip(":"), 2), e.target, e.lost
        return (n(e.src), f"{what} {n(e.target)}" + (" (down)" if e.downed else ""), 2), e.src or "", e.lost
    if isinstance(e, ev.TelegraphFizzled):
        why = FIZZLED[e.reason].format(stray=n(e.stray), target=n(e.target) if e.target else "everyone")
        return (n(e.stray), f"{e.skill} fizzled: {why}", 2), e.stray, None
    if isinstance(e, ev.Downed):
        return (n(e.who), "is down!", 2), e.who, None
    if isinstance(e, ev.StrayRan):
        return (n(e.who), "ran from the fight", 2), e.who, None
    if isinstance(e, ev.Pushed):
        return (n(e.by), push_words(fight, e), 1), e.by, None
    if isinstance(e, ev.Shielded | ev.Healed):
        verb = "shields" if isinstance(e, ev.Shielded) else "heals"
        return (n(e.by), f"{verb} {'itself' if e.by == e.who else n(e.who)}", 1), e.by, e.amount
    if isinstance(e, ev.Enraged):
        return ("The strays", f"are enraged: +{e.bonus} damage a hit", 2), "strays", None
    if isinstance(e, ev.ExitsOpened):
        return ("The exits", f"glow: {', '.join(e.tiles)}", 2), "exits", None
    return None


def _line(fight: tx.FightState, e: ev.Event) -> str:
    n = lambda fid: name_of(fight, fid)  # noqa: E731 - a short local reader
    if isinstance(e, ev.Hit):
        left = " (down)" if e.downed else f" ({e.hp}/{e.max_hp} HP left)"
        if e.cause in ("splat", "swept"):
            return f"{n(e.target)} takes {e.lost} from the {'splat' if e.cause == 'splat' else 'deep water'}" + left
        found = _group(fight, e)
        assert found is not None
        (who, what, _), _, _ = found
        shield = f", {e.absorbed} taken by the shield" if e.absorbed else ""
        return f"{who}'s {what.removesuffix(' (down)')}: {e.lost}{shield}" + left
    if isinstance(e, ev.TelegraphFired):
        return f"{n(e.stray)}'s {e.skill} fires {_aim(fight, e)}"
    if isinstance(e, ev.Pushed):
        return f"{n(e.by)} {push_words(fight, e)}"
    if isinstance(e, ev.StatusApplied):
        return f"{n(e.who)} is {e.status}"
    if isinstance(e, ev.StatusRemoved):
        return f"{n(e.who)} is no longer {e.status}" + (f" (standing up costs {e.cost} tiles)" if e.cost else "")
    if isinstance(e, ev.Moved):
        return f"{n(e.who)} moves {e.frm} → {e.to}"
    if isinstance(e, ev.OpportunityAttack):
        return f"{n(e.attacker)} strikes as {n(e.target)} leaves its reach at {e.at}"
    if isinstance(e, ev.Guarded):
        return f"{n(e.who)}'s Flowing Guard takes {e.blocked} off {n(e.against)}'s hit"
    if isinstance(e, ev.TelegraphLocked):
        return f"{n(e.stray)} locks {e.skill} {_aim(fight, e)} for its next phase"
    if isinstance(e, ev.SkillUsed):
        return f"{n(e.who)} uses {e.skill} at {e.at}"
    if isinstance(e, ev.SurfaceLeft):
        return f"{n(e.by)} leaves {e.surface} on {', '.join(e.tiles)}"
    if isinstance(e, ev.CashedIn):
        return f"{n(e.who)} cashes in the {e.setup} set up this round: +{e.spirit} Spirit"
    if isinstance(e, ev.Shielded | ev.Healed):
        verb = "shields" if isinstance(e, ev.Shielded) else "heals"
        return f"{n(e.by)} {verb} {'itself' if e.by == e.who else n(e.who)} for {e.amount}"
    found = _group(fight, e)
    owns = "'s" if isinstance(e, ev.TelegraphFizzled) else ""
    return f"{found[0][0]}{owns} {found[0][1]}" if found else ""


def push_words(fight: tx.FightState, e: ev.Pushed, harm: bool = False) -> str:
    """A push or pull after its pusher's name, which way and where it ended: "shoves Tidecaller west
    into the shallows at A2", "pushes Mossle with Gore south into rock, a splat"; `harm`: with what the
    splat or deep water costs and the statuses it leaves (a report that counts the damage says it after)."""
    who = name_of(fight, e.who)
    cost = f" for {e.damage}" if harm and e.damage else ""
    left = f" ({', '.join(e.statuses)})" if harm and e.statuses else ""
    verb = "pulls" if e.pull else "shoves" if e.skill == "Shove" else "pushes"
    head = f"{verb} {who}" + ("" if e.skill == "Shove" else f" with {e.skill}") + \
        (f" {COMPASS_WORDS[e.heading]}" if e.heading in COMPASS_WORDS else "")
    moved = e.frm != e.to
    if e.how == "splat":
        blocker = BLOCKERS.get(e.blocker or "edge") or name_of(fight, e.blocker)
        hurt = "" if e.blocker in BLOCKERS or e.blocker is None else \
            f" ({blocker} is {'hurt too' if e.blocker_hurt else 'not hurt'})"
        return f"{head}{f' to {e.to},' if moved else ''} into {blocker}, a splat{cost}{hurt}"
    if e.how == "deep_water":
        return (f"{head}{f' to {e.to},' if moved else ''} against deep water: the current hits {who}{cost}, "
                f"who stays on {e.to}{left}")
    if e.how in LANDINGS:
        return f"{head} {LANDINGS[e.how]} at {e.to}{left}"
    if e.how == "held":
        return f"{head}, but {who} holds on {e.to}"
    return f"{head} to {e.to}"


def moment_words(fight: tx.FightState, m: tx.Moment) -> str:
    """One of the moments that decided a fight, in a player's words."""
    n = lambda fid: name_of(fight, fid)  # noqa: E731 - a short local reader
    if m.kind == "down":
        return f"round {m.round}: {n(m.who)} went down" + (f" to {n(m.by)}" if m.by else "")
    if m.kind in ("hit", "telegraph_hit"):
        return f"round {m.round}: {n(m.by)}'s {m.skill or 'hit'} took {m.amount} HP off {n(m.who)}"
    target = n(m.who) if m.who else "everyone"
    why = FIZZLED.get(m.reason or "", "it missed").format(stray=n(m.by), target=target)
    return f"round {m.round}: {n(m.by)}'s {m.skill} was dodged ({why})"


def blow_words(fight: tx.FightState, m: tx.Moment) -> str:
    """The blow a moment names, as a player says it: whose skill, opportunity attack, strike back, or the
    splat or deep water a push caused."""
    if m.by is None:
        return "a hit"
    by = name_of(fight, m.by)
    push = f"{by}'s {m.skill}" if m.skill else f"{by}'s push"
    if m.cause == "opportunity_attack":
        return f"{by}'s opportunity attack"
    if m.cause == "strike_back":
        return f"{by}'s Flowing Guard striking back"
    if m.cause == "splat":
        return f"a splat from {push}"
    if m.cause == "swept":
        return f"deep water from {push}"
    return f"{by}'s {m.skill}" if m.skill else by


def ending_words(fight: tx.FightState, m: tx.Moment) -> str:
    """What ended the fight (engine.tactics.ending_moment), in a player's words."""
    n = lambda fid: name_of(fight, fid)  # noqa: E731 - a short local reader
    if m.kind == "broke_pack":
        return (f"round {m.round}: {blow_words(fight, m)} took {m.amount} HP off {n(m.who)} and broke the pack "
                "(the pack's HP, all its strays together, fell under 30% of its start), so the strays ran")
    if m.kind == "reached_exit":
        how = f"{n(m.who)} stepped onto the exit at {m.at}" if m.by in (None, m.who) else \
            f"{n(m.by)}'s {m.skill} pushed {n(m.who)} onto the exit at {m.at}"
        others = [f for f in fight.standing("duo") if f.id != m.who]
        return f"round {m.round}: {how}" + (", the last of the duo to reach one" if others else
                                            ", the only one of the duo still standing")
    last = "the last of the duo standing" if m.who in DUO else "the last stray standing"
    return f"round {m.round}: {n(m.who)}, {last}, went down to {blow_words(fight, m)}"


def held_words(fight: tx.FightState, round_: int) -> str:
    """What decided a hold: who was still standing when its last round ended, and with how much HP."""
    standing = fight.standing("duo")
    names = " and ".join(f.name for f in standing)
    hp = ", ".join(f"{f.name} {f.hp}/{f.max_hp} HP" for f in standing) if len(standing) > 1 else \
        f"{standing[0].hp}/{standing[0].max_hp} HP" if standing else ""
    down = [f.name for f in fight.side("duo") if not f.standing]
    return (f"round {round_}: {names} {'were' if len(standing) > 1 else 'was'} still standing when the round "
            f"ended, with {hp}" + (f" ({' and '.join(down)} was down)" if down else ""))


def same_blow(a: tx.Moment, b: tx.Moment) -> bool:
    """Whether two moments tell of one blow (the hit that broke the pack also downed its target)."""
    blows = ("down", "hit", "telegraph_hit", "broke_pack")
    return a.kind in blows and b.kind in blows and (a.round, a.who, a.by) == (b.round, b.who, b.by)
