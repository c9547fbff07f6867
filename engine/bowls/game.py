"""The bowls session API: start a puzzle, endless or daily attempt, sow, undo, forecast, pause and end.

Every function takes a `BowlsGame` and returns a new one; the input is never changed.
"""
from __future__ import annotations

import datetime as dt
from typing import cast

from ..api import Applied, Outcome
from ..rng import Rng, daily_seed, seed_from
from . import core
from .core import COLORS, N_BOWLS
from .models import (
    BowlsError,
    BowlsGame,
    Goal,
    IllegalMoveError,
    MatchEvent,
    Modifier,
    ModifierKind,
    MoveReport,
    PhaseReport,
    RefillReport,
    Snapshot,
)

DAILY_MOVES = 20
EVENTS_AFTER = 9           # special events may come with the refill of safe move 9 and later
EVENT_CHANCE = (2, 5)      # per refill, once events have begun
MODIFIER_MOVES = 3         # a temporary flag lasts this many player moves
HISTORY_LIMIT = 50         # undo reaches this many moves back (keeps a long endless save small)
EVENT_KINDS = ("wild", "blocker", "frozen", "reverse", "volcano")


# ---- starting a game -------------------------------------------------------------------------

def new_puzzle(number: int) -> BowlsGame:
    from .puzzles import get_puzzle
    p = get_puzzle(number)
    return BowlsGame(mode="puzzle", puzzle_id=p.id, bowls=list(p.bowls), frozen=list(p.frozen),
                     reverse=list(p.reverse), volcano=list(p.volcano), move_limit=p.moves, goal=p.goal)


def starting_board(rng: Rng) -> list[str]:
    """36 ordinary stones, three a bowl, no bowl with three of one colour (so nothing is ready)."""
    bowls = []
    for _ in range(N_BOWLS):
        while True:
            s = "".join(rng.choice(COLORS) for _ in range(3))
            if not (s[0] == s[1] == s[2]):
                break
        bowls.append(s)
    return bowls


def new_endless(seed: int) -> BowlsGame:
    rng = Rng(seed_from("bowls", "endless", seed))
    bowls = starting_board(rng)
    return BowlsGame(mode="endless", seed=seed, bowls=bowls, rng_state=rng.state)


def new_daily(day: dt.date) -> BowlsGame:
    seed = daily_seed("bowls", day)
    rng = Rng(seed)
    bowls = starting_board(rng)
    return BowlsGame(mode="daily", seed=seed, day=day, bowls=bowls, move_limit=DAILY_MOVES, rng_state=rng.state)


# ---- asking about a game ---------------------------------------------------------------------

def legal_bowls(game: BowlsGame) -> list[int]:
    """Bowls (1–12) that can be chosen now: non-empty, not frozen; none when over or paused."""
    if game.over or game.paused:
        return []
    frozen = set(game.flags("frozen"))
    return [n for n in range(1, N_BOWLS + 1) if game.bowls[n - 1] and n not in frozen]


def _check_move(game: BowlsGame, bowl: int) -> None:
    if game.over:
        raise IllegalMoveError("over", "this attempt is over; undo or start a new one")
    if game.paused:
        raise IllegalMoveError("paused", "this attempt is paused; resume it first")
    if not isinstance(bowl, int) or isinstance(bowl, bool) or not 1 <= bowl <= N_BOWLS:
        raise IllegalMoveError("range", f"bowls are numbered 1–{N_BOWLS}, not {bowl!r}")
    if not game.bowls[bowl - 1]:
        raise IllegalMoveError("empty", f"bowl {bowl} is empty")
    if bowl in game.flags("frozen"):
        raise IllegalMoveError("frozen", f"bowl {bowl} is frozen and cannot be chosen")


def goal_reached(goal: Goal | None, bowls, score: int, collected: dict[str, int], combo: int) -> bool:
    if goal is None:
        return False
    k = goal.kind
    if k == "clear_board":
        return not any(bowls)
    if k == "clear_color":
        assert goal.color is not None  # Goal's validator requires the fields each kind reads
        return not any(goal.color in s for s in bowls)
    if k == "score":
        assert goal.points is not None
        return score >= goal.points
    assert goal.count is not None
    if k == "collect":
        assert goal.color is not None
        return collected.get(goal.color, 0) >= goal.count
    if k == "combo":
        return combo >= goal.count
    return sum(len(s) for s in bowls) <= goal.count  # max_stones


