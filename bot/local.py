"""Local play: the same bot on SimCord's in-memory Discord, shown in SimCord's browser preview.

No account or token: a server with a #games channel and one player who manages it, the same on
every start (bot/local_world.py), so the store's games and progress are the player's after a
restart, and running games open again in new threads with their current board.

SimCord allows one preview per world and shows one channel in it, with no channel list. So the one
page follows the player: into a game's thread when it opens, back to #games a moment after the game
shown ends, and anywhere they ask with `/open` (a command only local play has). The page is never
closed and re-opened, so it never goes blank. SimCord's clock is kept on the wall clock, so
messages carry their real time.
"""
from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime
from typing import Any

from bot.local_world import World, build_world, reopen_games
from bot.settings import Settings

log = logging.getLogger(__name__)

TICK_SECONDS = 0.5        # how often the page checks where to be and whether to redraw
LINGER_TICKS = 6          # a finished game's last board stays on screen this many ticks
REOPENED_TEXT = "Back after a restart: here is where you left off."


async def run_local(settings: Settings, *, port: int | None = None, plugins=None) -> int:
    try:
        import simcord
    except ImportError:
        print("Local play needs SimCord: pip install -e '.[local]'  (or set DISCORD_TOKEN to connect to Discord)")
        return 2

    from bot.discord import create_bot
    from db.store import open_store

    port = settings.local_play_port if port is None else port
    bot = create_bot(settings, plugins=plugins)
    env = simcord.Env(bot, check_errors=False, shard_count=settings.shard_count or 1)
    world = build_world(env)
    keep_time(env)  # from here on, ids and message times are the wall clock's
    db = open_store(settings.database_path)
    try:
        reopened = reopen_games(env, world, db, {p.kind.key: p.kind for p in bot.plugins})
    finally:
        db.conn.close()
    page = Page(env, bot, world)
    bot.tree.add_command(page.open_command())
    bot.add_listener(_reopened_boards(bot, world, [g.id for g in reopened]), "on_ready")
    await env.start()
    try:
        await page.serve(port)
    finally:
        await env.shutdown()
    return 0


def keep_time(env: Any) -> None:
    """Move SimCord's clock up to the wall clock (it only moves when told to, or for a timer).

    Never backwards; a timer due meanwhile still fires on its own real-time schedule.
    """
    clock = env.backend.clock
    behind = (datetime.now(UTC) - clock.now()).total_seconds()
    if behind > 0:
        clock.elapsed += behind


def _reopened_boards(bot: Any, world: World, game_ids: list[int]):
    """An on_ready listener posting each reopened game's current board in its new thread, and a
    note in #games saying which games came back."""
    done = False

    async def post() -> None:
        nonlocal done
        if done or not game_ids:
            return
        done = True
        sessions = bot.sessions
        back = []
        for game_id in game_ids:
            try:
                game = await sessions.call(sessions.get, game_id)
                if game is None or not game.running or not game.thread_id:
                    continue
                reply = await sessions.call(sessions.board, game)
                if reply is None:
                    continue
                thread = bot.get_partial_messageable(game.thread_id, guild_id=game.guild_id)
                message = await thread.send(**bot.play.board_message(game, reply, REOPENED_TEXT))
                await sessions.call(sessions.attach, game, board_message_id=message.id)
                back.append(f"<#{game.thread_id}>")
            except Exception:  # one game that cannot be shown must not keep the others hidden
                log.exception("game %s: could not post its board after the restart", game_id)
        if back:
            games = bot.get_partial_messageable(world.games.id, guild_id=world.guild.id)
            await games.send(f"Welcome back. Your running games are open again: {', '.join(back)}. "
                             "Type `/open` to go to one.")

    return post


