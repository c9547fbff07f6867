"""The thread's words for a summon game: what a turn did, the table below the picture, a battle phase in
one line, and the result. Read from the engine's state and its previews, never from its log text."""
from __future__ import annotations

import engine.summon as sm
from bot.words import N_, words
from engine.summon.state import MAX_BATTLE_PHASES, BoardPiece, SummonState
from engine.summon.where import falling_edge, relation

from .decks import deck_words
from .session import SummonGame
from .text import Names, at_cell, cell_name, counted, inside, life_change, piece_name, plural, rotation, unit_words

TEXT_ROOM = 1900  # of Discord's 2,000 characters


def names_of(state: SummonGame, you: int | None = None) -> Names:
    return Names((state.name(0), state.name(1)), you)


def places_first(state: SummonGame, i: int) -> str:
    """"**AI** places first" / "**you** place first": the draw's result, the verb agreeing with the name."""
    names = names_of(state)
    return words("**{who}** {place} first", who=names.who(i), place=names.verb(i, "place"))


def _where(names: Names, e: sm.PiecePlaced) -> str:
    """Where a piece went: its cell as the hand named it, and the piece it joined or touched."""
    cell = e.piece.cell
    if e.anchor is None:
        return at_cell(cell.col, cell.row)
    beside = relation(e.anchor.direction) if inside(cell.col, cell.row) else "next to"
    said = N_("{cell}, {beside} {whose} {piece}") if names.second(e.side) else N_("{cell}, {beside} the {piece}")
    return words(said, cell=at_cell(cell.col, cell.row), beside=words(beside), whose=names.whose(e.side),
                 piece=words(e.anchor.piece.name))


def _placed(names: Names, e: sm.PiecePlaced, past: bool) -> str:
    said = N_("{who} placed {piece}, a {attr} {kind} ({rotation}), {where}") if past else \
        N_("{who} {place} {piece}, a {attr} {kind} ({rotation}), {where}")
    return words(said, who=names.who(e.side, start=True), place=names.verb(e.side, "place"),
                 piece=words(e.piece.name), attr=words(e.piece.attr), kind=words(e.piece.kind),
                 rotation=rotation(e.rotation), where=_where(names, e))


def _slid(names: Names, e: sm.BoardSlid, placed: sm.PiecePlaced | None = None) -> str:
    text = words("{whose} board slides {way}", whose=names.whose(e.side), way=words(e.direction))
    if placed is not None:  # the cell it now stands in, as the board below names it
        now = cell_name(placed.piece.cell.col - e.dx, placed.piece.cell.row - e.dy)
        text += words(", so the {piece} is now at {cell}", piece=words(placed.piece.name), cell=now)
    if e.falls:
        text += words(": the {edge} is pushed off ({pieces})", edge=words(falling_edge(e.dx, e.dy)),
                      pieces=counted(tuple(f.card for f in e.falls)))
    return text


def _summons(names: Names, found: list[sm.Summoned], past: bool) -> str:
    parts = [words("{piece} (number {rank} in line)", piece=words(f.piece.name), rank=f.rank) if f.rank is not None
             else words("the spell {piece}", piece=words(f.piece.name)) for f in found]
    side = found[0].side
    said = N_("{who} summoned {pieces}") if past else N_("{who} {summon} {pieces}")
    return words(said, who=names.who(side, start=True), summon=names.verb(side, "summon"),
                 pieces=words(", then ").join(parts))


