"""Summon in the bot: a challenge (or a game against the AI), placements on timed turns, battles that run
by themselves, hands shown only to their owners, decks and results kept as the player's progress.

Seat i of a game plays the engine's player i (p1, p2); the engine draws who places first. The hand
controls are a chain of private views — hand (hp) → piece (hr) → rotation (hc:<piece>) → cell
(hx:<piece>:<rotation>) — ending in the step place:<piece>:<rotation>:<cell>; each checks that the
presser holds the piece, so nobody but its owner is ever shown a hand.
"""
from __future__ import annotations

import asyncio
import re
from collections import Counter
from datetime import datetime
from typing import Literal

from pydantic import BaseModel

import engine.summon as sm
from bot.core.kinds import Context, GameError, GameKind, Outcome, Seat, step, view
from bot.core.progress import load_progress as _load
from bot.core.progress import save_progress as _save
from bot.core.reply import Button, Option, Picture, Reply, Select
from db import players
from db.games import GameRecord, running_games_of
from db.store import Store
from engine.errors import RuleError
from engine.rng import seed_from
from engine.summon.catalog import edge_text
from engine.summon.deck import shape_balance
from engine.summon.pieces import FLAT, blank, parse_sides, rotate, sides_code, tab
from engine.summon.progress import Result, SummonProgress, add_piece, find_piece, record_result, remove_piece
from engine.summon.state import TURN_SECONDS

from . import render

KEY = "summon"
AI = "ai"
CHALLENGE_SECONDS = 300  # a challenge lapses after 5 minutes
TEXT_ROOM = 1900  # of Discord's 2,000 characters


class SeatInfo(BaseModel):
    user_id: int | None  # None: the built-in AI
    name: str
    deck: str = ""  # the deck as the result names it


class SummonGame(BaseModel):
    stage: Literal["challenge", "play", "over"] = "play"
    seats: list[SeatInfo]
    seed: int
    game: sm.SummonState | None = None
    ended: str = ""  # how a game that never started ended: declined, lapsed

    @property
    def vs_ai(self) -> bool:
        return any(s.user_id is None for s in self.seats)

    def name(self, player: int) -> str:
        return self.seats[player].name


def load_progress(db: Store, user_id: int) -> SummonProgress:
    return _load(db, user_id, KEY, SummonProgress)


# --- cells and words ------------------------------------------------------------------------------

def cell_code(col: int, row: int) -> str:
    """A cell in an action id (only [A-Za-z0-9_.:-] may appear there)."""
    return f"x{col}y{row}"


_CODE = re.compile(r"^x(-?\d)y(-?\d)$")
_NAME = re.compile(r"^(?:(right|left) of |(above|below) )?([abc])([123])$")


def parse_cell(text: str) -> tuple[int, int]:
    """A cell from its code (x3y1) or its name (B2, right of C2, above A1); GameError when neither."""
    t = text.strip().lower()
    m = _CODE.match(t)
    if m:
        return int(m[1]), int(m[2])
    m = _NAME.match(t)
    if m:
        col, row = "abc".index(m[3]), int(m[4]) - 1
        where = m[1] or m[2]
        moved = {"right": (3, row), "left": (-1, row), "above": (col, -1), "below": (col, 3)}.get(where or "")
        if moved is None:
            return col, row
        if (where in ("right", "left") and col == (2 if where == "right" else 0)) or \
           (where in ("above", "below") and row == (0 if where == "above" else 2)):
            return moved
    raise GameError(f"Cell {text!r}: name a cell A1–C3 (columns A–C, rows 1–3 from the top), or one just "
                    "outside the board such as 'right of C2' (placing there slides the board).")


def _names(text: str, state: SummonGame) -> str:
    """An engine line with p1/p2 as the players' names and window cells by their names."""
    text = re.sub(r"\bp([12])\b", lambda m: state.name(int(m[1]) - 1), text)
    return re.sub(r"at \((-?\d), (-?\d)\)", lambda m: "at " + render.cell_name(int(m[1]), int(m[2])), text)


def _deck_name(deck: list[str], own: bool) -> str:
    attrs = Counter(sm.card(c).attr for c in deck if sm.card(c).attr != "neutral")
    main = "/".join(a for a, _ in attrs.most_common(2)) or "neutral"
    return f"{'own' if own else 'automatic'} deck ({main}, {len(deck)} pieces)"


def _summary(deck: list[str]) -> str:
    s = sm.deck_summary(deck)
    attrs = ", ".join(f"{a} {n}" for a, n in s["attributes"].items() if n)
    tabs = ", ".join(f"{t}:{n}" for t, n in s["tabs"].items())
    return f"{len(deck)} pieces · units {s['kinds']['unit']}, spells {s['kinds']['spell']} · {attrs} · tabs {tabs}"


