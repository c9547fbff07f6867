"""What a board message is made of in Discord, apart from where it goes: its words (a refusal's reason
first, clipped to Discord's 2,000 characters), its live countdown, its pictures, its controls and How to
play button, and the edits that retire it or move its countdown. boards.py decides where each goes
(and why a container board is posted anew rather than edited).
"""
from __future__ import annotations

import io
import re
from collections.abc import Iterator
from typing import Any

import discord

from bot.core.reply import Picture, Reply
from bot.words import LANGUAGES, N_, current, number, words, words_in
from db.games import GameRecord

from .components import HowToPlayButton, layout_for, layout_text, retired_layout, view_for
from .released import drop_items
from .unkept import SentView, sent_layout

MAX_CONTENT = 2000
ECHO_KEEP = 60  # characters of a long echo of the player's input kept in a refusal
# A quote opens after a space or a bracket (or at the start) and closes before none of a word's letters, so
# the text between two short quotes ("read 'x': … wrote 'x'") is never taken for one long quote.
_LONG_QUOTED = re.compile(r"(?<![^\s(\[])(['\"`])([^'\"`\n]{" + str(ECHO_KEEP + 20) + r",})\1(?!\w)")
# A word of a language written without spaces (Japanese) is a whole sentence: only a run of other letters
# counts as one long word (a pasted name).
_LONG_WORD = re.compile(r"[^\s\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]{" + str(ECHO_KEEP + 40) + ",}")


def clip(text: str) -> str:
    return text if len(text) <= MAX_CONTENT else text[: MAX_CONTENT - 1] + "…"


def refusal_text(text: str) -> str:
    """A refusal whose reason always shows: every long echo of the player's input (a quoted 5,000-
    character turn, a pasted name) is shortened to its start and, when the refusal reads "echo: reason",
    the reason comes first."""
    def shorten(match: re.Match[str]) -> str:
        quote, inner = match.group(1), match.group(2)
        return words("{start} ({n} characters)", start=f"{quote}{inner[:ECHO_KEEP]}…{quote}", n=number(len(inner)))

    short = _LONG_QUOTED.sub(shorten, text)
    short = _LONG_WORD.sub(lambda m: words("{start} ({n} characters)", start=f"{m.group(0)[:ECHO_KEEP]}…",
                                           n=number(len(m.group(0)))), short)
    if short != text:
        echo, colon, reason = short.partition(": ")
        if colon and reason and "…" in echo:
            short = words("{reason} (you sent {echo})", reason=f"{reason[:1].upper()}{reason[1:]}", echo=echo)
    return clip(short)


def file_of(picture: Picture) -> discord.File:
    return discord.File(io.BytesIO(picture.data), filename=picture.filename,
                        description=picture.description or None)


def files_of(reply: Reply) -> list[discord.File]:
    pictures = ([reply.picture] if reply.picture else []) + list(reply.extra_pictures)
    return [file_of(p) for p in pictures]


def compose(reply: Reply, said: str = "") -> str:
    return clip(f"{said}\n\n{reply.text}".strip() if said else reply.text)


COUNTDOWN_TEXT = N_("⏳ Time runs out {when}.")
CLOSED_TEXT = N_("⌛ Closed: the newer board is below.")


def countdown(game: GameRecord, language: str | None = None) -> str:
    """The live countdown of a timed board (Discord shows it ticking; local play shows it too), in the
    board's language."""
    if game.deadline is None or not game.running:
        return ""
    return words_in(language or current(), COUNTDOWN_TEXT, when=f"<t:{int(game.deadline.timestamp())}:R>")


def _countdown_in(language: str) -> re.Pattern[str]:
    before, _, after = words_in(language, COUNTDOWN_TEXT).partition("{when}")
    return re.compile(re.escape(before) + r"<t:\d+:R>" + re.escape(after))


COUNTDOWNS = {language: _countdown_in(language) for language in LANGUAGES}
COUNTDOWN = COUNTDOWNS["en"]


def retired_text(content: str) -> str | None:
    """A retired board's words with its countdown, which would read "… ago", turned into why it has no
    buttons, in the countdown's language; None when it had no countdown (its words stay as they are)."""
    for language, pattern in COUNTDOWNS.items():
        if pattern.search(content):
            return pattern.sub(words_in(language, CLOSED_TEXT), content)
    return None


