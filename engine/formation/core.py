"""The battle on plain integers: one fast loop used by both the readable battle API and the solver.

Board indices 0..4 are side a's slots (front_left, front_right, back_left, back_middle, back_right),
5..9 side b's. Creatures are roster ids 0..9. What no board changes (target priorities, the action
table of each round kind) is computed once at import; a board's speed-group schedules once per board
(`prepare`), so a battle's loop only reads tables.
"""
from __future__ import annotations

from operator import getitem
from typing import Any, NamedTuple

from .log import Action, RoundLog
from .model import (
    COLUMNS,
    CREATURES,
    GROUNDS,
    GUILD_PAIR_BONUS,
    NAMES,
    PARTNER,
    SHIELD_CAP,
    SHIELD_SPEED,
)

# Operation codes of one action; the shields come last, so run() tells them apart at once.
OP_HIT, OP_BLAST, OP_MEND, OP_LEAP, OP_TEAM_HEAL, OP_SELF_SHIELD, OP_TEAM_SHIELD, OP_FRONT_SHIELD, \
    OP_SHIELD_LOWEST = range(9)
_KIND_OP = {
    "strike": OP_HIT, "blast": OP_BLAST, "mend_lowest": OP_MEND, "leap": OP_LEAP,
    "self_shield": OP_SELF_SHIELD, "team_shield": OP_TEAM_SHIELD, "team_heal": OP_TEAM_HEAL,
    "front_shield": OP_FRONT_SHIELD, "shield_lowest": OP_SHIELD_LOWEST,
}
SHIELD_OPS = frozenset({OP_SELF_SHIELD, OP_TEAM_SHIELD, OP_FRONT_SHIELD, OP_SHIELD_LOWEST})

CLEAR, SHELTERED, MOON_DEW, SHORT = range(4)
GROUND_CODE = {g: i for i, g in enumerate(GROUNDS)}
ID = {n: i for i, n in enumerate(NAMES)}
BASE_HP = tuple(CREATURES[n].hp for n in NAMES)
PARTNER_ID = tuple(ID[PARTNER[n]] for n in NAMES)
PAIRED_HP = tuple(hp + GUILD_PAIR_BONUS for hp in BASE_HP)  # a guild pair's maximum HP


def _normal_priority(i: int) -> tuple[int, ...]:
    """Enemy board indices in the order a normal attack from board index i looks at them."""
    col = COLUMNS[i % 5]
    base = 5 if i < 5 else 0
    front = sorted((0, 1), key=lambda s: (abs(COLUMNS[s] - col), s))
    back = sorted((2, 3, 4), key=lambda s: (abs(COLUMNS[s] - col), s))
    return tuple(base + s for s in front + back)


NORMAL = tuple(_normal_priority(i) for i in range(10))
ALLIES = tuple(tuple(range(0, 5)) if i < 5 else tuple(range(5, 10)) for i in range(10))
ENEMIES = tuple(ALLIES[(i + 5) % 10] for i in range(10))
ENEMY_BACK = tuple(e[2:] for e in ENEMIES)
ALLY_FRONT = tuple(a[:2] for a in ALLIES)


def topology(slot_of_a: tuple[int, ...] = (0, 1, 2, 3, 4)) -> tuple:
    """Target tables when side a's board index j stands in slot slot_of_a[j] (side b: index 5+slot).

    The solver keeps side a's creatures in a fixed order and moves them between slots, so only
    these tables change between formations of one creature set (120 of them, built once).
    Returns (normal, allies, enemies, enemy_back, ally_front, front_indices, slot_of_a, first_aims), the
    last each board index's normal target on a full board (run() starts from it).
    """
    inv = [0] * 5
    for j, s in enumerate(slot_of_a):
        inv[s] = j
    a_by_slot = tuple(inv)

    def to_board(i: int) -> int:  # standard (slot) index -> board index
        return a_by_slot[i] if i < 5 else i

    def slot_index(j: int) -> int:  # board index -> standard index
        return slot_of_a[j] if j < 5 else j

    normal = tuple(tuple(to_board(t) for t in NORMAL[slot_index(j)]) for j in range(10))
    allies = tuple(tuple(to_board(t) for t in ALLIES[slot_index(j)]) for j in range(10))
    enemies = tuple(tuple(to_board(t) for t in ENEMIES[slot_index(j)]) for j in range(10))
    enemy_back = tuple(e[2:] for e in enemies)
    ally_front = tuple(a[:2] for a in allies)
    front = (a_by_slot[0], a_by_slot[1], 5, 6)
    return normal, allies, enemies, enemy_back, ally_front, front, tuple(slot_of_a), tuple(p[0] for p in normal)


