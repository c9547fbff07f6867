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
setup (start a game, fill a line-up) and yields (member, message, custom_id) for each press to measure.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

import discord
from discord import app_commands
from discord.ext import commands
from harness import BEAT, STALL_TARGET_MS, Heartbeat, simulated
from pydantic import BaseModel
from simcord.components import walk_components

import engine.formation as fm
from bot.core.actions import Action
from bot.core.kinds import GameKind, GamePlugin, Outcome, step
from bot.core.reply import Button, Reply
from bot.games.registry import plugins as shipped_plugins

Presses = AsyncIterator[tuple[object, object, str]]  # (member, message, custom id) to press


def _items(message) -> list[dict]:
    """The message's buttons and selects, nested ones too (a Components V2 board holds them in its
    container), as (custom_id, label, disabled) dicts: a channel message carries discord.py objects, a
    private reply SimCord's raw dicts."""
    rows = [row if isinstance(row, dict) else row.to_dict() for row in message.components]
    return [{"custom_id": c.get("custom_id"), "label": c.get("label"), "disabled": bool(c.get("disabled"))}
            for c in walk_components(rows) if c.get("type") in (2, 3)]


def _custom_id(message, want: Callable[[str], bool]) -> str | None:
    """The first enabled component on the message whose custom id passes `want`."""
    return next((i["custom_id"] for i in _items(message)
                 if i["custom_id"] and not i["disabled"] and want(i["custom_id"])), None)


def _button(message, label: str) -> str:
    found = next((i["custom_id"] for i in _items(message) if i["label"] == label), None)
    if found is None:
        raise LookupError(f"no {label!r} button on the board")
    return found


async def _started(member, channel, command: str, **options: object):
    """The thread of the game `member` starts in `channel` with the slash command `command`."""
    await member.slash(channel, command, **options)
    return channel.threads[-1]


async def tally_presses(player, channel, n: int, bot=None) -> Presses:
    """+1 on Tally: a trivial step, with the phase timer Tally sets after every step."""
    member = player()
    thread = await _started(member, channel, "tally start", target=10**6)
    for _ in range(n):
        yield member, thread.last_message, _button(thread.last_message, "+1")


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
        yield member, thread.last_message, _button(thread.last_message, "Battle")
        if (k + 1) % len(chapter):
            await member.click(thread.last_message, label="Next puzzle")


async def bowls_sow_presses(player, channel, n: int, bot=None) -> Presses:
    """A sow in endless bowls (the bowl picked first, unmeasured): chains resolved, board re-rendered."""
    member = player()
    thread = await _started(member, channel, "bowls endless")
    done = 0
    while done < n:
        board = thread.last_message
        pick = _custom_id(board, lambda cid: ":pick:" in cid)
        if pick is None:  # an overflowed or finished attempt: undo, or start afresh
            undo = _custom_id(board, lambda cid: cid.endswith(":undo"))
            if undo is None:
                thread = await _started(member, channel, "bowls endless")
            else:
                await member.click(board, custom_id=undo)
            continue
        await member.click(board, custom_id=pick)
        sow = _custom_id(thread.last_message, lambda cid: cid.endswith(":sow"))
        if sow is None:
            continue
        yield member, thread.last_message, sow
        done += 1


class NoopState(BaseModel):
    presses: int = 0


@dataclass(frozen=True)
class PressNothing(Action):
    verb = "press"


class Noop(GameKind):
    """A game whose one button does nothing: no engine, no picture, no timer. Its press is what
    SimCord and the session core cost by themselves (dispatch, lock, versioned save, message edit)."""
    key = "noop"
    title = "Noop"
    blurb = "a button that does nothing (benchmark only)"

    def load(self, text: str) -> NoopState:
        return NoopState.model_validate_json(text)

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
        yield member, thread.last_message, _button(thread.last_message, "Press")


async def tactics_send_presses(player, channel, n: int, bot=None) -> Presses:
    """A ready-made turn sent from its private preview (the turn, the strays' phase, the board, and the
    auto companion's turn posted after it)."""
    from tools.drive.tactics_play import first_turn_preview

    member = player()
    thread = await _started(member, channel, "tactics campaign", pilot="auto")
    done = 0
    while done < n:
        preview = await first_turn_preview(member, thread)
        if preview is None:  # a result: the same fight again, in a new thread
            thread = channel.threads[-1]
            continue
        yield member, preview, _button(preview, "Send")
        done += 1


async def summon_place_presses(player, channel, n: int, bot=None) -> Presses:
    """Place from a placement's preview against the AI (the AI's answer and any battle follow)."""
    from tools.drive.summon_play import a_placement, choose_placement, game_of, private_message, seat_of, state_of

    member = player()
    thread = await _started(member, channel, "summon ai")
    done = 0
    while done < n:
        board = thread.last_message
        if not _custom_id(board, lambda cid: cid.endswith(":hand")):  # the game ended: another one
            if game_of(bot, member) is not None:
                raise LookupError("no Your hand on a running game's board")
            thread = await _started(member, channel, "summon ai")
            continue
        state = state_of(bot, game_of(bot, member).id)
        pl = a_placement(state, seat_of(state, member))
        msg = private_message(await member.click(board, label="Your hand"))
        if pl is None:
            await member.click(board, label="Pass")
            continue
        msg = private_message(await member.click(msg, label="Preview first"))
        msg = private_message((await choose_placement(member, msg, pl, preview=True))[-1])
        yield member, msg, _button(msg, "Place")
        done += 1


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
