"""What a finished fight is remembered by: each fighter's HP at the end of every round (for a small
chart), who went down when, what ended it (the last blow, the hit that broke the pack, the step onto
the exit) and the moments on the way (the biggest hits, the downs, a telegraph dodged or taken), as
typed values the bot words and draws."""
from __future__ import annotations

from .moments import Moment, RoundMark
from .state import FightState

__all__ = ["DECIDING", "Moment", "RoundMark", "deciding_moments", "ending_moment", "mark_round"]

DECIDING = 3


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
