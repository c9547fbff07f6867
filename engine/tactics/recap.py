"""What a finished fight is remembered by: each fighter's HP at the end of every round (for a small
chart), who went down when, what ended it (the last blow, the hit that broke the pack, the step onto
the exit) and the moments on the way (the biggest hits, the downs, a telegraph dodged or taken), as
typed values the bot words and draws."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from .events import Downed, Hit, TelegraphFizzled

if TYPE_CHECKING:
    from .state import FightState

MomentKind = Literal["down", "hit", "dodged", "telegraph_hit", "broke_pack", "reached_exit"]
BIG_HIT = 6          # a hit that costs at least this much HP is worth remembering
DODGES = ("rooted", "out_of_reach", "pushed_away", "moved_out_of_area")
DECIDING = 3


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


def mark_round(state: FightState) -> None:
    """Write (or rewrite) this round's mark from the fighters as they stand now."""
    before = {f for m in state.history if m.round != state.round for f in m.downs}
    downs = tuple(f.id for f in state.fighters if f.down and f.id not in before)
    mark = RoundMark(round=state.round, hp={f.id: f.hp for f in state.fighters}, downs=downs)
    state.history = [m for m in state.history if m.round != state.round] + [mark]


def ending_moment(state: FightState) -> Moment | None:
    """What ended the fight, as a player would say it: the blow that downed the last stray or the last
    of the duo, the hit that broke a routing pack, or the step that put the last of the duo on its exit.
    None for a hold, a finish after round 10, or a fight saved before these moments were kept."""
    end = state.outcome
    if end is None:
        return None
    side = {f.id: f.side for f in state.fighters}
    if end.reason in ("all_strays_down", "duo_down"):
        fallen = "strays" if end.reason == "all_strays_down" else "duo"
        return next((m for m in reversed(state.moments) if m.kind == "down" and side.get(m.who) == fallen), None)
    if end.reason == "rout":
        return next((m for m in reversed(state.moments) if m.kind == "broke_pack"), None)
    if end.reason == "broke_out":
        on_exit = {f.id: f.pos for f in state.standing("duo")}
        return next((m for m in reversed(state.moments) if m.kind == "reached_exit" and on_exit.get(m.who) == m.at),
                    None)
    return None


def deciding_moments(state: FightState, limit: int = DECIDING) -> list[Moment]:
    """The two or three moments that decided the fight, in the order they happened: the duo's downs
    first, then the strays', then the biggest hit, then a telegraph dodged (or, if none was, the
    biggest one taken)."""
    ms = state.moments
    duo = {f.id for f in state.side("duo")}
    picked: list[Moment] = []

    def take(cands: list[Moment]) -> None:
        for m in cands:
            if len(picked) < limit and m not in picked:
                picked.append(m)

    take([m for m in ms if m.kind == "down" and m.who in duo])
    take([m for m in ms if m.kind == "down" and m.who not in duo][-1:])   # the last stray to fall
    take(sorted((m for m in ms if m.kind in ("hit", "telegraph_hit")), key=lambda m: -m.amount)[:1])
    dodged = [m for m in ms if m.kind == "dodged" and m.who in duo]
    take(dodged[:1] or sorted((m for m in ms if m.kind == "telegraph_hit"), key=lambda m: -m.amount)[:1])
    order = {id(m): i for i, m in enumerate(ms)}
    return sorted(picked, key=lambda m: order.get(id(m), 0))
