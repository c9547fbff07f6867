"""The battle log's records (Action, Group, RoundLog): immutable named tuples, not pydantic models.

A logged battle holds about 170 of them; as pydantic models they cost five times the battle itself,
and the bot logs every Battle press and hint. They keep the models' attributes, equality and JSON
shape: `model_dump()` gives the same dict, and inside a pydantic model (BattleResult) they validate
from that dict and serialise to it. While the battle runs, the core records little more than the
actions (each round's RoundLog, see there); the boards after each group and the Groups are replayed
from that when first read. A board is ten numbers in board order (side a's five slots, then side
b's), shown per side as {"a": (...), "b": (...)}.
"""
from __future__ import annotations

from operator import itemgetter
from typing import Any

from pydantic_core import core_schema

from .model import CREATURES, SHIELD_SPEED, SLOTS

_ACTION_FIELDS = ("side", "slot", "creature", "move", "effect", "target_side", "target_slot", "target",
                  "amount", "applied", "blocked")
_SIDES = ("a", "b")
_SIDE_BASE = {"a": 0, "b": 5}
_SLOT_AT = {slot: k for k, slot in enumerate(SLOTS)}
_SIDE_SLOT = tuple((side, slot) for side in _SIDES for slot in SLOTS)  # by board index
_SPEED = {name: c.speed for name, c in CREATURES.items()}


def _per_side(board: tuple[int, ...]) -> dict[str, tuple[int, ...]]:
    return {"a": board[:5], "b": board[5:]}


class _PerSide:
    """A record's board of ten (both sides, slot order) read as each side's five, as a dump shows it."""

    def __init__(self, board: str) -> None:
        self.board = board

    def __get__(self, record: Any, owner: Any = None) -> dict[str, tuple[int, ...]]:
        return _per_side(getattr(record, self.board))


def _board(value: Any, what: str) -> tuple[int, ...]:
    """Ten numbers from a per-side dict {"a": five, "b": five} (the dumped shape) or a 10-sequence."""
    if isinstance(value, dict):
        if set(value) != set(_SIDES):
            raise ValueError(f"{what}: expected sides a and b")
        value = tuple(value["a"]) + tuple(value["b"])
    value = tuple(value)
    if len(value) != 10 or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise ValueError(f"{what}: expected five whole numbers per side")
    return value


def _fields(cls: type, data: Any, required: tuple[str, ...], optional: dict[str, Any]) -> dict[str, Any]:
    """The dumped dict's fields checked for presence (unknown keys refused), optional ones defaulted."""
    if not isinstance(data, dict):
        raise ValueError(f"{cls.__name__}: expected an object")
    unknown = set(data) - set(required) - set(optional)
    missing = [k for k in required if k not in data]
    if unknown or missing:
        raise ValueError(f"{cls.__name__}: " + (f"unknown field {sorted(unknown)[0]!r}" if unknown
                                                 else f"missing field {missing[0]!r}"))
    return optional | data


class _Record(tuple):
    """What the three records share: a tuple of their fields, built as `Record((field, ...))` (tuple's own
    constructor, the cheapest object Python makes); pydantic validates them from their dump and
    serialises them to it."""
    __slots__ = ()

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> core_schema.CoreSchema:
        return core_schema.no_info_plain_validator_function(
            cls.coerce, serialization=core_schema.plain_serializer_function_ser_schema(lambda v: v.model_dump()))

    @classmethod
    def coerce(cls, value: Any) -> Any:
        return value if isinstance(value, cls) else cls.from_dump(value)  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        fields = self.model_dump().items()  # type: ignore[attr-defined]  # each record class defines it
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in fields)})"


