"""What happened in a fight, in words, from the engine's events: the strays' phase (every telegraph that
fired, who it hit and for how much, or why it fizzled; every push, splat, status, shield and heal; every
fighter downed), a duo turn's own hits, and the moments that decided a fight. Grouped so the board stays
short ("Driplet ×2 Spit at Tidecaller: 7 + 7"); the full list is one press away. The bot words the
events here, in the reader's language; it never reads the engine's log."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import engine.tactics as tx
from bot.words import N_, words
from engine.tactics.model import events as ev

from . import names

SHORT_LINES = 7           # lines of the grouped report under the board; the rest behind "What happened"
FIZZLED = {
    "target_down": N_("{target} was already down"),
    "rooted": N_("{stray} was rooted and {target} was out of its reach"),
    "out_of_reach": N_("{target} was out of reach"),
    "pushed_away": N_("{stray} was pushed and its aim turned away"),
    "moved_out_of_area": N_("{target} stepped out of its area"),
    "attacker_down": N_("{stray} was down"),
}
BLOCKERS = {"edge": N_("the edge"), "rock": N_("rock"), "barrel": N_("a barrel")}
LANDINGS = {"water": N_("{head} to the water's edge at {to}{left}"),
            "shallows": N_("{head} into the shallows at {to}{left}")}
COMPASS = {"N": N_("north"), "NE": N_("north-east"), "E": N_("east"), "SE": N_("south-east"), "S": N_("south"),
           "SW": N_("south-west"), "W": N_("west"), "NW": N_("north-west")}
DUO = ("hero", "companion")
Cast = tx.FightState | Mapping[str, str]   # the fight the events happened in, or its fighters' names by id


def name_of(fight: Cast, fid: str | None) -> str:
    """A fighter's name as a player reads it (no ids), in the reader's language."""
    if fid is None:
        return words("someone")
    try:
        return names.fighter(fight[fid] if isinstance(fight, Mapping) else fight.get(fid).name)
    except (KeyError, ValueError):
        return fid


def said(who: str, what: str, owns: bool = False) -> str:
    """A fighter and what it did: "Driplet is down!", or its own skill: "Driplet's Spit at Tidecaller"."""
    return words("{who}'s {what}", who=who, what=what) if owns else words("{who} {what}", who=who, what=what)


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
        head = words("{who} ×{count} {what}", who=self.who, count=len(self.ids), what=self.what) \
            if len(self.ids) > 1 else said(self.who, self.what, self.owns)
        amounts = " + ".join(str(a) for a in self.amounts)
        extra = list(dict.fromkeys(t for t in self.tails if t))
        return (head + (words(": {amounts}", amounts=amounts) if amounts else "")
                + (words(" ({extra})", extra=words(", ").join(extra)) if extra else ""))


def grouped(fight: Cast, events: Sequence[ev.Event], most: int = SHORT_LINES) -> list[str]:
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
                last.tails.append(names.status(e.status))
            continue
        if isinstance(e, ev.Hit) and e.cause in ("splat", "swept") and last is not None and last.weight == 1:
            last.amounts.append(e.lost)   # the push that caused it says it
            last.weight = 2
            if e.downed:
                last.tails.append(words("{name} down", name=name_of(fight, e.target)))
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
                group.tails.append(words("{n} taken by the shield", n=e.absorbed))
            if e.guarded:
                group.tails.append(words("{n} taken off by Flowing Guard", n=e.guarded))
        last = group if isinstance(e, ev.Hit | ev.Pushed) else None
    for stray, skill in fired.items():
        groups.setdefault(stray + skill, _Group(name_of(fight, stray),
                                                words("{skill} hit no one", skill=names.skill(skill)), 2, {stray},
                                                owns=True))
    short = list(groups.values())
    while len(short) > most and any(g.weight < 2 for g in short):
        short.remove(next(g for g in reversed(short) if g.weight < 2))
    lines = [g.words() for g in short]
    if moves and len(lines) < most:
        lines.append(words("moves: {moves}", moves=words(", ").join(moves)))
    return lines


def full_list(fight: Cast, events: Sequence[ev.Event]) -> list[str]:
    """Every event, one line each, in the order it happened ("What happened")."""
    return [line for line in (_line(fight, e) for e in events) if line]


def duo_hp_line(fight: Cast, events: Sequence[ev.Event]) -> str:
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
            parts.append(words("{name} untouched", name=name))
        else:
            start, end = span[fid]
            parts.append(words("{name} {start} → down", name=name, start=start) if end <= 0 else
                         words("{name} {start} → {end} HP", name=name, start=start, end=end))
    return words(", ").join(parts)


def _aim(fight: Cast, e: ev.TelegraphFired | ev.TelegraphLocked) -> str:
    """Where a telegraph points: at its target, or on the tiles of its area."""
    return words("at {target}", target=name_of(fight, e.target)) if e.target else \
        words("on {tiles}", tiles=", ".join(e.tiles))


def _hit_what(fight: Cast, e: ev.Hit) -> str:
    """A hit after its striker's name ("Spit at Tidecaller"), without its "(down)"."""
    target, skill = name_of(fight, e.target), names.skill(e.skill)
    if e.cause == "telegraph":
        return words("{skill} at {target}", skill=skill, target=target)
    if e.cause == "opportunity_attack":
        return words("opportunity attack on {target}", target=target)
    if e.cause == "strike_back":
        return words("Flowing Guard strikes back at {target}", target=target)
    if e.cause == "splat":
        return words("splat")
    if e.cause == "swept":
        return words("caught by the current")
    return words("{skill} on {target}", skill=skill, target=target) if e.skill else \
        words("a hit on {target}", target=target)


