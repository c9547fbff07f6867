"""How well a companion model plays: `python -m bot.companion play …` and `… eval …` (the commands are
the bot's; their work is here, beside the bot, not in it).

cli.py: the two commands (one fight, one JSON line per decision; the same fights for every pilot, one
JSON line or table per pilot). evaluate.py: the fights, the figures and the table. baselines.py: the
pilots a model is measured against (random, pass, auto, expert, first, reader).
"""
