"""Game kinds: the glue between each engine and the session core, one module per game."""
