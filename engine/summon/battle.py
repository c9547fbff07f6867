"""The automatic battle: lines in summon order, fronts facing, rank-by-rank action (the turn player's
unit first in a rank), ranged and ability units acting from the back, hearts of 4 ticks, the
stalemate rule, wipe-out wins and simultaneous wipe-out draws. Also the spells' instant effects."""
from __future__ import annotations

from engine.summon.catalog import Card, card
from engine.summon.state import FIRST_BATTLE_TURNS, PLAYER_NAMES, SummonState, Unit

WEAK_TO_MAGIC_BONUS = 2  # extra ticks a "weak to magic" unit takes from magic attacks and spells
STALEMATE_TICKS = 1  # rules decision 7


def damage_amount(base: int, target: Card, magic: bool, strong_vs: str | None = None, strong_bonus: int = 0) -> int:
    """Ticks dealt: base, plus the attacker's bonus against the target's attribute, plus the magic
    weakness bonus, minus the target's armor, but never below 1."""
    d = base
    if strong_vs is not None and target.attr == strong_vs:
        d += strong_bonus
    if magic and target.weak_to_magic:
        d += WEAK_TO_MAGIC_BONUS
    return max(1, d - target.armor)


def _name(st: SummonState, side: int, u: Unit) -> str:
    return f"{PLAYER_NAMES[side]} {card(u.card).name}"


def hit(st: SummonState, side: int, u: Unit, ticks: int, log: list[str], why: str) -> None:
    """Take `ticks` off unit `u` of `side`; a unit with no tick left leaves the battlefield."""
    before = u.ticks
    u.ticks = max(0, u.ticks - ticks)
    log.append(f"{_name(st, side, u)} takes {ticks} ({why}) {before}->{u.ticks}")
    if u.ticks == 0:
        st.players[side].line = [x for x in st.players[side].line if x.uid != u.uid]
        log.append(f"{_name(st, side, u)} is destroyed")


def heal(st: SummonState, side: int, u: Unit, ticks: int, log: list[str], why: str) -> None:
    before = u.ticks
    u.ticks = min(u.max_ticks, u.ticks + ticks)
    if u.ticks != before:
        log.append(f"{_name(st, side, u)} heals {u.ticks - before} ({why}) {before}->{u.ticks}")


def most_damaged(line: list[Unit]) -> Unit | None:
    """The ally missing the most ticks (front-most on a tie), or None if nobody is hurt."""
    best = None
    for u in line:
        miss = u.max_ticks - u.ticks
        if miss > 0 and (best is None or miss > best.max_ticks - best.ticks):
            best = u
    return best


def cast_spell(st: SummonState, side: int, spell: Card, log: list[str]) -> None:
    """A spell's effect the moment it is summoned (spells are magic)."""
    own, enemy = st.players[side].line, st.players[1 - side].line
    why = spell.name
    if spell.effect == "damage_front":
        targets = enemy[:1]
    elif spell.effect == "damage_back":
        targets = enemy[-1:]
    elif spell.effect == "damage_all":
        targets = list(enemy)
    else:
        targets = []
    for t in targets:
        hit(st, 1 - side, t, damage_amount(spell.amount, card(t.card), magic=True), log, why)
    if spell.effect == "heal_front" and own:
        heal(st, side, own[0], spell.amount, log, why)
    elif spell.effect == "heal_all":
        for u in own:
            heal(st, side, u, spell.amount, log, why)
    if not targets and spell.effect.startswith("damage"):  # type: ignore[union-attr]
        log.append(f"{PLAYER_NAMES[side]} {spell.name} finds no target")


def check_wipe(st: SummonState, log: list[str]) -> bool:
    """End the game if a side that has had units has none left: the other wins, both at once is a draw."""
    wiped = [p.ever_had_unit and not p.line for p in st.players]
    if not any(wiped):
        return False
    st.phase = "over"
    if all(wiped):
        st.result, st.reason = "draw", "both armies destroyed at the same time"
    else:
        loser = wiped.index(True)
        st.result, st.reason = PLAYER_NAMES[1 - loser], f"{PLAYER_NAMES[loser]}'s army was destroyed"
    log.append(f"game over: {st.reason}")
    return True


