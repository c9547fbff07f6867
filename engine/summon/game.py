"""The summon game's turn flow: new game, legal placements, applying an action (place, pass, timeout,
surrender), hands and decks, automatic passes, and the summon/battle phase alternation."""
from __future__ import annotations

from pydantic import TypeAdapter

from ..api import Applied, Outcome
from ..rng import Rng
from . import board as B
from .battle import Journal, cast_spell, run_battle_phase
from .catalog import card
from .deck import validate_deck
from .events import Event, FirstPlayer, Passed, SummonPhaseBegan, Surrendered
from .pieces import DIR_NAMES, STEP, deal_sides, opposite, rotate, sides_code
from .record import battle_events, ended, placement_events, spell_events
from .state import (
    HAND_SIZE,
    MAX_BATTLE_PHASES,
    PLAYER_NAMES,
    TURNS_PER_SUMMON_PHASE,
    Action,
    BoardPiece,
    HandPiece,
    IllegalActionError,
    Pass,
    Place,
    Placement,
    PlayerState,
    Preview,
    SummonState,
    Surrender,
    Timeout,
    Unit,
)
from .where import check_cell

_ACTION = TypeAdapter(Action)


def new_game(seed: int, deck1: list[str], deck2: list[str]) -> SummonState:
    """A new game from a seed and two decks of card ids (30–60 each). The first player is chosen at
    random; both decks are shuffled; the first player's first hand is drawn."""
    validate_deck(deck1)
    validate_deck(deck2)
    rng = Rng(seed)
    cards = list(deck1) + list(deck2)
    split = len(deck1)
    players = []
    for uids in (range(0, split), range(split, len(cards))):
        deck = list(uids)
        rng.shuffle(deck)
        players.append(PlayerState(deck=deck))
    first = rng.below(2)
    st = SummonState(seed=seed, rng=rng.state, cards=cards, split=split, players=players, first=first, to_move=first)
    log = [f"{PLAYER_NAMES[first]} places first"]
    ev: list[Event] = [FirstPlayer(side=first)]
    if not _begin_turn(st, rng, log, ev):
        _after_turn(st, rng, log, ev)
    st.rng = rng.state
    st.log = log
    st.events = ev
    return st


def legal_placements(state: SummonState) -> list[Placement]:
    """Every legal placement for the player to move, each with what it summons and what falls off."""
    if state.phase != "summon":
        return []
    return list(B.iter_placements(state.players[state.to_move], state.to_move, state.version))


def _draw(st: SummonState, p: PlayerState, rng: Rng) -> None:
    """Fill the hand up to 3 from the top of the deck; each drawn piece gets its sides dealt now."""
    while len(p.hand) < HAND_SIZE and p.deck:
        uid = p.deck.pop()
        c = card(st.cards[uid])
        p.hand.append(HandPiece(uid=uid, card=c.id, sides=deal_sides(list(c.tabs), list(c.blanks), c.flats, rng)))


def _exchange(st: SummonState, p: PlayerState, rng: Rng) -> None:
    """The pass: the hand goes back into the deck, the deck is shuffled, a new hand of 3 is drawn."""
    p.deck.extend(h.uid for h in p.hand)
    p.hand = []
    rng.shuffle(p.deck)
    _draw(st, p, rng)
    p.passes += 1


def _begin_turn(st: SummonState, rng: Rng, log: list[str], ev: list[Event]) -> bool:
    """Start the mover's summon turn: refill the hand. With no legal placement, the automatic pass
    happens and False is returned (the turn is used up)."""
    p = st.players[st.to_move]
    _draw(st, p, rng)
    if B.has_placement(p):
        return True
    name = PLAYER_NAMES[st.to_move]
    if not p.hand and not p.deck:
        log.append(f"{name} passes automatically: deck and hand are empty")
        ev.append(Passed(side=st.to_move, why="out_of_pieces"))
    else:
        log.append(f"{name} passes automatically: no piece can be placed")
        ev.append(Passed(side=st.to_move, why="no_placement"))
    _exchange(st, p, rng)
    return False


def _after_turn(st: SummonState, rng: Rng, log: list[str], ev: list[Event]) -> None:
    """End the mover's turn and move on to the next decision point, running battle phases and
    automatic passes on the way."""
    while True:
        st.summon_turns += 1
        st.turns_left[st.to_move] -= 1
        other = 1 - st.to_move
        if st.turns_left[other] > 0:
            st.to_move = other
        elif st.turns_left[st.to_move] <= 0:
            rep = run_battle_phase(st, log)
            st.battles.append(rep)
            ev.extend(battle_events(rep))
            if st.phase == "over":
                ev.append(ended(st))
                return
            if st.battle_phases >= MAX_BATTLE_PHASES:
                st.phase, st.result, st.ending = "over", "draw", "safety_stop"
                st.reason = f"no army destroyed after {MAX_BATTLE_PHASES} battle phases"
                log.append(f"game over: {st.reason}")
                ev.append(ended(st))
                return
            st.summon_phase += 1
            st.turns_left = [TURNS_PER_SUMMON_PHASE, TURNS_PER_SUMMON_PHASE]
            st.to_move = st.first
            log.append(f"summon phase {st.summon_phase}")
            ev.append(SummonPhaseBegan(phase=st.summon_phase, first=st.first))
        if _begin_turn(st, rng, log, ev):
            return