def _phase_report(trace: list, points: int, combo: int, rem, overflow: bool, perfect: bool,
                  bowls) -> PhaseReport:
    matches, blockers, eruptions = [], [], []
    for ev in trace:
        if ev[0] == "match":
            _, npass, i, _before, x = ev
            matches.append(MatchEvent(bowl=i + 1, pass_no=npass, colors=[c for c in COLORS if x[core.SLOT[c]]],
                                      stones=sum(x), wilds=x[5]))
        elif ev[0] == "blockers":
            blockers.append((ev[2] + 1, ev[3]))
        else:
            eruptions.append(ev[2] + 1)
    removed = {c: rem[core.SLOT[c]] for c in COLORS + "W" if rem[core.SLOT[c]]}
    return PhaseReport(matches=matches, blockers_removed=blockers, eruptions=eruptions, removed=removed,
                       combo=combo, points=points, perfect=perfect, overflow=overflow,
                       overflow_bowls=[i + 1 for i, s in enumerate(bowls) if len(s) > core.CAPACITY])


def _masks(game: BowlsGame) -> tuple[int, int]:
    return core.mask(game.flags("volcano")), core.mask(game.flags("reverse"))


def _player_phase(game: BowlsGame, bowl: int):
    vol, rev = _masks(game)
    trace: list = []
    res = core.play(tuple(game.bowls), bowl - 1, vol, rev, trace)
    bowls, points, combo, rem, overflow, perfect, erupted = res
    report = _phase_report(trace, points, combo, rem, overflow, perfect, bowls)
    return res, report


def forecast(game: BowlsGame, bowl: int) -> MoveReport:
    """What sowing `bowl` would do in the player phase (the refill stays unknown). Changes nothing."""
    _check_move(game, bowl)
    (bowls, points, combo, rem, overflow, _p, _e), report = _player_phase(game, bowl)
    collected = _add_collected(game.collected, rem)
    reached = (not overflow and game.mode == "puzzle"
               and goal_reached(game.goal, bowls, game.score + points, collected, combo))
    return MoveReport(bowl=bowl, clockwise=bowl not in game.flags("reverse"), player=report,
                      score=game.score + points, goal_reached=reached, over=overflow,
                      outcome="overflow" if overflow else ("won" if reached else None), forecast=True)


def _add_collected(collected: dict[str, int], rem) -> dict[str, int]:
    out = dict(collected)
    for c in COLORS:
        out[c] = out.get(c, 0) + rem[core.SLOT[c]]
    return out


def _snapshot(game: BowlsGame) -> Snapshot:
    return Snapshot(bowls=list(game.bowls), modifiers=list(game.modifiers), score=game.score,
                    moves_used=game.moves_used, collected=dict(game.collected), last_combo=game.last_combo,
                    rng_state=game.rng_state, over=game.over, won=game.won, outcome=game.outcome)


# ---- making a move ---------------------------------------------------------------------------

def sow(game: BowlsGame, bowl: int) -> tuple[BowlsGame, MoveReport]:
    """Sow from `bowl` (1–12): the player phase, then in endless/daily the refill. Raises IllegalMoveError."""
    _check_move(game, bowl)
    (bowls, points, combo, rem, overflow, _perfect, erupted), player = _player_phase(game, bowl)
    upd: dict = {"version": game.version + 1, "moves_used": game.moves_used + 1,
                 "history": [*game.history, _snapshot(game)][-HISTORY_LIMIT:], "bowls": list(bowls)}
    refill_report = None
    reached = False
    outcome = None
    if overflow:
        outcome = "overflow"
        upd["last_combo"] = 0
    else:
        score = game.score + points
        collected = _add_collected(game.collected, rem)
        upd.update(score=score, collected=collected, last_combo=combo)
        moves_used = game.moves_used + 1
        if game.mode == "puzzle":
            reached = goal_reached(game.goal, bowls, score, collected, combo)
            if reached:
                outcome = "won"
            elif game.move_limit is not None and moves_used >= game.move_limit:  # a puzzle always has one
                outcome = "out_of_moves"
        elif game.mode == "daily" and moves_used >= DAILY_MOVES:
            outcome = "completed"      # no refill after the last safe move
        else:
            bowls, refill_report, rng_state, modifiers = _refill(game, bowls, erupted, moves_used)
            upd.update(bowls=list(bowls), rng_state=rng_state, modifiers=modifiers)
            if refill_report.phase.overflow:
                outcome = "overflow"
            else:
                upd["score"] = score + refill_report.phase.points
                upd["collected"] = _add_collected(collected, [refill_report.phase.removed.get(c, 0)
                                                              for c in COLORS] + [0])
    new = game.model_copy(update=upd)
    if outcome is None and not legal_bowls(new):
        outcome = "no_moves"
    if outcome is not None:
        new = new.model_copy(update={"over": True, "won": outcome == "won", "outcome": outcome})
    report = MoveReport(bowl=bowl, clockwise=bowl not in game.flags("reverse"), player=player,
                        refill=refill_report, score=new.score, goal_reached=reached, over=new.over,
                        outcome=new.outcome)
    return new, report


