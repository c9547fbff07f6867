"""Tools that work on the bot from its source checkout and are not installed with it (pyproject.toml
installs bot, engine, db and prompts only): what ships is what the bot runs."""
