"""`python -m engine.bowls move|puzzles|solve|check`: the bowls JSON CLI (see cli.py)."""
import sys

from .cli import main

sys.exit(main(sys.argv[1:]))
