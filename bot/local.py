"""Local play: the same bot on SimCord's in-memory Discord, shown in SimCord's browser preview.

No account or token: a server with a #games channel and one player who manages it, the same on
every start (bot/local_world.py), so the store's games and progress are the player's after a
restart, and running games open again in new threads with their current board. The page's address
is the same on every start too, and the page opens on the game the player moved in last.

SimCord allows one preview per world and shows one channel in it, with no channel list. So the one
page follows the player: into a game's thread when it opens, back to #games a moment after the game
the page shows ends (only that game: another game ending elsewhere moves nothing), and anywhere they
ask, with `/open` (a command only local play has, bot/local_open.py) or a click on a channel's
mention in a message (bot/local_mentions.py). The page is never closed and re-opened, so it never
goes blank. SimCord's clock is kept on the wall clock, so messages carry their real time.

A model server is outside input: local play runs the companion's call outside SimCord's simulated
Discord and has the pilot await it through SimCord's `external_wait`, so no press waits on a model,
and the call's own deadline runs on the real clock (the companion passes 10 s into its phase).
"""
from __future__ import annotations

import asyncio
import contextvars
import logging
from datetime import UTC, datetime
from typing import Any

from bot.local_mentions import mentioned_in, page_notes, serve_mentions
from bot.local_open import OpenButton, open_buttons, open_command
from bot.local_world import PLAYER_NAME, WORLD_IDS, World, build_world, latest_played, page_secret, reopen_games
from bot.settings import Settings
from bot.words import N_, listing, reading, words
from db.games import GameRecord

log = logging.getLogger(__name__)

TICK_SECONDS = 0.25       # how often the page checks where to be and whether to redraw
LINGER_TICKS = 12         # a finished game's last board stays on screen this many ticks
REOPENED_TEXT = N_("Back after a restart: here is where you left off.")


async def run_local(settings: Settings, *, port: int | None = None, plugins=None) -> int:
    try:
        import simcord
    except ImportError:
        print("Local play needs SimCord: pip install -e '.[local]'  (or set DISCORD_TOKEN to connect to Discord)")
        return 2

    from bot.discord import create_bot
    from db.guilds import get_settings
    from db.store import open_store

    port = settings.local_play_port if port is None else port
    model_calls = OutsideCalls()
    bot = create_bot(settings, plugins=plugins, external_wait=model_calls)
    env = simcord.Env(bot, check_errors=False, shard_count=settings.shard_count or 1)
    model_calls.env = env
    db = open_store(settings.database_path)
    try:
        bot.one_reader = True  # the page is one member: /settings language is theirs too
        bot.one_reader_language = get_settings(db, WORLD_IDS["guild"]).language
        with reading(bot.one_reader_language):  # #games's topic and the reopened threads' names
            world = build_world(env)
            keep_time(env)  # from here on, ids and message times are the wall clock's
            reopened = reopen_games(env, world, db, {p.kind.key: p.kind for p in bot.plugins})
    finally:
        db.conn.close()
    latest = latest_played(reopened)
    page = Page(env, bot, world, start=latest.thread_id if latest is not None else None)
    bot.tree.add_command(open_command(page))
    OpenButton.page = page
    bot.add_dynamic_items(OpenButton)
    bot.held = []  # SimCord gives its attach a few seconds to settle: a busy start's follow-on work waits
    await env.start()
    with env._bot_scope():  # the held work and the reopened boards, as the bot's own tracked work
        bot.release_held()
        reposting = asyncio.ensure_future(_post_reopened(bot, world, [g.id for g in reopened]))
    try:
        await reposting  # before the address is printed: the first command never queues behind them
        await page.serve(port, page_secret(settings.database_path.parent))
    finally:
        reposting.cancel()
        await env.shutdown()
        await bot.close()  # SimCord lets the bot go without closing it: the store is checkpointed and closed here
    return 0