def deck_for(db: Store, user_id: int, seed: int, who: str = "Your") -> tuple[list[str], str]:
    """The deck a player brings: their own when valid, an automatic one when they have none."""
    deck = load_progress(db, user_id).deck
    if not deck:
        auto = sm.auto_deck(seed_from("summon-deck", seed, user_id))
        return auto, _deck_name(auto, own=False)
    try:
        sm.validate_deck(deck)
    except RuleError as exc:
        raise GameError(f"{who} deck cannot be played: {exc}. Fix it with `/summon deck add` or `/summon deck "
                        "remove`, or play an automatic deck after `/summon deck reset`.") from None
    return list(deck), _deck_name(deck, own=True)


def piece_line(cid: str) -> str:
    c = sm.card(cid)
    return f"{c.name} · {c.attr} {c.kind} · {len(c.tabs)} tab{'s' if len(c.tabs) != 1 else ''}: {edge_text(c)}"


class Summon(GameKind):
    key = KEY
    title = "Summon"
    blurb = ("jigsaw pieces summon units that battle by themselves — `/summon ai`, `/summon challenge "
             "opponent:`; in the thread the table's Your hand button, or `/summon place`, `/summon pass`, "
             "`/summon surrender`; decks: `/summon deck show|auto|add|remove|reset`, `/summon piece`")

    def load(self, text: str) -> SummonGame:
        return SummonGame.model_validate_json(text)

    def thread_name(self, state: SummonGame, player_name: str) -> str:
        return f"Summon · {state.seats[0].name} vs {state.seats[1].name}"

    # --- starting (run on the store worker by the commands) -------------------------------------

    @staticmethod
    def new_ai_game(db: Store, user_id: int, name: str, seed: int) -> tuple[SummonGame, str]:
        deck, deck_name = deck_for(db, user_id, seed)
        ai_deck = sm.auto_deck(seed_from("summon-ai-deck", seed))
        game = sm.new_game(seed, deck, ai_deck)
        seats = [SeatInfo(user_id=user_id, name=name, deck=deck_name),
                 SeatInfo(user_id=None, name="AI", deck=_deck_name(ai_deck, own=False))]
        state = SummonGame(stage="play", seats=seats, seed=seed, game=game)
        return state, f"Summon against the AI — the draw: **{state.name(game.first)}** places first"

    @staticmethod
    def new_challenge(db: Store, guild_id: int | None, user_id: int, name: str, opponent_id: int,
                      opponent_name: str, opponent_is_bot: bool, seed: int) -> tuple[SummonGame, str]:
        if opponent_id == user_id:
            raise GameError("Challenge: you cannot challenge yourself — pick another member, or play `/summon ai`.")
        if opponent_is_bot:
            raise GameError(f"Challenge: {opponent_name} is a bot and cannot play; `/summon ai` plays the built-in AI.")
        if running_games_of(db, opponent_id, guild_id=guild_id, kind=KEY):
            raise GameError(f"Challenge: {opponent_name} is already in a Summon game here; "
                            "challenge them when it ends.")
        deck_for(db, user_id, seed)  # an unplayable deck is explained now, not when the challenge is accepted
        seats = [SeatInfo(user_id=user_id, name=name), SeatInfo(user_id=opponent_id, name=opponent_name)]
        return (SummonGame(stage="challenge", seats=seats, seed=seed),
                f"challenges <@{opponent_id}> to Summon: accept or decline below (it lapses in 5 minutes)")

    @staticmethod
    def rematch(db: Store, game: GameRecord, user_id: int, guild_id: int | None,
                seed: int) -> tuple[SummonGame, str, list[int]]:
        """A new game between the same two (a new challenge for the other member, who must accept)."""
        state = Summon().load(game.state)
        me = next((s for s in state.seats if s.user_id == user_id), None)
        if me is None:
            raise GameError("Rematch: only the players of that game can ask for a rematch.")
        if state.vs_ai:
            st, label = Summon.new_ai_game(db, user_id, me.name, seed)
            return st, label, []
        other = next(s for s in state.seats if s.user_id != user_id)
        assert other.user_id is not None
        st, label = Summon.new_challenge(db, guild_id, user_id, me.name, other.user_id, other.name, False, seed)
        return st, "asks for a rematch: " + label, [other.user_id]

    # --- who acts -------------------------------------------------------------------------------

    def seats(self, state: SummonGame, game: GameRecord) -> tuple[Seat, ...] | None:
        if state.stage == "over" or (state.game is not None and state.game.phase == "over"):
            return ()
        humans = tuple(game.players)
        if state.stage == "play" and state.game is not None and state.seats[state.game.to_move].user_id is None:
            return humans + (AI,)
        return humans  # the kind tells a player acting out of turn whose turn it is

    def fallback(self, state: SummonGame, seat: str) -> str | None:
        return "pass"

    def pilot_seconds(self, state: SummonGame, seat: str, ctx: Context) -> float:
        return 10.0

    def deadline_seconds(self, state: SummonGame, ctx: Context) -> int | None:
        if state.stage == "challenge":
            return CHALLENGE_SECONDS
        if self.is_over(state):
            return None
        return max(TURN_SECONDS, ctx.timer_seconds or TURN_SECONDS)

    def timeout(self, state: SummonGame, ctx: Context) -> Outcome | None:
        if state.stage == "challenge":
            lapsed = state.model_copy(update={"stage": "over", "ended": "lapsed"})
            return Outcome(lapsed, f"The challenge lapsed: {state.name(1)} did not answer within 5 minutes.",
                           finished=True)
        if self.is_over(state) or state.game is None:
            return None
        player = state.game.to_move
        new = sm.apply(state.game, sm.Timeout(player=player))
        return self._played(state, new, ctx, f"{state.name(player)} ran out of time: automatic pass (the hand "
                                             "went back into the deck, which was shuffled; a new hand is drawn).")

    def is_over(self, state: SummonGame) -> bool:
        return state.stage == "over" or (state.game is not None and state.game.phase == "over")

    # --- the table ------------------------------------------------------------------------------

    def example_picture(self) -> Picture:
        """A table a few placements into a game between two automatic decks, for the rules page."""
        st = sm.new_game(7, sm.auto_deck(1), sm.auto_deck(2))
        for _ in range(5):
            st = sm.apply(st, sm.ai_action(st))
        seats = (render.Seat("You", st.to_move == 0, st.first == 0),
                 render.Seat("Rival", st.to_move == 1, st.first == 1))
        return Picture(render.render_table(sm.view_for(st, None), seats, "Summon · an example table", None),
                       "summon-example.png", "A summon table: two 3×3 boards of pieces and two battle lines")

    def board(self, state: SummonGame, game: GameRecord) -> Reply:
        if state.stage == "challenge":
            when = f" <t:{int(game.deadline.timestamp())}:R>" if game.deadline else ""
            text = (f"**{state.name(0)}** challenges **{state.name(1)}** to Summon. {state.name(1)}: accept or "
                    f"decline — the challenge lapses{when or ' in 5 minutes'}.")
            return Reply(text, buttons=(Button("Accept", "accept", "success"), Button("Decline", "decline", "danger")))
        if state.game is None:
            text = {"declined": f"{state.name(1)} declined the challenge.",
                    "lapsed": f"The challenge lapsed: {state.name(1)} did not answer within 5 minutes."}.get(
                        state.ended, "This challenge is closed.")
            return Reply(text)
        st = state.game
        tv = sm.view_for(st, None)  # the public table: no hand, no deck order
        over = st.phase == "over"
        seat0, seat1 = (render.Seat(state.name(i), not over and st.to_move == i, st.first == i) for i in (0, 1))
        seats = (seat0, seat1)
        headline = (f"Summon · {state.name(0)} vs {state.name(1)} · " +
                    (self._result_short(state) if over else f"summon phase {st.summon_phase}"))
        table = Picture(render.render_table(tv, seats, headline, None if over else game.deadline), "summon.png",
                        f"Summon table: {state.name(0)} and {state.name(1)}'s boards and battle lines")
        replays = tuple(Picture(render.render_battle(rep, (state.name(0), state.name(1))),
                                f"battle-{rep.phase}.gif", f"Battle phase {rep.phase} replay") for rep in st.battles)
        text = self._table_text(state, game)
        if over:
            rematch = Button("Rematch", f"summon-rematch:{game.id}", "primary")
            return Reply(text, table, extra_pictures=replays, links=(rematch,))
        buttons = (Button("Your hand", "hp", "primary"), Button("Pass", "pass"), Button("Surrender", "sq", "danger"))
        return Reply(text, table, buttons=buttons, extra_pictures=replays)

    def _result_short(self, state: SummonGame) -> str:
        st = state.game
        assert st is not None
        if st.result == "draw":
            return "a draw"
        return f"{state.name(0 if st.result == 'p1' else 1)} wins"

    def _result_text(self, state: SummonGame) -> str:
        st = state.game
        assert st is not None
        how = {"wiped_out": "wiped out the enemy army", "no_army": "had a unit while the enemy had none",
               "both_wiped": "", "surrender": "won by surrender", "safety_stop": ""}.get(st.ending or "", "")
        if st.result == "draw":
            why = ("both armies were destroyed at once" if st.ending == "both_wiped"
                   else _names(st.reason or "", state))
            head = f"**Game over — a draw**: {why}."
        else:
            w = 0 if st.result == "p1" else 1
            head = f"**Game over — {state.name(w)} wins**: {state.name(w)} {how}" + \
                   (f" ({state.name(1 - w)} surrendered)." if st.ending == "surrender" else ".")
        decks = f"Decks: {state.name(0)} — {state.seats[0].deck}; {state.name(1)} — {state.seats[1].deck}."
        return f"{head}\n{decks}\nRematch below, or start anew with `/summon ai` or `/summon challenge`."

    def _table_text(self, state: SummonGame, game: GameRecord) -> str:
        st = state.game
        assert st is not None
        parts: list[str] = []
        if st.phase == "over":
            parts.append(self._result_text(state))
        else:
            mover = state.name(st.to_move)
            when = f" · turn ends <t:{int(game.deadline.timestamp())}:R>" if game.deadline else ""
            parts.append(f"**{mover}** to place ({st.turns_left[st.to_move]} placement"
                         f"{'s' if st.turns_left[st.to_move] != 1 else ''} left this summon phase){when}. "
                         f"{state.name(st.first)} places first (drawn). Hands are private: press **Your hand**.")
        parts += [self._battle_line(state, rep) for rep in st.battles]
        legend = f"p1 = {state.name(0)}, p2 = {state.name(1)}"
        body = "\n".join(line for line in sm.render_text(st, viewer=None).split("\n") if line.strip())
        text = "\n".join(parts) + f"\n```\n{legend}\n{body}\n```"
        if len(text) > TEXT_ROOM:  # the picture shows the boards; keep the lines and counts in words
            short = "\n".join(line for line in body.split("\n") if not line.startswith("    ") and line.strip())
            text = "\n".join(parts) + f"\n```\n{legend}\n{short}\n```"
        return text[:TEXT_ROOM]

    def _battle_line(self, state: SummonGame, rep: sm.BattleReplay) -> str:
        fell = [f"{state.name(e.target.side)}'s {sm.card(e.target.card).name}" for e in rep.events if e.destroyed]
        acts = len({(e.turn, e.action) for e in rep.events})
        line = (f"**Battle phase {rep.phase}** ({rep.turns} turns, {state.name(rep.turn_player)} first): "
                f"{acts} action{'s' if acts != 1 else ''}")
        line += f"; fell: {', '.join(fell[:8])}{' …' if len(fell) > 8 else ''}" if fell else "; nobody fell"
        left = ", ".join(f"{state.name(i)} {len(rep.end[i])} unit{'s' if len(rep.end[i]) != 1 else ''}"
                         for i in (0, 1))
        return line + f"; now {left}. The replay is below."

    # --- steps ----------------------------------------------------------------------------------

    def _seat(self, state: SummonGame, ctx: Context) -> int | None:
        if ctx.seat == AI:
            return next((i for i, s in enumerate(state.seats) if s.user_id is None), None)
        return next((i for i, s in enumerate(state.seats) if s.user_id is not None and s.user_id == ctx.user_id), None)

    def _playing(self, state: SummonGame, what: str) -> sm.SummonState:
        if state.stage == "challenge":
            raise GameError(f"{what}: the challenge has not been accepted yet.")
        if state.game is None or self.is_over(state):
            raise GameError(f"{what}: this game is over.")
        return state.game

    def _refused(self, what: str, exc: RuleError, state: SummonGame) -> GameError:
        st = state.game
        texts = {
            "not_your_turn": (f"it is {state.name(st.to_move)}'s turn; wait for the table to come back to you"
                              if st else ""),
            "not_in_hand": "that piece is not in your hand (it may have been placed or passed back) — press "
                           "Your hand for the pieces you hold",
            "stale": "the table moved on since you looked: press Your hand on the newest table",
            "game_over": "this game is over",
        }
        return GameError(f"{what}: {texts.get(exc.code) or _names(str(exc), state)}.")

    def _played(self, state: SummonGame, new: sm.SummonState, ctx: Context, said: str,
                private: Reply | None = None) -> Outcome:
        """The outcome of an engine action: the new state, what happened in words, the result recorded."""
        lines = []
        for line in new.log:
            if line.startswith(("battle phase", "game over")):
                break
            lines.append(_names(line, state))
        after = state.model_copy(update={"game": new, "stage": "over" if new.phase == "over" else "play"})
        text = said + ("\n" + "; ".join(lines[1:] if said else lines) if len(lines) > (1 if said else 0) else "")
        if new.phase != "over":
            return Outcome(after, text.strip(), private=private)
        return Outcome(after, text.strip(), finished=True, on_saved=self._recorder(after, ctx), private=private)

    def _recorder(self, state: SummonGame, ctx: Context):
        st = state.game
        assert st is not None

        def record() -> None:
            for i, seat in enumerate(state.seats):
                if seat.user_id is None:
                    continue
                result: Result = "draw" if st.result == "draw" else ("win" if st.result == f"p{i + 1}" else "loss")
                progress, xp = record_result(load_progress(ctx.db, seat.user_id), result, against_ai=state.vs_ai)
                _save(ctx.db, seat.user_id, KEY, progress, ctx.now)
                players.add_xp(ctx.db, seat.user_id, xp, ctx.now)
        return record

    @step("accept")
    def _accept(self, state: SummonGame, arg: str, value: str | None, ctx: Context) -> Outcome:
        if state.stage != "challenge":
            raise GameError("Accept: this challenge was already answered.")
        if ctx.user_id != state.seats[1].user_id:
            raise GameError(f"Accept: only {state.name(1)} can accept this challenge.")
        d0, n0 = deck_for(ctx.db, state.seats[0].user_id or 0, state.seed, who=f"{state.name(0)}'s")
        d1, n1 = deck_for(ctx.db, ctx.user_id or 0, state.seed)
        game = sm.new_game(state.seed, d0, d1)
        seats = [state.seats[0].model_copy(update={"deck": n0}), state.seats[1].model_copy(update={"deck": n1})]
        new = state.model_copy(update={"stage": "play", "game": game, "seats": seats})
        return Outcome(new, f"{state.name(1)} accepted. The draw: **{new.name(game.first)}** places first.")

    @step("decline")
    def _decline(self, state: SummonGame, arg: str, value: str | None, ctx: Context) -> Outcome:
        if state.stage != "challenge":
            raise GameError("Decline: this challenge was already answered.")
        if ctx.user_id != state.seats[1].user_id:
            raise GameError(f"Decline: only {state.name(1)} can answer this challenge.")
        return Outcome(state.model_copy(update={"stage": "over", "ended": "declined"}),
                       f"{state.name(1)} declined the challenge.", finished=True)

    @step("place")
    def _place(self, state: SummonGame, arg: str, value: str | None, ctx: Context) -> Outcome:
        st = self._playing(state, "Place")
        me = self._seat(state, ctx)
        parts = arg.split(":")
        if len(parts) != 3 or not parts[1].lstrip("-").isdigit():
            raise GameError("Place: name a piece from your hand, a rotation 0–3 and a cell.")
        if me is None:
            raise GameError("Place: you are not playing in this game.")
        piece, rotation = self._piece_uid(st, me, parts[0]), int(parts[1])
        col, row = parse_cell(parts[2])
        where = render.cell_name(col, row) if -1 <= col <= 3 and -1 <= row <= 3 else parts[2]
        try:
            new = sm.apply(st, sm.Place(player=me, piece=piece, rotation=rotation, col=col, row=row))
        except RuleError as exc:
            raise self._refused(f"Place at {where}", exc, state) from None
        name = sm.card(st.cards[piece]).name
        after_state = state.model_copy(update={"game": new})
        private = None if ctx.seat == AI else self._after_placing(after_state, me, name, where)
        return self._played(state, new, ctx, "", private)

    @staticmethod
    def _piece_uid(st: sm.SummonState, me: int, text: str) -> int:
        """A hand piece named by its number in the game or by its name (as typed into /summon place)."""
        if text.strip().lstrip("-").isdigit():
            return int(text)
        wanted = text.strip().lower()
        for h in st.players[me].hand:
            if wanted in (h.card, sm.card(h.card).name.lower()):
                return h.uid
        raise GameError(f"Place: {text.strip()!r} is not in your hand — pick a piece from the list.")

    def _after_placing(self, state: SummonGame, me: int, name: str, where: str) -> Reply:
        st = state.game
        assert st is not None
        hand = st.players[me].hand
        names = ", ".join(sm.card(h.card).name for h in hand) or "empty"
        return Reply(f"You placed {name} at {where}. Your hand now (only you see it): {names}. "
                     "Press **Your hand** on the newest table when your turn comes back.",
                     Picture(render.render_hand(list(hand)), "hand.png", "Your hand"))

    @step("pass")
    def _pass(self, state: SummonGame, arg: str, value: str | None, ctx: Context) -> Outcome:
        st = self._playing(state, "Pass")
        me = self._seat(state, ctx)
        if me is None:
            raise GameError("Pass: you are not playing in this game.")
        try:
            new = sm.apply(st, sm.Pass(player=me))
        except RuleError as exc:
            raise self._refused("Pass", exc, state) from None
        return self._played(state, new, ctx, "")

    @step("surrender")
    def _surrender(self, state: SummonGame, arg: str, value: str | None, ctx: Context) -> Outcome:
        st = self._playing(state, "Surrender")
        me = self._seat(state, ctx)
        if me is None:
            raise GameError("Surrender: you are not playing in this game.")
        new = sm.apply(st, sm.Surrender(player=me))
        return self._played(state, new, ctx, f"{state.name(me)} surrendered.")

    # --- private views: the hand controls and the surrender question -----------------------------

    def _my_hand(self, state: SummonGame, ctx: Context, what: str) -> tuple[sm.SummonState, int, list[sm.HandOption]]:
        st = self._playing(state, what)
        me = self._seat(state, ctx)
        if me is None:
            raise GameError(f"{what}: only the players see their own hands.")
        return st, me, sm.hand_options(st, me)

    @staticmethod
    def _option(options: list[sm.HandOption], text: str | None, what: str) -> sm.HandOption:
        found = next((o for o in options if text is not None and str(o.piece) == text.strip()), None)
        if found is None:
            raise GameError(f"{what}: that piece is not in your hand — press Your hand for the pieces you hold.")
        return found

    def _piece_select(self, options: list[sm.HandOption], chosen: int | None) -> Select:
        opts = tuple(Option(f"{k + 1}. {o.name}"[:100], str(o.piece),
                            f"{sm.card(o.card).attr} {sm.card(o.card).kind} · "
                            f"{sum(len(r.placements) for r in o.rotations)} legal placements"[:100],
                            default=o.piece == chosen) for k, o in enumerate(options))
        return Select("hr", opts, "Choose a piece", row=0)

    def _rotation_select(self, o: sm.HandOption, chosen: int | None) -> Select:
        opts = tuple(Option(f"rotation {r.rotation} · sides {r.sides}", str(r.rotation),
                            f"{len(r.placements)} legal cell{'s' if len(r.placements) != 1 else ''}",
                            default=r.rotation == chosen) for r in o.rotations)
        return Select(f"hc:{o.piece}", opts, "Turn it: choose a rotation", row=1)

    def _cell_select(self, o: sm.HandOption, r: sm.RotationOption, chosen: str | None) -> Select | None:
        if not r.placements:
            return None
        opts = tuple(Option(render.cell_name(p.col, p.row), cell_code(p.col, p.row), _what_it_does(p)[:100],
                            default=cell_code(p.col, p.row) == chosen) for p in r.placements[:25])
        return Select(f"hx:{o.piece}:{r.rotation}", opts, "Choose a cell", row=2)

    @view("hp")
    def _hand(self, state: SummonGame, arg: str, value: str | None, ctx: Context) -> Reply:
        st, me, options = self._my_hand(state, ctx, "Your hand")
        mine = st.to_move == me
        listed = "\n".join(f"{k + 1}. {sm.describe(o.card)} — sides as dealt {o.sides}"
                           for k, o in enumerate(options)) or "Your hand is empty."
        turn = ("Your turn: choose a piece, then how to turn it and a cell; then Place." if mine else
                f"It is {state.name(st.to_move)}'s turn: look now, place when it comes back to you.")
        text = f"**Your hand** (only you see this)\n{listed}\n{turn}"
        buttons = (Button("Pass", "pass", row=3),) if mine else ()
        return Reply(text[:TEXT_ROOM], Picture(render.render_hand([h for h in st.players[me].hand]), "hand.png",
                                               "Your hand"),
                     buttons=buttons, selects=(self._piece_select(options, None),) if options else ())

    @view("hr")
    def _piece(self, state: SummonGame, arg: str, value: str | None, ctx: Context) -> Reply:
        st, me, options = self._my_hand(state, ctx, "Piece")
        o = self._option(options, value or arg, "Piece")
        hp = next(h for h in st.players[me].hand if h.uid == o.piece)
        text = (f"**{o.name}**: {sm.describe(o.card)}\nIts distinct rotations are drawn below, with how many legal "
                f"cells each has{'' if st.to_move == me else ' when your turn comes'}. Choose one.")
        pic = render.render_rotations(hp, [(r.rotation, len(r.placements)) for r in o.rotations])
        return Reply(text[:TEXT_ROOM], Picture(pic, "rotations.png", f"{o.name}, each rotation"),
                     selects=(self._piece_select(options, o.piece), self._rotation_select(o, None)))

    def _rotation(self, o: sm.HandOption, text: str | None, what: str) -> sm.RotationOption:
        if text is None or not text.strip().lstrip("-").isdigit():
            raise GameError(f"{what}: choose a rotation 0–3.")
        r = int(text)
        if not 0 <= r <= 3:
            raise GameError(f"{what}: rotation must be 0–3 quarter turns clockwise, not {r}.")
        found = next((x for x in o.rotations if x.rotation == r), None)
        if found is None:  # the same sides as an earlier rotation: listed once, under that one
            code = sides_code(rotate(parse_sides(o.sides), r))
            found = next(x for x in o.rotations if x.sides == code)
        return found

    @view("hc")
    def _cells(self, state: SummonGame, arg: str, value: str | None, ctx: Context) -> Reply:
        st, me, options = self._my_hand(state, ctx, "Rotation")
        o = self._option(options, arg, "Rotation")
        r = self._rotation(o, value, "Rotation")
        p = st.players[me]
        marks = {(p.ox + pl.col, p.oy + pl.row): render.cell_name(pl.col, pl.row).replace(" of ", "\nof ")
                 for pl in r.placements}
        if st.to_move != me:
            text = (f"{o.name}, rotation {r.rotation}: it is {state.name(st.to_move)}'s turn, "
                    "so no cell is open to you now.")
        elif not r.placements:
            text = f"{o.name}, rotation {r.rotation}: no legal cell — try another rotation or piece, or Pass."
        else:
            text = (f"{o.name}, rotation {r.rotation}: {len(r.placements)} legal cell"
                    f"{'s' if len(r.placements) != 1 else ''} (marked). Choose one to see what it summons and "
                    "what falls off.")
        pic = render.render_cells(p.board, p.ox, p.oy, marks, title=f"{o.name}, rotation {r.rotation}")
        selects = [self._piece_select(options, o.piece), self._rotation_select(o, r.rotation)]
        cells = self._cell_select(o, r, None)
        if cells is not None:
            selects.append(cells)
        return Reply(text, Picture(pic, "cells.png", "Your board with the legal cells"), selects=tuple(selects))

    @view("hx")
    def _preview(self, state: SummonGame, arg: str, value: str | None, ctx: Context) -> Reply:
        st, me, options = self._my_hand(state, ctx, "Cell")
        piece, _, rot = arg.partition(":")
        o = self._option(options, piece, "Cell")
        r = self._rotation(o, rot, "Cell")
        col, row = parse_cell(value or "")
        where = render.cell_name(col, row)
        pl = next((x for x in r.placements if (x.col, x.row) == (col, row)), None)
        if pl is None:
            if st.to_move != me:
                raise GameError(f"Cell {where}: it is {state.name(st.to_move)}'s turn.")
            raise GameError(f"Cell {where}: {o.name} turned {r.rotation} cannot go there.")
        pv = sm.preview(st, pl)
        p = st.players[me]
        ghost = next(b for b in pv.board if b.uid == pl.piece)
        text = f"**Place {o.name}** (rotation {r.rotation}) at {where}: {_what_it_does(pl)}."
        if pl.slide != (0, 0):
            text += " The board slides; pieces crossed out fall off (they return to neither hand nor deck)."
        pic = render.render_cells(p.board, p.ox, p.oy, {}, falls=set(pl.falls), ghost=ghost,
                                  window=(pv.ox, pv.oy) if pl.slide != (0, 0) else None,
                                  title=f"Preview: {o.name} at {where}")
        selects = [self._piece_select(options, o.piece), self._rotation_select(o, r.rotation)]
        cells = self._cell_select(o, r, cell_code(col, row))
        if cells is not None:
            selects.append(cells)
        place = Button("Place", f"place:{o.piece}:{r.rotation}:{cell_code(col, row)}", "success", row=3)
        return Reply(text, Picture(pic, "preview.png", f"Preview of {o.name} at {where}"), selects=tuple(selects),
                     buttons=(place,))

    @view("sq")
    def _surrender_question(self, state: SummonGame, arg: str, value: str | None, ctx: Context) -> Reply:
        self._playing(state, "Surrender")
        if self._seat(state, ctx) is None:
            raise GameError("Surrender: you are not playing in this game.")
        return Reply("Surrender this game? It counts as a loss. (Only you see this question.)",
                     buttons=(Button("Yes, surrender", "surrender", "danger"),))

    # --- profile --------------------------------------------------------------------------------

    def profile_lines(self, progress: dict) -> list[str]:
        if not progress:
            return []
        pr = SummonProgress.model_validate(progress)
        deck = f"own deck of {len(pr.deck)}" if pr.deck else "automatic decks"
        return [f"Against members: {pr.members.line()}", f"Against the AI: {pr.ai.line()}", f"Plays {deck}"]

    # --- decks and pieces (the commands run these on the store worker) --------------------------

    @staticmethod
    def deck_show(db: Store, user_id: int) -> tuple[str, Picture | None]:
        deck = load_progress(db, user_id).deck
        if not deck:
            return ("You have no deck of your own: each game deals you an automatic one. Build one with "
                    "`/summon deck auto` (leave it to me) or `/summon deck add piece:`.", None)
        try:
            sm.validate_deck(deck)
            verdict = "Playable."
        except RuleError as exc:
            verdict = f"Not playable yet: {exc}. Games refuse it until it is fixed (or `/summon deck reset`)."
        balance = shape_balance(deck)
        begging = [a for a, v in balance.items() if v < 0]
        hint = f" Tabs that lack blanks to fit: {', '.join(begging)}." if begging else ""
        text = f"**Your summon deck**: {_summary(deck)}\n{verdict}{hint}"
        pic = Picture(render.render_deck(deck, sm.deck_summary(deck)), "deck.png", "Your deck")
        return text, pic

    @staticmethod
    def _save_deck(db: Store, user_id: int, deck: list[str], now: datetime) -> None:
        progress = load_progress(db, user_id)
        _save(db, user_id, KEY, progress.model_copy(update={"deck": deck}), now)

    @staticmethod
    def deck_auto(db: Store, user_id: int, seed: int, now: datetime) -> tuple[str, Picture | None]:
        deck = sm.auto_deck(seed_from("summon-deck-auto", seed, user_id))
        Summon._save_deck(db, user_id, deck, now)
        text, pic = Summon.deck_show(db, user_id)
        return "Left it to me: a balanced deck of two attributes and neutral.\n" + text, pic

    @staticmethod
    def deck_add(db: Store, user_id: int, piece: str, now: datetime) -> str:
        deck = load_progress(db, user_id).deck
        try:
            new = add_piece(deck, piece)
        except RuleError as exc:
            raise GameError(f"Deck add: {exc}.") from None
        Summon._save_deck(db, user_id, new, now)
        return f"Added {sm.card(find_piece(piece)).name}. " + Summon._state_line(new)

    @staticmethod
    def deck_remove(db: Store, user_id: int, piece: str, now: datetime) -> str:
        deck = load_progress(db, user_id).deck
        try:
            new = remove_piece(deck, piece)
        except RuleError as exc:
            raise GameError(f"Deck remove: {exc}.") from None
        Summon._save_deck(db, user_id, new, now)
        return f"Removed one {sm.card(find_piece(piece)).name}. " + Summon._state_line(new)

    @staticmethod
    def deck_reset(db: Store, user_id: int, now: datetime) -> str:
        Summon._save_deck(db, user_id, [], now)
        return "Your deck is cleared: each game deals you an automatic deck until you build one again."

    @staticmethod
    def _state_line(deck: list[str]) -> str:
        if not deck:
            return "Your deck is empty: games deal you an automatic one."
        try:
            sm.validate_deck(deck)
        except RuleError as exc:
            return f"Your deck has {len(deck)} pieces and cannot be played yet: {exc}."
        return f"Your deck has {len(deck)} pieces and is playable."

    @staticmethod
    def piece_details(name: str) -> tuple[str, Picture]:
        try:
            cid = find_piece(name)
        except RuleError as exc:
            raise GameError(f"Piece: {exc}.") from None
        c = sm.card(cid)
        sides = tuple([tab(a) for a in c.tabs] + [blank(a) for a in c.blanks] + [FLAT] * c.flats)
        lines = [f"{c.name} ({c.id})", f"{c.attr} {c.kind} · edges: {edge_text(c)}"]
        if c.kind == "unit":
            lines.append(f"{c.hearts} hearts ({c.max_ticks} ticks) · " +
                         ("cannot attack" if c.cannot_attack else f"attack {c.attack} ticks"))
            if c.ability_text():
                lines.append(c.ability_text())
        else:
            lines.append(f"when summoned: {c.ability_text()}")
        lines.append("where the tabs and blanks sit is dealt anew each draw")
        return (f"**{c.name}** — {sm.describe(cid)}. Where its tabs and blanks sit is dealt at random each time "
                "it is drawn; turn it when placing.",
                Picture(render.render_piece(cid, sides, lines), "piece.png", c.name))

    @staticmethod
    def piece_choices(current: str) -> list[tuple[str, str]]:
        want = current.strip().lower()
        found = [(piece_line(c.id)[:100], c.id) for c in sm.load_catalog().cards
                 if want in c.name.lower() or want in c.id or want in c.attr]
        return found[:25]

    # --- /summon place autocomplete (the asker's own hand only) ---------------------------------

    def _options_of(self, state: SummonGame | None, user_id: int) -> list[sm.HandOption]:
        if state is None or state.game is None or self.is_over(state):
            return []
        me = next((i for i, s in enumerate(state.seats) if s.user_id == user_id), None)
        return [] if me is None else sm.hand_options(state.game, me)

    def hand_choices(self, state: SummonGame | None, user_id: int, current: str) -> list[tuple[str, str]]:
        return [(f"{o.name} · sides {o.sides}"[:100], str(o.piece)) for o in self._options_of(state, user_id)
                if current.lower() in o.name.lower() or current == str(o.piece)]

    def rotation_choices(self, state: SummonGame | None, user_id: int, piece: str | None) -> list[tuple[str, int]]:
        o = next((o for o in self._options_of(state, user_id) if str(o.piece) == str(piece)), None)
        if o is None:
            return []
        return [(f"{r.rotation}: sides {r.sides} · {len(r.placements)} legal cells", r.rotation) for r in o.rotations]

    def cell_choices(self, state: SummonGame | None, user_id: int, piece: str | None, rotation: int | None,
                     current: str) -> list[tuple[str, str]]:
        o = next((o for o in self._options_of(state, user_id) if str(o.piece) == str(piece)), None)
        if o is None or rotation is None:
            return []
        found = []
        for r in o.rotations:
            if r.rotation != rotation:
                continue
            for pl in r.placements:
                label = f"{render.cell_name(pl.col, pl.row)} — {_what_it_does(pl)}"
                if current.lower() in label.lower():
                    found.append((label[:100], cell_code(pl.col, pl.row)))
        return found[:25]


def _what_it_does(pl: sm.Placement) -> str:
    """A placement's preview in words: what it summons (in line order) and what falls off."""
    summons = ", ".join(sm.card(c).name for c in pl.summon_cards) or "nothing yet"
    out = f"summons {summons}"
    if pl.falls:
        out += f"; slides, falls off: {', '.join(sm.card(c).name for c in pl.fall_cards)}"
    return out


class AiPilot:
    """The built-in opponent: the engine's AI, run off the event loop; it answers at once."""

    async def decide(self, state: SummonGame, seat: str, deadline: datetime) -> str:
        return await asyncio.to_thread(ai_decision, state)


def ai_decision(state: SummonGame) -> str:
    assert state.game is not None
    action = sm.ai_action(state.game)
    if isinstance(action, sm.Pass):
        return "pass"
    return f"place:{action.piece}:{action.rotation}:{cell_code(action.col, action.row)}"
