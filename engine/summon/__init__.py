"""Summon (seed 004): jigsaw pieces on a sliding 3×3 board summon units that battle automatically.

The verbs a front-end needs: new_game, legal_placements / hand_options / preview, apply (place, pass,
timeout, surrender), ai_action, view_for and render_text (what one viewer may see), validate_deck /
deck_summary / auto_deck, and the models and errors below. Every refusal is a RuleError with a code.
What an action caused comes back typed in `state.events` (and `Preview.events`): see events.py, with
board words for cells and slides in where.py and a piece's sides as data in `describe_sides`.
"""
from .ai import ai_action, random_action
from .catalog import Card, UnknownPieceError, card, catalog_markdown, load_catalog
from .deck import DeckError, auto_deck, deck_summary, validate_deck
from .events import (
    BattleBegan,
    BoardSlid,
    Cell,
    Event,
    FirstPlayer,
    GameEnded,
    Neighbour,
    Passed,
    PiecePlaced,
    PieceRef,
    SpellFizzled,
    Summoned,
    SummonPhaseBegan,
    Surrendered,
    UnitDowned,
    UnitHealed,
    UnitHit,
)
from .game import ENGINE, apply, legal_placements, new_game, preview
from .options import HandOption, RotationOption, hand_options
from .pieces import EdgeCount, SidesError, SidesInfo, describe_sides
from .progress import Record, SummonProgress, ai_level, record_result
from .record import battle_events
from .render import describe, render_text
from .selfplay import play_game
from .state import (
    BattleEvent,
    BattleReplay,
    IllegalActionError,
    Pass,
    Place,
    Placement,
    Preview,
    SummonState,
    Surrender,
    Timeout,
    UnitRef,
)
from .tutorial import TutorialStep, achieved, tutorial_step, tutorial_steps
from .view import SeatView, TableView, view_for
from .where import CellPlace, cell_place, check_cell, falling_edge, relation, slide_direction

__all__ = [
    "ENGINE",
    "BattleBegan", "BoardSlid", "Cell", "CellPlace", "EdgeCount", "Event", "FirstPlayer", "GameEnded", "Neighbour",
    "Passed", "PiecePlaced", "PieceRef", "SidesInfo", "SpellFizzled", "Summoned", "SummonPhaseBegan", "Surrendered",
    "UnitDowned", "UnitHealed", "UnitHit", "cell_place", "check_cell", "describe_sides", "falling_edge", "relation",
    "slide_direction", "ai_level", "battle_events", "TutorialStep", "achieved", "tutorial_step", "tutorial_steps",
    "BattleEvent", "BattleReplay", "Card", "DeckError", "HandOption", "IllegalActionError", "Pass", "Place",
    "Placement", "Preview", "Record", "RotationOption", "SeatView", "SidesError", "SummonProgress", "SummonState",
    "Surrender",
    "TableView", "Timeout", "UnitRef", "UnknownPieceError", "ai_action", "apply", "auto_deck", "card",
    "catalog_markdown", "deck_summary", "describe", "hand_options", "legal_placements", "load_catalog",
    "new_game", "play_game", "preview", "random_action", "record_result", "render_text", "validate_deck", "view_for",
]