def thread_link(game: GameRecord) -> str:
    return f"<#{game.thread_id}>" if game.thread_id else words("its thread")


def is_private(message: discord.Message | None) -> bool:
    return message is not None and message.flags.ephemeral


def board_message(game: GameRecord, reply: Reply, said: str = "") -> dict[str, Any]:
    """The arguments of a board message: its text (what the change said, the board, the countdown),
    pictures and components."""
    clock = countdown(game, reply.language)
    text = f"{said}\n\n{reply.text}".strip() if said else reply.text
    if reply.layout == "container":
        return {"view": layout_for(game.id, game.version, reply, clip(f"{text}\n{clock}" if clock else text),
                                   interactive=game.running), "files": files_of(reply)}
    view = view_for(game.id, game.version, reply, interactive=game.running)
    kwargs: dict[str, Any] = {"content": clip(f"{text}\n{clock}" if clock else text), "files": files_of(reply)}
    if view is not None:
        kwargs["view"] = view
    return kwargs


def offer_rules(message: dict[str, Any], key: str) -> None:
    """Add a How to play button to a board message, where Discord leaves room for one."""
    view = message.get("view") or SentView(timeout=None)
    if isinstance(view, discord.ui.LayoutView):  # a container board: the button joins its controls
        box = next(item for item in view.children if isinstance(item, discord.ui.Container))
        rows = [item for item in box.children if isinstance(item, discord.ui.ActionRow)]
        if rows and all(isinstance(item, discord.ui.Button) for item in rows[-1].children) \
                and len(rows[-1].children) < 5:
            rows[-1].add_item(HowToPlayButton(key))
        else:
            box.add_item(discord.ui.ActionRow(HowToPlayButton(key)))
        return
    try:
        view.add_item(HowToPlayButton(key))
    except ValueError:  # the board's rows are full: /help game: still has the rules
        return
    message["view"] = view


def _custom_ids(components: Any) -> Iterator[str]:
    """Every control's id on a message, in rows or inside a container's sections and rows."""
    for item in components:
        custom_id = getattr(item, "custom_id", None)
        if custom_id:
            yield str(custom_id)
        yield from _custom_ids(getattr(item, "children", None) or ())
        accessory = getattr(item, "accessory", None)
        if accessory is not None:
            yield from _custom_ids([accessory])


def offers_rules(message: discord.Message | None) -> bool:
    """Whether a board message has the How to play button (a newcomer's game shows it on every board)."""
    return message is not None and any(i.startswith("h:") for i in _custom_ids(message.components))


def retired(message: discord.Message) -> dict[str, Any]:
    """The edit that makes a board read-only: its buttons go, its countdown says it closed (a container
    board keeps its uploads, listed, and its gallery naming them)."""
    if message.flags.components_v2:
        said = layout_text(message)
        return {"view": retired_layout(message, retired_text(said) or said), "attachments": message.attachments}
    text = retired_text(message.content)
    return {"view": None} if text is None else {"view": None, "content": text}


async def move_countdown_in_layout(board: discord.Message, game: GameRecord) -> None:
    """A container board's countdown moved: its text displays edited, its uploads and controls kept."""
    view = sent_layout(discord.ui.LayoutView.from_message(board, timeout=None))
    moved = False
    for item in view.walk_children():
        if isinstance(item, discord.ui.TextDisplay) and COUNTDOWN.search(item.content):
            item.content, moved = COUNTDOWN.sub(countdown(game), item.content), True
        elif isinstance(item, discord.ui.MediaGallery):
            for entry in item.items:
                name = next((a.filename for a in board.attachments if entry.media.url.split("?")[0]
                             .endswith("/" + a.filename)), None)
                if name is not None:
                    entry.media = f"attachment://{name}"
    try:
        if moved:
            await board.edit(view=view, attachments=board.attachments)
    finally:
        drop_items(view)  # never used again (released.py)


__all__ = ["COUNTDOWN", "board_message", "clip", "compose", "countdown", "file_of", "files_of", "is_private",
           "move_countdown_in_layout", "offer_rules", "offers_rules", "refusal_text", "retired", "thread_link"]
