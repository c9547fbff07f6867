"""The battle on plain integers: one fast loop used by both the readable battle API and the solver.

Board indices 0..4 are side a's slots (front_left, front_right, back_left, back_middle, back_right),
5..9 side b's. Creatures are roster ids 0..9. What no board changes (target priorities, the action
table of each round kind) is computed once at import; a board's speed-group schedules once per board
(`prepare`), so a battle's loop only reads tables.
"""
from __future__ import annotations

from typing import Any

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

# Operation codes of one action.
OP_HIT, OP_BLAST, OP_MEND, OP_LEAP, OP_SELF_SHIELD, OP_TEAM_SHIELD, OP_TEAM_HEAL, OP_FRONT_SHIELD, \
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
    Returns (normal, allies, enemies, enemy_back, ally_front, front_indices, slot_of_a).
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
    return normal, allies, enemies, enemy_back, ally_front, front, tuple(slot_of_a)


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
        present = set(side)
        for c in side:
            out.append(BASE_HP[c] + (GUILD_PAIR_BONUS if PARTNER_ID[c] in present else 0))
    return out


def schedules(ids: tuple[int, ...], fast: bool = True) -> list[tuple]:
    """For each round kind, the speed groups fastest first.

    Every group is a triple (tag, a, b) so run() unpacks it once: (0, index, amount) is a lone
    normal-target hit, (2, (index, amount), (index, amount)) two normal-target hits at one speed,
    (3, ((index, amount), ...), None) three or more, (1, actions, None) any other group, actions being a
    tuple of (index, op, amount).
    fast=False uses tags 0, 3 and 1, the ones run() can log.
    """
    out = []
    for speed_of, action_of, hits_only in _SCHEDULE_TABLES:
        buckets: dict[int, list] = {}
        mixed = set()  # speeds where someone does more than a normal hit
        for i in range(10):
            c = ids[i]
            spd = speed_of[c]
            if not hits_only[c]:
                mixed.add(spd)
            b = buckets.get(spd)
            if b is None:
                buckets[spd] = [action_of[c][i]]
            else:
                b.append(action_of[c][i])
        groups: list[tuple[int, Any, Any]] = []  # (tag, first, second): the shapes the docstring lists
        for spd in sorted(buckets, reverse=True):
            acts = buckets[spd]
            if spd in mixed:
                groups.append((1, tuple(acts), None))
            elif len(acts) == 1:
                groups.append((0, acts[0][0], acts[0][2]))
            elif fast and len(acts) == 2:
                groups.append((2, (acts[0][0], acts[0][2]), (acts[1][0], acts[1][2])))
            else:
                groups.append((3, tuple([(a[0], a[2]) for a in acts]), None))
        out.append(tuple(groups))
    return out


# Per round kind, what schedules() reads: each creature's speed, its action (index, op, amount) at
# every board index, and whether that action is a normal hit.
_SCHEDULE_TABLES = tuple(
    (tuple(spd for spd, _, _ in table), tuple(tuple((i, op, amt) for i in range(10)) for _, op, amt in table),
     tuple(op == OP_HIT for _, op, _ in table))
    for table in ACTION
)