_PASSES = {  # {who} {passes}: "You pass", "alice passes"
    "pass": N_("{who} {passes}: the hand went back into the deck and a new one is drawn."),
    "timeout": N_("{name} ran out of time: automatic pass (the hand went back into the deck, which was shuffled; a "
                  "new hand is drawn)."),
    "no_placement": N_("{who} {passes} automatically (no piece of the hand can be placed)."),
    "out_of_pieces": N_("{who} {passes} automatically (no deck and no hand left)."),
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
            sentence.append(words("Nothing is summoned yet"))
        if sentence:
            lines.append(words(". ").join(sentence) + words("."))
            sentence.clear()

    for e in events:
        if isinstance(e, sm.PiecePlaced):
            close()
            sentence.append(_placed(names, e, past))
            placed = e
        elif isinstance(e, sm.BoardSlid):
            if sentence:
                sentence[-1] += words(": ") + _slid(names, e, placed)
            else:
                sentence.append(_slid(names, e))
        elif isinstance(e, sm.Summoned):
            summoned.append(e)
        elif isinstance(e, sm.SpellFizzled):
            close()
            lines.append(words("{piece} finds no enemy unit to hit.", piece=piece_name(e.card)))
        elif isinstance(e, sm.UnitHit) and e.turn == 0:
            close()
            hit = N_("{source} hits {target}: {change} — it falls.") if e.downed else \
                N_("{source} hits {target}: {change}.")
            lines.append(words(hit, source=words(e.source), target=names.unit(e.target.side, e.target.card),
                               change=life_change(-e.damage)))
        elif isinstance(e, sm.UnitHealed) and e.turn == 0:
            close()
            lines.append(words("{source} heals {target}: {change}.", source=words(e.source),
                               target=names.unit(e.target.side, e.target.card), change=life_change(e.amount)))
        elif isinstance(e, sm.Passed):
            close()
            lines.append(words(_PASSES[e.why], who=names.who(e.side, start=True), passes=names.verb(e.side, "pass"),
                               name=state.name(e.side)))
        elif isinstance(e, sm.Surrendered):
            close()
            lines.append(words("{name} surrendered.", name=state.name(e.side)))
        elif isinstance(e, sm.SummonPhaseBegan) and e.phase > 1:
            close()
            lines.append(words("Summon phase {phase} begins: {who} {place} first.", phase=e.phase,
                               who=names.who(e.first), place=names.verb(e.first, "place")))
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
            return words(", cast")
        return words(", summoned, its unit fell") if b.uid in fallen else words(", summoned")
    pieces = sorted(p.board, key=lambda b: (b.y, b.x))
    listed = [words("{piece} ({cell}{fate})", piece=piece_name(b.card), cell=cell_name(b.x - p.ox, b.y - p.oy),
                    fate=fate(b)) for b in pieces]
    return words(", ").join(listed) or words("empty")


def _seat_lines(state: SummonGame, st: SummonState, i: int, with_board: bool) -> str:
    p = st.players[i]
    head = words("**{name}** — deck {deck} · hand: {hand} · pushed off {removed} · passes {passes}",
                 name=state.name(i), deck=len(p.deck), hand=plural(len(p.hand), "piece"), removed=len(p.removed),
                 passes=p.passes)
    line = words(", ").join(f"{k + 1}. {unit_words(u)}" for k, u in enumerate(p.line)) or words("no units")
    board = "\n  " + words("board: {pieces}", pieces=_board_words(st, i)) if with_board else ""
    return f"{head}{board}\n  " + words("battle line (front first): {units}", units=line)


def battle_line(state: SummonGame, rep: sm.BattleReplay) -> str:
    names = names_of(state)
    fell = [names.unit(e.target.side, e.target.card) for e in rep.events if e.destroyed]
    acts = len({(e.turn, e.action) for e in rep.events})
    line = words("**Battle phase {phase}** ({turns} turns, {who} first): {actions}", phase=rep.phase,
                 turns=rep.turns, who=names.who(rep.turn_player), actions=plural(acts, "action"))
    line += words("; fell: {units}", units=words(", ").join(fell[:8]) + (" …" if len(fell) > 8 else "")) if fell \
        else words("; nobody fell")
    left = words(", ").join(words("{who} {have} {units}", who=names.who(i), have=names.verb(i, "have"),
                                  units=plural(len(rep.end[i]), "unit")) for i in (0, 1))
    return line + words("; now {left}. The replay is below.", left=left)


def result_short(state: SummonGame) -> str:
    st = state.game
    assert st is not None
    if st.result == "draw":
        return words("a draw")
    names = names_of(state)
    w = 0 if st.result == "p1" else 1
    return words("{who} {win}", who=names.who(w), win=names.verb(w, "win"))


def result_text(state: SummonGame) -> str:
    st = state.game
    assert st is not None
    names = names_of(state)
    if st.result == "draw":
        why = {"both_wiped": words("both armies were destroyed at once"),
               "safety_stop": words("no army was destroyed in {phases} battle phases", phases=MAX_BATTLE_PHASES)}.get(
                   st.ending or "", words("nobody won"))
        head = words("**Game over — a draw**: {why}.", why=why)
    else:
        w = 0 if st.result == "p1" else 1
        how = {"wiped_out": N_("{who} wiped out the enemy army"), "no_army": N_("{who} had a unit while the enemy "
               "had none"), "surrender": N_("{loser} surrendered")}.get(st.ending or "", N_("{who} won"))
        head = words("**Game over — {who} {win}**: {how}.", who=names.who(w), win=names.verb(w, "win"),
                     how=words(how, who=names.who(w), loser=names.who(1 - w)))
    decks = words("Decks: {first} — {first_deck}; {second} — {second_deck}.", first=state.name(0),
                  first_deck=deck_words(state.seats[0].deck), second=state.name(1),
                  second_deck=deck_words(state.seats[1].deck))
    return f"{head}\n{decks}\n" + words("Rematch below, or start anew with `/summon ai` or `/summon challenge`.")


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
        parts.append(words("**{name}** to place ({placements} left this summon phase). {who} {place} first "
                           "(drawn). Hands are private: press **Your hand**.", name=state.name(st.to_move),
                           placements=plural(left, "placement"), who=names.who(st.first, start=True),
                           place=names.verb(st.first, "place")))
    for with_board in (True, False):
        text = "\n".join(parts + [_seat_lines(state, st, i, with_board) for i in (0, 1)])
        if len(text) <= TEXT_ROOM:
            return text
    return text[:TEXT_ROOM]


__all__ = ["TEXT_ROOM", "battle_line", "event_lines", "names_of", "places_first", "result_short", "result_text",
           "table_text"]
