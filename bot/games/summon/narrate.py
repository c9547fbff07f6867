"""The thread's words for a summon game: what a turn did, the table below the picture, a battle phase in
one line, and the result. Read from the engine's state and its previews, never from its log text."""
from __future__ import annotations

from dataclasses import dataclass

import engine.summon as sm
from db.games import GameRecord
from engine.summon.state import MAX_BATTLE_PHASES, SummonState

from .session import SummonGame
from .text import Names, cell_words, placed_line, plural, spell_line, unit_words

TEXT_ROOM = 1900  # of Discord's 2,000 characters


def names_of(state: SummonGame, you: int | None = None) -> Names:
    return Names((state.name(0), state.name(1)), you)


@dataclass(frozen=True)
class Placed:
    """A placement about to be applied, as its preview saw it (for the words once it is)."""
    seat: int
    card: str
    rotation: int
    col: int
    row: int
    summons: tuple[str, ...]
    fall_cards: tuple[str, ...]
    slide: tuple[int, int]
    line_before: int

    @classmethod
    def of(cls, st: SummonState, place: sm.Place) -> Placed:
        pv = sm.preview(st, place)
        return cls(place.player, pv.card, place.rotation, place.col, place.row, pv.summon_cards, pv.fall_cards,
                   pv.slide, len(st.players[place.player].line))


def placed_words(names: Names, placed: Placed, past: bool = False) -> str:
    return placed_line(names, placed.seat, placed.card, placed.rotation, placed.col, placed.row, placed.summons,
                       placed.fall_cards, placed.slide, placed.line_before, past)


def turn_lines(state: SummonGame, old: SummonState, new: SummonState, *, placed: Placed | None = None,
               passed: int | None = None, timed_out: int | None = None) -> list[str]:
    """What one action caused, in order: the placement (or pass, or time running out), its spells, the
    automatic passes after it, a new summon phase."""
    names = names_of(state)
    lines: list[str] = []
    if placed is not None:
        lines.append(placed_words(names, placed))
    if passed is not None:
        lines.append(f"{names.does(passed, 'pass', start=True)}: the hand went back into the deck and a new one "
                     "is drawn.")
    if timed_out is not None:
        lines.append(f"{state.name(timed_out)} ran out of time: automatic pass (the hand went back into the deck, "
                     "which was shuffled; a new hand is drawn).")
        passed = timed_out
    lines += [spell_line(names, e) for e in new.spells]
    for i in (0, 1):
        automatic = new.players[i].passes - old.players[i].passes - (1 if passed == i else 0)
        if automatic > 0:
            empty = not new.players[i].deck and not new.players[i].hand
            why = "no deck and no hand left" if empty else "no piece of the hand can be placed"
            lines.append(f"{names.does(i, 'pass', start=True)} automatically ({why})"
                         + (f", {automatic} times." if automatic > 1 else "."))
    if new.phase != "over" and new.summon_phase > old.summon_phase:
        lines.append(f"Summon phase {new.summon_phase} begins: {names.who(new.first)} place"
                     f"{'' if names.second(new.first) else 's'} first.")
    return lines


def _board_words(st: SummonState, i: int) -> str:
    p = st.players[i]
    pieces = sorted(p.board, key=lambda b: (b.y, b.x))
    listed = [f"{sm.card(b.card).name} ({cell_words(b.x - p.ox, b.y - p.oy).removeprefix('the ').removesuffix(' cell')}"
              f"{', summoned' if b.summoned else ''})" for b in pieces]
    return ", ".join(listed) or "empty"


def _seat_lines(state: SummonGame, st: SummonState, i: int, with_board: bool) -> str:
    p = st.players[i]
    head = (f"**{state.name(i)}** — deck {len(p.deck)} · hand: {plural(len(p.hand), 'piece')} · fell off "
            f"{len(p.removed)} · passes {p.passes}")
    line = ", ".join(f"{k + 1}. {unit_words(u)}" for k, u in enumerate(p.line)) or "no units"
    board = f"\n  board: {_board_words(st, i)}" if with_board else ""
    return f"{head}{board}\n  battle line (front first): {line}"


def battle_line(state: SummonGame, rep: sm.BattleReplay) -> str:
    names = names_of(state)
    fell = [names.unit(e.target.side, e.target.card) for e in rep.events if e.destroyed]
    acts = len({(e.turn, e.action) for e in rep.events})
    line = (f"**Battle phase {rep.phase}** ({rep.turns} turns, {names.who(rep.turn_player)} first): "
            f"{plural(acts, 'action')}")
    line += f"; fell: {', '.join(fell[:8])}{' …' if len(fell) > 8 else ''}" if fell else "; nobody fell"
    left = ", ".join(f"{names.does(i, 'have')} {plural(len(rep.end[i]), 'unit')}" for i in (0, 1))
    return line + f"; now {left}. The replay is below."


def result_short(state: SummonGame) -> str:
    st = state.game
    assert st is not None
    if st.result == "draw":
        return "a draw"
    names = names_of(state)
    return names.does(0 if st.result == "p1" else 1, "win")


def result_text(state: SummonGame) -> str:
    st = state.game
    assert st is not None
    names = names_of(state)
    if st.result == "draw":
        why = {"both_wiped": "both armies were destroyed at once",
               "safety_stop": f"no army was destroyed in {MAX_BATTLE_PHASES} battle phases"}.get(st.ending or "",
                                                                                                  "nobody won")
        head = f"**Game over — a draw**: {why}."
    else:
        w = 0 if st.result == "p1" else 1
        how = {"wiped_out": "wiped out the enemy army", "no_army": "had a unit while the enemy had none",
               "surrender": f"won: {names.who(1 - w)} surrendered"}.get(st.ending or "", "won")
        head = f"**Game over — {names.does(w, 'win')}**: {names.who(w)} {how}."
    decks = f"Decks: {state.name(0)} — {state.seats[0].deck}; {state.name(1)} — {state.seats[1].deck}."
    return f"{head}\n{decks}\nRematch below, or start anew with `/summon ai` or `/summon challenge`."


def table_text(state: SummonGame, game: GameRecord) -> str:
    """The words under the table picture: whose turn and its timer, each battle phase just fought, and
    each seat's counts, board and battle line (the board left out when room runs short)."""
    st = state.game
    assert st is not None
    names = names_of(state)
    parts: list[str] = [battle_line(state, rep) for rep in st.battles]  # what the turn's end fought, first
    if st.phase == "over":
        parts.append(result_text(state))
    else:
        left = st.turns_left[st.to_move]
        when = f" · turn ends <t:{int(game.deadline.timestamp())}:R>" if game.deadline else ""
        parts.append(f"**{state.name(st.to_move)}** to place ({plural(left, 'placement')} left this summon "
                     f"phase){when}. {names.who(st.first, start=True)} place{'' if names.second(st.first) else 's'}"
                     " first (drawn). Hands are private: press **Your hand**.")
    for with_board in (True, False):
        text = "\n".join(parts + [_seat_lines(state, st, i, with_board) for i in (0, 1)])
        if len(text) <= TEXT_ROOM:
            return text
    return text[:TEXT_ROOM]


__all__ = ["Placed", "TEXT_ROOM", "battle_line", "names_of", "placed_words", "result_short", "result_text",
           "table_text", "turn_lines"]
