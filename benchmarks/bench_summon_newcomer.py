"""A newcomer's first summon session through SimCord, as local play names its player ("you"): the
tutorial's steps, the gentle game it leads into, then games against the AI, placed from the hand view.
Prints presses per placement and the placing press's round trip (wall and CPU medians, each beside its
target, with the load average), and saves the pictures the player saw: the tutorial's table, a table,
a hand, a preview, battle GIFs and a deck (default folder /tmp/summon-shots).

Run by hand: python benchmarks/bench_summon_newcomer.py [--games 2] [--shots /tmp/summon-shots]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import time
from pathlib import Path

from harness import simulated  # this checkout first on sys.path, tools/ with it

import engine.summon as sm
from db.games import get_game
from tools.drive.replies import words_of
from tools.drive.summon_play import (
    a_placement,
    choose_placement,
    game_of,
    place_action,
    private_message,
    seat_of,
    select_holding,
    select_options,
    state_of,
)

PRESS_TARGET_MS = 150.0


async def _save(folder: Path, name: str, message) -> None:
    for a in message.attachments:
        if a.filename.endswith((".png", ".gif")):
            (folder / f"{name}-{a.filename}").write_bytes(await a.read())


async def session(games: int, shots: Path) -> tuple[list[int], list[float], list[float]]:
    presses: list[int] = []
    wall: list[float] = []
    cpu: list[float] = []
    shots.mkdir(parents=True, exist_ok=True)
    async with simulated() as (env, guild, channel):
        bot = env.bot
        you = guild.add_member(env.create_user("you"))
        await you.slash(channel, "summon tutorial")
        thread = channel.threads[-1]
        game_id = game_of(bot, you).id
        for n, step in enumerate(sm.tutorial_steps(), start=1):
            st = state_of(bot, game_id).game
            intended = step.intended(st)
            pl = next(p for p in sm.legal_placements(st)
                      if (p.piece, p.rotation, p.col, p.row) == (intended.piece, intended.rotation, intended.col,
                                                                 intended.row))
            hand = await you.click(thread.last_message, label="Your hand")
            if n == 1:
                await _save(shots, "tutorial-table", thread.last_message)
            msg = private_message(hand)
            steps = 1 if place_action(pl) in {o["value"] for o in select_options(msg)} else 2
            await choose_placement(you, msg, pl)
            presses.append(steps + 1)
            await env.settle()
            print(f"tutorial step {n}: {words_of(thread.last_message).splitlines()[0][:150]}")
        for g in range(games):
            if g:
                await you.slash(channel, "summon ai")
                await env.settle()
                thread = channel.threads[-1]
                game_id = game_of(bot, you).id
            turn = 0
            while get_game(bot.db, game_id).status != "finished" and turn < 150:
                state = state_of(bot, game_id)
                hand = await you.click(thread.last_message, label="Your hand")
                if turn == 1 and g == 0:
                    await _save(shots, "table", thread.last_message)
                    await _save(shots, "hand", private_message(hand))
                pl = a_placement(state, seat_of(state, you))
                if pl is None:
                    await you.click(private_message(hand), label="Pass")
                else:
                    if turn == 2 and g == 0:
                        shown = await you.click(private_message(hand), label="Preview first")
                        preview = (await choose_placement(you, private_message(shown), pl, preview=True))[-1]
                        await _save(shots, "preview", private_message(preview))
                        hand = await you.click(private_message(preview), label="Back to the hand")
                        hand = await you.click(private_message(hand), label="Place at once")
                    msg = private_message(hand)
                    wanted = place_action(pl)
                    steps = 1
                    if wanted not in {o["value"] for o in select_options(msg)}:
                        piece = f"hand:{pl.piece}:0"  # the piece first (past 25 placements)
                        msg = private_message(await you.select(msg, [piece], custom_id=select_holding(msg, piece)))
                        steps += 1
                    w, c = time.perf_counter(), time.process_time()
                    await you.select(msg, [wanted], custom_id=select_holding(msg, wanted))
                    wall.append((time.perf_counter() - w) * 1000)
                    cpu.append((time.process_time() - c) * 1000)
                    presses.append(steps + 1)
                await env.settle()
                turn += 1
            history = thread.history()
            for m in history:
                if any(a.filename.endswith(".gif") for a in m.attachments):
                    await _save(shots, f"game{g + 1}-battle", m)
                    break
            if g == 0:
                await _save(shots, "final-table", history[-1])
        deck = await you.slash(channel, "summon deck auto")
        await _save(shots, "deck", private_message(deck))
    return presses, wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--shots", type=Path, default=Path("/tmp/summon-shots"))
    args = parser.parse_args()
    print("load average (1, 5, 15 min): " + ", ".join(f"{x:.2f}" for x in os.getloadavg()))
    presses, wall, cpu = asyncio.run(session(args.games, args.shots))
    print(f"placements: {len(presses)}; presses per placement from the table: mean {statistics.mean(presses):.2f}, "
          f"median {statistics.median(presses):.0f}, {sum(1 for p in presses if p == 2)} in two   "
          "(target 2; 3 when a piece must be chosen first)")
    print(f"placing press round trip (the select that places, through SimCord), wall: median "
          f"{statistics.median(wall):.0f} ms, max {max(wall):.0f} ms   (target median <= {PRESS_TARGET_MS:.0f} ms)")
    print(f"  CPU (this process: bot, SimCord and the driver): median {statistics.median(cpu):.0f} ms   "
          f"(target median <= {PRESS_TARGET_MS:.0f} ms)")
    print(f"pictures saved in {args.shots}: {', '.join(sorted(p.name for p in args.shots.iterdir()))}")


if __name__ == "__main__":
    main()
