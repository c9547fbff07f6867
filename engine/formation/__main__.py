"""python -m engine.formation: the JSON command line (see cli.py)."""
import sys

from .cli import main

sys.exit(main())
