"""One test over every registered game, as OpenSpiel runs its tests over every game: random legal play
through the kind's public API (the board's enabled buttons and select options are its legal actions),
every action read back from its own wire form, every refusal a GameError with a reason, and the state
handed in never changed. The Context holds a real SQLite store in a temporary folder."""
from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest

from bot.core.actions import Action
from bot.core.kinds import Context, GameError, GameKind
from bot.core.reply import Reply
from bot.games import registry
from db import games as game_store
from db.store import open_store
from tools.drive.tally.kind import Tally, TallyState

PLAYER = 424242
DAY = date(2026, 12, 1)
STEPS = 200

# How each game is started through its kind's public API (a new game must add its own line here).
STARTS: dict[str, Callable[[Any, Any], Any]] = {
    "bowls": lambda kind, db: kind.new_endless(db, PLAYER, 7),
    "formation": lambda kind, db: kind.new_tutorial(db, PLAYER)[0],
    "tactics": lambda kind, db: kind.new_daily(DAY, PLAYER, db),
    "summon": lambda kind, db: kind.new_ai_game(db, PLAYER, "alice", 7)[0],
    "tally": lambda kind, db: TallyState(auto=True),
}
KINDS: list[GameKind[Any]] = [plugin.kind for plugin in registry.plugins()] + [Tally()]


def test_every_registered_game_has_a_start_here():
    assert {kind.key for kind in KINDS} <= set(STARTS)


def legal_actions(reply: Reply) -> list[Action]:
    """What a player could press or choose on `reply`: enabled buttons and every option of enabled selects."""
    found: list[Action] = [b.action for b in reply.buttons if not b.disabled]
    for select in reply.selects:
        if not select.disabled:
            found.extend(option.value for option in select.options)
    return found


@pytest.mark.parametrize("kind", KINDS, ids=[k.key for k in KINDS])
def test_random_legal_play_through_the_kinds_public_api(kind, tmp_path):
    rng = random.Random(f"every-game-{kind.key}")
    db = open_store(tmp_path / "gamehall.db")
    now = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
    def new_game(now: datetime) -> tuple[Any, game_store.GameRecord]:
        state = STARTS[kind.key](kind, db)
        for old in game_store.running_games_of(db, PLAYER):
            game_store.save_game(db, old, now=now, status=game_store.FINISHED)
        return state, game_store.create_game(db, kind=kind.key, guild_id=1, channel_id=1, players=[PLAYER],
                                             state=kind.dump(state), now=now)

    try:
        state, game = new_game(now)
        private: Reply | None = None
        played = refused = looked = games = 0
        for step in range(STEPS):
            now += timedelta(seconds=1)
            before = kind.dump(state)
            seats = kind.seats(state, game)
            if seats == () or kind.is_over(state):  # over: the next game starts, as a player's would
                state, game = new_game(now)
                private, games = None, games + 1
                continue
            pilot = next((s for s in seats or () if isinstance(s, str)), None)
            if pilot is not None and PLAYER not in (seats or ()):
                choice: Action | None = kind.fallback(state, pilot)
                actor: int | str = pilot
            else:
                board = kind.board(state, game)
                assert kind.dump(state) == before, "showing the board changed the state"
                options = legal_actions(board) + (legal_actions(private) if private is not None else [])
                choice = rng.choice(options) if options else None
                actor = PLAYER
            assert choice is not None, f"{kind.key}: a running game offers no action"
            action = choice
            assert kind.decode(action.encode()) == action, action  # every action reads back from its wire form
            ctx = Context(db, now, actor if isinstance(actor, int) else None, game, None, seat=actor)
            try:
                if kind.is_view(action):
                    private, looked = kind.look(state, action, ctx), looked + 1
                    assert kind.dump(state) == before, f"looking ({action!r}) changed the state"
                    continue
                outcome = kind.act(state, action, ctx)
            except GameError as exc:
                refused += 1
                assert str(exc).strip(), f"{action!r} was refused without a reason"
                assert kind.dump(state) == before, f"a refused {action!r} changed the state"
                continue
            assert kind.dump(state) == before, f"{action!r} changed the state it was handed"
            if outcome.on_saved is not None:
                outcome.on_saved()  # the progress the step earned, written as the save would
            state, private, played = outcome.state, outcome.private, played + 1
            kind.load(kind.dump(state))  # every state a step makes is one that loads again
            game = game_store.save_game(db, game, now=now, state=kind.dump(state))
            if outcome.finished:
                state, game = new_game(now)
                private, games = None, games + 1
                continue
            if step % 20 == 19:  # now and then the phase's clock runs out instead
                timed = kind.timeout(state, Context(db, now, None, game, None))
                if timed is not None:
                    state = timed.state
        assert played and played + looked > STEPS // 2, \
            f"{kind.key}: only {played} steps played and {looked} views looked at ({refused} refused)"
    finally:
        db.close()
