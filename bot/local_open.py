"""`/open where:` — local play's way around its one page, which shows one channel and has no channel list.

It offers #games, the player's running games and their recently finished ones (a finished game's thread
holds its result and replay). What the player types matches a place when each typed word begins a word
of the place's name, in any case, so `Horn` finds "Tactics · The Horned One · you". A finished game whose
thread went with an earlier run of local play gets a new thread showing how it ended.

A channel mention in any message opens its channel when clicked (bot/local_mentions.py). Where local
play itself lists places (its welcome-back note, and `/open` with nothing typed) each also comes with
an Open button (`OpenButton`), a target as plain as a button, that works on any SimCord page.
"""
from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

import discord
from discord import app_commands

from bot.discord.unkept import SentView
from bot.words import N_, listing, words
from db.games import GameRecord, finished_games_of, running_games_of

log = logging.getLogger(__name__)

FINISHED_OFFERED = 10   # the recent finished games /open lists
CHOICES_MAX = 25        # Discord's limit on autocomplete choices
FINISHED_TEXT = N_("This game is over: here is how it ended.")
WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Place:
    """Somewhere the page can go: a channel that exists now, or a finished game to show in a new thread."""

    name: str                 # as the list shows it
    channel_id: int | None    # None: the finished game's thread is gone
    game: GameRecord | None = None
    title: str = ""           # the thread's own name, without the list's "(finished)"

    @property
    def value(self) -> str:
        """The autocomplete choice's value: the channel's id, or `game:<id>` for a game with no thread now."""
        return str(self.channel_id) if self.channel_id is not None else f"game:{self.game.id if self.game else 0}"


def name_words(text: str) -> list[str]:
    return [w.casefold() for w in WORD.findall(text)]


def matches(place: Place, typed: str) -> bool:
    """Each word typed begins some word of the place's name (case-insensitive); nothing typed matches all."""
    named = name_words(place.name)
    return all(any(word.startswith(t) for word in named) for t in name_words(typed))


def find(places: list[Place], typed: str) -> Place | None:
    """The place a `where:` value names: a choice's value or a name as listed, else the first match
    (running games come before finished ones, the newest first)."""
    typed = typed.strip()
    for place in places:
        if typed in (place.value, place.name) or typed.casefold() == place.name.casefold():
            return place
    return next((p for p in places if matches(p, typed)), None) if name_words(typed) else None


def places(db: Any, user_id: int, guild_id: int, games_channel_id: int,
           thread_names: dict[int, str], name_of: Callable[[GameRecord], str]) -> list[Place]:
    """#games, then the player's running games (newest first), then their recently finished ones.
    `thread_names` are the threads that exist now, by id; `name_of` names a game whose thread is gone.
    Runs on the store worker, in the reader's language."""
    found = [Place("#games", games_channel_id)]
    running = sorted(running_games_of(db, user_id, guild_id), key=lambda g: (g.updated_at, g.id), reverse=True)
    for game in running:
        if game.thread_id in thread_names:
            found.append(Place(thread_names[game.thread_id][:100], game.thread_id, game))
    finished = [(thread_names.get(game.thread_id or 0) or name_of(game), game)
                for game in finished_games_of(db, user_id, guild_id, FINISHED_OFFERED)]
    names = [name for name, _ in finished]
    for name, game in finished:
        # two fights of one encounter (a Retry) share a name: the time each ended tells them apart
        listed = words("{name} (finished {time} UTC)", name=name, time=game.updated_at[11:19]) \
            if names.count(name) > 1 else words("{name} (finished)", name=name)
        found.append(Place(listed[-100:], game.thread_id if game.thread_id in thread_names else None, game, name))
    return found


class Navigator(Protocol):
    """What /open needs of local play's page."""

    bot: Any
    games_channel_id: int
    guild_id: int

    def thread_names(self) -> dict[int, str]: ...

    def name_of(self, game: GameRecord) -> str: ...

    def request(self, channel_id: int) -> None: ...