class Action(_Record):
    """One creature's effect on one target within a group (an area ability gives one Action per target).

    side, slot, creature; move ("attack" or the ability's name); effect ("damage", "heal", "shield");
    target_side, target_slot, target; amount as printed on the card (or the attack); applied, what it
    did (HP lost, HP healed up to max, or shield added within the cap of 20); blocked, the part of a hit
    the target's shield absorbed. Who acts how (side..effect) and on whom (target_side..target) are two
    shared tuples, since one battle repeats them in every round.
    """
    __slots__ = ()
    actor, target_of, amount, applied, blocked = (property(itemgetter(k)) for k in range(5))
    side = property(lambda self: self[0][0])
    slot = property(lambda self: self[0][1])
    creature = property(lambda self: self[0][2])
    move = property(lambda self: self[0][3])
    effect = property(lambda self: self[0][4])
    target_side = property(lambda self: self[1][0])
    target_slot = property(lambda self: self[1][1])
    target = property(lambda self: self[1][2])

    @classmethod
    def make(cls, side: str, slot: str, creature: str, move: str, effect: str, target_side: str,
             target_slot: str, target: str, amount: int, applied: int = 0, blocked: int = 0) -> Action:
        return cls(((side, slot, creature, move, effect), (target_side, target_slot, target), amount, applied, blocked))

    def model_dump(self) -> dict[str, Any]:
        return dict(zip(_ACTION_FIELDS, self[0] + self[1] + self[2:]))

    @classmethod
    def from_dump(cls, data: Any) -> Action:
        d = _fields(cls, data, _ACTION_FIELDS[:9], {"applied": 0, "blocked": 0})
        for k in ("amount", "applied", "blocked"):
            if not isinstance(d[k], int) or isinstance(d[k], bool):
                raise ValueError(f"Action: {k} must be a whole number")
        for k in ("side", "target_side"):
            if d[k] not in _SIDES:
                raise ValueError(f"Action: {k} must be 'a' or 'b'")
        if d["effect"] not in ("damage", "heal", "shield"):
            raise ValueError("Action: effect must be damage, heal or shield")
        return cls.make(*(d[k] for k in _ACTION_FIELDS))


class Group(_Record):
    """A speed group: its actions, and the board right after it (`hp`, `shields`: per side, slot order)."""
    __slots__ = ()
    speed, actions, board_hp, board_shields, knocked_out = (property(itemgetter(k)) for k in range(5))

    hp, shields = _PerSide("board_hp"), _PerSide("board_shields")

    def model_dump(self) -> dict[str, Any]:
        return {"speed": self.speed, "actions": tuple(a.model_dump() for a in self.actions), "hp": self.hp,
                "shields": self.shields, "knocked_out": self.knocked_out}

    @classmethod
    def from_dump(cls, data: Any) -> Group:
        d = _fields(cls, data, ("speed", "actions", "hp", "shields", "knocked_out"), {})
        kos = tuple(tuple(x) for x in d["knocked_out"])
        if not all(len(x) == 2 and x[0] in _SIDES for x in kos):
            raise ValueError("Group: knocked_out holds (side, slot) pairs")
        return cls((d["speed"], tuple(Action.coerce(a) for a in d["actions"]), _board(d["hp"], "Group.hp"),
                    _board(d["shields"], "Group.shields"), kos))


def _index(target_of: tuple) -> int:
    """The board index of an action's target (side a's five slots, then side b's)."""
    return _SIDE_BASE[target_of[0]] + _SLOT_AT[target_of[1]]


def speed_of(actor: tuple) -> int:
    """A group's speed, from any of its actors (side, slot, creature, move, effect): a shield ability
    acts at the shield speed, anything else at the creature's own."""
    return SHIELD_SPEED if actor[4] == "shield" else _SPEED[actor[2]]


def _knockouts(rl: RoundLog) -> tuple[tuple[int, tuple[tuple[str, str], ...]], ...]:
    """(group's place in the round, knocked_out) for each group of the round that felled anyone, from
    the core's (place, board index) pairs, which it keeps in that order."""
    out: list[tuple[int, list[tuple[str, str]]]] = []
    for n, t in rl.felled:
        if not out or out[-1][0] != n:
            out.append((n, []))
        out[-1][1].append(_SIDE_SLOT[t])
    return tuple((n, tuple(where)) for n, where in out)


def _replayed(rl: RoundLog) -> tuple[Group, ...]:
    """A round's Groups, with the boards after each replayed from the round's start: a hit takes its
    `applied` from HP and its `blocked` from the shield, a heal adds its `applied` to HP, a shield its
    `applied` to the shield (each is what the effect did, so the boards come out as the battle had
    them). An action recorded as a plain tuple becomes an Action here."""
    hp = list(rl.board_hp_start)
    sh = list(rl.board_start_shields)
    shields: tuple[int, ...] | None = rl.board_start_shields  # shared by the groups until one changes them
    felled = dict(rl.knockouts)
    out = []
    for n, actions in enumerate(rl.recorded):
        for act in actions:
            effect, applied, blocked = act[0][4], act[3], act[4]
            if effect == "damage":
                t = _index(act[1])
                hp[t] -= applied
                if blocked:
                    sh[t] -= blocked
                    shields = None
            elif effect == "heal":
                if applied:
                    hp[_index(act[1])] += applied
            elif applied:
                sh[_index(act[1])] += applied
                shields = None
        if shields is None:
            shields = tuple(sh)
        if not all(type(a) is Action for a in actions):
            actions = tuple(a if type(a) is Action else Action(a) for a in actions)
        out.append(Group((speed_of(actions[0][0]), actions, tuple(hp), shields, felled.get(n, ()))))
    return tuple(out)


