"""The moments that decided a fight, in words: what ended it (the last blow, the hit that broke the pack,
the step onto the exit), what decided a hold, and the hits and dodges on the way (engine.tactics'
`ending_moment` and `deciding_moments`), in the reader's language."""
from __future__ import annotations

import engine.tactics as tx
from bot.words import N_, words

from . import names
from .report import DUO, FIZZLED, name_of


def moment_words(fight: tx.FightState, m: tx.Moment) -> str:
    """One of the moments that decided a fight, in a player's words."""
    n = lambda fid: name_of(fight, fid)  # noqa: E731 - a short local reader
    if m.kind == "down":
        return words("round {round}: {who} went down to {by}", round=m.round, who=n(m.who), by=n(m.by)) if m.by \
            else words("round {round}: {who} went down", round=m.round, who=n(m.who))
    if m.kind in ("hit", "telegraph_hit"):
        blow = names.skill(m.skill) if m.skill else words("hit")
        return words("round {round}: {by}'s {blow} took {amount} HP off {who}", round=m.round, by=n(m.by),
                     blow=blow, amount=m.amount, who=n(m.who))
    target = n(m.who) if m.who else words("everyone")
    why = words(FIZZLED.get(m.reason or "", N_("it missed")), stray=n(m.by), target=target)
    return words("round {round}: {by}'s {skill} was dodged ({why})", round=m.round, by=n(m.by),
                 skill=names.skill(m.skill), why=why)


def blow_words(fight: tx.FightState, m: tx.Moment) -> str:
    """The blow a moment names, as a player says it: whose skill, opportunity attack, strike back, or the
    splat or deep water a push caused."""
    if m.by is None:
        return words("a hit")
    by = name_of(fight, m.by)
    push = words("{by}'s {skill}", by=by, skill=names.skill(m.skill)) if m.skill else words("{by}'s push", by=by)
    if m.cause == "opportunity_attack":
        return words("{by}'s opportunity attack", by=by)
    if m.cause == "strike_back":
        return words("{by}'s Flowing Guard striking back", by=by)
    if m.cause == "splat":
        return words("a splat from {push}", push=push)
    if m.cause == "swept":
        return words("deep water from {push}", push=push)
    return words("{by}'s {skill}", by=by, skill=names.skill(m.skill)) if m.skill else by


def ending_words(fight: tx.FightState, m: tx.Moment) -> str:
    """What ended the fight (engine.tactics.ending_moment), in a player's words."""
    n = lambda fid: name_of(fight, fid)  # noqa: E731 - a short local reader
    if m.kind == "broke_pack":
        return words("round {round}: {blow} took {amount} HP off {who} and broke the pack (the pack's HP, all its "
                     "strays together, fell under 30% of its start), so the strays ran", round=m.round,
                     blow=blow_words(fight, m), amount=m.amount, who=n(m.who))
    if m.kind == "reached_exit":
        how = words("{who} stepped onto the exit at {at}", who=n(m.who), at=m.at) if m.by in (None, m.who) else \
            words("{by}'s {skill} pushed {who} onto the exit at {at}", by=n(m.by), skill=names.skill(m.skill),
                  who=n(m.who), at=m.at)
        others = [f for f in fight.standing("duo") if f.id != m.who]
        return words("round {round}: {how}, the last of the duo to reach one", round=m.round, how=how) if others \
            else words("round {round}: {how}, the only one of the duo still standing", round=m.round, how=how)
    if m.who in DUO:
        return words("round {round}: {who}, the last of the duo standing, went down to {blow}", round=m.round,
                     who=n(m.who), blow=blow_words(fight, m))
    return words("round {round}: {who}, the last stray standing, went down to {blow}", round=m.round,
                 who=n(m.who), blow=blow_words(fight, m))


def held_words(fight: tx.FightState, round_: int) -> str:
    """What decided a hold: who was still standing when its last round ended, and with how much HP."""
    standing = fight.standing("duo")
    named = words(" and ").join(names.fighter(f.name) for f in standing)
    hp = words(", ").join(words("{name} {hp}/{most} HP", name=names.fighter(f.name), hp=f.hp, most=f.max_hp)
                          for f in standing) if len(standing) > 1 else \
        words("{hp}/{most} HP", hp=standing[0].hp, most=standing[0].max_hp) if standing else ""
    down = [names.fighter(f.name) for f in fight.side("duo") if not f.standing]
    line = words("round {round}: {names} were still standing when the round ended, with {hp}", round=round_,
                 names=named, hp=hp) if len(standing) > 1 else \
        words("round {round}: {names} was still standing when the round ended, with {hp}", round=round_,
              names=named, hp=hp)
    return line + (words(" ({names} was down)", names=words(" and ").join(down)) if down else "")


def same_blow(a: tx.Moment, b: tx.Moment) -> bool:
    """Whether two moments tell of one blow (the hit that broke the pack also downed its target)."""
    blows = ("down", "hit", "telegraph_hit", "broke_pack")
    return a.kind in blows and b.kind in blows and (a.round, a.who, a.by) == (b.round, b.who, b.by)
