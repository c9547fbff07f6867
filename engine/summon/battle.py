"""The automatic battle: lines in summon order, fronts facing, rank-by-rank action (the turn player's
unit first in a rank), ranged and ability units acting from the back, hearts of 4 ticks, the
stalemate rule, wipe-out wins (rules decision 12: no unit against a unit loses) and simultaneous
wipe-out draws; every change of life is also kept as an event for replays. Also the spells' effects."""
from __future__ import annotations

from dataclasses import dataclass, field

from .catalog import Card, card
from .state import FIRST_BATTLE_TURNS, PLAYER_NAMES, BattleEvent, BattleReplay, SummonState, Unit, UnitRef

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


@dataclass
class Journal:
    """What a battle phase or a spell did: the text log, and the events a replay draws."""

    log: list[str]
    events: list[BattleEvent] = field(default_factory=list)
    turn: int = 0
    action: int = 0

    def event(self, kind: str, actor: tuple[int, Unit] | None, source: str, side: int, u: Unit,
              amount: int, before: int) -> None:
        ref = None if actor is None else UnitRef(side=actor[0], uid=actor[1].uid, card=actor[1].card)
        self.events.append(BattleEvent(
            turn=self.turn, action=self.action, kind=kind, actor=ref, source=source,  # type: ignore[arg-type]
            target=UnitRef(side=side, uid=u.uid, card=u.card), amount=amount, before=before, after=u.ticks,
            destroyed=u.ticks == 0,
        ))


def journal(log: list[str] | Journal) -> Journal:
    """Callers may pass a bare log list (tests, scripts) or a Journal that also keeps events."""
    return log if isinstance(log, Journal) else Journal(log)


def hit(st: SummonState, side: int, u: Unit, ticks: int, log: list[str] | Journal, why: str,
        kind: str = "attack", actor: tuple[int, Unit] | None = None) -> None:
    """Take `ticks` off unit `u` of `side`; a unit with no tick left leaves the battlefield."""
    j = journal(log)
    before = u.ticks
    u.ticks = max(0, u.ticks - ticks)
    j.log.append(f"{_name(st, side, u)} takes {ticks} ({why}) {before}->{u.ticks}")
    j.event(kind, actor, why, side, u, ticks, before)
    if u.ticks == 0:
        st.players[side].line = [x for x in st.players[side].line if x.uid != u.uid]
        st.players[side].fallen.append(u.uid)
        j.log.append(f"{_name(st, side, u)} is destroyed")


def heal(st: SummonState, side: int, u: Unit, ticks: int, log: list[str] | Journal, why: str,
         kind: str = "heal", actor: tuple[int, Unit] | None = None) -> None:
    j = journal(log)
    before = u.ticks
    u.ticks = min(u.max_ticks, u.ticks + ticks)
    if u.ticks != before:
        j.log.append(f"{_name(st, side, u)} heals {u.ticks - before} ({why}) {before}->{u.ticks}")
        j.event(kind, actor, why, side, u, u.ticks - before, before)


def most_damaged(line: list[Unit]) -> Unit | None:
    """The ally missing the most ticks (front-most on a tie), or None if nobody is hurt."""
    best = None
    for u in line:
        miss = u.max_ticks - u.ticks
        if miss > 0 and (best is None or miss > best.max_ticks - best.ticks):
            best = u
    return best


def cast_spell(st: SummonState, side: int, spell: Card, log: list[str] | Journal) -> None:
    """A spell's effect the moment it is summoned (spells are magic)."""
    j = journal(log)
    j.action += 1
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
        hit(st, 1 - side, t, damage_amount(spell.amount, card(t.card), magic=True), j, why, "spell")
    if spell.effect == "heal_front" and own:
        heal(st, side, own[0], spell.amount, j, why, "spell")
    elif spell.effect == "heal_all":
        for u in own:
            heal(st, side, u, spell.amount, j, why, "spell")
    if not targets and spell.effect.startswith("damage"):  # type: ignore[union-attr]
        j.log.append(f"{PLAYER_NAMES[side]} {spell.name} finds no target")


def check_wipe(st: SummonState, log: list[str] | Journal) -> bool:
    """After a battle action: end the game when a side has no unit while the other has one (rules
    decision 12: never fielding a unit is no escape); both lines emptied at once is a draw."""
    return _decide(st, journal(log), fought=True)


def _decide(st: SummonState, j: Journal, fought: bool) -> bool:
    """Both lines empty before a blow: a side whose army was destroyed (by a spell) loses, both
    destroyed is a draw, and if neither ever had a unit the battle phase is skipped."""
    empty = [not p.line for p in st.players]
    if not any(empty):
        return False
    had = [p.ever_had_unit for p in st.players]
    if all(empty) and (fought or all(had)):
        st.result, st.reason, st.ending = "draw", "both armies destroyed at the same time", "both_wiped"
    else:
        if all(empty) and not any(had):
            return False
        loser = had.index(True) if all(empty) else empty.index(True)
        st.result = PLAYER_NAMES[1 - loser]  # type: ignore[assignment]
        if had[loser]:
            st.reason, st.ending = f"{PLAYER_NAMES[loser]}'s army was destroyed", "wiped_out"
        else:
            st.reason, st.ending = f"{PLAYER_NAMES[loser]} has no unit on the battlefield", "no_army"
    st.phase = "over"
    j.log.append(f"game over: {st.reason}")
    return True


