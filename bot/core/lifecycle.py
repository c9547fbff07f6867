"""A game's record from start to end, apart from its steps: made, found, placed in its thread, loaded
(a save that no longer loads is marked broken, never a crash), its clock moved on after a restart, and
closed. The store is the only source of truth, so these read and write it every time (on the store
worker: `Offload.call`); the steps themselves are sessions.py's."""
from __future__ import annotations

import logging
from collections.abc import Callable, Hashable
from datetime import datetime, timedelta
from typing import Any

from db import games as game_store
from db.games import GameRecord, StaleGame
from db.guilds import get_settings
from db.store import Store

from .kinds import Context, GameKind, Seat
from .offload import Offload
from .parsed import Parsed
from .reply import Reply

log = logging.getLogger(__name__)


class Lifecycle(Offload):
    """The games of one bot's kinds, in its store, on its clock."""

    def __init__(self, db: Store, kinds: dict[str, GameKind[Any]],
                 clock: Callable[[], datetime], *, workers: int | None = None) -> None:
        """`workers`: the worker processes for pictures and plans (None: the default; 0: in-thread)."""
        super().__init__(kinds, workers)
        self.db = db
        self.kinds = kinds
        self.clock = clock
        self.parsed = Parsed()

    def kind(self, key: str) -> GameKind[Any]:
        return self.kinds[key]

    def context(self, game: GameRecord, actor: Seat | None) -> Context:
        timer = get_settings(self.db, game.guild_id).timer_seconds if game.guild_id else None
        user_id = actor if isinstance(actor, int) else None
        return Context(self.db, self.clock(), user_id, game, timer, seat=actor)

    def _deadline(self, kind: GameKind, state: Any, ctx: Context) -> datetime | None:
        seconds = kind.deadline_seconds(state, ctx)
        return ctx.now + timedelta(seconds=seconds) if seconds is not None else None

    # --- starting -----------------------------------------------------------------------------

    def start(self, key: str, *, guild_id: int | None, channel_id: int | None, players: list[int],
              state: Any) -> GameRecord:
        kind = self.kinds[key]
        now = self.clock()
        game = game_store.create_game(self.db, kind=key, guild_id=guild_id, channel_id=channel_id,
                                      players=players, state=kind.dump(state), now=now)
        deadline = self._deadline(kind, state, self.context(game, players[0] if players else None))
        if deadline is not None:
            game = game_store.save_game(self.db, game, now=now, deadline=deadline)
        return game

    def blocking_game(self, key: str, user_id: int, guild_id: int | None, *,
                      close_replaceable: bool = True) -> tuple[GameRecord | None, list[GameRecord]]:
        """A running game of this kind that stops the player starting another, and the games closed.

        Replaceable ones (nothing left in them to lose) are closed on the way, unless told not to.
        """
        kind = self.kinds[key]
        closed: list[GameRecord] = []
        for game in game_store.running_games_of(self.db, user_id, guild_id=guild_id, kind=key):
            state = self.load(game)
            if state is None:
                continue
            if close_replaceable and kind.replaceable(state):
                closed.append(self.end(game))
                continue
            return game, closed
        return None, closed

    def get(self, game_id: int) -> GameRecord | None:
        return game_store.get_game(self.db, game_id)

    def discard(self, game: GameRecord) -> None:
        """Remove a game that never reached its player (its thread could not be made)."""
        game_store.delete_game(self.db, game.id)

    def attach(self, game: GameRecord, *, thread_id: int | None = None,
               board_message_id: int | None = None) -> GameRecord:
        """Remember where the game lives; the version is not bumped by a board move alone."""
        return game_store.set_location(self.db, game.id, thread_id=thread_id,
                                       board_message_id=board_message_id)

    def running_in_thread(self, thread_id: int) -> GameRecord | None:
        return game_store.running_game_in_thread(self.db, thread_id)

    # --- showing ------------------------------------------------------------------------------

    def load(self, game: GameRecord) -> Any:
        """The game's state, or None after marking it broken when the saved state no longer loads. Parsed
        once for the same saved text (parsed.py): the state is shared, never to be changed in place."""
        try:
            return self.parsed.load(game.id, game.state, self.kinds[game.kind].load)
        except Exception as exc:  # a broken save must never crash the bot
            reason = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"[:300]
            log.warning("game %s: saved state does not load (%s)", game.id, reason)
            game_store.mark_broken(self.db, game.id, reason, self.clock())
            return None

    def board(self, game: GameRecord) -> Reply | None:
        state = self.load(game)
        return None if state is None else self.kinds[game.kind].board(state, game)

    def phase(self, game: GameRecord, state: Any) -> Hashable | None:
        """The phase `state` is in, as its kind declares it (None: the kind declares no phases)."""
        return self.kinds[game.kind].phase(state)

    # --- its clock and its end ----------------------------------------------------------------

    def resume(self, game: GameRecord, away: timedelta, now: datetime) -> GameRecord:
        """A timed game after the bot was stopped for `away`: its deadline and its kind's clock move on by
        that time (the phase in progress keeps the seconds it had left), never by more than the time
        since the game's last change (the bot was running then). Unchanged when it moved on."""
        state = self.load(game)
        if state is None or game.deadline is None:
            return game
        away = min(away, max(timedelta(0), now - datetime.fromisoformat(game.updated_at)))
        kind = self.kinds[game.kind]
        moved = game_store.resume_clock(self.db, game, state=kind.dump(kind.resumed(state, away)),
                                        deadline=game.deadline + away)
        return moved or game

    def clear_deadline(self, game: GameRecord, now: datetime) -> GameRecord:
        """A timer fired on a phase the kind does not time: the deadline is dropped."""
        return game_store.save_game(self.db, game, now=now, deadline=None)

    def end(self, game: GameRecord) -> GameRecord:
        """Close a game without a result (a host's or player's choice, or its thread is gone)."""
        for _ in range(3):
            fresh = game_store.get_game(self.db, game.id) or game
            if fresh.status in (game_store.FINISHED, game_store.BROKEN):
                return fresh  # already over (a status the bot does not know is ended, freeing its slot)
            try:
                return game_store.save_game(self.db, fresh, now=self.clock(), status=game_store.FINISHED,
                                            deadline=None)
            except StaleGame:
                continue  # it moved on meanwhile: close the newer version
        raise StaleGame(f"game {game.id} kept changing while it was being closed")


__all__ = ["Lifecycle"]
