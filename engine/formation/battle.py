"""The readable battle: BattleResult with a round-by-round log, goals, and text summaries for the bot."""
from __future__ import annotations

from operator import getitem
from typing import Literal

from pydantic import BaseModel, ConfigDict

from . import core
from .log import Action, Group, RoundLog, speed_of
from .model import (
    CREATURES,
    GROUNDS,
    SLOT_LABELS,
    SLOTS,
    FormationError,
    InvalidFormationError,
    KeepAlive,
    MinStanding,
    Puzzle,
    WinByRound,
    check_limits,
    parse_lineup,
    rounds_limit,
)

Side = Literal["a", "b"]
_OP_EFFECT = {
    core.OP_HIT: "damage", core.OP_BLAST: "damage", core.OP_LEAP: "damage", core.OP_MEND: "heal",
    core.OP_TEAM_HEAL: "heal", core.OP_SELF_SHIELD: "shield", core.OP_TEAM_SHIELD: "shield",
    core.OP_FRONT_SHIELD: "shield", core.OP_SHIELD_LOWEST: "shield",
}


class GoalResult(BaseModel):
    model_config = ConfigDict(frozen=True)
    goal: str
    met: bool


class BattleResult(BaseModel):
    """Everything a battle produced. Side a is the player in puzzles; side b the opponent."""
    model_config = ConfigDict(frozen=True)
    a: dict[str, str]
    b: dict[str, str]
    ground: str
    max_rounds: int
    winner: Literal["a", "b", "draw"]
    rounds: int
    end: Literal["knockout", "time"]
    hp: dict[str, dict[str, int]]
    max_hp: dict[str, dict[str, int]]
    log: tuple[RoundLog, ...] = ()
    puzzle_id: str | None = None
    goals: tuple[GoalResult, ...] = ()

    @property
    def won(self) -> bool:
        return self.winner == "a"

    @property
    def standing(self) -> int:
        """Side a's creatures still standing."""
        return sum(1 for v in self.hp["a"].values() if v > 0)

    @property
    def mastered(self) -> bool:
        """A win with every goal met in this battle (a puzzle without goals: any win)."""
        return self.won and all(g.met for g in self.goals)

    def cli_shape(self) -> dict:
        return {"winner": self.winner, "rounds": self.rounds, "end": self.end, "hp": self.hp}


def _ids(a: dict[str, str], b: dict[str, str]) -> tuple[int, ...]:
    """The board's creature ids from two line-ups in slot order (as parse_lineup returns them)."""
    return tuple(map(core.ID.__getitem__, (*a.values(), *b.values())))


def _side_slot(i: int) -> tuple[Side, str]:
    return ("a" if i < 5 else "b"), SLOTS[i % 5]


_SIDE_SLOT = tuple(_side_slot(i) for i in range(10))


def simulate(a: dict[str, str], b: dict[str, str], ground: str = "clear",
             max_rounds: int | None = None, *, with_log: bool = True) -> BattleResult:
    """Play side a against side b on a ground. Raises InvalidFormationError on bad input."""
    a = parse_lineup(a, what="side a")
    b = parse_lineup(b, what="side b")
    if ground not in GROUNDS:
        raise InvalidFormationError("ground", f"unknown ground {ground!r} (grounds: {' '.join(GROUNDS)})")
    limit = rounds_limit(ground, max_rounds)
    if not 1 <= limit <= core.MAX_ROUNDS:
        raise InvalidFormationError("max_rounds", f"max_rounds must be 1..{core.MAX_ROUNDS}")
    ids = _ids(a, b)
    if with_log:
        hp, mx, sched = core.prepare(ids, MEMBERS)
        log: list = []
        w, r, ko = core.run(hp, mx, sched, limit, core.GROUND_CODE[ground], log, targets=target_row(ids), board=ids)
    else:
        hp, mx, sched = core.prepare(ids)
        w, r, ko = core.run(hp, mx, sched, limit, core.GROUND_CODE[ground])
    return _result({
        "a": a, "b": b, "ground": ground, "max_rounds": limit, "winner": ("a", "b", "draw")[w], "rounds": r,
        "end": "knockout" if ko else "time",
        "hp": _by_slot(hp), "max_hp": _by_slot(mx),
        "log": tuple(log) if with_log else (), "puzzle_id": None, "goals": (),
    })


_FIELDS_SET = frozenset(BattleResult.model_fields)
_new, _set = object.__new__, object.__setattr__
_FL, _FR, _BL, _BM, _BR = SLOTS