class Page:
    """The one preview page, and where it should be."""

    def __init__(self, env: Any, bot: Any, world: World) -> None:
        self.env = env
        self.bot = bot
        self.world = world
        self.shown = world.games
        self.known = {t.id for t in world.games.threads}
        self.requested: int | None = None
        self.linger = 0
        self.seen = 0
        self.preview: Any = None

    # --- the local /open command -----------------------------------------------------------------

    def open_command(self):
        """`/open where:` — show #games or one of the player's game threads in the page."""
        import discord
        from discord import app_commands

        from db.games import running_games_of

        page = self

        async def places(user_id: int) -> dict[str, int]:
            games = await page.bot.sessions.call(running_games_of, page.bot.sessions.db, user_id, page.world.guild.id)
            named = {"#games": page.world.games.id}
            for game in games:
                thread = page.env.backend.channels.get(game.thread_id or 0)
                if thread is not None:
                    named[(thread.name or page.bot.sessions.kind(game.kind).title)[:100]] = thread.id
            return named

        async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
            named = await places(interaction.user.id)
            return [app_commands.Choice(name=name, value=str(cid)) for name, cid in named.items()
                    if current.lower() in name.lower()][:25]

        @app_commands.command(name="open", description="Local play: show #games or one of your game threads here")
        @app_commands.describe(where="#games, or a running game's thread")
        @app_commands.autocomplete(where=complete)
        async def open_(interaction: discord.Interaction, where: str) -> None:
            named = await places(interaction.user.id)
            wanted = next((cid for name, cid in named.items() if where in (str(cid), name)), None)
            if wanted is None:
                await interaction.response.send_message(
                    "That is not #games or one of your running games: pick one from the list.", ephemeral=True)
                return
            page.requested = wanted
            await interaction.response.send_message(f"Opening <#{wanted}>…", ephemeral=True)

        return open_

    # --- following the player --------------------------------------------------------------------

    async def serve(self, port: int) -> None:
        """Serve the page until it is closed (End preview session, or Ctrl+C)."""
        preview = self.env.preview(self.world.games, viewers=[self.world.player], layout="channel", port=port)
        async with preview:
            self.preview = preview
            self.seen = len(self.env.backend.transcript)
            print(f"Local play: open {preview.url}  — the page follows you into each game's thread; "
                  "Ctrl+C stops", flush=True)
            follower = asyncio.create_task(self._follow())
            try:
                await preview.wait_closed()
            finally:
                follower.cancel()

    async def _follow(self) -> None:
        while True:
            await asyncio.sleep(TICK_SECONDS)
            try:
                await self._tick()
            except Exception:  # the page must outlive a bad tick
                log.exception("local play: updating the page failed")

    async def _tick(self) -> None:
        keep_time(self.env)
        if self.preview._active_action is not None:
            return  # the player's own step is running; SimCord redraws the page when it ends
        target = await self._where()
        if target is not None and target.id != self.shown.id:
            self._show(target)
        elif len(self.env.backend.transcript) != self.seen:
            self._redraw()  # the bot changed something on its own (a timer, a pilot, a board posted)

    async def _where(self) -> Any:
        """The channel the page should show now, or None to stay."""
        threads = {t.id: t for t in self.world.games.threads}
        if self.requested is not None:
            wanted, self.requested = self.requested, None
            self.linger = 0
            return self.world.games if wanted == self.world.games.id else threads.get(wanted)
        new = [t for tid, t in threads.items() if tid not in self.known]
        self.known.update(threads)
        if new:
            self.linger = 0
            return max(new, key=lambda t: t.id)
        if self.shown.id == self.world.games.id:
            return None
        sessions = self.bot.sessions
        if await sessions.call(sessions.running_in_thread, self.shown.id) is not None:
            self.linger = 0
            return None
        self.linger += 1  # the game shown has ended: leave its last board up a moment
        return self.world.games if self.linger > LINGER_TICKS else None

    def _show(self, channel: Any) -> None:
        """Point the open page at another channel, in place: the browser's next poll draws it.

        SimCord has no public call for this (a preview is made for one channel); this does what its
        `Preview.show` does for a message, for a channel.
        """
        preview = self.preview
        preview.channel = channel
        for page in tuple(preview._pages.values()):
            page.channel_id = channel.id
            page.target_id = preview._initial_target(page.viewer, channel.id)
            page.window_end_id = page.target_id
            page.modal = page.modal_handle = None
            page.navigation_query, page.navigation_cursor = "", None
            page.candidate_queries.clear()
            page.generation += 1
        self.shown = channel
        self.linger = 0
        self._redraw(reason="navigation")
        log.info("local play: the page shows %s", f"#{channel.name}")

    def _redraw(self, reason: str = "refresh") -> None:
        preview = self.preview
        self.seen = len(self.env.backend.transcript)
        preview._advance_presentation_time()
        for page in tuple(preview._pages.values()):
            if page.layout == "channel" and reason == "refresh":
                page.window_end_id = preview._initial_target(page.viewer, page.channel_id)
            preview._publish(page, reason=reason)