def _check_place(st: SummonState, a: Place) -> tuple[HandPiece, int, int]:
    p = st.players[a.player]
    hp = next((h for h in p.hand if h.uid == a.piece), None)
    if hp is None:
        raise IllegalActionError(f"piece {a.piece} is not in {PLAYER_NAMES[a.player]}'s hand", code="not_in_hand")
    if not 0 <= a.rotation <= 3:
        raise IllegalActionError(f"rotation must be 0–3 quarter turns, not {a.rotation}", code="bad_rotation")
    check_cell(a.col, a.row)
    x, y = p.ox + a.col, p.oy + a.row
    grid = B.grid_of(p)
    if (x, y) in grid:
        raise IllegalActionError(f"cell ({a.col}, {a.row}) already holds a piece", code="occupied")
    if grid:
        if not any((x + dx, y + dy) in grid for dx, dy in STEP):
            raise IllegalActionError(
                f"cell ({a.col}, {a.row}) does not touch a piece on the board", code="not_adjacent"
            )
    elif not B.in_window(x, y, p.ox, p.oy):
        raise IllegalActionError("the first piece goes inside the 3×3 board", code="off_board")
    sides = rotate(hp.sides, a.rotation)
    d = B.misfit(grid, x, y, sides)
    if d is not None:
        dx, dy = STEP[d]
        theirs = grid[(x + dx, y + dy)].sides[opposite(d)]
        raise IllegalActionError(
            f"the {DIR_NAMES[d]} side ({sides[d].kind} {sides[d].attr}) does not fit the neighbour's "
            f"{theirs.kind} {theirs.attr}: a tab needs a blank of its attribute (a neutral tab fits any blank)",
            code="no_fit",
        )
    return hp, x, y


def _place(st: SummonState, a: Place, log: list[str], ev: list[Event]) -> B.Outcome:
    hp, x, y = _check_place(st, a)
    p = st.players[a.player]
    sides = rotate(hp.sides, a.rotation)
    grid = B.grid_of(p)
    out = B.outcome(grid, p.ox, p.oy, hp.uid, hp.card, x, y, sides)
    placed = BoardPiece(uid=hp.uid, card=hp.card, x=x, y=y, sides=sides, summoned=hp.uid in out.summons)
    placing, summoning = placement_events(st, a.player, placed, a.rotation, grid, p.ox, p.oy, out)
    name = PLAYER_NAMES[a.player]
    p.hand = [h for h in p.hand if h.uid != hp.uid]
    log.append(f"{name} places {card(hp.card).name} [{sides_code(sides)}] at ({a.col}, {a.row})")
    if out.slide != (0, 0):
        p.ox += out.slide[0]
        p.oy += out.slide[1]
        log.append(f"{name}'s board slides {out.slide}")
        gone = {b.uid for b in out.falls}
        p.board = [b for b in p.board if b.uid not in gone]
        p.removed.extend(b.uid for b in out.falls)
        for b in out.falls:
            log.append(f"{card(b.card).name} falls off {name}'s board")
    summoned = set(out.summons)
    p.board = [b.model_copy(update={"summoned": True}) if b.uid in summoned else b for b in p.board]
    p.board.append(placed)
    ev.extend(placing)
    for uid, cid, summoned_ev in zip(out.summons, out.summon_cards, summoning):
        c = card(cid)
        ev.append(summoned_ev)
        if c.kind == "unit":
            p.line.append(Unit(uid=uid, card=cid, ticks=c.max_ticks, max_ticks=c.max_ticks))
            p.ever_had_unit = True
            log.append(f"{name} summons {c.name} (rank {len(p.line)})")
        else:
            log.append(f"{name} casts {c.name}")
            before = len(st.spells)
            spells = Journal(log, events=st.spells, action=len({e.action for e in st.spells}))
            cast_spell(st, a.player, c, spells)
            ev.extend(spell_events(a.player, uid, c, st.spells[before:]))
    return out


def _clone(state: SummonState) -> SummonState:
    """A copy safe to change: containers and units are copied, frozen value objects are shared
    (a deep copy of every side and piece costs more than the rest of a turn)."""
    players = [
        p.model_copy(update={
            "deck": list(p.deck), "hand": list(p.hand), "board": list(p.board), "removed": list(p.removed),
            "fallen": list(p.fallen),
            "line": [u.model_copy() for u in p.line],
        })
        for p in state.players
    ]
    return state.model_copy(update={
        "players": players, "cards": list(state.cards), "turns_left": list(state.turns_left), "log": [],
        "spells": [], "battles": [], "events": [],
    })


