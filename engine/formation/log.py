"""The battle log's records (Action, Group, RoundLog): immutable named tuples, not pydantic models.

A logged battle makes about 170 of them; as pydantic models they cost five times the battle itself,
and the bot logs every Battle press and hint. They keep the models' attributes, equality and JSON
shape: `model_dump()` gives the same dict, and inside a pydantic model (BattleResult) they validate
from that dict and serialise to it. A board (HP or shields after a group, a round's start shields
and end HP) is kept as the core recorded it, ten numbers in board order (side a's five slots, then
side b's), and shown per side as {"a": (...), "b": (...)} on reading.
"""
from __future__ import annotations

from operator import itemgetter
from typing import Any

from pydantic_core import core_schema

_ACTION_FIELDS = ("side", "slot", "creature", "move", "effect", "target_side", "target_slot", "target",
                  "amount", "applied", "blocked")
_SIDES = ("a", "b")


def _per_side(board: tuple[int, ...]) -> dict[str, tuple[int, ...]]:
    return {"a": board[:5], "b": board[5:]}


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

    @property
    def hp(self) -> dict[str, tuple[int, ...]]:
        return _per_side(self.board_hp)

    @property
    def shields(self) -> dict[str, tuple[int, ...]]:
        return _per_side(self.board_shields)

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


class RoundLog(_Record):
    """One round: `start_shields` (after last round's faded and the ground's start rule), its groups,
    `hp_end` (after the ground's end-of-round rule, or where the battle stopped) and `completed`
    (False when the battle stopped inside this round)."""
    __slots__ = ()
    round, board_start_shields, groups, board_hp_end, completed = (property(itemgetter(k)) for k in range(5))

    @property
    def start_shields(self) -> dict[str, tuple[int, ...]]:
        return _per_side(self.board_start_shields)

    @property
    def hp_end(self) -> dict[str, tuple[int, ...]]:
        return _per_side(self.board_hp_end)

    def model_dump(self) -> dict[str, Any]:
        return {"round": self.round, "start_shields": self.start_shields,
                "groups": tuple(g.model_dump() for g in self.groups), "hp_end": self.hp_end,
                "completed": self.completed}

    @classmethod
    def from_dump(cls, data: Any) -> RoundLog:
        d = _fields(cls, data, ("round", "start_shields", "groups", "hp_end", "completed"), {})
        if not isinstance(d["completed"], bool):
            raise ValueError("RoundLog: completed must be true or false")
        return cls((d["round"], _board(d["start_shields"], "RoundLog.start_shields"),
                    tuple(Group.coerce(g) for g in d["groups"]), _board(d["hp_end"], "RoundLog.hp_end"),
                    d["completed"]))


__all__ = ["Action", "Group", "RoundLog"]
