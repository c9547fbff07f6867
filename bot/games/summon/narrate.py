"""The thread's words for a summon game: what a turn did, the table below the picture, a battle phase in
one line, and the result. Read from the engine's state and its previews, never from its log text."""
from __future__ import annotations

import engine.summon as sm
from engine.summon.state import MAX_BATTLE_PHASES, BoardPiece, SummonState
from engine.summon.where import falling_edge, relation

from .session import SummonGame
from .text import ROTATION_WORDS, Names, at_cell, cell_name, counted, inside, life_change, plural, unit_words

TEXT_ROOM = 1900  # of Discord's 2,000 characters


def names_of(state: SummonGame, you: int | None = None) -> Names:
    return Names((state.name(0), state.name(1)), you)


def places_first(state: SummonGame, i: int) -> str:
    """"**AI** places first" / "**you** place first": the draw's result, the verb agreeing with the name."""
    names = names_of(state)
    return f"**{names.who(i)}** {names.verb(i, 'place')} first"


def _where(names: Names, e: sm.PiecePlaced) -> str:
    """Where a piece went: its cell as the hand named it, and the piece it joined or touched."""
    cell = e.piece.cell
    if e.anchor is None:
        return at_cell(cell.col, cell.row)
    whose = names.whose(e.side) if names.second(e.side) else "the"
    beside = relation(e.anchor.direction) if inside(cell.col, cell.row) else "next to"
    return f"{at_cell(cell.col, cell.row)}, {beside} {whose} {e.anchor.piece.name}"


def _placed(names: Names, e: sm.PiecePlaced, past: bool) -> str:
    who = f"{names.who(e.side, start=True)} placed" if past else names.does(e.side, "place", start=True)
    return f"{who} {e.piece.name}, a {e.piece.attr} {e.piece.kind} ({ROTATION_WORDS[e.rotation]}), {_where(names, e)}"


def _slid(names: Names, e: sm.BoardSlid, placed: sm.PiecePlaced | None = None) -> str:
    text = f"{names.whose(e.side)} board slides {e.direction}"
    if placed is not None:  # the cell it now stands in, as the board below names it
        now = cell_name(placed.piece.cell.col - e.dx, placed.piece.cell.row - e.dy)
        text += f", so the {placed.piece.name} is now at {now}"
    if e.falls:
        text += f": the {falling_edge(e.dx, e.dy)} is pushed off ({counted(tuple(f.card for f in e.falls))})"
    return text


def _summons(names: Names, found: list[sm.Summoned], past: bool) -> str:
    parts = [f"{f.piece.name} (number {f.rank} in line)" if f.rank is not None else f"the spell {f.piece.name}"
             for f in found]
    side = found[0].side
    verb = f"{names.who(side, start=True)} summoned" if past else names.does(side, "summon", start=True)
    return f"{verb} " + ", then ".join(parts)


_PASSES = {
    "pass": "{who}: the hand went back into the deck and a new one is drawn.",
    "timeout": "{name} ran out of time: automatic pass (the hand went back into the deck, which was shuffled; a new "
               "hand is drawn).",
    "no_placement": "{who} automatically (no piece of the hand can be placed).",
    "out_of_pieces": "{who} automatically (no deck and no hand left).",
}


