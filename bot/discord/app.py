"""The one AutoShardedBot: opens the store, registers restart-proof components and cogs, syncs commands.

A process runs the shards SHARD_IDS names (all by default) and looks after only their guilds' timers,
pilots and daily posts: several processes by shard range share one store without touching each
other's games.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from functools import partial
from typing import Any

import discord
from discord.ext import commands, tasks

from bot.core.heap import few_arenas, settle_heap
from bot.core.heartbeat import BEAT_SECONDS, Heartbeat, process_name
from bot.core.kinds import GamePlugin
from bot.core.pilots import PilotRunner
from bot.core.seats import ExternalWait, PilotNeeds, closing, direct_wait
from bot.core.sessions import Sessions
from bot.core.timers import TimerRunner
from bot.render.warm import FORK_SERVER_PRELOAD
from bot.render.warm import warm as warm_worker
from bot.settings import Settings
from bot.shards import owns
from db.store import Store, open_store

from .components import ChoiceSelect, CloseButton, FormerSelect, GameButton, HowToPlayButton
from .former import Door
from .languages import CommandWords, read_interactions
from .play import Play

log = logging.getLogger(__name__)
BEATS_SKIPPED_MAX = 20  # a store that refuses the heartbeat is asked again at least once a minute

# The bot reads a board from its interaction or edits it by id, never from discord.py's message cache;
# a short cache keeps a thread's last messages readable (a thread's last_message) without holding
# a thousand boards' components.
RECENT_MESSAGES = 200


class GameHall(commands.AutoShardedBot):
    def __init__(self, settings: Settings, plugins: list[GamePlugin], *,
                 external_wait: ExternalWait | None = None) -> None:
        few_arenas()
        intents = discord.Intents.default()  # no privileged intents: slash commands and buttons only
        shard_ids = list(settings.shard_ids) if settings.shard_ids is not None else None
        # discord.py's options type says list[int], but its AutoShardedClient reads None as "every shard"
        super().__init__(command_prefix=commands.when_mentioned, intents=intents,
                         shard_count=settings.shard_count, shard_ids=shard_ids,  # type: ignore[arg-type]
                         help_command=None, allowed_mentions=discord.AllowedMentions(everyone=False, roles=False),
                         max_messages=RECENT_MESSAGES)
        self.settings = settings
        self.plugins = plugins
        self.door = Door((p.former for p in plugins), (verb for p in plugins for verb in p.kind.handlers))
        # How pilots await the outside world (a model server): SimCord's env.external_wait in tests and
        # local play; a connected bot awaits directly. Work handed to a wait that failed before it began is
        # closed, not dropped unawaited.
        self.external_wait: ExternalWait = closing(external_wait) if external_wait else direct_wait
        self.db: Store = None  # type: ignore[assignment]  # set in setup_hook, like the two below
        self.sessions: Sessions = None  # type: ignore[assignment]
        self.pilots: PilotRunner = None  # type: ignore[assignment]
        self.timers: TimerRunner = None  # type: ignore[assignment]
        self.heartbeat: Heartbeat = None  # type: ignore[assignment]
        self.play = Play(self)
        self._armed = False
        self.one_reader = False  # local play: the page is one member, who reads the server's /settings language
        self.one_reader_language: str | None = None
        read_interactions(self)
        self._beats_to_skip = self._beats_skipped = 0  # the heartbeat's back-off while the store refuses it
        self._resumed = False  # the stored clocks were moved on by the time away: beats may overwrite it
        # Start-up's follow-on work (a pilot deciding again), held while local play's in-memory Discord
        # attaches the bot (SimCord gives that attach a few seconds to settle); None: done at once.
        self.held: list[Callable[[], Any]] | None = None

    async def setup_hook(self) -> None:
        self.db = open_store(self.settings.database_url or self.settings.database_path)
        self.sessions = Sessions(self.db, {p.kind.key: p.kind for p in self.plugins}, discord.utils.utcnow,
                                 workers=self.settings.process_workers)
        self.sessions.processes.preload_also((FORK_SERVER_PRELOAD,))  # the workers forked with the fonts open
        # pilots work against their deadline: their store work takes the worker's urgent lane
        needs = PilotNeeds(self.settings, self.external_wait, self.db, self.sessions.urgent, self.sessions.clock)
        pilots = {p.kind.key: p.build_pilots(needs) for p in self.plugins}
        self.pilots = PilotRunner(self.sessions, pilots,
                                  self.play.post_board)
        self.sessions.answered_at_once = self.pilots.answer_at_once  # a built-in opponent's answer: one board
        self.timers = TimerRunner(self.sessions, self.play.post_board, owns=self.owns, on_arm=self._beat_on)
        self.heartbeat = Heartbeat(self.sessions, process_name(self.settings.shard_ids))
        self.add_dynamic_items(GameButton, FormerSelect, ChoiceSelect, CloseButton, HowToPlayButton)
        self.tree.on_error = self._command_failed  # type: ignore[method-assign]
        await self.tree.set_translator(CommandWords())
        from .cogs.common import Common
        from .cogs.daily import DailyPoster

        await self.add_cog(Common(self))
        await self.add_cog(DailyPoster(self))
        for plugin in self.plugins:
            await self.add_cog(plugin.cog(self))
        await self.sync_commands()
        await self.sessions.call(self._warm_up)
        await self._start_workers()
        settle_heap()

    async def _start_workers(self) -> None:
        """Start the worker processes and load their fonts before the first interaction, not inside it
        (a worker starts in some 200 ms, seconds on a busy machine); a failure leaves the pictures and
        plans to this process, as the workers' own fallback does."""
        workers = self.sessions.processes
        if workers.in_thread:
            return
        try:
            await asyncio.wrap_future(workers.started(warm_worker))
        except Exception as exc:
            log.warning("the worker processes did not start with the bot: %s", exc)

    def _warm_up(self) -> None:
        """Load each game's content now (on the store worker), so that it joins the frozen heap."""
        for plugin in self.plugins:
            try:
                plugin.kind.how_to_play()
            except Exception:  # a warm-up only saves time later
                log.exception("warming up %s failed", plugin.kind.key)

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process looks after the guild's timers and dailies (its shard is one of ours)."""
        return owns(guild_id, self.shard_count, self.settings.shard_ids)

    async def sync_commands(self) -> None:
        guild_id = self.settings.dev_guild_id
        if guild_id:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def _command_failed(self, interaction: discord.Interaction,
                              error: discord.app_commands.AppCommandError) -> None:
        """Every slash command that raised is answered privately, never "The application did not respond"."""
        await self.play.fault(interaction, getattr(error, "original", error))

    async def on_ready(self) -> None:
        if not self._armed:  # on_ready repeats on reconnects; timers are armed once per process
            self._armed = True
            try:
                away = await self.heartbeat.away()  # a stop spends none of a phase's time
                armed = await self.timers.rearm_all(away)
                self._resumed = True
                self._beat_on()
                if away:
                    for game in armed:
                        await self.play.boards.clock_moved(game)
                for game in armed:  # a pilot deciding when the bot stopped decides again
                    self.soon(partial(self.pilots.schedule, game))
            except Exception:  # the store is down at start: timers are re-armed on the next ready
                self._armed = False
                log.exception("re-arming game timers failed")
                return
            log.info("ready as %s; %d game timer(s) re-armed, %.0f s given back", self.user, len(armed),
                     away.total_seconds())

    def soon(self, work: Callable[[], Any]) -> None:
        """Start-up work that may take a while: now, or once local play has attached the bot."""
        if self.held is None:
            work()
        else:
            self.held.append(work)

    def release_held(self) -> None:
        """Start the follow-on work held while the bot was being attached."""
        held, self.held = self.held or [], None
        for work in held:
            work()

    def _beat_on(self) -> None:
        """A phase timer runs: the heartbeat beats (once start-up has read the last one)."""
        if self._resumed and not self._beat.is_running():
            self._beat.start()

    @tasks.loop(seconds=BEAT_SECONDS)
    async def _beat(self) -> None:
        """This process is running (a restart gives the phases back the time since the last beat). A
        store that refuses it is asked again after a growing number of beats, so the beat never crowds
        out the players' presses on the store worker."""
        if not self.timers.armed():
            self._beat.stop()  # no phase runs here: nothing to give back; the next timer armed starts it again
            return
        if self._beats_skipped < self._beats_to_skip:
            self._beats_skipped += 1
            return
        try:
            await self.heartbeat.beat()
        except Exception:  # the store is down: the last beat stands
            if not self._beats_to_skip:
                log.warning("heartbeat: the store did not take it; trying less often", exc_info=True)
            self._beats_to_skip, self._beats_skipped = min(BEATS_SKIPPED_MAX, 2 * self._beats_to_skip + 1), 0
            return
        self._beats_to_skip = self._beats_skipped = 0

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        try:
            await self.play.thread_gone(payload.thread_id)
        except Exception:
            log.exception("closing the game of deleted thread %s failed", payload.thread_id)

    async def close(self) -> None:
        if self.timers is not None:
            self.timers.cancel_all()
        if self.pilots is not None:
            self.pilots.cancel_all()
        if self._beat.is_running():
            self._beat.cancel()
            try:  # the last beat: when this process stopped
                await self.heartbeat.beat()
            except Exception:  # a store that is gone keeps the last beat it took
                log.warning("the last heartbeat was not recorded", exc_info=True)
        await super().close()
        idle = self.sessions.close() if self.sessions is not None else True
        if self.db is not None and idle:
            self.db.close()
        elif self.db is not None:
            log.warning("a store job was still running at close: the store is left open for it")