def _refill(game: BowlsGame, bowls, erupted: int, moves_used: int):
    """Two seeded stones into two different bowls; endless events once they have begun; then effects.

    Draw order (fixed, so a replay is exact): the two bowls, the two colours, then the event roll.
    Live modifiers apply to the refill's effects; they tick down afterwards and a new one starts with
    the next move.
    """
    rng = Rng(game.rng_state)
    first = rng.below(N_BOWLS)
    second = rng.below(N_BOWLS - 1)
    second = second + 1 if second >= first else second
    letters = [rng.choice(COLORS), rng.choice(COLORS)]
    event = event_bowl = None
    new_mod = None
    if game.mode == "endless" and moves_used >= EVENTS_AFTER and rng.chance(*EVENT_CHANCE):
        event = rng.choice(EVENT_KINDS)
        if event == "wild":
            letters[rng.below(2)] = core.WILD
        elif event == "blocker":
            letters[rng.below(2)] = core.BLOCKER
        else:
            taken = {m.bowl for m in game.modifiers if m.kind == event} | set(getattr(game, event))
            free = [n for n in range(1, N_BOWLS + 1) if n not in taken]
            if free:
                event_bowl = rng.choice(free)
                kind = cast(ModifierKind, event)  # wild and blocker were taken above: a flag's name remains
                new_mod = Modifier(bowl=event_bowl, kind=kind, moves_left=MODIFIER_MOVES)
            else:
                event = None
    drops = [(first, letters[0]), (second, letters[1])]
    vol, rev = _masks(game)
    trace: list = []
    out, points, rem, overflow, _ = core.refill(bowls, drops, vol, rev, erupted, trace)
    phase = _phase_report(trace, points, 0, rem, overflow, False, out)
    modifiers = [m.model_copy(update={"moves_left": m.moves_left - 1}) for m in game.modifiers if m.moves_left > 1]
    if new_mod is not None:
        modifiers.append(new_mod)
    report = RefillReport(stones=[(i + 1, ch) for i, ch in drops], event=event, event_bowl=event_bowl, phase=phase)
    return out, report, rng.state, modifiers


# ---- undo, pause, end, settings --------------------------------------------------------------

def undo(game: BowlsGame) -> BowlsGame:
    """Back to the state before the last accepted move, refill and score included; the RNG is not rerolled.

    In endless and daily the first undo makes the attempt practice.
    """
    if not game.history:
        raise IllegalMoveError("nothing", "there is no move to undo")
    if game.outcome == "ended":
        raise IllegalMoveError("over", "this attempt was ended; start a new one")
    snap = game.history[-1]
    upd = snap.model_dump()
    upd["modifiers"] = list(snap.modifiers)
    upd.update(version=game.version + 1, history=game.history[:-1])
    if game.mode != "puzzle":
        upd["practice"] = True
    return game.model_copy(update=upd)


def pause(game: BowlsGame) -> BowlsGame:
    if game.over:
        raise IllegalMoveError("over", "this attempt is over")
    return game.model_copy(update={"paused": True, "version": game.version + 1})


def resume(game: BowlsGame) -> BowlsGame:
    return game.model_copy(update={"paused": False, "version": game.version + 1})


def end_attempt(game: BowlsGame) -> BowlsGame:
    """End the attempt now; its result is what the bot records (see `eligible`)."""
    if game.over:
        return game
    return game.model_copy(update={"over": True, "paused": False, "outcome": "ended",
                                   "version": game.version + 1})


def eligible(game: BowlsGame) -> bool:
    """Whether a finished endless/daily attempt may set a personal best (never once practice)."""
    return game.over and not game.practice and game.mode != "puzzle"


def set_theme(game: BowlsGame, name: str) -> BowlsGame:
    from .themes import THEME_NAMES
    if name not in THEME_NAMES:
        raise BowlsError(f"unknown theme {name!r}; themes: {', '.join(THEME_NAMES)}", "unknown_theme")
    return game.model_copy(update={"theme": name})


def set_forecast(game: BowlsGame, on: bool) -> BowlsGame:
    return game.model_copy(update={"forecast": bool(on)})


# ---- the one engine API (engine/api.py) ----------------------------------------------------------

class BowlsEngine:
    """Bowls behind the five shared verbs: an endless attempt from a seed; an action is a bowl (1–12)."""

    name = "bowls"

    def new_game(self, seed: int) -> BowlsGame:
        return new_endless(seed)

    def legal_actions(self, state: BowlsGame) -> list[int]:
        return legal_bowls(state)

    def apply(self, state: BowlsGame, action: int) -> Applied[BowlsGame]:
        after, report = sow(state, action)
        return Applied(after, (report,))

    def outcome(self, state: BowlsGame) -> Outcome | None:
        if not state.over:
            return None
        return Outcome("won" if state.won else "over", state.outcome)

    def render_text(self, state: BowlsGame) -> str:
        from .text import render_text
        return render_text(state)


ENGINE = BowlsEngine()