def open_command(page: Navigator) -> app_commands.Command:
    """`/open where:` — show #games or one of the player's games (running or recently finished) here."""
    async def listed(user_id: int) -> list[Place]:
        sessions = page.bot.sessions  # made in the bot's setup, after this command
        return await sessions.call(places, sessions.db, user_id, page.guild_id, page.games_channel_id,
                                   page.thread_names(), page.name_of)

    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        offered = [p for p in await listed(interaction.user.id) if matches(p, current)]
        return [app_commands.Choice(name=p.name, value=p.value) for p in offered[:CHOICES_MAX]]

    @app_commands.command(name="open", description=N_("Local play: show #games or one of your games here"))
    @app_commands.describe(where=N_("#games, or one of your games: running, or finished lately (leave out for a "
                                    "list)"))
    @app_commands.autocomplete(where=complete)
    async def open_(interaction: discord.Interaction, where: str | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = await listed(interaction.user.id)
        if where is None:  # the places as buttons: what the page lets you click
            shown = {p.channel_id: p.name for p in found if p.channel_id is not None}
            gone = [p.name for p in found if p.channel_id is None]
            text = words("Where to? Press a button.") + (
                words(" Also finished before the last restart (`/open where:` with a word of its name): "
                      "{places}.", places=listing(gone)) if gone else "")
            await interaction.followup.send(text[:2000], ephemeral=True, view=open_buttons(shown))
            return
        place = find(found, where)
        if place is None:
            await interaction.followup.send(
                words("Nothing called “{typed}” here: pick #games or one of your games from the list "
                      "(any word of its name finds it).", typed=where[:80]), ephemeral=True)
            return
        channel_id = place.channel_id
        if channel_id is None and place.game is not None:
            channel_id = await _show_finished(page, interaction, place)
            if channel_id is None:
                return
        assert channel_id is not None
        page.request(channel_id)
        await interaction.followup.send(words("Opening {place}…", place=f"<#{channel_id}>"), ephemeral=True)

    return open_


async def _show_finished(page: Navigator, interaction: discord.Interaction, place: Place) -> int | None:
    """A new thread in #games with a finished game's last board (its thread went with an earlier run)."""
    bot, game = page.bot, place.game
    assert game is not None
    sessions = bot.sessions
    reply = await sessions.call(sessions.board, game)
    games = bot.get_channel(page.games_channel_id)
    if reply is None or not isinstance(games, discord.TextChannel):
        await interaction.followup.send(words("That game can no longer be shown."), ephemeral=True)
        return None
    try:
        thread = await games.create_thread(name=(place.title or place.name)[:100],
                                           type=discord.ChannelType.public_thread, auto_archive_duration=1440)
        message = await thread.send(**bot.play.board_message(game, reply, words(FINISHED_TEXT)))
    except discord.HTTPException as exc:
        log.warning("game %s: could not show it again: %s", game.id, exc)
        await interaction.followup.send(words("That game could not be shown: try again in a moment."),
                                        ephemeral=True)
        return None
    await sessions.call(sessions.attach, game, thread_id=thread.id, board_message_id=message.id)
    return thread.id


class OpenButton(discord.ui.DynamicItem[discord.ui.Button], template=r"lo:(?P<channel>[0-9]{1,20})"):
    """Shows a thread in the page, as clicking its mention would in Discord. Works after a restart too."""

    page: ClassVar[Navigator | None] = None  # local play's page, set when it starts

    def __init__(self, channel_id: int, label: str = "", item: discord.ui.Button | None = None) -> None:
        label = label or words("Open")
        self.channel_id = channel_id
        super().__init__(item or discord.ui.Button(label=label[:80], custom_id=f"lo:{channel_id}",
                                                   style=discord.ButtonStyle.primary))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match, /):  # type: ignore[override]
        return cls(int(match["channel"]), item.label or "", item)

    async def callback(self, interaction: discord.Interaction) -> None:
        page = OpenButton.page
        if page is None or self.channel_id not in {page.games_channel_id, *page.thread_names()}:
            await interaction.response.send_message(
                words("That thread is gone: `/open` lists where you can go."), ephemeral=True)
            return
        page.request(self.channel_id)
        await interaction.response.defer()  # nothing to say: the page moves there


def open_buttons(channels: dict[int, str]) -> discord.ui.View:
    """One Open button per channel (by id, with its name), as many as Discord allows on a message."""
    view = SentView(timeout=None)
    for channel_id, name in list(channels.items())[:25]:
        view.add_item(OpenButton(channel_id, words("Open {place}", place=name)))
    return view
