"""Summon's private views, for the hand's owner only: the hand with every legal placement in one select
(placed the moment it is chosen; a piece select first when there are more than 25), a placement's
preview with its Place button, and the surrender question.

Each view finds the presser's seat itself and lists only that seat's hand, so a forged control can
never show one player another's pieces.
"""
from __future__ import annotations

import engine.summon as sm
from bot.core.errors import GameError
from bot.core.reply import Button, Option, Picture, Reply, Select
from bot.render.kept import drawn_once
from bot.words import N_, words
from engine.summon.pieces import Side, parse_sides

from . import render_cards
from .actions import AskSurrender, Cell, Pass, Place, PreviewPlacement, ShowHand, Surrender
from .session import SummonGame
from .text import (
    at_cell,
    cell_mark,
    cell_name,
    details,
    fall_words,
    named,
    piece_name,
    placement_effect,
    plural,
    rotation,
    sides_words,
    summon_words,
)

PER_SELECT = 25  # Discord's limit of options in one select
TEXT_ROOM = 1900


def _placements(options: list[sm.HandOption], piece: int | None) -> list[sm.Placement]:
    return [pl for o in options if piece is None or o.piece == piece for r in o.rotations for pl in r.placements]


def marks_of(placements: list[sm.Placement]) -> dict[tuple[int, int], str]:
    """Each cell the placements use, named on the picture as the list and the thread name it (A1–C3,
    or "above A1" for a cell just outside); relative cells."""
    return {(pl.col, pl.row): cell_mark(pl.col, pl.row) for pl in placements}


NOW, LATER = "★", "☆"  # marks of a placement that summons at once, and of one that sets a summon up


def what_it_brings(pl: sm.Placement) -> str:
    """A placement's mark and what it does for summoning: now, set up for later, or nothing yet."""
    if pl.summons_now:
        return words("{mark} {summons} now", mark=NOW, summons=summon_words(pl.summon_cards))
    if pl.sets_up:
        return words("{mark} sets up a later summon (one tab short)", mark=LATER)
    return summon_words(pl.summon_cards)


def _placement_option(pl: sm.Placement, preview: bool) -> Option:
    action = (PreviewPlacement if preview else Place)(pl.piece, pl.rotation, _cell(pl))
    label = words("{cell} · {piece}, {rotation}: {brings}", cell=cell_name(pl.col, pl.row), piece=piece_name(pl.card),
                  rotation=rotation(pl.rotation), brings=what_it_brings(pl))
    falls = fall_words(pl.slide, pl.fall_cards)
    return Option(label[:100], action, (falls or sides_words(_sides(pl)))[:100])


def _cell(pl: sm.Placement) -> Cell:
    return Cell(pl.col, pl.row)


def _sides(pl: sm.Placement) -> tuple[Side, ...]:
    return parse_sides(pl.sides)


def _piece_select(options: list[sm.HandOption], chosen: int | None, preview: bool) -> Select:
    opts = []
    for k, o in enumerate(options):
        found = _placements([o], None)
        now = sum(1 for pl in found if pl.summons_now)
        later = sum(1 for pl in found if pl.sets_up and not pl.summons_now)
        c = sm.card(o.card)
        opts.append(Option(f"{k + 1}. {piece_name(o.card)}"[:100], ShowHand(o.piece, preview),
                           words("{attr} {kind} · {placements}: {now_mark} {now} summon now, {later_mark} {later} set "
                                 "one up", attr=words(c.attr), kind=words(c.kind),
                                 placements=plural(len(found), "placement"), now_mark=NOW, now=now, later_mark=LATER,
                                 later=later)[:100], default=o.piece == chosen))
    return Select(tuple(opts), words("Choose a piece"), row=0)


