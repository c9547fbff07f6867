"""Does any press stall the event loop? The real bot in SimCord, a 5 ms heartbeat beside each press.

Run by hand: python benchmarks/bench_stalls.py [--presses 20] [--only formation-battle]
While each measured press runs end to end (discord.py dispatch, lock, store, engine, rendering, message
edit), a heartbeat thread pings the event loop every 5 ms (benchmarks/harness.py); the longest a ping waits is how long
the loop was blocked. Each press kind reports its longest stall (median and max over the presses,
target <= 50 ms) and its wall time. The first row, a no-op game's press (a handler that does
nothing: no engine, no picture, no timer), is SimCord's and the session core's own cost of a press, so
each game's share is the difference; the second, Tally's +1, is the same with a phase timer pending,
which SimCord's settling waits out (about 50 ms a press that a real Discord never sees).
Wall and stall figures are wall time on a possibly shared machine: the load average is printed first.

A game joins with one PressKind row: the plugin to load and an async generator that does the unmeasured
setup (start a game, fill a line-up) and yields (member, message, custom_id) for each press to measure;
a game played until it ends, then another, gives _over_games one step that reads its board.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from harness import BEAT, STALL_TARGET_MS, Heartbeat, button_id, control_id, simulated
from pydantic import BaseModel

import engine.formation as fm
from bot.core.actions import Action
from bot.core.kinds import GameKind, GamePlugin, Outcome, step
from bot.core.reply import Button, Reply
from bot.games.registry import plugins as shipped_plugins

Press = tuple[object, object, str]  # (member, message, custom id) to press
Presses = AsyncIterator[Press]
Step = Callable[[Any], Awaitable[tuple[Any, Press | None]]]  # a game's thread -> (the thread to go on in, a press)


async def _started(member, channel, command: str, **options: object):
    """The thread of the game `member` starts in `channel` with the slash command `command`."""
    await member.slash(channel, command, **options)
    return channel.threads[-1]


async def tally_presses(player, channel, n: int, bot=None) -> Presses:
    """+1 on Tally: a trivial step, with the phase timer Tally sets after every step."""
    member = player()
    thread = await _started(member, channel, "tally start", target=10**6)
    for _ in range(n):
        yield member, thread.last_message, button_id(thread.last_message, "+1")


async def formation_battle_presses(player, channel, n: int, bot=None) -> Presses:
    """Battle from a filled line-up: through campaign chapter 1, each puzzle's solution (a win and its
    replay GIF); a new player takes over before the boss, which needs more than the chapter's wins."""
    chapter = fm.campaign(1)[:-1]
    member = None
    for k in range(n):
        puzzle = chapter[k % len(chapter)]
        if k % len(chapter) == 0:
            member = player()
            thread = await _started(member, channel, "formation campaign")
        for slot, name in puzzle.solution.items():
            if slot not in puzzle.fixed:
                await member.slash(thread, "formation place", slot=slot, creature=name)
        yield member, thread.last_message, button_id(thread.last_message, "Battle")
        if (k + 1) % len(chapter):
            await member.click(thread.last_message, label="Next puzzle")


async def _over_games(n: int, first: Awaitable[Any], step: Step) -> Presses:
    """`n` presses to measure, over as many games as they take, from the game whose thread `first` starts:
    `step(thread)` reads the thread's board and answers (the thread to go on in, the press to measure); no
    press when it made an unmeasured one first (the board is read again) or the game ended (the thread is
    the next game's)."""
    thread = await first
    done = 0
    while done < n:
        thread, press = await step(thread)
        if press is not None:
            yield press
            done += 1


def bowls_sow_presses(player, channel, n: int, bot=None) -> Presses:
    """A sow in endless bowls (the bowl picked first, unmeasured): chains resolved, board re-rendered."""
    member = player()

    async def sow(thread) -> tuple[Any, Press | None]:
        board = thread.last_message
        pick = control_id(board, lambda cid: ":pick:" in cid)
        if pick is None:  # an overflowed or finished attempt: undo, or start afresh
            undo = control_id(board, lambda cid: cid.endswith(":undo"))
            if undo is None:
                return await _started(member, channel, "bowls endless"), None
            await member.click(board, custom_id=undo)
            return thread, None
        await member.click(board, custom_id=pick)
        sown = control_id(thread.last_message, lambda cid: cid.endswith(":sow"))
        return thread, None if sown is None else (member, thread.last_message, sown)

    return _over_games(n, _started(member, channel, "bowls endless"), sow)


class NoopState(BaseModel):
    presses: int = 0


@dataclass(frozen=True)
class PressNothing(Action):
    verb = "press"


class Noop(GameKind[NoopState]):
    """A game whose one button does nothing: no engine, no picture, no timer. Its press is what
    SimCord and the session core cost by themselves (dispatch, lock, versioned save, message edit)."""
    state_model = NoopState
    key = "noop"
    title = "Noop"
    blurb = "a button that does nothing (benchmark only)"

    def board(self, state: NoopState, game) -> Reply:
        return Reply("Nothing to see.", buttons=(Button("Press", PressNothing()),))

    @step(PressNothing)
    def _press(self, state: NoopState, action: PressNothing, ctx) -> Outcome:
        return Outcome(state, "Pressed.")