def keep_time(env: Any) -> None:
    """Move SimCord's clock up to the wall clock (it only moves when told to, or for a timer).

    Never backwards; a timer due meanwhile still fires on its own real-time schedule.
    """
    clock = env.backend.clock
    behind = (datetime.now(UTC) - clock.now()).total_seconds()
    if behind > 0:
        clock.elapsed += behind


class OutsideCalls:
    """How local play's bot awaits a model server (the bot's `external_wait`).

    The call runs as a task of its own outside SimCord's simulated Discord (started in a fresh
    context, so SimCord does not count it as the bot's work), and the pilot awaits it through
    `env.external_wait`: SimCord's settling then never waits on the model, so every press answers
    at once, and the call's own deadline is a real-time timer, so a hanging model ends on time.
    """

    def __init__(self) -> None:
        self.env: Any = None

    async def __call__(self, awaitable: Any, *, reason: str) -> Any:
        call = contextvars.Context().run(asyncio.ensure_future, awaitable)
        return await self.env.external_wait(call, reason=reason)


async def _post_reopened(bot: Any, world: World, game_ids: list[int]) -> None:
    """Post each reopened game's current board in its new thread, and a note in #games saying which
    games came back, in the page's language (its one member's /settings language)."""
    if not game_ids:
        return
    with reading(bot.one_reader_language):
        await _post_reopened_boards(bot, world, game_ids)


async def _post_reopened_boards(bot: Any, world: World, game_ids: list[int]) -> None:
    sessions = bot.sessions
    back: dict[int, str] = {}
    names = {t.id: t.name for t in world.games.threads}
    for game_id in game_ids:
        try:
            game = await sessions.call(sessions.get, game_id)
            if game is None or not game.running or not game.thread_id:
                continue
            reply = await sessions.call(sessions.board, game)
            if reply is None:
                continue
            thread = bot.get_partial_messageable(game.thread_id, guild_id=game.guild_id)
            message = await thread.send(**bot.play.board_message(game, reply, words(REOPENED_TEXT)))
            await sessions.call(sessions.attach, game, board_message_id=message.id)
            back[game.thread_id] = names.get(game.thread_id) or sessions.kind(game.kind).title
        except Exception:  # one game that cannot be shown must not keep the others hidden
            log.exception("game %s: could not post its board after the restart", game_id)
    if back:
        games = bot.get_partial_messageable(world.games.id, guild_id=world.guild.id)
        mentions = listing(f"<#{thread_id}>" for thread_id in back)
        await games.send(words("Welcome back. Your running games are open again: {mentions}. The page opens "
                               "on the one you played last; click a name, or a button below, to go to "
                               "another.", mentions=mentions), view=open_buttons(back))


