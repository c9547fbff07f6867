"""Playing summon through SimCord as members do: the hand controls, the slash step, reading the state."""
from __future__ import annotations

from bot.games.summon.kind import ai_decision, cell_code
from db.games import get_game, running_games_of
from engine.summon import hand_options


def game_of(bot, member):
    """The member's running summon game record, or None."""
    games = running_games_of(bot.db, member.id, kind="summon")
    return games[0] if games else None


def state_of(bot, game_id: int):
    return bot.sessions.load(get_game(bot.db, game_id))


def private_message(result):
    """The private message an interaction showed (a follow-up, or the edited private message)."""
    if result.followups:
        return result.followups[-1]
    return result.response


def component_ids(message) -> list[str]:
    rows = message.components
    out = []
    for row in rows:
        for c in (row.get("components") if isinstance(row, dict) else row.children):
            cid = c.get("custom_id") if isinstance(c, dict) else getattr(c, "custom_id", None)
            if cid:
                out.append(cid)
    return out


def select_options(message, action: str) -> list[dict]:
    for row in message.components:
        for c in row.get("components", []):
            if c.get("custom_id", "").endswith(f":{action}") and c.get("type") == 3:
                return c["options"]
    raise AssertionError(f"no select {action!r} on {component_ids(message)}")


def seat_of(state, member) -> int:
    return next(i for i, s in enumerate(state.seats) if s.user_id == member.id)


def a_placement(state, seat: int):
    """A legal placement of `seat`'s hand (the engine's own AI choice when it places), or None."""
    options = hand_options(state.game, seat)
    placements = [pl for o in options for r in o.rotations for pl in r.placements]
    if not placements:
        return None
    decided = ai_decision(state) if state.game.to_move == seat else ""
    if decided.startswith("place:"):
        piece, rotation, cell = decided.split(":")[1:]
        for pl in placements:
            if (str(pl.piece), str(pl.rotation), cell_code(pl.col, pl.row)) == (piece, rotation, cell):
                return pl
    return placements[0]


async def place_with_hand_controls(member, thread, pl):
    """Your hand → piece → rotation → cell → Place, each on the private message; returns the results."""
    hand = await member.click(thread.last_message, label="Your hand")
    msg = private_message(hand)
    pieces = next(c for c in component_ids(msg) if c.endswith(":hr"))
    piece = await member.select(msg, [str(pl.piece)], custom_id=pieces)
    msg = private_message(piece)
    rotation = await member.select(msg, [str(pl.rotation)],
                                   custom_id=next(c for c in component_ids(msg) if c.endswith(f":hc:{pl.piece}")))
    msg = private_message(rotation)
    cell = await member.select(msg, [cell_code(pl.col, pl.row)],
                               custom_id=next(c for c in component_ids(msg) if f":hx:{pl.piece}:{pl.rotation}" in c))
    msg = private_message(cell)
    placed = await member.click(msg, label="Place")
    return hand, piece, rotation, cell, placed
