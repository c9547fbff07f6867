"""What a member was shown, scanned for English: every message's words, its controls' labels, placeholders
and options, its files' descriptions and the threads' names. Names (members', the AI's), numbers, cells (A1–C3),
command names, mentions and the marks Japanese games write in Latin letters (HP, XP, AI, ID, R1 for round 1) are
allowed; any other word of two Latin letters or more is English left behind."""
from __future__ import annotations

import re

from tools.drive.replies import controls_of, words_of

COMMAND = re.compile(r"`[^`\n]+`|/[a-z][a-z-]*(?: [a-z-]+)*(?: [a-z]+:)?")  # `/bowls sow bowl:`, /help, game:
MENTION = re.compile(r"<[@#][0-9]+>|<t:[0-9]+:[A-Za-z]>")
ALLOWED = re.compile(r"(?<![A-Za-z])(?:AI|ID|UTC|XP|HP|Discord|Game Hall|[A-C][1-3]|x[0-9]|c[12]-[0-9]{2})(?![A-Za-z])")
ENGLISH = re.compile(r"[A-Za-z]{2,}")


def english_in(text: str, names: tuple[str, ...]) -> list[str]:
    """The English words left in `text` once names, commands, mentions, cells and marks are taken out."""
    for name in names:
        text = text.replace(name, " ")
    for allowed in (COMMAND, MENTION, ALLOWED):
        text = allowed.sub(" ", text)
    return ENGLISH.findall(text)


class Reader:
    """Everything one member was shown: messages' words, their controls and their files' descriptions."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def message(self, message) -> None:
        if message is None:
            return
        self.texts.append(words_of(message) or "")
        rows = message.components or []
        controls = [c for row in rows for c in row.get("components", [])] if rows and isinstance(rows[0], dict) \
            else controls_of(message)
        for c in controls:
            get = c.get if isinstance(c, dict) else (lambda key, c=c: getattr(c, key, None))
            self.texts += [get("label") or "", get("placeholder") or ""]
            self.texts += [f"{o.get('label', '') if isinstance(o, dict) else o.label} "
                           f"{(o.get('description') if isinstance(o, dict) else o.description) or ''}"
                           for o in get("options") or []]
        for a in getattr(message, "attachments", []) or []:
            self.texts.append(getattr(a, "description", None) or "")

    def result(self, result):
        self.message(result.response)
        for m in result.followups:
            self.message(m)
        return result

    def thread(self, thread) -> None:
        self.texts.append(thread.name)
        for m in thread.history():
            self.message(m)

    def english(self, names: tuple[str, ...]) -> list[tuple[str, list[str]]]:
        return [(t, found) for t in self.texts if (found := english_in(t, names))]