def act(st: SummonState, side: int, u: Unit, log: list[str]) -> None:
    """One unit's action. The front attacks the enemy front; back ranks act only with a ranged attack
    or an ability. A unit that cannot attack only uses its ability (the stalemate rule's loss of will
    is dealt by `battle_turn`, see `stall_round`)."""
    line = st.players[side].line
    enemy = st.players[1 - side].line
    c = card(u.card)
    rank = next(i for i, x in enumerate(line) if x.uid == u.uid)
    if c.heal:
        target = most_damaged(line)
        if target is not None:
            heal(st, side, target, c.heal, log, c.name)
    if c.cannot_attack:
        return
    if not enemy:
        return
    if rank == 0:
        targets = enemy[:2] if c.pierce else enemy[:1]
        front = enemy[0]
        for t in targets:
            hit(st, 1 - side, t, damage_amount(c.attack, card(t.card), c.magic, c.strong_vs, c.strong_bonus), log, c.name)
        thorns = card(front.card).thorns
        if thorns and _alive(st, side, u):
            hit(st, side, u, thorns, log, f"{card(front.card).name}'s thorns")
    elif c.ranged:
        t = enemy[0]
        hit(st, 1 - side, t, damage_amount(c.attack, card(t.card), c.magic, c.strong_vs, c.strong_bonus), log, c.name + " (ranged)")


def _alive(st: SummonState, side: int, u: Unit) -> bool:
    return any(x.uid == u.uid for x in st.players[side].line)


def stalled(st: SummonState) -> bool:
    """Both facing fronts carry "cannot attack": the battle would not move (the seed's 戦意喪失)."""
    a, b = st.players[0].line, st.players[1].line
    return bool(a and b and card(a[0].card).cannot_attack and card(b[0].card).cannot_attack)


def stall_round(st: SummonState, turn_player: int, log: list[str]) -> bool:
    """The stalemate rule for one battle turn (rules decision 7): the turn player's front loses 1 tick,
    then — if the stall still holds (a new front that can attack may have stepped up) — the other
    front. Armor does not stop it. True if that ended the game."""
    for side in (turn_player, 1 - turn_player):
        if not stalled(st):
            break
        hit(st, side, st.players[side].line[0], STALEMATE_TICKS, log, "stalemate: loss of will")
        if check_wipe(st, log):
            return True
    return False


def battle_turn(st: SummonState, turn_player: int, log: list[str]) -> bool:
    """One battle turn: ranks from the front, in each rank the turn player's unit first. A unit acts
    from wherever it stands when its moment comes (a back unit may have stepped up). The first time a
    front's moment comes while both fronts cannot attack, the stall round is dealt — turn player's
    side first, each side once per battle turn, even when the stall began mid-turn. True if over."""
    lines = st.players[turn_player].line, st.players[1 - turn_player].line
    order: list[tuple[int, Unit]] = []
    for r in range(max(len(lines[0]), len(lines[1]))):
        for side, line in ((turn_player, lines[0]), (1 - turn_player, lines[1])):
            if r < len(line):
                order.append((side, line[r]))
    stall_done = False
    for side, u in order:
        if not _alive(st, side, u):
            continue  # destroyed earlier this turn
        if not stall_done and st.players[side].line[0].uid == u.uid and stalled(st):
            stall_done = True
            if stall_round(st, turn_player, log):
                return True
            if not _alive(st, side, u):
                continue
        act(st, side, u, log)
        if check_wipe(st, log):
            return True
    return False


def battle_phase_turns(k: int) -> int:
    return FIRST_BATTLE_TURNS + k - 1


def run_battle_phase(st: SummonState, log: list[str]) -> None:
    """Battle phase k (counting from 1) lasts 3, 4, 5, … battle turns; the summon phase's first player
    is the turn player in odd battle phases, the other player in even ones."""
    st.battle_phases += 1
    k = st.battle_phases
    tp = st.first if k % 2 == 1 else 1 - st.first
    log.append(f"battle phase {k} ({battle_phase_turns(k)} turns, {PLAYER_NAMES[tp]} acts first)")
    if check_wipe(st, log):
        return
    if not st.players[0].line or not st.players[1].line:
        log.append("no fight: a side has no unit on the battlefield")
        return
    for t in range(1, battle_phase_turns(k) + 1):
        log.append(f"battle turn {t}")
        if battle_turn(st, tp, log):
            return
