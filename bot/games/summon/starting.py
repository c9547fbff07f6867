"""Starting summon games (run on the store worker by the commands): against the AI at once, a challenge
a member accepts or declines, and a rematch between the same two."""
from __future__ import annotations

import engine.summon as sm
from bot.core.errors import GameError
from bot.words import N_, words
from db.games import GameRecord, running_games_of
from db.store import Store
from engine.errors import RuleError
from engine.rng import seed_from
from engine.summon.progress import ai_level

from .decks import deck_for, deck_name
from .narrate import places_first
from .progress import load_progress
from .session import KEY, SeatInfo, SummonGame

TUTORIAL_OFFER = N_(" · New to Summon? `/summon tutorial` shows it in four placements, then a gentle game.")


def _first_time(db: Store, user_id: int) -> str:
    """The tutorial offered on a player's first summon game."""
    progress = load_progress(db, user_id)
    return words(TUTORIAL_OFFER) if progress.ai.played + progress.members.played == 0 else ""


def ai_game(db: Store, user_id: int, name: str, seed: int, level: str) -> SummonGame:
    """A game against the AI at `level`, the player's deck against an automatic one."""
    deck, own_deck = deck_for(db, user_id, seed)
    ai_deck = sm.auto_deck(seed_from("summon-ai-deck", seed))
    game = sm.new_game(seed, deck, ai_deck)
    seats = [SeatInfo(user_id=user_id, name=name, deck=own_deck),
             SeatInfo(user_id=None, name="AI", deck=deck_name(ai_deck, own=False))]
    return SummonGame(stage="play", seats=seats, seed=seed, game=game, level=level)  # type: ignore[arg-type]


def new_ai_game(db: Store, user_id: int, name: str, seed: int, level: str | None = None) -> tuple[SummonGame, str]:
    """Against the AI: the level asked for, else gentle for a player's first three games against it."""
    try:
        chosen = ai_level(load_progress(db, user_id), level)
    except RuleError as exc:
        raise GameError(words("AI: there is no AI level “{level}”: choose gentle or normal.", level=level)
                        if exc.code == "bad_level" else words("AI: {reason}.", reason=exc)) from None
    state = ai_game(db, user_id, name, seed, chosen)
    assert state.game is not None
    which = words("the gentle AI") if chosen == "gentle" else words("the AI")
    return state, (words("Summon against {which} — the draw: {first}", which=which,
                         first=places_first(state, state.game.first)) + _first_time(db, user_id))


def new_tutorial(db: Store, user_id: int, name: str, seed: int) -> tuple[SummonGame, str]:
    """The tutorial: its scripted steps with fixed hands, then a gentle game against the AI."""
    deck_for(db, user_id, seed)  # an unplayable deck is explained now, not when the tutorial's game begins
    step, game = sm.tutorial_step(1)
    seats = [SeatInfo(user_id=user_id, name=name, deck=N_("the tutorial's pieces")),
             SeatInfo(user_id=None, name="AI", deck=N_("the tutorial's pieces"))]
    state = SummonGame(stage="play", seats=seats, seed=seed, game=game, level="gentle", tutorial=1)
    steps = len(sm.tutorial_steps())
    return state, words("Summon tutorial — {steps} placements, one idea each, then a gentle game against the AI",
                        steps=steps)


def new_challenge(db: Store, guild_id: int | None, user_id: int, name: str, opponent_id: int, opponent_name: str,
                  opponent_is_bot: bool, seed: int) -> tuple[SummonGame, str]:
    if opponent_id == user_id:
        raise GameError(words("Challenge: you cannot challenge yourself — pick another member, or play `/summon ai`."))
    if opponent_is_bot:
        raise GameError(words("Challenge: {name} is a bot and cannot play; `/summon ai` plays the built-in AI.",
                              name=opponent_name))
    if running_games_of(db, opponent_id, guild_id=guild_id, kind=KEY):
        raise GameError(words("Challenge: {name} is already in a Summon game here; challenge them when it ends.",
                              name=opponent_name))
    deck_for(db, user_id, seed)  # an unplayable deck is explained now, not when the challenge is accepted
    seats = [SeatInfo(user_id=user_id, name=name), SeatInfo(user_id=opponent_id, name=opponent_name)]
    return (SummonGame(stage="challenge", seats=seats, seed=seed),
            words("challenges {member} to Summon: accept or decline below (it lapses in 5 minutes)",
                  member=f"<@{opponent_id}>")
            + _first_time(db, user_id))


def rematch(db: Store, game: GameRecord, user_id: int, guild_id: int | None,
            seed: int) -> tuple[SummonGame, str, list[int]]:
    """A new game between the same two (a new challenge for the other member, who must accept)."""
    state = SummonGame.model_validate_json(game.state)
    me = next((s for s in state.seats if s.user_id == user_id), None)
    if me is None:
        raise GameError(words("Rematch: only the players of that game can ask for a rematch."))
    if state.vs_ai:
        st, label = new_ai_game(db, user_id, me.name, seed)
        return st, label, []
    other = next(s for s in state.seats if s.user_id != user_id)
    assert other.user_id is not None
    st, label = new_challenge(db, guild_id, user_id, me.name, other.user_id, other.name, False, seed)
    return st, words("asks for a rematch: {label}", label=label), [other.user_id]


__all__ = ["new_ai_game", "new_challenge", "rematch"]