IDENTITY = topology()

# Round kinds: which creatures' abilities fire. Built from the printed rounds (up to round 20).
MAX_ROUNDS = 20
_firing = [frozenset(ID[n] for n in NAMES if r in CREATURES[n].ability.rounds) for r in range(MAX_ROUNDS + 1)]
FIRES = tuple(_firing)  # FIRES[r]: roster ids whose ability fires in round r
_kinds = sorted(set(_firing[1:]), key=lambda s: (len(s), sorted(s)))
ROUND_KIND = tuple(_kinds.index(f) for f in _firing)  # index 0 unused but valid
N_KINDS = len(_kinds)

# ACTION[kind][creature] = (speed this round, op, amount)
ACTION: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(
        (SHIELD_SPEED if (cid in fire and CREATURES[n].ability.is_shield) else CREATURES[n].speed,
         _KIND_OP[CREATURES[n].ability.kind] if cid in fire else OP_HIT,
         CREATURES[n].ability.amount if cid in fire else CREATURES[n].attack)
        for cid, n in enumerate(NAMES))
    for fire in _kinds
)


def max_hps(ids: tuple[int, ...]) -> list[int]:
    """Maximum HP on the board of 10 creature ids, guild-pair bonus included (per side)."""
    out = []
    for side in (ids[:5], ids[5:]):
        for c in side:
            out.append(PAIRED_HP[c] if PARTNER_ID[c] in side else BASE_HP[c])
    return out


NO_SHIELDS = (0,) * 10

# The shapes of a speed group in a schedule (see schedules()).
LONE, PAIR, HITS, MIXED = range(4)


class KindTables(NamedTuple):
    """What schedules() reads for one round kind, by member key 10 * creature + board index (key 100
    ends a board: it sorts last and has no speed). Every group of one member, and of two at one speed,
    is built here once; a hit or heal that lands is a landing (target, amount, event index, who, whole),
    so a lone or paired normal hit picks its landing from a table by target instead of building it."""
    rank: Any  # key -> sort position: fastest first, then board index
    speed: tuple[int, ...]  # key -> speed this round
    single: tuple[tuple, ...]  # key -> the group of that member alone
    pair: dict[int, tuple]  # 100 * key + key2 (same speed, key's board index first) -> their group
    as_mixed: tuple[tuple, ...]  # key -> (index, op, amount, who, whole by target), a MIXED member
    as_hit: tuple[tuple, ...]  # key -> (index, amount, who, whole by target), a HITS member
    hits_only: tuple[bool, ...]  # key -> its action is a normal hit


def _landings(member: tuple, k: int) -> tuple:
    """By target board index: the normal hit of a MIXED-shaped member landing as event k (None on allies)."""
    i, _, amt, who, whole = member
    return tuple((t, amt, k, who, whole[t]) if t in ENEMIES[i] else None for t in range(10))


