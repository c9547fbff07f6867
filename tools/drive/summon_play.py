"""Playing summon through SimCord as members do: the hand controls, the slash step, reading the state."""
from __future__ import annotations

from bot.games.summon.actions import Cell, Place, PreviewPlacement, ShowHand
from bot.games.summon.pilot import ai_decision
from db.games import get_game, running_games_of
from engine.summon import auto_deck, hand_options
from engine.summon.scenario import scenario
from tools.drive.replies import controls_of


def cell_code(col: int, row: int) -> str:
    """A cell as `/summon place cell:` autocomplete fills it."""
    return Cell(col, row).code()


def game_of(bot, member):
    """The member's running summon game record, or None."""
    games = running_games_of(bot.db, member.id, kind="summon")
    return games[0] if games else None


def state_of(bot, game_id: int):
    return bot.sessions.load(get_game(bot.db, game_id))


async def start_ai(env, member, channel):
    """`/summon ai` by the member: the game's thread, once the AI has answered (it moves at once when
    the draw lets it place first)."""
    await member.slash(channel, "summon ai")
    await env.settle()
    return channel.threads[-1]


async def start_duel(member, opponent, channel):
    """`/summon challenge` accepted by the opponent: the game's thread."""
    await member.slash(channel, "summon challenge", opponent=opponent)
    thread = channel.threads[-1]
    await opponent.click(thread.last_message, label="Accept")
    return thread


def mover_and_waiter(state, one, other):
    """The two players of a duel as (the one to move, the one waiting)."""
    return (one, other) if state.seats[state.game.to_move].user_id == one.id else (other, one)


async def ai_game_with(env, bot, member, channel, mine: dict):
    """An AI game started by `/summon ai` whose position is `mine` for the member (seat 0, to move;
    a deck of Clay Dolls unless `mine` names one) against an automatic deck: (thread, game record, state)."""
    thread = await start_ai(env, member, channel)
    game = game_of(bot, member)
    st = scenario({"deck": ["n02"] * 30, **mine}, {"deck": auto_deck(4)})
    state = state_of(bot, game.id)
    seats = state.seats if state.seats[0].user_id == member.id else state.seats[::-1]
    state = state.model_copy(update={"game": st, "seats": seats})
    bot.db.execute("update games set state = ? where id = ?", [state.model_dump_json(), game.id])
    return thread, game, st


def private_message(result):
    """The private message an interaction showed (a follow-up, or the edited private message)."""
    if result.followups:
        return result.followups[-1]
    return result.response


def component_ids(message) -> list[str]:
    rows = message.components
    found = [c for row in rows for c in row.get("components")] if rows and isinstance(rows[0], dict) \
        else controls_of(message)
    ids = [c.get("custom_id") if isinstance(c, dict) else getattr(c, "custom_id", None) for c in found]
    return [cid for cid in ids if cid]


def selects(message) -> list[dict]:
    return [c for row in message.components for c in row.get("components", []) if c.get("type") == 3]


def select_options(message, verb: str | None = None) -> list[dict]:
    """Every option of the message's selects (only those whose action has `verb`, when given)."""
    return [o for c in selects(message) for o in c["options"]
            if verb is None or o["value"].partition(":")[0] == verb]


def select_holding(message, value: str) -> str:
    """The custom id of the select that offers `value` (a whole action's wire form)."""
    for c in selects(message):
        if any(o["value"] == value for o in c["options"]):
            return c["custom_id"]
    raise AssertionError(f"no select offers {value!r}: {[o['value'] for o in select_options(message)]}")


def seat_of(state, member) -> int:
    return next(i for i, s in enumerate(state.seats) if s.user_id == member.id)


def a_placement(state, seat: int):
    """A legal placement of `seat`'s hand (the engine's own AI choice when it places), or None."""
    options = hand_options(state.game, seat)
    placements = [pl for o in options for r in o.rotations for pl in r.placements]
    if not placements:
        return None
    decided = ai_decision(state) if state.game.to_move == seat else None
    if isinstance(decided, Place):
        for pl in placements:
            if (pl.piece, pl.rotation, pl.col, pl.row) == (decided.piece, decided.rotation, decided.cell.col,
                                                             decided.cell.row):
                return pl
    return placements[0]


def place_action(pl, preview: bool = False) -> str:
    return (PreviewPlacement if preview else Place)(pl.piece, pl.rotation, Cell(pl.col, pl.row)).encode()


async def choose_placement(member, msg, pl, preview: bool = False):
    """On a hand view: the placement from its select (a piece first when the view asks for one)."""
    results = []
    wanted = place_action(pl, preview)
    if not any(o["value"] == wanted for o in select_options(msg)):
        piece = ShowHand(pl.piece, preview).encode()
        results.append(await member.select(msg, [piece], custom_id=select_holding(msg, piece)))
        msg = private_message(results[-1])
    results.append(await member.select(msg, [wanted], custom_id=select_holding(msg, wanted)))
    return results


async def hand_view(member, thread):
    """The member's private hand view, opened with the table's Your hand."""
    return private_message(await member.click(thread.last_message, label="Your hand"))


async def place_with_hand_controls(member, thread, pl):
    """Your hand → the placement (→ a piece first, past 25 placements); returns every result, in order."""
    hand = await member.click(thread.last_message, label="Your hand")
    return [hand, *await choose_placement(member, private_message(hand), pl)]
