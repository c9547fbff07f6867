"""One test over every registered engine, as OpenSpiel runs its API tests over registered_games():
random legal play through the five shared verbs, on every game, tactics included. The same seed and
choices give the same game (PettingZoo's seed test); the state handed in is never changed; every state
saves as JSON and loads back; events are typed values, never words; a game that offers no action is over."""
from __future__ import annotations

import random

import pytest

from engine.api import Applied, Outcome
from engine.errors import RuleError
from engine.registry import registered_games

GAMES = registered_games()
STEPS = {"bowls": 60, "formation": 12, "summon": 80, "tactics": 12}  # tactics plans each turn: fewer steps


def test_every_game_is_registered():
    assert set(GAMES) == {"bowls", "formation", "summon", "tactics"}
    assert set(STEPS) == set(GAMES)


def play(name: str, seed: int) -> list[tuple[str, str, tuple]]:
    """Random legal play; each step's state (as JSON), the action taken and the event types it played."""
    engine, rng = GAMES[name], random.Random(f"{name}-{seed}")
    state = engine.new_game(seed)
    trail = []
    for _ in range(STEPS[name]):
        actions = engine.legal_actions(state)
        if engine.outcome(state) is not None:
            assert actions == [], f"{name}: a game that is over offers no action"
            break
        assert actions, f"{name}: a game still going offers no action"
        action = rng.choice(actions)
        before = state.model_dump_json()
        applied = engine.apply(state, action)
        assert isinstance(applied, Applied)
        assert state.model_dump_json() == before, f"{name}: apply changed the state it was handed"
        assert not any(isinstance(e, str) for e in applied.events), f"{name}: events are values, not words"
        state = applied.state
        assert type(state).model_validate_json(state.model_dump_json()) == state, f"{name}: JSON round-trip"
        text = engine.render_text(state)
        assert isinstance(text, str) and text.strip()
        trail.append((state.model_dump_json(), repr(action), tuple(type(e).__name__ for e in applied.events)))
    return trail


@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_legal_play_through_the_one_api(name):
    trail = play(name, 5)
    assert trail, f"{name}: nothing was played"
    assert any(events for _, _, events in trail), f"{name}: no step played any event"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_same_seed_and_choices_give_the_same_game(name):
    assert play(name, 11) == play(name, 11)
    engine = GAMES[name]
    assert engine.new_game(11) == engine.new_game(11)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_action_that_is_not_legal_is_a_rule_error_and_changes_nothing(name):
    engine = GAMES[name]
    state = engine.new_game(3)
    before = state.model_dump_json()
    legal = engine.legal_actions(state)
    over = state
    while engine.outcome(over) is None:  # play to the end on the first legal action, then act once more
        over = engine.apply(over, engine.legal_actions(over)[0]).state
    outcome = engine.outcome(over)
    assert isinstance(outcome, Outcome) and outcome.result
    with pytest.raises(RuleError):
        engine.apply(over, legal[0])
    assert state.model_dump_json() == before
