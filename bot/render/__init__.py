"""Pillow renderers: each board to PNG (and GIF replays), one module per game."""
