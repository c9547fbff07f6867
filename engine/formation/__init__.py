"""Formation: the creature line-up puzzles (seed 000, roster.v2)."""