def _kind_tables(table: tuple, who_of: Any, whole_of: Any, top: int) -> KindTables:
    """One round kind's KindTables from its ACTION table; who_of(creature, index) is a member's `who`,
    whole_of(op, amount, who, index) its Actions landing whole by target (see member_tables)."""
    keys = range(100)
    speed = tuple(table[key // 10][0] for key in keys) + (-1,)
    rank = tuple((top - speed[key]) * 10 + key % 10 for key in keys) + (100 * top,)
    as_mixed = tuple((i, op, amt, who, whole_of(op, amt, who, i))
                     for key in keys for i, (_, op, amt), who in [(key % 10, table[key // 10],
                                                                   who_of(key // 10, key % 10))])
    as_hit = tuple((i, amt, who, whole) for i, _, amt, who, whole in as_mixed)
    hits_only = tuple(m[1] == OP_HIT for m in as_mixed)
    first = tuple(_landings(m, 0) for m in as_mixed)
    second = tuple(_landings(m, 1) for m in as_mixed)
    alone = tuple(tuple((x,) if x else None for x in by_target) for by_target in first)
    single = tuple((LONE, (key % 10, alone[key]), speed[key]) if hits_only[key]
                   else (MIXED, (as_mixed[key],), speed[key]) for key in keys)
    pair = {}
    for k1 in keys:
        for k2 in keys:
            if k1 % 10 < k2 % 10 and speed[k1] == speed[k2]:
                if hits_only[k1] and hits_only[k2]:
                    members: tuple = (k1 % 10, first[k1], alone[k1], k2 % 10, second[k2], alone[k2])
                    pair[100 * k1 + k2] = (PAIR, members, speed[k1])
                else:
                    pair[100 * k1 + k2] = (MIXED, (as_mixed[k1], as_mixed[k2]), speed[k1])
    return KindTables(rank.__getitem__, speed, single, pair, as_mixed, as_hit, hits_only)


NOT_LOGGED = (None,) * 10  # a member's Actions by target when battles are not logged
DAMAGE_OPS = frozenset({OP_HIT, OP_LEAP, OP_BLAST})


def member_tables(actors: tuple | None = None, target_of: tuple | None = None) -> tuple[KindTables, ...]:
    """The schedule tables of every round kind, built once.

    For a logged battle, give the battle's ACTOR and TARGET tables: a member's `who` is then the actor's
    half of its Actions, from `actors[round kind][creature][index]`, and `whole[t][c]` its Action landing
    whole (all of the amount applied, none blocked) on creature c at board index t, from `target_of[c][t]`.
    Most effects land whole, so the log takes those Actions from here instead of building each; `whole[t][10 + c]`
    is the one that does nothing (a hit the shield takes whole, a heal on full HP, a shield at the cap).
    Battles that are not logged get None for both.
    """
    top = max(spd for table in ACTION for spd, _, _ in table)
    made: dict[tuple, Action] = {}  # equal Actions are one object

    def whole_of(op: int, amt: int, who: tuple, i: int) -> tuple:
        damage = op in DAMAGE_OPS
        side = ENEMIES[i] if damage else ALLIES[i]
        return tuple(tuple(made.setdefault(key, Action(key)) for key in
                           [(who, target_of[c][t], amt, amt, 0) for c in range(10)]  # type: ignore[index]
                           + [(who, target_of[c][t], amt, 0, amt if damage else 0) for c in range(10)])  # type: ignore[index]
                     if t in side else None for t in range(10))

    out = []
    for kind, table in enumerate(ACTION):
        if actors is None or target_of is None:
            out.append(_kind_tables(table, lambda c, i: None, lambda op, amt, who, i: NOT_LOGGED, top))
        else:
            out.append(_kind_tables(table, lambda c, i, kind=kind: actors[kind][c][i], whole_of, top))
    return tuple(out)


PLAIN_MEMBERS = member_tables()
_KEY_AT = tuple(tuple(10 * c + i for c in range(10)) for i in range(10))  # [board index][creature] -> member key


def schedules(ids: tuple[int, ...], members: tuple[KindTables, ...] = PLAIN_MEMBERS) -> list[tuple]:
    """For each round kind, the speed groups fastest first, each a triple (shape, members, speed).

    The shapes: LONE, one normal-target hit, members (index, landing alone by target); PAIR, two of
    them at one speed, (index, landing by target, landing alone by target, index2, ...the same); HITS,
    three or more, ((index, amount, who, whole), ...); MIXED, a group where someone does more than a
    normal hit, ((index, op, amount, who, whole), ...). A landing is (target, amount, event index, who,
    whole) and `whole` its Actions landing whole, by target index and then creature (see
    member_tables). Within a group, members in board order. `members` comes from member_tables():
    with the battle's tables when run() is to log.
    """
    keys = list(map(getitem, _KEY_AT, ids))  # where each board index's members are in the tables
    keys.append(100)
    out = []
    for rank, speed, single, pair, as_mixed, as_hit, hits_only in members:
        keys.sort(key=rank)
        groups = []
        n = 0
        while n < 10:
            key = keys[n]
            spd = speed[key]
            if speed[keys[n + 1]] != spd:
                groups.append(single[key])
                n += 1
            elif speed[keys[n + 2]] != spd:
                groups.append(pair[100 * key + keys[n + 1]])
                n += 2
            else:
                m = n + 3
                while speed[keys[m]] == spd:
                    m += 1
                at = keys[n:m]
                if all(map(hits_only.__getitem__, at)):
                    groups.append((HITS, tuple(map(as_hit.__getitem__, at)), spd))
                else:
                    groups.append((MIXED, tuple(map(as_mixed.__getitem__, at)), spd))
                n = m
        out.append(tuple(groups))
    return out


def run(hp: list[int], mx: list[int], sched_kinds, rounds: int, ground: int, log: list | None = None,
        start: int = 1, topo: tuple = IDENTITY, targets: tuple = (), board: tuple[int, ...] = ()):
    """Play one battle in place on `hp`. Returns (winner, rounds_played, knockout).

    winner: 0 side a, 1 side b, 2 draw. Each group's members choose their targets from the board as
    it stood before the group; shields land at once (they cannot change a choice), then hits, then
    heals. With `log` a list, every round played is appended to it as a RoundLog of the HP at its start,
    the groups where someone acted, each recorded as its actions (an action that did not land whole
    as a plain tuple of an Action's fields), and who fell in which group: the RoundLog finds each
    group's speed from its actors, and replays the boards after each group, when they are read (see
    log.py). That needs schedules built with the battle's tables, `targets`, the target half of an
    Action for each board index, and `board`, the creature ids by board index. The battle is the same
    either way.
    """
    normal, allies, enemies, enemy_back, ally_front = topo[:5]
    aim = list(topo[7])  # each creature's normal target when last looked at (see below)
    kinds = ROUND_KIND
    logging = log is not None
    ca = 5 - hp[:5].count(0)  # HP never goes below 0, so 0 means knocked out
    cb = 5 - hp[5:].count(0)
    over = False  # a side has no one standing: the battle ends after this group
    events: list = []  # the group's Actions, when logging: a place for each effect, filled as it lands
    one: list = [None]  # the places of a group of one hit, and of two: reused, as every place is filled
    two: list = [None, None]
    groups: list[tuple] = []  # the round's groups as recorded: each its actions
    fell: list[tuple[int, int]] = []  # the round's knockouts: (the group's place in the round, board index)
    start_shields: tuple[int, ...] = ()
    start_hp: tuple[int, ...] = ()
    heal: Any = ()  # a mixed group's heals, until they land
    for r in range(start, rounds + 1):
        sh = [0] * 10
        if ground == SHELTERED and r == 1:
            for i in topo[5]:
                if hp[i] > 0:
                    sh[i] = 6
        if logging:
            groups = []
            start_shields = tuple(sh) if r == 1 and ground == SHELTERED else NO_SHIELDS
            start_hp = tuple(hp)
        for shape, members, _ in sched_kinds[kinds[r]]:  # (the group's speed: the log finds it from its actors)
            if shape == LONE:
                i, alone = members
                if hp[i] <= 0:
                    continue
                t = aim[i]
                if hp[t] <= 0:  # no one revives: a normal target stays the first standing until it falls
                    t = aim[i] = _first_standing(normal[i], hp)
                dmg: Any = alone[t]
                if logging:
                    events = one
            elif shape == PAIR:  # both choose before either lands
                i, first, alone, i2, second, alone2 = members
                if hp[i] > 0:
                    t = aim[i]
                    if hp[t] <= 0:
                        t = aim[i] = _first_standing(normal[i], hp)
                    if hp[i2] > 0:
                        t2 = aim[i2]
                        if hp[t2] <= 0:
                            t2 = aim[i2] = _first_standing(normal[i2], hp)
                        dmg = (first[t], second[t2])
                        if logging:
                            events = two
                    else:
                        dmg = alone[t]
                        if logging:
                            events = one
                elif hp[i2] > 0:
                    t2 = aim[i2]
                    if hp[t2] <= 0:
                        t2 = aim[i2] = _first_standing(normal[i2], hp)
                    dmg = alone2[t2]
                    if logging:
                        events = one
                else:
                    continue
            elif shape == HITS:  # every hit chooses before any lands
                dmg = []
                for i, amt, who, whole in members:
                    if hp[i] > 0:
                        t = aim[i]
                        if hp[t] <= 0:
                            t = aim[i] = _first_standing(normal[i], hp)
                        dmg.append((t, amt, len(dmg), who, whole[t]))
                if not dmg:
                    continue
                if logging:
                    events = [None] * len(dmg)
            else:  # a mixed group: everyone chooses from the board before it; shields land at once
                dmg = []
                heal = []
                k = 0  # the next effect's place in the group's Actions (in the members' order)
                if logging:
                    events = [None] * (5 * len(members))  # room for every effect: none has more than five targets
                for i, op, amt, who, whole in members:
                    if hp[i] <= 0:
                        continue
                    if op >= OP_SELF_SHIELD:  # the shields, most of a mixed group's abilities
                        if op == OP_SELF_SHIELD:
                            chosen: tuple[int, ...] = (i,)
                        elif op == OP_FRONT_SHIELD:
                            chosen = ally_front[i]
                        elif op == OP_TEAM_SHIELD:
                            chosen = allies[i]
                        else:
                            chosen = (_lowest_share(allies[i], hp, mx),)
                        for t in chosen:
                            if hp[t] > 0:
                                before = sh[t]
                                s = before + amt
                                if s > SHIELD_CAP:
                                    s = SHIELD_CAP
                                sh[t] = s
                                if logging:
                                    s -= before  # the shield it added
                                    events[k] = whole[t][board[t]] if s == amt else \
                                        whole[t][board[t] + 10] if not s else (who, targets[t], amt, s, 0)
                                k += 1
                    elif op == OP_HIT or op == OP_LEAP:
                        t = -1
                        if op == OP_LEAP:  # the lowest share of maximum HP in the back row, first in slot order
                            for e in enemy_back[i]:
                                he = hp[e]
                                if he > 0 and (t < 0 or he * mx[t] < hp[t] * mx[e]):
                                    t = e
                        if t < 0:
                            t = aim[i]
                            if hp[t] <= 0:
                                t = aim[i] = _first_standing(normal[i], hp)
                        dmg.append((t, amt, k, who, whole[t]))
                        k += 1
                    elif op == OP_BLAST:
                        for t in enemies[i]:
                            if hp[t] > 0:
                                dmg.append((t, amt, k, who, whole[t]))
                                k += 1
                    elif op == OP_TEAM_HEAL:
                        for t in allies[i]:
                            if hp[t] > 0:
                                heal.append((t, amt, k, who, whole[t]))
                                k += 1
                    else:  # OP_MEND
                        t = _lowest_share(allies[i], hp, mx)
                        heal.append((t, amt, k, who, whole[t]))
                        k += 1
                if not k:  # no one in the group acted (or had a target)
                    continue
                if logging:
                    del events[k:]
            # The hits land: a shield absorbs first, even on a target an earlier hit of the group felled.
            for t, amt, k, who, whole in dmg:
                s = sh[t]
                h = hp[t]
                if not s and amt < h:  # most hits: no shield, and the target stays up
                    hp[t] = h - amt
                    if logging:
                        events[k] = whole[board[t]]
                    continue
                dealt = amt
                if s:
                    if s < amt:
                        sh[t] = 0
                        dealt = amt - s
                    else:
                        sh[t] = s - amt
                        dealt = 0
                if dealt < h:
                    hp[t] = h - dealt
                elif h:
                    hp[t] = 0
                    if t < 5:
                        ca -= 1
                        over = over or ca == 0
                    else:
                        cb -= 1
                        over = over or cb == 0
                    if logging:
                        fell.append((len(groups), t))
                if logging:  # what it did: the HP it took, the part the shield blocked
                    events[k] = whole[board[t] + 10] if not dealt else \
                        (who, targets[t], amt, h - hp[t], amt - dealt)
            if heal:  # only a mixed group heals
                for t, amt, k, who, whole in heal:  # heals never revive one felled in this group
                    h = hp[t]
                    if h > 0:
                        m = mx[t]
                        hp[t] = h + amt if h + amt < m else m
                    if logging:
                        h = hp[t] - h  # what it healed
                        events[k] = whole[board[t]] if h == amt else \
                            whole[board[t] + 10] if not h else (who, targets[t], amt, h, 0)
                heal = ()
            if logging:
                groups.append(tuple(events))
            if over:
                if logging:
                    log.append(RoundLog((r, start_shields, tuple(groups), tuple(hp), False, start_hp,  # type: ignore[union-attr]
                                         tuple(sorted(fell)))))
                return (2 if ca == cb else (1 if ca == 0 else 0)), r, True
        if ground == MOON_DEW:  # every standing creature recovers 2, capped at its maximum
            i = 0
            for h in hp:
                if h:
                    h += 2
                    m = mx[i]
                    hp[i] = h if h < m else m
                i += 1
        if logging:
            felled: tuple = ()
            if fell:
                felled = tuple(sorted(fell))
                fell.clear()
            log.append(RoundLog((r, start_shields, tuple(groups), tuple(hp), True, start_hp, felled)))  # type: ignore[union-attr]
    return compare(hp, mx), rounds, False


def _first_standing(order: tuple[int, ...], hp: list[int]) -> int:
    """The first standing board index in `order` (its last when none stands: the battle ends with the group)."""
    for t in order:
        if hp[t] > 0:
            return t
    return order[-1]


def _lowest_share(order: tuple[int, ...], hp: list[int], mx: list[int]) -> int:
    """The standing board index in `order` with the lowest share of its maximum HP, first in order on ties."""
    best = -1
    for t in order:
        h = hp[t]
        if h > 0 and (best < 0 or h * mx[best] < hp[best] * mx[t]):
            best = t
    return best


def compare(hp: list[int], mx: list[int]) -> int:
    """The end-of-time comparison: standing, then floored thousandths summed, then HP. 0 a, 1 b, 2 draw."""
    keys = []
    for lo in (0, 5):
        standing = 0
        share = 0
        total = 0
        for i in range(lo, lo + 5):
            h = hp[i]
            if h > 0:
                standing += 1
                share += h * 1000 // mx[i]
                total += h
        keys.append((standing, share, total))
    if keys[0] > keys[1]:
        return 0
    if keys[1] > keys[0]:
        return 1
    return 2


def prepare(ids: tuple[int, ...], members: tuple = PLAIN_MEMBERS):
    """(hp, max_hp, schedules) for a board of 10 creature ids; `members` built with the battle's
    actors when run() should log."""
    mx = max_hps(ids)
    return mx[:], mx, schedules(ids, members)


def fight(ids: tuple[int, ...], rounds: int, ground: int):
    """Winner, rounds played, knockout flag and final HP of a board of 10 creature ids."""
    hp, mx, sched = prepare(ids)
    w, r, ko = run(hp, mx, sched, rounds, ground)
    return w, r, ko, hp
