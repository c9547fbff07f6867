"""Pure game rules: no I/O, no clock, no Discord, no database. One package per game."""
