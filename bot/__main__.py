"""`python -m bot`: connect to Discord when DISCORD_TOKEN is set, otherwise start local play."""
from __future__ import annotations

import asyncio
import logging
import sys

from bot.settings import SettingsError, load_settings


def main() -> int:
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
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
