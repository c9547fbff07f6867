"""One process playing games on a shared store, as a bot process would, without Discord.

Run as `python -m support.store_driver TARGET WORKER ROUNDS SHARED_GAME XP_USER`. It starts tally games
through the real session core (`Sessions` on its store worker), gives each a thread (as the bot does
once Discord made one), plays versioned steps on its own games and on one game shared by every
process, adds XP to one shared player, and ends some games. It prints one JSON line: what it
believes it wrote, for the test to compare with the store.
"""
from __future__ import annotations

import asyncio
import json
import sys
from datetime import UTC, datetime

from bot.core.sessions import Sessions
from db import players
from db.games import AlreadyRunning
from db.store import open_store
from tools.drive.tally.kind import Add, Tally, TallyState

GUILD, CHANNEL = 42, 43
THREAD_BASE = 10**12  # a game's "thread" is THREAD_BASE + its id: the test can tell a missing one


def user_of(worker: int, n: int) -> int:
    return 1_000 * (worker + 1) + n


async def play(target: str, worker: int, rounds: int, shared_game: int, xp_user: int) -> dict:
    sessions = Sessions(open_store(target), {"tally": Tally()}, lambda: datetime.now(UTC))
    report: dict = {"errors": [], "applied": {}, "saves": {}, "ended": [], "started": [], "xp": 0,
                    "refused_starts": 0}

    def applied(game_id: int, amount: int) -> None:
        key = str(game_id)
        report["applied"][key] = report["applied"].get(key, 0) + amount
        report["saves"][key] = report["saves"].get(key, 0) + 1

    async def guarded(coro):
        try:
            return await coro
        except Exception as exc:  # every failure is reported, none stops the run
            report["errors"].append(f"{type(exc).__name__}: {exc}")
            return None

    for round_no in range(rounds):
        user = user_of(worker, round_no % 3)  # three players each, so slots are reused after an end
        try:
            game = await sessions.call(sessions.start, "tally", guild_id=GUILD, channel_id=CHANNEL,
                                       players=[user], state=TallyState(target=10**6))
        except AlreadyRunning as taken:
            report["refused_starts"] += 1
            game = await guarded(sessions.call(sessions.get, taken.game_id))
            if game is None:
                continue
        except Exception as exc:
            report["errors"].append(f"start: {type(exc).__name__}: {exc}")
            continue
        if not game.thread_id:
            located = await guarded(sessions.call(sessions.attach, game, thread_id=THREAD_BASE + game.id,
                                                  board_message_id=THREAD_BASE + game.id))
            if located is None:
                continue
            report["started"].append(game.id)
        for step in range(4):
            amount = 1 + (step + worker) % 2
            result = await guarded(sessions.act(game.id, user, Add(amount), guild_id=GUILD))
            if result is not None and result.applied:
                applied(game.id, amount)
            fresh = await guarded(sessions.call(sessions.get, shared_game))
            if fresh is not None:
                shared = await guarded(sessions.act(shared_game, user_of(worker, 0), Add(1),
                                                    version=fresh.version))
                if shared is not None and shared.applied:
                    applied(shared_game, 1)
            total = await guarded(sessions.call(players.add_xp, sessions.db, xp_user, 1, datetime.now(UTC)))
            if total is not None:
                report["xp"] += 1
        if round_no % 3 == 2:  # every third game is ended, freeing its player's slot
            current = await guarded(sessions.call(sessions.get, game.id))
            if current is not None and current.running:
                if await guarded(sessions.call(sessions.end, current)) is not None:
                    report["ended"].append(game.id)
    sessions.close()
    return report


def main() -> None:
    target, worker, rounds, shared_game, xp_user = sys.argv[1:6]
    report = asyncio.run(play(target, int(worker), int(rounds), int(shared_game), int(xp_user)))
    print(json.dumps(report))


if __name__ == "__main__":
    main()
