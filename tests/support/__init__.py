"""Helpers shared by the bot tests: a small game of their own and SimCord shortcuts."""
