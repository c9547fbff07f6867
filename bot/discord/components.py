"""Restart-proof components: every custom id carries the game id, its version and the action.

They are discord.py DynamicItems registered once at start, so a button on any board message, however
old, is routed after a restart with no view kept in memory. Each `from_custom_id` is the door: a custom
id an older board carried is read as today's action there (former.py), or told it is out of date.
"""
from __future__ import annotations

import itertools
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any, Protocol, cast

import discord

from bot.core.actions import WIRE, Action
from bot.core.reply import Button, Link, Reply, Select
from bot.words import words
from db.games import GameRecord

from .former import Door
from .unkept import SentLayout, SentView

if TYPE_CHECKING:
    from discord.types.interactions import SelectMessageComponentInteractionData

_STYLES = {
    "primary": discord.ButtonStyle.primary, "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success, "danger": discord.ButtonStyle.danger,
}
_ACTION = r"(?P<action>[A-Za-z0-9_.:\-]{1,60})"


class Answers(Protocol):
    """What answers a component's press (the bot's Play): named here so this module imports no bot."""

    @property
    def door(self) -> Door: ...

    async def guarded(self, interaction: discord.Interaction, work: Awaitable[Any],
                      pressed: discord.ui.Item[Any] | None = None) -> None: ...

    async def press(self, interaction: discord.Interaction, game_id: int, version: int, wire: str | None) -> None: ...

    async def close(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def how_to_play(self, interaction: discord.Interaction, key: str) -> None: ...


def answers(interaction: discord.Interaction) -> Answers:
    """The Play of the bot the interaction came to (every client here is the one GameHall)."""
    return cast(Answers, cast(Any, interaction.client).play)


def button_id(game_id: int, version: int, action: Action) -> str:
    text = action.encode()
    if not WIRE.fullmatch(text):  # a game built a control its own decode could never read back
        raise ValueError(f"action {text!r} does not fit a custom id")
    return f"g:{game_id}:{version}:{text}"


def _chosen(interaction: discord.Interaction) -> str | None:
    """The value a select's press chose (discord.py types the data as any interaction's)."""
    data = cast("SelectMessageComponentInteractionData | None", interaction.data)
    values = (data.get("values") if data else None) or []
    return values[0] if values else None


class GameButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"g:(?P<game>[0-9]{1,19}):(?P<version>[0-9]{1,9}):" + _ACTION):
    def __init__(self, game_id: int, version: int, wire: str, item: discord.ui.Button) -> None:
        self.game_id, self.version, self.wire = game_id, version, wire
        super().__init__(item)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match, /):  # type: ignore[override]
        return cls(int(match["game"]), int(match["version"]), answers(interaction).door.button(match["action"]), item)

    async def callback(self, interaction: discord.Interaction) -> None:
        play = answers(interaction)
        await play.guarded(interaction, play.press(interaction, self.game_id, self.version, self.wire), self)


class FormerSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=r"s:(?P<game>[0-9]{1,19}):(?P<version>[0-9]{1,9}):" + _ACTION):
    """A select of a board posted before every option carried its whole action: no board is built with
    it now; its press is read at the door as today's action, or told its board is out of date."""

    def __init__(self, game_id: int, version: int, wire: str | None, item: discord.ui.Select) -> None:
        self.game_id, self.version, self.wire = game_id, version, wire
        super().__init__(item)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match, /):  # type: ignore[override]
        wire = answers(interaction).door.select(match["action"], _chosen(interaction))
        return cls(int(match["game"]), int(match["version"]), wire, item)

    async def callback(self, interaction: discord.Interaction) -> None:
        play = answers(interaction)
        await play.guarded(interaction, play.press(interaction, self.game_id, self.version, self.wire), self)


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=r"c:(?P<game>[0-9]{1,19}):(?P<version>[0-9]{1,9}):(?P<n>[0-9]{1,2})"):
    """A select whose every option is a whole action: choosing one takes it."""

    def __init__(self, game_id: int, version: int, wire: str, item: discord.ui.Select) -> None:
        self.game_id, self.version, self.wire = game_id, version, wire
        super().__init__(item)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match, /):  # type: ignore[override]
        wire = answers(interaction).door.button(_chosen(interaction) or "")
        return cls(int(match["game"]), int(match["version"]), wire, item)

    async def callback(self, interaction: discord.Interaction) -> None:
        play = answers(interaction)
        await play.guarded(interaction, play.press(interaction, self.game_id, self.version, self.wire), self)