def run(hp: list[int], mx: list[int], sched_kinds, rounds: int, ground: int, log=None, start: int = 1,
        topo: tuple = IDENTITY):
    """Play one battle in place on `hp`. Returns (winner, rounds_played, knockout).

    winner: 0 side a, 1 side b, 2 draw. `log`, when a list, receives per round
    ("round", r, shields_at_start), per group where someone acted ("group", events, hp_after,
    shields_after, knocked_out) with events (actor, op, target, amount, applied, blocked) and
    knocked_out the board indices this group knocked out, in index order, and ("end", r, hp, shields)
    at round end; boards are tuples of ten, in board order. `applied` is the HP lost, the HP healed
    or the shield added within the cap, `blocked` the part of a hit a shield absorbed. Logging needs
    schedules(fast=False), whose groups all take a path that records; the battle is the same either way.
    """
    normal, allies, enemies, enemy_back, ally_front, front_indices, _ = topo
    kinds = ROUND_KIND
    ca = 5 - hp[:5].count(0)  # HP never goes below 0, so 0 means knocked out
    cb = 5 - hp[5:].count(0)
    for r in range(start, rounds + 1):
        sh = [0] * 10
        if ground == SHELTERED and r == 1:
            for i in front_indices:
                if hp[i] > 0:
                    sh[i] = 6
        if log is not None:
            log.append(("round", r, tuple(sh)))
        for grp in sched_kinds[kinds[r]]:
            tag, i, amt = grp
            if tag == 0:  # a lone normal-target hit: nothing to defer
                if hp[i] <= 0:
                    continue
                for t in normal[i]:
                    if hp[t] > 0:
                        break
                if log is not None:  # the same hit, with what it did: (applied, blocked)
                    s = sh[t]
                    blocked = s if s < amt else amt
                    sh[t] = s - blocked
                    h = hp[t]
                    done = amt - blocked if amt - blocked < h else h
                    hp[t] = h - done
                    log.append(("group", ((i, OP_HIT, t, amt, done, blocked),), tuple(hp), tuple(sh),
                                (t,) if done == h else ()))
                    if done == h:
                        if t < 5:
                            ca -= 1
                            if ca == 0:
                                return 1, r, True
                        else:
                            cb -= 1
                            if cb == 0:
                                return 0, r, True
                    continue
                s = sh[t]
                if s:
                    if s >= amt:
                        sh[t] = s - amt
                        continue
                    amt -= s
                    sh[t] = 0
                h = hp[t] - amt
                if h > 0:
                    hp[t] = h
                    continue
                hp[t] = 0
                if t < 5:
                    ca -= 1
                    if ca == 0:
                        return 1, r, True
                else:
                    cb -= 1
                    if cb == 0:
                        return 0, r, True
                continue
            if tag == 2:  # two normal-target hits at one speed: both choose, then both land
                i1, a1 = i
                i2, a2 = amt
                t1 = t2 = -1
                if hp[i1] > 0:
                    for t1 in normal[i1]:
                        if hp[t1] > 0:
                            break
                if hp[i2] > 0:
                    for t2 in normal[i2]:
                        if hp[t2] > 0:
                            break
                if t1 >= 0:
                    s = sh[t1]
                    if s:
                        if s >= a1:
                            sh[t1] = s - a1
                            a1 = 0
                        else:
                            a1 -= s
                            sh[t1] = 0
                    if a1:
                        h = hp[t1] - a1
                        if h > 0:
                            hp[t1] = h
                        else:
                            hp[t1] = 0
                            if t1 < 5:
                                ca -= 1
                            else:
                                cb -= 1
                if t2 >= 0:
                    s = sh[t2]
                    if s:
                        if s >= a2:
                            sh[t2] = s - a2
                            a2 = 0
                        else:
                            a2 -= s
                            sh[t2] = 0
                    h = hp[t2]
                    if a2 and h > 0:
                        h -= a2
                        if h > 0:
                            hp[t2] = h
                        else:
                            hp[t2] = 0
                            if t2 < 5:
                                ca -= 1
                            else:
                                cb -= 1
                if ca == 0 or cb == 0:
                    return (2 if ca == cb else (1 if ca == 0 else 0)), r, True
                continue
            if tag == 3:  # three or more normal-target hits at one speed (two or more when logging)
                if log is not None:  # the same hits, with what each did
                    hits: list[tuple[Any, ...]] = []  # (attacker, target, amount) here; (target, amount) below
                    for i1, a1 in i:
                        if hp[i1] > 0:
                            for t in normal[i1]:
                                if hp[t] > 0:
                                    break
                            hits.append((i1, t, a1))
                    if not hits:
                        continue
                    events = []
                    knocked = []
                    for i1, t, a1 in hits:
                        s = sh[t]
                        blocked = s if s < a1 else a1
                        sh[t] = s - blocked
                        h = hp[t]
                        done = a1 - blocked if a1 - blocked < h else h
                        events.append((i1, OP_HIT, t, a1, done, blocked))
                        if done:
                            hp[t] = h - done
                            if done == h:
                                knocked.append(t)
                                if t < 5:
                                    ca -= 1
                                else:
                                    cb -= 1
                    log.append(("group", events, tuple(hp), tuple(sh), tuple(sorted(knocked))))
                    if ca == 0 or cb == 0:
                        return (2 if ca == cb else (1 if ca == 0 else 0)), r, True
                    continue
                hits = []
                for i1, a1 in i:
                    if hp[i1] > 0:
                        for t in normal[i1]:
                            if hp[t] > 0:
                                break
                        hits.append((t, a1))
                for t, a1 in hits:
                    s = sh[t]
                    if s:
                        if s >= a1:
                            sh[t] = s - a1
                            continue
                        a1 -= s
                        sh[t] = 0
                    h = hp[t]
                    if h > 0:
                        h -= a1
                        if h > 0:
                            hp[t] = h
                        else:
                            hp[t] = 0
                            if t < 5:
                                ca -= 1
                            else:
                                cb -= 1
                if ca == 0 or cb == 0:
                    return (2 if ca == cb else (1 if ca == 0 else 0)), r, True
                continue
            grp = i
            # General group: every member chooses from the board as it stood before the group.
            if log is not None:
                ca, cb = _logged_group(grp, hp, mx, sh, ca, cb, topo, log)
            else:
                dmg = []
                heal = []
                for i, op, amt in grp:
                    if hp[i] <= 0:
                        continue
                    if op == 0:
                        for t in normal[i]:
                            if hp[t] > 0:
                                break
                        dmg.append((t, amt))
                    elif op == OP_LEAP:
                        best = -1
                        for t in enemy_back[i]:
                            ht = hp[t]
                            if ht > 0 and (best < 0 or ht * mx[best] < hp[best] * mx[t]):
                                best = t
                        if best < 0:
                            for best in normal[i]:
                                if hp[best] > 0:
                                    break
                        dmg.append((best, amt))
                    elif op == OP_BLAST:
                        for t in enemies[i]:
                            if hp[t] > 0:
                                dmg.append((t, amt))
                    elif op == OP_MEND or op == OP_SHIELD_LOWEST:
                        best = -1
                        for t in allies[i]:
                            ht = hp[t]
                            if ht > 0 and (best < 0 or ht * mx[best] < hp[best] * mx[t]):
                                best = t
                        if op == OP_MEND:
                            heal.append((best, amt))
                        else:
                            s = sh[best] + amt
                            sh[best] = s if s < SHIELD_CAP else SHIELD_CAP
                    elif op == OP_TEAM_HEAL:
                        for t in allies[i]:
                            if hp[t] > 0:
                                heal.append((t, amt))
                    else:  # the shields: they cannot change any choice, so they land at once
                        if op == OP_SELF_SHIELD:
                            targets = (i,)
                        elif op == OP_TEAM_SHIELD:
                            targets = allies[i]
                        else:
                            targets = ally_front[i]
                        for t in targets:
                            if hp[t] > 0:
                                s = sh[t] + amt
                                sh[t] = s if s < SHIELD_CAP else SHIELD_CAP
                for t, amt in dmg:
                    s = sh[t]
                    if s:
                        if s >= amt:
                            sh[t] = s - amt
                            continue
                        amt -= s
                        sh[t] = 0
                    h = hp[t]
                    if h <= 0:
                        continue
                    h -= amt
                    if h > 0:
                        hp[t] = h
                    else:
                        hp[t] = 0
                        if t < 5:
                            ca -= 1
                        else:
                            cb -= 1
                for t, amt in heal:
                    h = hp[t]
                    if h > 0:
                        h += amt
                        m = mx[t]
                        hp[t] = h if h < m else m
            if ca == 0 or cb == 0:
                return (2 if ca == cb else (1 if ca == 0 else 0)), r, True
        if ground == MOON_DEW:
            for i in range(10):
                h = hp[i]
                if h > 0:
                    h += 2
                    m = mx[i]
                    hp[i] = h if h < m else m
        if log is not None:
            log.append(("end", r, tuple(hp), tuple(sh)))
    return compare(hp, mx), rounds, False