class _WhenRead:
    """A RoundLog attribute made from the round's record when first read, then kept on the RoundLog (a
    descriptor without __set__, so the kept value is found first from then on)."""

    def __init__(self, make: Any) -> None:
        self.make = make

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, rl: Any, owner: Any = None) -> Any:
        if rl is None:
            return self
        value = rl.__dict__[self.name] = self.make(rl)
        return value


# What a dumped group holds that its actions decide: (Group attribute, the dump's name for it).
_REPLAYED_FIELDS = (("speed", "speed"), ("board_hp", "hp"), ("board_shields", "shields"),
                    ("knocked_out", "knocked_out"))


class RoundLog(_Record):
    """One round: `start_shields` (after last round's faded and the ground's start rule), its groups,
    `hp_end` (after the ground's end-of-round rule, or where the battle stopped) and `completed`
    (False when the battle stopped inside this round).

    What the core records is less: the HP at the round's start (`board_hp_start`), each group as its
    actions, an action that did not land whole as a plain tuple of its fields (`recorded`), and who
    fell as (group's place in the round, board index) pairs in that order (`felled`). The Groups, with
    their speed (speed_of their actors) and the board after each, are replayed from these when
    `groups` is first read, and kept (so a RoundLog is not slotted). The battle runs without making
    them, and a reader that needs only the actions and knockouts (the summary, the round text) reads
    the record and `knockouts`. Two RoundLogs are equal when their records are.
    """
    round, board_start_shields, recorded, board_hp_end, completed, board_hp_start, felled = (
        property(itemgetter(k)) for k in range(7))
    groups = _WhenRead(_replayed)

    @property
    def knockouts(self) -> tuple[tuple[int, tuple[tuple[str, str], ...]], ...]:
        """(group's place in the round, knocked_out) for each group that felled anyone."""
        return _knockouts(self) if self[6] else ()

    start_shields, hp_end = _PerSide("board_start_shields"), _PerSide("board_hp_end")

    def model_dump(self) -> dict[str, Any]:
        return {"round": self.round, "start_shields": self.start_shields,
                "groups": tuple(g.model_dump() for g in self.groups), "hp_end": self.hp_end,
                "completed": self.completed}

    @classmethod
    def from_dump(cls, data: Any) -> RoundLog:
        """A RoundLog from its dump: the HP at the round's start is found from its first group (the HP
        after it, with what its actions took and healed given back), and the dumped boards must be the
        ones the round's actions replay to."""
        d = _fields(cls, data, ("round", "start_shields", "groups", "hp_end", "completed"), {})
        if not isinstance(d["completed"], bool):
            raise ValueError("RoundLog: completed must be true or false")
        groups = tuple(Group.coerce(g) for g in d["groups"])
        hp_end = _board(d["hp_end"], "RoundLog.hp_end")
        try:
            start = list(groups[0].board_hp if groups else hp_end)
            for act in groups[0].actions if groups else ():
                if act.effect != "shield":
                    start[_index(act.target_of)] += act.applied if act.effect == "damage" else -act.applied
            felled = tuple((n, _index(where)) for n, g in enumerate(groups) for where in g.knocked_out)
            rl = cls((d["round"], _board(d["start_shields"], "RoundLog.start_shields"),
                      tuple(g.actions for g in groups), hp_end, d["completed"], tuple(start), felled))
            replayed = rl.groups
        except (KeyError, IndexError):
            raise ValueError("RoundLog: a group without actions, or an action on no side's slot") from None
        before = rl.board_hp_start
        for n, (mine, dumped) in enumerate(zip(replayed, groups), 1):
            fell = tuple(_SIDE_SLOT[t] for t in range(10) if before[t] and not mine.board_hp[t])  # by the boards
            for field, name in _REPLAYED_FIELDS:
                if (fell if field == "knocked_out" else getattr(mine, field)) != getattr(dumped, field):
                    raise ValueError(f"RoundLog: round {rl.round}, group {n}: its {name} is not what its actions did")
            before = mine.board_hp
        return rl


__all__ = ["Action", "Group", "RoundLog"]