def _by_slot(board: list[int]) -> dict[str, dict[str, int]]:
    """Each side's numbers by slot, from ten in board order (a dict display: twice as fast as zipping)."""
    return {"a": {_FL: board[0], _FR: board[1], _BL: board[2], _BM: board[3], _BR: board[4]},
            "b": {_FL: board[5], _FR: board[6], _BL: board[7], _BM: board[8], _BR: board[9]}}


def _result(fields: dict) -> BattleResult:
    """A BattleResult from fields built here from checked input, without re-validating them: what
    BattleResult.model_construct does, minus its per-field bookkeeping."""
    res = _new(BattleResult)  # BattleResult.__new__ is object's, but found through pydantic's metaclass
    _set(res, "__dict__", fields)
    _set(res, "__pydantic_fields_set__", set(_FIELDS_SET))
    _set(res, "__pydantic_extra__", None)
    _set(res, "__pydantic_private__", None)
    return res


# An action's two halves, shared by every battle: ACTOR[round kind][creature id][board index] is
# (side, slot, creature, move, effect), TARGET[creature id][board index] is (side, slot, creature).
# core.run builds the log's Actions from them as the battle is played.
TARGET = tuple(tuple(_SIDE_SLOT[k] + (name,) for k in range(10)) for name in core.NAMES)
ACTOR = tuple(
    tuple(tuple(TARGET[c][k] + (CREATURES[name].ability.name if c in fires else "attack", _OP_EFFECT[table[c][1]])
                for k in range(10)) for c, name in enumerate(core.NAMES))
    for table, fires in ((core.ACTION[kind], core.FIRES[core.ROUND_KIND.index(kind, 1)])
                         for kind in range(len(core.ACTION)))
)
MEMBERS = core.member_tables(ACTOR, TARGET)  # the schedules' members, with their halves of the log's Actions


_TARGET_AT = tuple(tuple(TARGET[c][k] for c in range(len(core.NAMES))) for k in range(10))  # [index][creature]


def target_row(ids: tuple[int, ...]) -> tuple[tuple[str, str, str], ...]:
    """The target half of an Action for each board index of a board of 10 creature ids."""
    return tuple(map(getitem, _TARGET_AT, ids))


def goal_met(goal, result: BattleResult) -> bool:
    """A goal counts only in a won battle (each goal is 'win and …')."""
    if not result.won:
        return False
    if isinstance(goal, WinByRound):
        return result.rounds <= goal.round
    if isinstance(goal, KeepAlive):
        return any(n == goal.creature and result.hp["a"][s] > 0 for s, n in result.a.items())
    if isinstance(goal, MinStanding):
        return result.standing >= goal.count
    raise TypeError(goal)


def battle(puzzle: Puzzle, formation: dict[str, str], *, with_log: bool = True) -> BattleResult:
    """Check the player's formation against the puzzle's limits, then play it (player is side a)."""
    check_limits(puzzle, formation)
    res = simulate(formation, puzzle.opponent, puzzle.ground, puzzle.max_rounds, with_log=with_log)
    goals = tuple(GoalResult(goal=g.text(), met=goal_met(g, res)) for g in puzzle.mastery)
    return res.model_copy(update={"puzzle_id": puzzle.id, "goals": goals})


# ---------------------------------------------------------------------------------------- text views

def _who(side: str, slot: str, name: str, player_view: bool) -> str:
    if player_view:
        owner = "your" if side == "a" else "their"
    else:
        owner = f"{side}'s"
    return f"{owner} {name} ({SLOT_LABELS[slot]})"