def event_lines(state: SummonGame, events: list[sm.Event] | tuple[sm.Event, ...], *, you: int | None = None,
                past: bool = False) -> list[str]:
    """What one action caused, from the engine's events, in order: a placement (where, its slide, what it
    summoned), spells' effects, passes and why, a new summon phase. Battle phases are told apart."""
    names = names_of(state, you)
    lines: list[str] = []
    sentence: list[str] = []
    summoned: list[sm.Summoned] = []
    placed: sm.PiecePlaced | None = None

    def close() -> None:
        if summoned:
            sentence.append(_summons(names, summoned, past))
            summoned.clear()
        elif sentence:
            sentence.append("Nothing is summoned yet")
        if sentence:
            lines.append(". ".join(sentence) + ".")
            sentence.clear()

    for e in events:
        if isinstance(e, sm.PiecePlaced):
            close()
            sentence.append(_placed(names, e, past))
            placed = e
        elif isinstance(e, sm.BoardSlid):
            if sentence:
                sentence[-1] += ": " + _slid(names, e, placed)
            else:
                sentence.append(_slid(names, e))
        elif isinstance(e, sm.Summoned):
            summoned.append(e)
        elif isinstance(e, sm.SpellFizzled):
            close()
            lines.append(f"{sm.card(e.card).name} finds no enemy unit to hit.")
        elif isinstance(e, sm.UnitHit) and e.turn == 0:
            close()
            lines.append(f"{e.source} hits {names.unit(e.target.side, e.target.card)}: {life_change(-e.damage)}"
                         + (" — it falls." if e.downed else "."))
        elif isinstance(e, sm.UnitHealed) and e.turn == 0:
            close()
            lines.append(f"{e.source} heals {names.unit(e.target.side, e.target.card)}: {life_change(e.amount)}.")
        elif isinstance(e, sm.Passed):
            close()
            lines.append(_PASSES[e.why].format(who=names.does(e.side, "pass", start=True), name=state.name(e.side)))
        elif isinstance(e, sm.Surrendered):
            close()
            lines.append(f"{state.name(e.side)} surrendered.")
        elif isinstance(e, sm.SummonPhaseBegan) and e.phase > 1:
            close()
            lines.append(f"Summon phase {e.phase} begins: {names.who(e.first)} place"
                         f"{'' if names.second(e.first) else 's'} first.")
    close()
    return lines


def _board_words(st: SummonState, i: int) -> str:
    """Each piece on the board by its cell, and what became of it: a summoned piece stays on the board
    after its unit has fallen, so the board says so rather than look as if the unit still stood."""
    p = st.players[i]
    fallen = set(p.fallen)

    def fate(b: BoardPiece) -> str:
        if not b.summoned:
            return ""
        if sm.card(b.card).kind == "spell":
            return ", cast"
        return ", summoned, its unit fell" if b.uid in fallen else ", summoned"
    pieces = sorted(p.board, key=lambda b: (b.y, b.x))
    listed = [f"{sm.card(b.card).name} ({cell_name(b.x - p.ox, b.y - p.oy)}{fate(b)})" for b in pieces]
    return ", ".join(listed) or "empty"


def _seat_lines(state: SummonGame, st: SummonState, i: int, with_board: bool) -> str:
    p = st.players[i]
    head = (f"**{state.name(i)}** — deck {len(p.deck)} · hand: {plural(len(p.hand), 'piece')} · pushed off "
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
        how = {"wiped_out": f"{names.who(w)} wiped out the enemy army",
               "no_army": f"{names.who(w)} had a unit while the enemy had none",
               "surrender": f"{names.who(1 - w)} surrendered"}.get(st.ending or "", f"{names.who(w)} won")
        head = f"**Game over — {names.does(w, 'win')}**: {how}."
    decks = f"Decks: {state.name(0)} — {state.seats[0].deck}; {state.name(1)} — {state.seats[1].deck}."
    return f"{head}\n{decks}\nRematch below, or start anew with `/summon ai` or `/summon challenge`."


def table_text(state: SummonGame) -> str:
    """The words under the table picture: whose turn, each battle phase just fought, and each seat's
    counts, board and battle line (the board left out when room runs short). The turn's timer is the
    board message's own countdown line, which a closed table turns into "Closed"; said here as well,
    it read "turn ends 40 seconds ago" on every older table."""
    st = state.game
    assert st is not None
    names = names_of(state)
    parts: list[str] = [battle_line(state, rep) for rep in st.battles]  # what the turn's end fought, first
    if st.phase == "over":
        parts.append(result_text(state))
    else:
        left = st.turns_left[st.to_move]
        parts.append(f"**{state.name(st.to_move)}** to place ({plural(left, 'placement')} left this summon "
                     f"phase). {names.does(st.first, 'place', start=True)}"
                     " first (drawn). Hands are private: press **Your hand**.")
    for with_board in (True, False):
        text = "\n".join(parts + [_seat_lines(state, st, i, with_board) for i in (0, 1)])
        if len(text) <= TEXT_ROOM:
            return text
    return text[:TEXT_ROOM]


__all__ = ["TEXT_ROOM", "battle_line", "event_lines", "names_of", "places_first", "result_short", "result_text",
           "table_text"]