class NoopCog(commands.GroupCog, group_name="noop", group_description="A button that does nothing"):
    def __init__(self, bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="start", description="Start a game of nothing")
    async def start(self, interaction: discord.Interaction) -> None:
        await self.bot.play.start(interaction, "noop", NoopState())


NOOP = GamePlugin(Noop(), NoopCog)


async def noop_presses(player, channel, n: int, bot=None) -> Presses:
    member = player()
    thread = await _started(member, channel, "noop start")
    for _ in range(n):
        yield member, thread.last_message, button_id(thread.last_message, "Press")


def tactics_send_presses(player, channel, n: int, bot=None) -> Presses:
    """A ready-made turn sent from its private preview (the turn, the strays' phase, the board, and the
    auto companion's turn posted after it)."""
    from tools.drive.tactics_play import first_turn_preview

    member = player()

    async def send(thread) -> tuple[Any, Press | None]:
        preview = await first_turn_preview(member, thread)
        if preview is None:  # a result: the same fight again, in a new thread
            return channel.threads[-1], None
        return thread, (member, preview, button_id(preview, "Send"))

    return _over_games(n, _started(member, channel, "tactics campaign", pilot="auto"), send)


def summon_place_presses(player, channel, n: int, bot=None) -> Presses:
    """Place from a placement's preview against the AI (the AI's answer and any battle follow)."""
    from tools.drive.summon_play import a_placement, choose_placement, game_of, private_message, seat_of, state_of

    member = player()

    async def place(thread) -> tuple[Any, Press | None]:
        board = thread.last_message
        if not control_id(board, lambda cid: cid.endswith(":hand")):  # the game ended: another one
            if game_of(bot, member) is not None:
                raise LookupError("no Your hand on a running game's board")
            return await _started(member, channel, "summon ai"), None
        state = state_of(bot, game_of(bot, member).id)
        pl = a_placement(state, seat_of(state, member))
        msg = private_message(await member.click(board, label="Your hand"))
        if pl is None:
            await member.click(board, label="Pass")
            return thread, None
        msg = private_message(await member.click(msg, label="Preview first"))
        msg = private_message((await choose_placement(member, msg, pl, preview=True))[-1])
        return thread, (member, msg, button_id(msg, "Place"))

    return _over_games(n, _started(member, channel, "summon ai"), place)


@dataclass(frozen=True)
class PressKind:
    name: str
    presses: Callable[..., Presses]  # (new_player, channel, n) -> the presses to measure, setup done between
    extra: tuple[Callable[[], GamePlugin], ...] = ()  # games to load beside the shipped ones
    baseline: bool = False  # the harness's own cost, not a game's press: no target


def _tally() -> GamePlugin:
    from tools.drive.tally import PLUGIN
    return PLUGIN


KINDS = (
    PressKind("no-op press (harness)", noop_presses, extra=(lambda: NOOP,), baseline=True),
    PressKind("tally +1 (with timer)", tally_presses, extra=(_tally,), baseline=True),
    PressKind("formation Battle", formation_battle_presses),
    PressKind("bowls sow", bowls_sow_presses),
    PressKind("tactics Send", tactics_send_presses),
    PressKind("summon Place", summon_place_presses),
)


async def measure(kind: PressKind, n: int) -> tuple[list[float], list[float]]:
    """(wall seconds, longest stall seconds) of each measured press."""
    plugins = shipped_plugins() + [make() for make in kind.extra]
    walls: list[float] = []
    stalls: list[float] = []
    async with simulated(plugins) as (env, guild, channel):
        bot = env.bot
        count = iter(range(1, 10**6))

        def new_player():
            return guild.add_member(env.create_user(f"player{next(count)}"))

        beat = Heartbeat().start()
        async for member, message, custom_id in kind.presses(new_player, channel, n, bot):
            await asyncio.sleep(2 * BEAT)  # the heartbeat is running before the press begins
            began = beat.mark()
            await member.click(message, custom_id=custom_id)
            walls.append(time.perf_counter() - began)
            stalls.append(beat.longest(began))
        beat.stop()
    return walls, stalls


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--presses", type=int, default=20)
    ap.add_argument("--only", default=None, help="one press kind, by the start of its name")
    args = ap.parse_args()
    print("load average at start: " + " ".join(f"{x:.2f}" for x in os.getloadavg()) + f" ({os.cpu_count()} CPUs)")
    for kind in KINDS:
        if args.only and not kind.name.startswith(args.only):
            continue
        walls, stalls = asyncio.run(measure(kind, args.presses))
        med, worst = statistics.median(stalls) * 1000, max(stalls) * 1000
        target = "[harness, no target]" if kind.baseline else \
            f"[target <= {STALL_TARGET_MS:.0f} ms] {'OK' if worst <= STALL_TARGET_MS else 'MISSED'}"
        print(f"{kind.name:22} {len(walls)} presses: longest stall median {med:5.1f} ms, max {worst:5.1f} ms"
              f"  {target:22}  press wall median "
              f"{statistics.median(walls) * 1000:6.1f} ms, max {max(walls) * 1000:6.1f} ms")


if __name__ == "__main__":
    main()
