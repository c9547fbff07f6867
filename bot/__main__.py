"""`python -m bot`: connect to Discord when DISCORD_TOKEN is set, otherwise start local play."""
from __future__ import annotations

import asyncio
import logging
import signal
import sys

from bot.settings import SettingsError, load_settings
from db.store import StoreError, open_store

# Start-up notes discord.py writes for features this bot never uses, by logger and exact text. They
# read like faults to a newcomer; anything else those loggers say (real errors included) still shows.
QUIET_NOTES = {
    "discord.client": ("PyNaCl is not installed, voice will NOT be supported",
                       "davey is not installed, voice will NOT be supported"),
    "discord.ext.commands.bot": ("Privileged message content intent is missing, commands may not work as expected.",),
    # SimCord's import-time probe builds a Client with no intents; the bot's own intents include guilds.
    "discord.state": ("Guilds intent seems to be disabled. This may cause state related issues.",),
}


class _QuietNotes(logging.Filter):
    def __init__(self, notes: tuple[str, ...]) -> None:
        super().__init__()
        self.notes = notes

    def filter(self, record: logging.LogRecord) -> bool:
        return record.levelno >= logging.ERROR or record.getMessage() not in self.notes


def quiet_start_up_notes() -> None:
    for name, notes in QUIET_NOTES.items():
        logging.getLogger(name).addFilter(_QuietNotes(notes))


def stop_on_signals() -> None:
    """SIGINT (Ctrl+C, `kill -INT`) and SIGTERM (`kill`, `docker stop`, systemd) each stop the bot the
    same way, through asyncio's own interrupt, so its tasks end, its store is closed and the worker
    processes shut down. A shell starts a background job (`cmd &`, `nohup … &`) with SIGINT ignored, and
    Python then leaves it ignored: the interrupt is put back here, so SIGTERM (made a SIGINT) stops it too."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, lambda signum, frame: signal.raise_signal(signal.SIGINT))


def main() -> int:
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    try:  # a store the bot cannot use is said in one line before anything starts on it
        open_store(settings.database_url or settings.database_path).close()
    except StoreError as exc:
        print(exc, file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    quiet_start_up_notes()
    stop_on_signals()
    if settings.discord_token is None:
        from bot.local import run_local

        try:
            return asyncio.run(run_local(settings))
        except KeyboardInterrupt:
            print("Local play stopped; games are saved in", settings.database_path)
            return 0
    from bot.discord import create_bot

    bot = create_bot(settings)
    bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
