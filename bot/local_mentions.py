"""A channel mention on local play's page opens that channel there, as a click on one does in Discord.

SimCord's page draws a mention as plain text, and SimCord offers no hook for a click on it nor a way
for a host to add to its page. So local play serves the page through a small subclass of SimCord's
preview server, the one place local play leans on that server's internals (`Preview._server`,
`PreviewServer._STATIC_FILES`, `_static`, `_authorized`, `_allowed_hosts`, `_SECURITY_HEADERS`, and
the backend's `messages` to read what a message names):

- the page's HTML gains four scripts of ours: bot/local_presses.js makes a quick press reach the bot
  (the page would drop or be refused one made while another action is in flight), bot/local_steady.js
  keeps a board from jumping while its picture is drawn anew,
  bot/local_composer.js keeps the best command highlighted as one types, and bot/local_mentions.js
  makes each channel mention in a message clickable (and the thread's name in a "started a thread"
  note, which SimCord links to discord.com) and, on a click, asks `OPEN_PATH` to show the channel;
- `WORDS_PATH` answers the notes those scripts show (`PAGE_NOTES`), in the page's language, so a script
  holds no words of its own and the notes follow `/settings language` without a reload;
- `OPEN_PATH` finds the channel among those the message names (by the message's id and the mention's
  label as the page draws it, or the linked channel's id) and has local play's page go there, as
  `/open` does.

It fails soft: where SimCord changed so the subclass no longer fits, the page is served as SimCord
serves it, and only the mentions are text again (`/open` and the Open buttons still get around).
"""
from __future__ import annotations

import html
import json
import logging
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from bot.words import N_, words

log = logging.getLogger(__name__)

SCRIPT_PATH = "/local-play/mentions.js"
PRESSES_PATH = "/local-play/presses.js"  # quick presses reach the bot (bot/local_presses.js)
OPEN_PATH = "/local-play/open"   # GET ?message=<id>&label=<#name> or &channel=<id>: a navigation, like a link
SCRIPT_FILE = Path(__file__).with_name("local_mentions.js")
COMPOSER_PATH = "/local-play/composer.js"  # the best command highlighted as typed (bot/local_composer.js)
STEADY_PATH = "/local-play/steady.js"  # a board keeps its height while its picture is drawn anew (bot/local_steady.js)
SCRIPTS = {SCRIPT_PATH: SCRIPT_FILE, PRESSES_PATH: Path(__file__).with_name("local_presses.js"),
           COMPOSER_PATH: Path(__file__).with_name("local_composer.js"),
           STEADY_PATH: Path(__file__).with_name("local_steady.js")}
SCRIPT_TAG = "\n  ".join(f'<script type="module" src="{path}"></script>' for path in SCRIPTS)
NOTE_PATH = "/local-play/note.js"  # the line at the page's foot both scripts write (bot/local_note.js), imported
SERVED = {**SCRIPTS, NOTE_PATH: Path(__file__).with_name("local_note.js")}
WORDS_PATH = "/local-play/words.json"  # the scripts' notes in the page's language (`PAGE_NOTES`)
MENTION = re.compile(r"<#([0-9]{1,20})>")

# The notes the page's scripts show, by the name a script asks for; the place or button they name is
# filled in on the page (`{label}`).
PAGE_NOTES = {
    "open": N_("Open {place}"),
    "opening": N_("Opening {place}…"),
    "unanswered": N_("{label} could not be opened: local play did not answer. Try /open."),
    "unopenable": N_("That could not be opened here: type /open to see where you can go."),
    "press_lost": N_("Your press on \"{label}\" could not reach the game: press it again."),
    "press_stale": N_("The board moved on before your press on \"{label}\" was made, so it did nothing: "
                      "the board shows where the game is now."),
}

# Shows the channel a message names: (message id, the mention's label or the channel's id) -> None once
# the page goes there, else why not.
OpenMention = Callable[[int, str | int], str | None]