class Page:
    """The one preview page, and where it should be."""

    def __init__(self, env: Any, bot: Any, world: World, *, start: int | None = None) -> None:
        self.env = env
        self.bot = bot
        self.world = world
        self.games_channel_id = world.games.id
        self.guild_id = world.guild.id
        threads = {t.id: t for t in world.games.threads}
        self.shown = threads.get(start or 0, world.games)
        self.known = set(threads)
        # Whether the page goes back to #games once no game runs in the thread shown: yes for a game's
        # own thread; no for a finished game's thread opened with /open to look at its result.
        self.leave_when_over = True
        self.requested: int | None = None
        self.linger = 0
        self.seen = 0
        self.preview: Any = None

    # --- what /open needs (bot/local_open.py) ----------------------------------------------------

    def thread_names(self) -> dict[int, str]:
        """The threads of #games that exist now, by id."""
        return {t.id: t.name or words("thread") for t in self.world.games.threads}

    def name_of(self, game: GameRecord) -> str:
        """A game's thread name, as it was when it had one (its state read again)."""
        kind = self.bot.sessions.kinds.get(game.kind)
        if kind is None:
            return game.kind
        try:
            return kind.thread_name(kind.load(game.state), PLAYER_NAME)[:100]
        except Exception:  # a state that no longer loads still has its game's title
            return kind.title

    def request(self, channel_id: int) -> None:
        """Show this channel at the page's next tick."""
        self.requested = channel_id

    def open_mention(self, message_id: int, named: str | int) -> str | None:
        """Show the channel the message `message_id` names where the player clicked: a mention, by its
        label as the page draws it ("#games"), or a linked channel, by its id. None when the page goes
        there, else why not, in words."""
        with reading(self.bot.one_reader_language):
            return self._open_mention(message_id, named)

    def _open_mention(self, message_id: int, named: str | int) -> str | None:
        names = {self.games_channel_id: "games", **self.thread_names()}
        channels = dict.fromkeys([self.shown.id, *names])  # the message is on the page, or was a moment ago
        mentioned = mentioned_in(self.env, channels, message_id, self.world.player.id)
        wanted = next((c for c in mentioned if c in names and named in (c, f"#{names[c]}")), None)
        if wanted is None:
            if isinstance(named, str):
                return words("{place} is not a place the page can show: type /open to see where you can go.",
                             place=named)
            return words("That thread is not a place the page can show: type /open to see where you can go.")
        self.request(wanted)
        return None

    def page_words(self) -> dict[str, str]:
        """The notes the page's scripts show, in the page's language (bot/local_mentions.py serves them)."""
        with reading(self.bot.one_reader_language):
            return page_notes()

    # --- following the player --------------------------------------------------------------------

    async def serve(self, port: int, secret: str) -> None:
        """Serve the page until it is closed (End preview session, or Ctrl+C), at an address that
        `secret` keeps the same from one start to the next."""
        preview = self.env.preview(self.shown, viewers=[self.world.player], layout="channel", port=port)
        preview.capability = secret  # the address's secret: public on Preview, read when the page calls
        serve_mentions(preview, self.open_mention, server_name=self.world.guild.name,  # a mention opens it
                       page_words=self.page_words)
        async with preview:
            self.preview = preview
            self.seen = len(self.env.backend.transcript)
            print(f"Local play: open {preview.url}  — the page follows you into each game's thread; "
                  "Ctrl+C stops", flush=True)
            if self.shown.id != self.games_channel_id:
                log.info("local play: the page opens on #%s, played last", self.shown.name)
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
        sessions = self.bot.sessions
        if self.requested is not None:
            wanted, self.requested = self.requested, None
            self.known.update(threads)  # a thread /open made is not a game opening by itself
            self.linger = 0
            # A running game's thread is left when that game ends; a finished one's stays up to be read.
            self.leave_when_over = await sessions.call(sessions.running_in_thread, wanted) is not None
            return self.world.games if wanted == self.games_channel_id else threads.get(wanted)
        new = [t for tid, t in threads.items() if tid not in self.known]
        self.known.update(threads)
        if new:
            self.linger, self.leave_when_over = 0, True  # a game just opened its thread
            return max(new, key=lambda t: t.id)
        if self.shown.id == self.games_channel_id:
            return None
        if await sessions.call(sessions.running_in_thread, self.shown.id) is not None:
            self.linger, self.leave_when_over = 0, True
            return None
        if not self.leave_when_over or _offers_more(self.shown):
            return None  # a result with buttons of its own (Next fight, Retry, Rematch) stays to be pressed
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


def _offers_more(thread: Any) -> bool:
    """Whether the thread's last message still has a button to press (a result's Next fight, Retry or
    Rematch): the page then stays, so the player can read the result and go on from it."""
    message = getattr(thread, "last_message", None)
    return any(not _disabled(control) for control in _controls(getattr(message, "components", None) or []))


def _controls(components: list[Any]) -> list[Any]:
    """The buttons and selects among a message's components, wherever its layout holds them (a container
    board's rows are inside its container)."""
    found = []
    for component in components:
        kind = component.get("type") if isinstance(component, dict) else getattr(component, "type", None)
        children = component.get("components", []) if isinstance(component, dict) \
            else getattr(component, "children", [])
        if int(kind or 0) in (2, 3, 5, 6, 7, 8):  # a button or a select
            found.append(component)
        found += _controls(children)
    return found


def _disabled(control: Any) -> bool:
    return bool(control.get("disabled") if isinstance(control, dict) else getattr(control, "disabled", False))
