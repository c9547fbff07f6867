"""Starting summon games (run on the store worker by the commands): against the AI at once, a challenge
a member accepts or declines, and a rematch between the same two."""
from __future__ import annotations

import engine.summon as sm
from bot.core.errors import GameError
from db.games import GameRecord, running_games_of
from db.store import Store
from engine.rng import seed_from

from .decks import deck_for, deck_name
from .session import KEY, SeatInfo, SummonGame


def new_ai_game(db: Store, user_id: int, name: str, seed: int) -> tuple[SummonGame, str]:
    deck, own_deck = deck_for(db, user_id, seed)
    ai_deck = sm.auto_deck(seed_from("summon-ai-deck", seed))
    game = sm.new_game(seed, deck, ai_deck)
    seats = [SeatInfo(user_id=user_id, name=name, deck=own_deck),
             SeatInfo(user_id=None, name="AI", deck=deck_name(ai_deck, own=False))]
    state = SummonGame(stage="play", seats=seats, seed=seed, game=game)
    return state, f"Summon against the AI — the draw: **{state.name(game.first)}** places first"


def new_challenge(db: Store, guild_id: int | None, user_id: int, name: str, opponent_id: int, opponent_name: str,
                  opponent_is_bot: bool, seed: int) -> tuple[SummonGame, str]:
    if opponent_id == user_id:
        raise GameError("Challenge: you cannot challenge yourself — pick another member, or play `/summon ai`.")
    if opponent_is_bot:
        raise GameError(f"Challenge: {opponent_name} is a bot and cannot play; `/summon ai` plays the built-in AI.")
    if running_games_of(db, opponent_id, guild_id=guild_id, kind=KEY):
        raise GameError(f"Challenge: {opponent_name} is already in a Summon game here; challenge them when it ends.")
    deck_for(db, user_id, seed)  # an unplayable deck is explained now, not when the challenge is accepted
    seats = [SeatInfo(user_id=user_id, name=name), SeatInfo(user_id=opponent_id, name=opponent_name)]
    return (SummonGame(stage="challenge", seats=seats, seed=seed),
            f"challenges <@{opponent_id}> to Summon: accept or decline below (it lapses in 5 minutes)")


def rematch(db: Store, game: GameRecord, user_id: int, guild_id: int | None,
            seed: int) -> tuple[SummonGame, str, list[int]]:
    """A new game between the same two (a new challenge for the other member, who must accept)."""
    state = SummonGame.model_validate_json(game.state)
    me = next((s for s in state.seats if s.user_id == user_id), None)
    if me is None:
        raise GameError("Rematch: only the players of that game can ask for a rematch.")
    if state.vs_ai:
        st, label = new_ai_game(db, user_id, me.name, seed)
        return st, label, []
    other = next(s for s in state.seats if s.user_id != user_id)
    assert other.user_id is not None
    st, label = new_challenge(db, guild_id, user_id, me.name, other.user_id, other.name, False, seed)
    return st, "asks for a rematch: " + label, [other.user_id]


__all__ = ["new_ai_game", "new_challenge", "rematch"]