def hand(state: SummonGame, me: int, action: ShowHand) -> Reply:
    """The hand: its picture beside the board with the legal cells lettered, and the placements."""
    st = state.game
    assert st is not None
    options = sm.hand_options(st, me)
    mine = st.phase == "summon" and st.to_move == me
    every = _placements(options, None)
    piece = action.piece if action.piece in {o.piece for o in options} else None
    placeable = {pl.piece for pl in every}
    if piece is None and len(placeable) == 1:
        piece = next(iter(placeable))  # one piece can go anywhere: its placements at once
    pick_first = piece is None and len(every) > PER_SELECT
    if pick_first:  # past 25: a piece select, and below it the placements of the first piece that summons
        piece = next((pl.piece for pl in every if pl.summons_now), every[0].piece)
    shown = _placements(options, piece)
    listed = "\n".join(f"{k + 1}. {details(o.card)}" for k, o in enumerate(options)) or words("Your hand is empty.")
    if st.phase == "over":
        turn = words("The game is over: the table in the thread shows how it ended.")
    elif not mine:  # said so that it stays true after the other seat has played
        turn = words("Your next placement: press **Your hand** on the newest table in the thread when it says you "
                     "are to place.")
    elif not every:
        turn = words("None of these pieces fits anywhere: Pass (your hand goes back into the deck and you draw anew).")
    elif pick_first:
        first = next(piece_name(o.card) for o in options if o.piece == piece)
        turn = words("{placements}, too many for one list: the {piece}'s are below; choose another piece above to "
                     "see its own. The picture names the cells each can go to.",
                     placements=plural(len(every), "legal placement"), piece=first)
    else:
        how = words("shows its preview first, with a Place button") if action.preview else words("places it at once")
        turn = words("Choose where it goes below: choosing {how}. The picture names the cells it can go to; {now} "
                     "summons now, {later} sets up a later summon.", how=how, now=NOW, later=LATER)
    text = words("**Your hand** (only you see this)") + f"\n{listed}\n{turn}"
    p = st.players[me]
    marks = {(p.ox + col, p.oy + row): mark for (col, row), mark in marks_of(shown).items()}
    title = words("Your board and hand") if not shown else words("Your board: where each piece can go")
    picture = Picture(drawn_once(render_cards.render_hand_view, list(p.hand), p.board, p.ox, p.oy, marks, title, piece,
                                tuple(p.fallen)),
                      "hand.png", words("Your hand beside your board, each legal cell lettered"))
    selects: list[Select] = []
    if mine and len(placeable) > 1 and (pick_first or action.piece is not None):
        selects.append(_piece_select(options, piece, action.preview))
    if mine and shown:
        room = 4 - len(selects)
        chunks = [shown[k:k + PER_SELECT] for k in range(0, len(shown), PER_SELECT)][:room]
        for n, chunk in enumerate(chunks):
            opts = tuple(_placement_option(pl, action.preview) for pl in chunk)
            asked = N_("Choose a placement to preview") if action.preview else N_("Choose a placement to place")
            more = words(" ({n} of {of})", n=n + 1, of=len(chunks)) if len(chunks) > 1 else ""
            selects.append(Select(opts, words(asked) + more, row=len(selects)))
    buttons: list[Button] = []
    if mine and every:
        toggle = (words("Place at once"), ShowHand(piece, False)) if action.preview else (words("Preview first"),
                                                                                          ShowHand(piece, True))
        buttons.append(Button(toggle[0], toggle[1], row=4))
    if mine:
        buttons.append(Button(words("Pass"), Pass(), row=4))
    if st.phase != "over":
        buttons.append(Button(words("Surrender"), AskSurrender(), "danger", row=4))
    return Reply(text[:TEXT_ROOM], picture, buttons=tuple(buttons), selects=tuple(selects))


def preview(state: SummonGame, me: int, action: PreviewPlacement) -> Reply:
    """What one placement would do, on a copy: what it summons, what is pushed off; Place beside it."""
    st = state.game
    assert st is not None
    options = sm.hand_options(st, me)
    o = next((o for o in options if o.piece == action.piece), None)
    if o is None:
        raise GameError(words("Preview: that piece is not in your hand — press Your hand for the pieces you hold."))
    pl = next((x for r in o.rotations for x in r.placements
               if x.rotation == action.rotation and (x.col, x.row) == (action.cell.col, action.cell.row)), None)
    if pl is None:
        if st.to_move != me:
            raise GameError(words("Preview: it is not your turn; the newest table in the thread says who is to place."))
        same = next((r for r in o.rotations if r.rotation == action.rotation), None)
        why = "" if same is not None else words(" (that turn gives the same sides as another one listed)")
        raise GameError(words("Preview: {piece} {rotation} cannot go {cell}{why}.", piece=piece_name(o.card),
                              rotation=rotation(action.rotation), cell=at_cell(action.cell.col, action.cell.row),
                              why=why))
    pv = sm.preview(st, pl)
    p = st.players[me]
    ghost = next(b for b in pv.board if b.uid == pl.piece)
    effect = placement_effect(pl.summon_cards, pl.fall_cards, pl.slide)
    text = words("**Preview**: {piece}, {rotation}, {cell}: {effect}.", piece=named(pl.card),
                 rotation=rotation(pl.rotation), cell=at_cell(pl.col, pl.row), effect=effect)
    if pl.slide != (0, 0):
        text += words(" Pieces crossed out are pushed off: they return to neither hand nor deck (their units stay).")
    where = words("Preview: {piece} {cell}", piece=piece_name(o.card), cell=at_cell(action.cell.col, action.cell.row))
    picture = Picture(drawn_once(render_cards.render_preview, p.board, p.ox, p.oy, ghost=ghost, falls=pl.falls,
                                window=(pv.ox, pv.oy) if pl.slide != (0, 0) else None,
                                title=where, fallen=tuple(p.fallen)),
                      "preview.png", words("Preview of {piece} {cell}", piece=piece_name(o.card),
                                           cell=at_cell(action.cell.col, action.cell.row)))
    buttons = (Button(words("Place"), Place(pl.piece, pl.rotation, action.cell), "success"),
               Button(words("Back to the hand"), ShowHand(None, True)))
    return Reply(text, picture, buttons=buttons)


def surrender_question() -> Reply:
    """The confirm is checked against the game as it is now (a fresh-checked action): never out of date."""
    return Reply(words("Surrender this game? It counts as a loss. (Only you see this question.)"),
                 buttons=(Button(words("Yes, surrender"), Surrender(), "danger"),))


def after_placing(state: SummonGame, me: int, said: str) -> Reply:
    """The private answer to a placement: what happened, and the hand now (its controls only while the
    turn is still the placer's: the next table brings fresh ones). It names nobody's turn once the turn
    has passed: the other seat may play a moment later, and this answer is not edited then."""
    view = hand(state, me, ShowHand())
    st = state.game
    assert st is not None
    if st.phase != "summon" or st.to_move != me:
        return Reply(f"{said}\n{view.text}"[:TEXT_ROOM], view.picture)
    return Reply(f"{said}\n{view.text}"[:TEXT_ROOM], view.picture, buttons=view.buttons, selects=view.selects)


__all__ = ["after_placing", "hand", "marks_of", "preview", "surrender_question"]