def _button(game_id: int, version: int, spec: Button) -> GameButton:
    item: discord.ui.Button[discord.ui.View] = discord.ui.Button(
        label=spec.label, custom_id=button_id(game_id, version, spec.action), style=_STYLES[spec.style],
        disabled=spec.disabled, emoji=spec.emoji, row=spec.row,
    )
    return GameButton(game_id, version, spec.action.encode(), item)


def _select(game_id: int, version: int, spec: Select, n: int) -> ChoiceSelect:
    values = [o.value.encode() for o in spec.options]
    if not all(WIRE.fullmatch(v) for v in values):
        raise ValueError(f"a select option of {spec.placeholder!r} does not fit the wire form")
    item: discord.ui.Select[discord.ui.View] = discord.ui.Select(
        custom_id=f"c:{game_id}:{version}:{n}", placeholder=spec.placeholder,
        options=[discord.SelectOption(label=o.label, value=v, description=o.description, default=o.default)
                 for o, v in zip(spec.options, values)],
        row=spec.row, disabled=spec.disabled, min_values=1, max_values=1,
    )
    return ChoiceSelect(game_id, version, "", item)


def view_for(game_id: int, version: int, reply: Reply, *, interactive: bool = True) -> discord.ui.View | None:
    """The components of a board; None when it has none. A read-only copy (a finished game's board)
    keeps only its links, which a game's cog answers itself (a Rematch)."""
    steps = interactive and bool(reply.buttons or reply.selects)
    if not steps and not reply.links:
        return None
    view = SentView(timeout=None)
    if steps:
        for n, select in enumerate(reply.selects):
            view.add_item(_select(game_id, version, select, n))
        for button in reply.buttons:
            view.add_item(_button(game_id, version, button))
    for link in reply.links:
        view.add_item(_link(link, row=link.row))
    return view


def _link(link: Link, row: int | None = None) -> discord.ui.Button:
    return discord.ui.Button(label=link.label, custom_id=link.custom_id, style=_STYLES[link.style],
                             disabled=link.disabled, emoji=link.emoji, row=row)


_SELECTS = (discord.ui.Select, FormerSelect, ChoiceSelect)


def _fits(row: list[discord.ui.Item], item: discord.ui.Item) -> bool:
    """Whether `item` may join an action row holding `row`: a select fills a row alone, buttons go five."""
    return not row or not isinstance(item, _SELECTS) and not any(isinstance(i, _SELECTS) for i in row) and len(row) < 5


def _rows(items: list[discord.ui.Item], rows: list[int | None]) -> list[discord.ui.ActionRow]:
    """Controls in action rows as a classic view places them (on the row they name, else the first with room)."""
    placed: dict[int, list[discord.ui.Item]] = {}
    for item, row in zip(items, rows):
        at = row if row is not None else next(r for r in itertools.count() if _fits(placed.get(r, []), item))
        placed.setdefault(at, []).append(item)
    return [discord.ui.ActionRow(*placed[r]) for r in sorted(placed)]