def _group(fight: Cast, e: ev.Event) -> tuple[tuple[str, str, int], str, int | None] | None:
    """An event's group in the short report ((who, what, weight), the fighter it counts, its amount)."""
    n = lambda fid: name_of(fight, fid)  # noqa: E731 - a short local reader
    if isinstance(e, ev.Hit):
        what = _hit_what(fight, e)
        if e.cause in ("splat", "swept"):
            return (n(e.target), what, 2), e.target, e.lost
        return (n(e.src), what + (words(" (down)") if e.downed else ""), 2), e.src or "", e.lost
    if isinstance(e, ev.TelegraphFizzled):
        why = words(FIZZLED[e.reason], stray=n(e.stray), target=n(e.target) if e.target else words("everyone"))
        return (n(e.stray), words("{skill} fizzled: {why}", skill=names.skill(e.skill), why=why), 2), e.stray, None
    if isinstance(e, ev.Downed):
        return (n(e.who), words("is down!"), 2), e.who, None
    if isinstance(e, ev.StrayRan):
        return (n(e.who), words("ran from the fight"), 2), e.who, None
    if isinstance(e, ev.Pushed):
        return (n(e.by), push_words(fight, e), 1), e.by, None
    if isinstance(e, ev.Shielded | ev.Healed):
        return (n(e.by), _care(fight, e), 1), e.by, e.amount
    if isinstance(e, ev.Enraged):
        return (words("The strays"), words("are enraged: +{bonus} damage a hit", bonus=e.bonus), 2), "strays", None
    if isinstance(e, ev.ExitsOpened):
        return (words("The exits"), words("glow: {tiles}", tiles=", ".join(e.tiles)), 2), "exits", None
    return None


def _care(fight: Cast, e: ev.Shielded | ev.Healed) -> str:
    """A shield or a heal after its giver's name ("shields itself", "heals Tidecaller")."""
    if isinstance(e, ev.Shielded):
        return words("shields itself") if e.by == e.who else words("shields {who}", who=name_of(fight, e.who))
    return words("heals itself") if e.by == e.who else words("heals {who}", who=name_of(fight, e.who))


