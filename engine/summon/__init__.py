"""Summon (seed 004): jigsaw pieces on a sliding 3×3 board summon units that battle automatically.

Public API for the bot layer: new_game, legal_placements, apply, ai_action, render_text, and the
models and errors below.
"""
from engine.summon.ai import ai_action, random_action
from engine.summon.catalog import Card, card, catalog_markdown, load_catalog
from engine.summon.deck import DeckError, auto_deck, validate_deck
from engine.summon.game import apply, legal_placements, new_game
from engine.summon.render import describe, render_text
from engine.summon.selfplay import play_game
from engine.summon.state import (
    IllegalActionError, Pass, Place, Placement, SummonState, Surrender, Timeout,
)

__all__ = [
    "Card", "DeckError", "IllegalActionError", "Pass", "Place", "Placement", "SummonState", "Surrender",
    "Timeout", "ai_action", "apply", "auto_deck", "card", "catalog_markdown", "describe", "legal_placements",
    "load_catalog", "new_game", "play_game", "random_action", "render_text", "validate_deck",
]