def act(st: SummonState, side: int, u: Unit, log: list[str] | Journal) -> None:
    """One unit's action. The front attacks the enemy front; back ranks act only with a ranged attack
    or an ability. A unit that cannot attack only uses its ability (the stalemate rule's loss of will
    is dealt by `battle_turn`, see `stall_round`)."""
    j = journal(log)
    j.action += 1
    me = (side, u)
    line = st.players[side].line
    enemy = st.players[1 - side].line
    c = card(u.card)
    rank = next(i for i, x in enumerate(line) if x.uid == u.uid)
    if c.heal:
        target = most_damaged(line)
        if target is not None:
            heal(st, side, target, c.heal, j, c.name, "heal", me)
    if c.cannot_attack:
        return
    if not enemy:
        return
    if rank == 0:
        targets = enemy[:2] if c.pierce else enemy[:1]
        front = enemy[0]
        for t in targets:
            dealt = damage_amount(c.attack, card(t.card), c.magic, c.strong_vs, c.strong_bonus)
            hit(st, 1 - side, t, dealt, j, c.name, "attack", me)
        thorns = card(front.card).thorns
        if thorns and _alive(st, side, u):
            hit(st, side, u, thorns, j, f"{card(front.card).name}'s thorns", "thorns", (1 - side, front))
    elif c.ranged:
        t = enemy[0]
        dealt = damage_amount(c.attack, card(t.card), c.magic, c.strong_vs, c.strong_bonus)
        hit(st, 1 - side, t, dealt, j, c.name + " (ranged)", "ranged", me)


def _alive(st: SummonState, side: int, u: Unit) -> bool:
    return any(x.uid == u.uid for x in st.players[side].line)


def stalled(st: SummonState) -> bool:
    """Both facing fronts carry "cannot attack": the battle would not move (the seed's 戦意喪失)."""
    a, b = st.players[0].line, st.players[1].line
    return bool(a and b and card(a[0].card).cannot_attack and card(b[0].card).cannot_attack)


def stall_round(st: SummonState, turn_player: int, log: list[str] | Journal) -> bool:
    """The stalemate rule for one battle turn (rules decision 7): the turn player's front loses 1 tick,
    then — if the stall still holds (a new front that can attack may have stepped up) — the other
    front. Armor does not stop it. True if that ended the game."""
    j = journal(log)
    for side in (turn_player, 1 - turn_player):
        if not stalled(st):
            break
        j.action += 1
        hit(st, side, st.players[side].line[0], STALEMATE_TICKS, j, "stalemate: loss of will", "stalemate")
        if check_wipe(st, j):
            return True
    return False


def battle_turn(st: SummonState, turn_player: int, log: list[str] | Journal) -> bool:
    """One battle turn: ranks from the front, in each rank the turn player's unit first. A unit acts
    from wherever it stands when its moment comes (a back unit may have stepped up). The first time a
    front's moment comes while both fronts cannot attack, the stall round is dealt — turn player's
    side first, each side once per battle turn, even when the stall began mid-turn. True if over."""
    j = journal(log)
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
            if stall_round(st, turn_player, j):
                return True
            if not _alive(st, side, u):
                continue
        act(st, side, u, j)
        if check_wipe(st, j):
            return True
    return False


def battle_phase_turns(k: int) -> int:
    return FIRST_BATTLE_TURNS + k - 1


def _lines(st: SummonState) -> tuple[tuple[Unit, ...], tuple[Unit, ...]]:
    return tuple(u.model_copy() for u in st.players[0].line), tuple(u.model_copy() for u in st.players[1].line)


def run_battle_phase(st: SummonState, log: list[str]) -> BattleReplay:
    """Battle phase k (counting from 1) lasts 3, 4, 5, … battle turns; the summon phase's first player
    is the turn player in odd battle phases, the other player in even ones. It opens with rules
    decision 12 (a side without a unit facing one with a unit has lost). Returns its replay."""
    st.battle_phases += 1
    k = st.battle_phases
    tp = st.first if k % 2 == 1 else 1 - st.first
    j = Journal(log)
    start = _lines(st)
    log.append(f"battle phase {k} ({battle_phase_turns(k)} turns, {PLAYER_NAMES[tp]} acts first)")
    if not _decide(st, j, fought=False):
        if not st.players[0].line and not st.players[1].line:
            log.append("no fight: neither side has a unit on the battlefield")
        else:
            for t in range(1, battle_phase_turns(k) + 1):
                log.append(f"battle turn {t}")
                j.turn = t
                if battle_turn(st, tp, j):
                    break
    return BattleReplay(phase=k, turns=battle_phase_turns(k), turn_player=tp, start=start,
                        events=tuple(j.events), end=_lines(st), result=st.result)
