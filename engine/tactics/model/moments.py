"""The moments a fight is remembered by and each round's mark, as typed values kept in the saved
fight (the recap reads them; the bot words and draws them)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .events import Downed, Hit, TelegraphFizzled

MomentKind = Literal["down", "hit", "dodged", "telegraph_hit", "broke_pack", "reached_exit"]
BIG_HIT = 6          # a hit that costs at least this much HP is worth remembering
DODGES = ("rooted", "out_of_reach", "pushed_away", "moved_out_of_area")


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundMark:
    """Every fighter's HP at the end of a round (or when the fight ended in it), and who went down in it."""

    round: int
    hp: dict[str, int] = field(default_factory=dict)
    downs: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Moment:
    """One notable thing: a fighter downed (`who` by `by`, with `skill`, the hit's `cause`), a big hit
    (`amount` HP), a telegraph dodged (`reason` why it fizzled), a telegraph that landed on the duo, the
    hit that broke a routing pack, or a duo member reaching an exit tile (`at`; `by` who moved it there)."""

    kind: MomentKind
    round: int
    who: str
    by: str | None = None
    skill: str | None = None
    amount: int = 0
    reason: str | None = None
    cause: str | None = None
    at: str | None = None


def moment_of(event: object, round_: int) -> Moment | None:
    """The moment an event is, if it is one worth keeping."""
    if isinstance(event, Downed):
        return Moment(kind="down", round=round_, who=event.who, by=event.by, skill=event.skill, cause=event.cause)
    if isinstance(event, Hit) and event.lost >= BIG_HIT:
        kind: MomentKind = "telegraph_hit" if event.cause == "telegraph" else "hit"
        return Moment(kind=kind, round=round_, who=event.target, by=event.src, skill=event.skill, amount=event.lost)
    if isinstance(event, TelegraphFizzled) and event.reason in DODGES:
        return Moment(kind="dodged", round=round_, who=event.target or "", by=event.stray, skill=event.skill,
                      reason=event.reason)
    return None