def _logged_group(grp, hp: list[int], mx: list[int], sh: list[int], ca: int, cb: int, topo: tuple, log: list):
    """run()'s general group with its record: the same choices and order, and what each action did.

    Appends ("group", events, hp_after, shields_after, knocked_out) when anyone acted, as run()
    describes. Returns the standing counts.
    """
    normal, allies, enemies, enemy_back, ally_front = topo[:5]
    events: list = []  # a damage or heal event is a placeholder until it lands
    dmg: list = []  # (target, amount, event index, actor, op)
    heal: list = []
    knocked: list = []
    for i, op, amt in grp:
        if hp[i] <= 0:
            continue
        if op == 0 or op == OP_LEAP:
            best = -1
            if op == OP_LEAP:
                for t in enemy_back[i]:
                    ht = hp[t]
                    if ht > 0 and (best < 0 or ht * mx[best] < hp[best] * mx[t]):
                        best = t
            if best < 0:
                for best in normal[i]:
                    if hp[best] > 0:
                        break
            dmg.append((best, amt, len(events), i, op))
            events.append(None)
        elif op == OP_BLAST:
            for t in enemies[i]:
                if hp[t] > 0:
                    dmg.append((t, amt, len(events), i, op))
                    events.append(None)
        elif op == OP_MEND or op == OP_SHIELD_LOWEST:
            best = -1
            for t in allies[i]:
                ht = hp[t]
                if ht > 0 and (best < 0 or ht * mx[best] < hp[best] * mx[t]):
                    best = t
            if op == OP_MEND:
                heal.append((best, amt, len(events), i, op))
                events.append(None)
            else:
                before = sh[best]
                s = before + amt
                sh[best] = s if s < SHIELD_CAP else SHIELD_CAP
                events.append((i, op, best, amt, sh[best] - before, 0))
        elif op == OP_TEAM_HEAL:
            for t in allies[i]:
                if hp[t] > 0:
                    heal.append((t, amt, len(events), i, op))
                    events.append(None)
        else:  # the shields land at once, as in run()
            targets = (i,) if op == OP_SELF_SHIELD else allies[i] if op == OP_TEAM_SHIELD else ally_front[i]
            for t in targets:
                if hp[t] > 0:
                    before = sh[t]
                    s = before + amt
                    sh[t] = s if s < SHIELD_CAP else SHIELD_CAP
                    events.append((i, op, t, amt, sh[t] - before, 0))
    for t, amt, k, i, op in dmg:
        s = sh[t]
        blocked = s if s < amt else amt
        sh[t] = s - blocked
        h = hp[t]
        done = amt - blocked if amt - blocked < h else h
        events[k] = (i, op, t, amt, done, blocked)
        if done:
            hp[t] = h - done
            if done == h:
                knocked.append(t)
                if t < 5:
                    ca -= 1
                else:
                    cb -= 1
    for t, amt, k, i, op in heal:
        h = hp[t]
        if h > 0:
            m = mx[t]
            new = h + amt if h + amt < m else m
            hp[t] = new
            events[k] = (i, op, t, amt, new - h, 0)
        else:
            events[k] = (i, op, t, amt, 0, 0)
    if events:
        log.append(("group", events, tuple(hp), tuple(sh), tuple(sorted(knocked)) if knocked else ()))
    return ca, cb


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


def prepare(ids: tuple[int, ...], fast: bool = True):
    """(hp, max_hp, schedules) for a board of 10 creature ids; fast=False when run() should log."""
    mx = max_hps(ids)
    return mx[:], mx, schedules(ids, fast)


def fight(ids: tuple[int, ...], rounds: int, ground: int):
    """Winner, rounds played, knockout flag and final HP of a board of 10 creature ids."""
    hp, mx, sched = prepare(ids)
    w, r, ko = run(hp, mx, sched, rounds, ground)
    return w, r, ko, hp