def describe_round(result: BattleResult, number: int, *, player_view: bool = True) -> list[str]:
    """Lines for one round: each group's actions (area abilities folded into one line) and knockouts."""
    rl = next((x for x in result.log if x.round == number), None)
    if rl is None:
        raise FormationError("no_round", f"round {number} was not played")
    lines = [f"Round {number}"]
    felled = dict(rl.knockouts)
    for n, actions in enumerate(rl.recorded):  # the groups as recorded: the boards are not needed here
        speed = speed_of(actions[0][0])
        folded: dict[tuple, list[tuple]] = {}  # by actor (side, slot, creature, move, effect)
        for act in actions:
            folded.setdefault(act[0], []).append(act)
        for (side, slot, creature, move, effect), acts in folded.items():
            who = _who(side, slot, creature, player_view)
            if len(acts) == 1:
                (target_side, target_slot, target), amount, applied, blocked = acts[0][1:]
                tgt = "itself" if (target_side, target_slot) == (side, slot) else \
                    _who(target_side, target_slot, target, player_view)
                verb = "attacks" if move == "attack" else f"uses {move} on"
                lines.append(f"  [speed {speed}] {who} {verb} {tgt}: {_effect_text(effect, amount, applied, blocked)}")
            else:
                targets = ", ".join(f"{x[1][2]} {_short_effect(effect, x[3], x[4])}" for x in acts)
                lines.append(f"  [speed {speed}] {who} uses {move} ({acts[0][2]} {effect} each): {targets}")
        for side, slot in felled.get(n, ()):
            name = (result.a if side == "a" else result.b)[slot]
            lines.append(f"  {_who(side, slot, name, player_view)} is knocked out")
    return lines


def _effect_text(effect: str, amount: int, applied: int, blocked: int) -> str:
    """'14 damage (5 blocked)', 'heals 7 (of 12)', '18 shield (12 within the cap)'."""
    if effect == "damage":
        return f"{amount} damage" + (f" ({blocked} blocked by shield)" if blocked else "")
    if effect == "heal":
        return f"heals {applied}" + (f" (of {amount}, capped at max HP)" if applied < amount else "")
    return f"{amount} shield" + (f" ({applied} within the cap of 20)" if applied < amount else "")


def _short_effect(effect: str, applied: int, blocked: int) -> str:
    if effect == "damage":
        return f"-{applied}" + (f" ({blocked} blocked)" if blocked else "")
    if effect == "heal":
        return f"+{applied}"
    return f"+{applied} shield"


def outcome_line(result: BattleResult, *, player_view: bool = True) -> str:
    if result.winner == "draw":
        head = "Draw"
    elif player_view:
        head = "You win" if result.won else "You lose"
    else:
        head = f"Side {result.winner} wins"
    how = "by knockout" if result.end == "knockout" else "on time (the final comparison)"
    return f"{head} {how} in round {result.rounds}."


def summary_lines(result: BattleResult, *, player_view: bool = True) -> list[str]:
    """A compact round-by-round summary: one line per round, then the outcome and goals."""
    lines = []
    for rl in result.log:
        dealt = {"a": 0, "b": 0}
        healed = {"a": 0, "b": 0}
        kos = []
        for actions in rl.recorded:  # the groups as recorded: the boards are not needed here
            for actor, _, _, applied, _ in actions:
                if actor[4] == "damage":
                    dealt[actor[0]] += applied
                elif actor[4] == "heal":
                    healed[actor[0]] += applied
        for _, t in rl.felled:  # (group's place, board index), in the order they fell
            side, slot = _SIDE_SLOT[t]
            # every creature's side is named: the same creature may stand on both sides
            mark = ("yours" if side == "a" else "theirs") if player_view else side
            kos.append(f"{(result.a if side == 'a' else result.b)[slot]} ({mark})")
        you, them = ("You", "They") if player_view else ("a", "b")
        parts = [f"{you} deal {dealt['a']}", f"{them} deal {dealt['b']}"]
        if healed["a"]:
            parts.append(f"{you.lower() if player_view else 'a'} heal {healed['a']}")
        if healed["b"]:
            parts.append(f"{them.lower() if player_view else 'b'} heal {healed['b']}")
        line = f"R{rl.round}: " + ", ".join(parts)
        if kos:
            line += " · out: " + ", ".join(kos)
        lines.append(line)
    lines.append(outcome_line(result, player_view=player_view))
    for g in result.goals:
        lines.append(f"{'✓' if g.met else '✗'} {g.goal}")
    return lines


def text_board(result: BattleResult) -> str:
    """The final board as text, for screen readers: slot, creature, HP/max per side."""
    out = []
    for side, label in (("a", "Yours"), ("b", "Theirs")):
        lineup = result.a if side == "a" else result.b
        cells = [f"{SLOT_LABELS[s]}: {lineup[s]} {result.hp[side][s]}/{result.max_hp[side][s]}" for s in SLOTS]
        out.append(f"{label}: " + "; ".join(cells))
    return "\n".join(out)


__all__ = [
    "Action", "Group", "RoundLog", "GoalResult", "BattleResult", "simulate", "battle", "goal_met",
    "describe_round", "summary_lines", "outcome_line", "text_board",
]