def apply(state: SummonState, action: Place | Pass | Timeout | Surrender | Placement | dict) -> SummonState:
    """The state after `action`; the given state is left unchanged. Raises IllegalActionError (a
    RuleError with a `.code`) that says why when the action is not legal here. `log`, `spells` and
    `battles` of the new state say what this action caused."""
    action = _checked(state, action)
    st = _clone(state)
    log: list[str] = []
    ev: list[Event] = []
    rng = Rng(st.rng)
    if isinstance(action, Surrender):
        st.phase, st.result, st.ending = "over", PLAYER_NAMES[1 - action.player], "surrender"
        st.reason = f"{PLAYER_NAMES[action.player]} surrendered"
        log.append(f"game over: {st.reason}")
        ev += [Surrendered(side=action.player), ended(st)]
    else:
        if isinstance(action, Place):
            _place(st, action, log, ev)
        else:
            why = "passes" if isinstance(action, Pass) else "runs out of time: automatic pass"
            log.append(f"{PLAYER_NAMES[action.player]} {why}")
            ev.append(Passed(side=action.player, why="pass" if isinstance(action, Pass) else "timeout"))
            _exchange(st, st.players[action.player], rng)
        _after_turn(st, rng, log, ev)
    st.rng = rng.state
    st.version += 1
    st.log = log
    st.events = ev
    return st


def _checked(state: SummonState, action: object) -> Place | Pass | Timeout | Surrender:
    """The action as a model, refused (with a code) if it cannot be taken now; the placement's own
    legality is `_check_place`'s."""
    if isinstance(action, Placement):
        action = action.to_action()
    elif isinstance(action, dict):
        try:
            action = _ACTION.validate_python(action)
        except ValueError as e:
            raise IllegalActionError(f"not an action: {e}".splitlines()[0], code="malformed") from None
    if not isinstance(action, (Place, Pass, Timeout, Surrender)):
        raise IllegalActionError(f"not an action: {type(action).__name__}", code="malformed")
    if state.phase == "over":
        raise IllegalActionError(f"the game is over ({state.result})", code="game_over")
    if action.player not in (0, 1):
        raise IllegalActionError(f"player must be 0 or 1, not {action.player}", code="bad_player")
    if action.version is not None and action.version != state.version:
        raise IllegalActionError(
            f"that action was meant for version {action.version}; the game is at version {state.version}",
            code="stale",
        )
    if not isinstance(action, Surrender) and action.player != state.to_move:
        raise IllegalActionError(f"it is {PLAYER_NAMES[state.to_move]}'s turn", code="not_your_turn")
    return action


def preview(state: SummonState, action: Place | Placement | dict) -> Preview:
    """What a placement would do, played with the real rules on a copy (the input is not changed):
    the slide, the pieces that fall off, what it summons in line order, the spells' effects, and the
    board and both lines right after it (before any battle the end of the turn may start). Refused
    with the same `IllegalActionError` as `apply`."""
    a = _checked(state, action)
    if not isinstance(a, Place):
        raise IllegalActionError("only a placement has a preview", code="malformed")
    st = _clone(state)
    ev: list[Event] = []
    out = _place(st, a, [], ev)
    p = st.players[a.player]
    placed = next(b for b in p.board if b.uid == a.piece)
    return Preview(
        player=a.player, piece=a.piece, card=placed.card, rotation=a.rotation, col=a.col, row=a.row,
        sides=sides_code(placed.sides), slide=out.slide,
        summons=out.summons, summon_cards=out.summon_cards, falls=tuple(b.uid for b in out.falls),
        fall_cards=tuple(b.card for b in out.falls), spells=tuple(st.spells), board=tuple(p.board),
        ox=p.ox, oy=p.oy, lines=(tuple(st.players[0].line), tuple(st.players[1].line)), events=tuple(ev),
    )


# ---- the one engine API (engine/api.py) ----------------------------------------------------------

class SummonEngine:
    """Summon behind the five shared verbs: two auto decks from the seed; an action is a placement of the
    player to move, their pass or their surrender."""

    name = "summon"

    def new_game(self, seed: int) -> SummonState:
        from .deck import auto_deck
        return new_game(seed, auto_deck(seed), auto_deck(seed + 1))

    def legal_actions(self, state: SummonState) -> list[Placement | Pass | Surrender]:
        if state.phase == "over":
            return []
        return [*legal_placements(state), Pass(player=state.to_move), Surrender(player=state.to_move)]

    def apply(self, state: SummonState, action: Placement | Pass | Surrender) -> Applied[SummonState]:
        after = apply(state, action)
        return Applied(after, tuple(after.events))

    def outcome(self, state: SummonState) -> Outcome | None:
        if state.phase != "over" or state.result is None:
            return None
        return Outcome(state.result, state.ending)

    def render_text(self, state: SummonState) -> str:
        from .render import render_text
        return render_text(state, None)


ENGINE = SummonEngine()