def mentioned_in(env: Any, channel_ids: Iterable[int], message_id: int, viewer_id: int) -> list[int]:
    """The channels a message names, in order (its text, its embeds and components, then the thread a
    "started a thread" note is about), as its viewer sees it; empty when none of `channel_ids` holds
    such a message."""
    messages = env.backend.messages
    for channel_id in channel_ids:
        message = messages.get(channel_id, {}).get(message_id)
        if message is not None and message.visible_to(viewer_id):
            text = message.content + json.dumps(message.embeds) + json.dumps(message.components)
            named = [int(found) for found in MENTION.findall(text)]
            thread = getattr(getattr(message, "system_metadata", None), "channel_id", None)
            return named + ([thread] if thread else [])
    return []


def page_notes() -> dict[str, str]:
    """The scripts' notes in the current reader's language, `{label}` left for the page to fill."""
    return {name: words(text, label="{label}", place="{label}") for name, text in PAGE_NOTES.items()}


def serve_mentions(preview: Any, open_mention: OpenMention, *, server_name: str | None = None,
                   page_words: Callable[[], dict[str, str]] = page_notes) -> bool:
    """Serve `preview` with clickable mentions (and `server_name` above the channel's, which SimCord's
    page never shows), its scripts' notes from `page_words`; False (and the page as SimCord serves it)
    where this SimCord does not fit. Call before entering the preview."""
    try:
        from simcord.preview._server import PreviewServer

        original = preview._server
        if type(original) is not PreviewServer or not isinstance(PreviewServer._STATIC_FILES, dict):
            raise TypeError(f"an unexpected preview server {type(original).__name__}")
        server = _mention_server(PreviewServer)(preview, original._requested_port)
        server.open_mention = open_mention
        server.server_name = server_name
        server.page_words = page_words
        preview._server = server
    except Exception as exc:  # any SimCord that differs: the page still works, mentions stay text
        log.warning("local play: channel mentions stay plain text on this SimCord (%s)", exc)
        return False
    return True


def _mention_server(base: Any) -> Any:
    class MentionServer(base):
        """SimCord's preview server, with our script on the page and the route it calls."""

        open_mention: OpenMention
        server_name: str | None = None
        page_words: Callable[[], dict[str, str]] = staticmethod(page_notes)

        def __init__(self, preview: Any, port: int) -> None:
            super().__init__(preview, port)
            # start() registers a GET route for each of these, answered by _static.
            self._STATIC_FILES = {**base._STATIC_FILES, **{path: file.name for path, file in SERVED.items()},
                                  OPEN_PATH: "", WORDS_PATH: ""}

        async def _static(self, request: Any) -> Any:
            from aiohttp import web

            if request.path == OPEN_PATH:
                return self._open(request)
            if request.path == WORDS_PATH:
                if request.headers.get("Host", "") not in self._allowed_hosts():
                    raise web.HTTPForbidden()
                return web.json_response(self.page_words(), headers=self._SECURITY_HEADERS)
            if request.path in SERVED:
                if request.headers.get("Host", "") not in self._allowed_hosts():
                    raise web.HTTPForbidden()
                return web.Response(text=SERVED[request.path].read_text(encoding="utf-8"),
                                    content_type="application/javascript", headers=self._SECURITY_HEADERS)
            response = await super()._static(request)
            if request.path == "/" and "</body>" in (response.text or ""):
                name = (f'<meta name="local-play-server" content="{html.escape(self.server_name)}">\n  '
                        if self.server_name else "")
                response.text = response.text.replace("</body>", f"  {name}{SCRIPT_TAG}\n  </body>", 1)
            return response

        def _open(self, request: Any) -> Any:
            from aiohttp import web

            if not self._authorized(request):
                raise web.HTTPUnauthorized()
            message, label = request.query.get("message", ""), request.query.get("label", "")
            channel = request.query.get("channel", "")
            if not message.isdecimal() or not (label.startswith("#") or channel.isdecimal()):
                raise web.HTTPBadRequest(text="message=<id> and label=<#name> or channel=<id> required")
            try:
                reason = self.open_mention(int(message), int(channel) if channel.isdecimal() else label)
            except Exception:  # a SimCord whose messages read differently: say so, the page carries on
                log.exception("local play: could not open what a mention names")
                reason = self.page_words()["unopenable"]
            answer = {"opened": True} if reason is None else {"opened": False, "reason": reason}
            return web.json_response(answer, headers=self._SECURITY_HEADERS)

    return MentionServer