def layout_for(game_id: int, version: int, reply: Reply, text: str, *,
               interactive: bool = True) -> discord.ui.LayoutView:
    """A board as one container (Components V2): its pictures first, as a gallery with their alt text,
    then its text, then its controls. The pictures are the message's own uploads, named by filename."""
    view = SentLayout(timeout=None)
    box: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container()
    pictures = ([reply.picture] if reply.picture else []) + list(reply.extra_pictures)
    if pictures:
        box.add_item(discord.ui.MediaGallery(*(discord.MediaGalleryItem(f"attachment://{p.filename}",
                                                                        description=p.description or None)
                                               for p in pictures[:10])))
    box.add_item(discord.ui.TextDisplay(text))
    items: list[discord.ui.Item] = []
    rows: list[int | None] = []
    if interactive and (reply.buttons or reply.selects):
        for n, select in enumerate(reply.selects):
            items.append(_select(game_id, version, select, n))
            rows.append(select.row)
        for button in reply.buttons:
            items.append(_button(game_id, version, button))
            rows.append(button.row)
    for link in reply.links:
        items.append(_link(link))
        rows.append(link.row)
    for row in _rows(items, rows):
        box.add_item(row)
    view.add_item(box)
    return view


def retired_layout(message: discord.Message, text: str) -> discord.ui.LayoutView:
    """A container board made read-only: the same pictures (its kept uploads, by filename) and `text`,
    without its controls."""
    view = SentLayout(timeout=None)
    box: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container()
    for component in message.components:
        for child in getattr(component, "children", [component]):
            if isinstance(child, discord.components.MediaGalleryComponent):
                box.add_item(discord.ui.MediaGallery(*(discord.MediaGalleryItem(
                    _attachment_url(message, item.media.url), description=item.description) for item in child.items)))
    box.add_item(discord.ui.TextDisplay(text))
    view.add_item(box)
    return view


def _attachment_url(message: discord.Message, url: str) -> str:
    """An item's media as a reference to the message's own upload of that name (`attachment://…`)."""
    for attachment in message.attachments:
        if url == attachment.url or url.split("?")[0].endswith("/" + attachment.filename) \
                or url == f"attachment://{attachment.filename}":
            return f"attachment://{attachment.filename}"
    return url


def layout_text(message: discord.Message) -> str:
    """The words of a message: its content, or a container board's text displays."""
    if message.content or not message.flags.components_v2:
        return message.content
    found: list[str] = []
    for component in message.components:
        for child in getattr(component, "children", [component]):
            if isinstance(child, discord.components.TextDisplay):
                found.append(child.content)
    return "\n".join(found)


class CloseButton(discord.ui.DynamicItem[discord.ui.Button], template=r"x:(?P<game>[0-9]{1,19})"):
    """Ends one running game from outside its thread (/games, or a refusal to start another)."""

    def __init__(self, game_id: int, label: str | None = None, item: discord.ui.Button | None = None) -> None:
        self.game_id = game_id
        super().__init__(item or discord.ui.Button(label=label or words("End"), custom_id=f"x:{game_id}",
                                                   style=discord.ButtonStyle.danger))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match, /):  # type: ignore[override]
        return cls(int(match["game"]), item.label, item)

    async def callback(self, interaction: discord.Interaction) -> None:
        play = answers(interaction)
        await play.guarded(interaction, play.close(interaction, self.game_id), self)


def close_view(games: list[GameRecord], titles: dict[str, str]) -> discord.ui.View:
    """One End button per game (Discord allows 25 on a message)."""
    view = SentView(timeout=None)
    for game in games[:25]:
        view.add_item(CloseButton(game.id, words("End {game}", game=titles.get(game.kind, game.kind))[:80]))
    return view


class HowToPlayButton(discord.ui.DynamicItem[discord.ui.Button], template=r"h:(?P<kind>[a-z_]{1,30})"):
    """Shows one game's rules page privately to whoever presses it."""

    def __init__(self, kind: str, label: str | None = None, item: discord.ui.Button | None = None) -> None:
        self.kind = kind
        super().__init__(item or discord.ui.Button(label=label or words("How to play"), custom_id=f"h:{kind}",
                                                   emoji="📖",
                                                   style=discord.ButtonStyle.primary))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match, /):  # type: ignore[override]
        return cls(match["kind"], item.label, item)

    async def callback(self, interaction: discord.Interaction) -> None:
        play = answers(interaction)
        await play.guarded(interaction, play.how_to_play(interaction, self.kind), self)
