"""Wall time of a button press handled end to end in SimCord: interaction in, board edited, state saved.

Run by hand: python benchmarks/bench_bot.py [--game tally|bowls] [--presses 100]
(bowls alternates selecting a bowl and sowing it, each press re-rendering the board picture)
Reports the median and p90 of the presses (each one a real discord.py dispatch, a lock, an SQLite
transaction, a render and a message edit).
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

import simcord

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from bot.discord import create_bot  # noqa: E402
from bot.settings import Settings  # noqa: E402


async def measure(game: str, presses: int) -> list[float]:
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(database_path=Path(folder) / "bench.db", _env_file=None)
        if game == "tally":
            from support.tally import PLUGIN

            bot = create_bot(settings, plugins=[PLUGIN])
            start, options, label = "tally start", {"target": 10**6}, "+1"
        else:
            bot = create_bot(settings)
            start, options, label = "bowls endless", {}, None
        timings: list[float] = []
        async with simcord.run(bot) as env:
            guild = env.create_guild()
            channel = guild.create_text_channel("games")
            player = guild.add_member(env.create_user("player"))
            await player.slash(channel, start, **options)
            thread = channel.threads[-1]
            for i in range(presses):
                board = thread.last_message
                if label is None:  # bowls: select a legal bowl, then confirm with Sow: two presses
                    ids = [c.custom_id for row in board.components for c in row.children
                           if getattr(c, "custom_id", None) and not c.disabled]
                    want = ":pick:" if i % 2 == 0 else ":sow"
                    # An overflowed attempt offers no bowls: undo it and carry on.
                    custom_id = next((cid for cid in ids if want in cid), None) or next(
                        cid for cid in ids if cid.endswith(":undo"))
                    began = time.perf_counter()
                    await player.click(board, custom_id=custom_id)
                else:
                    began = time.perf_counter()
                    await player.click(board, label=label)
                timings.append(time.perf_counter() - began)
        return timings


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="tally", choices=["tally", "bowls"])
    parser.add_argument("--presses", type=int, default=100)
    args = parser.parse_args()
    timings = asyncio.run(measure(args.game, args.presses))
    ms = sorted(t * 1000 for t in timings)
    print(f"{args.game}: {len(ms)} presses, median {statistics.median(ms):.2f} ms, "
          f"p90 {ms[int(len(ms) * 0.9) - 1]:.2f} ms, max {ms[-1]:.2f} ms")


if __name__ == "__main__":
    main()