def _line(fight: Cast, e: ev.Event) -> str:
    n = lambda fid: name_of(fight, fid)  # noqa: E731 - a short local reader
    if isinstance(e, ev.Hit):
        left = words(" (down)") if e.downed else words(" ({hp}/{most} HP left)", hp=e.hp, most=e.max_hp)
        if e.cause == "splat":
            return words("{target} takes {lost} from the splat", target=n(e.target), lost=e.lost) + left
        if e.cause == "swept":
            return words("{target} takes {lost} from the deep water", target=n(e.target), lost=e.lost) + left
        shield = words(", {n} taken by the shield", n=e.absorbed) if e.absorbed else ""
        return words("{who}'s {what}: {lost}", who=n(e.src), what=_hit_what(fight, e), lost=e.lost) + shield + left
    if isinstance(e, ev.TelegraphFired):
        return words("{stray}'s {skill} fires {aim}", stray=n(e.stray), skill=names.skill(e.skill),
                     aim=_aim(fight, e))
    if isinstance(e, ev.Pushed):
        return said(n(e.by), push_words(fight, e))
    if isinstance(e, ev.StatusApplied):
        return words("{who} is {status}", who=n(e.who), status=names.status(e.status))
    if isinstance(e, ev.StatusRemoved):
        return words("{who} is no longer {status}", who=n(e.who), status=names.status(e.status)) + \
            (words(" (standing up costs {cost} tiles)", cost=e.cost) if e.cost else "")
    if isinstance(e, ev.Moved):
        return words("{who} moves {frm} → {to}", who=n(e.who), frm=e.frm, to=e.to)
    if isinstance(e, ev.OpportunityAttack):
        return words("{attacker} strikes as {target} leaves its reach at {at}", attacker=n(e.attacker),
                     target=n(e.target), at=e.at)
    if isinstance(e, ev.Guarded):
        return words("{who}'s Flowing Guard takes {blocked} off {against}'s hit", who=n(e.who), blocked=e.blocked,
                     against=n(e.against))
    if isinstance(e, ev.TelegraphLocked):
        return words("{stray} locks {skill} {aim} for its next phase", stray=n(e.stray), skill=names.skill(e.skill),
                     aim=_aim(fight, e))
    if isinstance(e, ev.SkillUsed):
        return words("{who} uses {skill} at {at}", who=n(e.who), skill=names.skill(e.skill), at=e.at)
    if isinstance(e, ev.SurfaceLeft):
        return words("{by} leaves {surface} on {tiles}", by=n(e.by), surface=names.terrain(e.surface),
                     tiles=", ".join(e.tiles))
    if isinstance(e, ev.CashedIn):
        return words("{who} cashes in the {setup} set up this round: +{spirit} Spirit", who=n(e.who),
                     setup=names.status(names.terrain(e.setup)), spirit=e.spirit)
    if isinstance(e, ev.Shielded | ev.Healed):
        return words("{who} {what} for {amount}", who=n(e.by), what=_care(fight, e), amount=e.amount)
    found = _group(fight, e)
    return said(found[0][0], found[0][1], isinstance(e, ev.TelegraphFizzled)) if found else ""


def push_words(fight: Cast, e: ev.Pushed, harm: bool = False) -> str:
    """A push or pull after its pusher's name, which way and where it ended: "shoves Tidecaller west
    into the shallows at A2", "pushes Mossle with Gore south into rock, a splat"; `harm`: with what the
    splat or deep water costs and the statuses it leaves (a report that counts the damage says it after)."""
    who = name_of(fight, e.who)
    cost = words(" for {n}", n=e.damage) if harm and e.damage else ""
    left = words(" ({statuses})", statuses=", ".join(names.status(s) for s in e.statuses)) \
        if harm and e.statuses else ""
    head = words("pulls {who}", who=who) if e.pull else words("shoves {who}", who=who) if e.skill == "Shove" else \
        words("pushes {who}", who=who)
    if e.skill != "Shove":
        head += words(" with {skill}", skill=names.skill(e.skill))
    if e.heading in COMPASS:
        head += words(" {direction}", direction=words(COMPASS[e.heading]))
    moved = e.frm != e.to
    if e.how == "splat":
        blocker = words(BLOCKERS[e.blocker or "edge"]) if (e.blocker or "edge") in BLOCKERS else \
            name_of(fight, e.blocker)
        hurt = "" if e.blocker in BLOCKERS or e.blocker is None else \
            words(" ({blocker} is hurt too)", blocker=blocker) if e.blocker_hurt else \
            words(" ({blocker} is not hurt)", blocker=blocker)
        if moved:
            return words("{head} to {to}, into {blocker}, a splat{cost}{hurt}", head=head, to=e.to, blocker=blocker,
                         cost=cost, hurt=hurt)
        return words("{head} into {blocker}, a splat{cost}{hurt}", head=head, blocker=blocker, cost=cost, hurt=hurt)
    if e.how == "deep_water":
        way = words("{head} to {to},", head=head, to=e.to) if moved else head
        return words("{way} against deep water: the current hits {who}{cost}, who stays on {to}{left}", way=way,
                     who=who, cost=cost, to=e.to, left=left)
    if e.how in LANDINGS:
        return words(LANDINGS[e.how], head=head, to=e.to, left=left)
    if e.how == "held":
        return words("{head}, but {who} holds on {to}", head=head, who=who, to=e.to)
    return words("{head} to {to}", head=head, to=e.to)
