"""Tactics (seed 001): the duo against the strays on a 13x9 board. Pure rules, planner and content.

Public API for the bot layer:
    new_fight(encounter_id, seed, hero=..., companion=...) -> FightState
    apply_turn(state, fighter_id, steps, seq=None) -> FightState      (all or nothing; raises TacticsError)
    pass_turn(state, fighter_id) -> FightState
    preview_skill(state, fighter_id, skill, at, toward=None) -> SkillPreview
    legal_steps(state, fighter_id) -> {"move": [...], "skills": {name: [tiles]}, "hold": [...], "end": bool}
    legal_moves(state, fighter_id) / legal_targets(state, fighter_id, skill) -> list[str]
    phase_timer(state, model_connected) -> seconds; fight_xp(result) / level_for_xp(xp)
    plan_turns(state, fighter_id, limit=6) -> list[PlannedTurn]
    render_text(state, viewer=None) -> str
    campaign() / daily_encounter(date) / encounter(id)
"""
from .autoplay import autoplay, autoplay_state
from .board import Board, BoardCutError
from .content import EncounterDef, FighterDef, SkillDef, campaign, daily_encounter, encounter, fighters, kit
from .progress import expected_level, level_for_xp, level_thresholds, xp_for
from .engine import (apply_turn, budget, check_turn, legal_moves, legal_steps, legal_targets, new_fight, pass_turn,
                     phase_timer, preview_skill)
from .planner import PlannedTurn, TurnPreview, plan_turns
from .render import render_text
from .rules import SkillPreview, TargetPreview
from .state import FighterState, FightState, Telegraph
from .steps import (STEPS, EndStep, FightOverError, HoldStep, IllegalStepError, InvalidStepError, MoveStep,
                    NotYourPhaseError, SkillStep, StaleStateError, Step, TacticsError, parse_steps)

__all__ = [
    "Board", "BoardCutError", "EncounterDef", "EndStep", "FightOverError", "FightState", "FighterDef", "FighterState", "HoldStep",
    "IllegalStepError", "InvalidStepError", "MoveStep", "NotYourPhaseError", "PlannedTurn", "STEPS", "SkillDef",
    "SkillPreview", "SkillStep", "StaleStateError", "Step", "TacticsError", "TargetPreview", "Telegraph",
    "TurnPreview", "apply_turn", "autoplay", "autoplay_state", "budget", "campaign", "check_turn",
    "daily_encounter", "encounter", "expected_level", "fighters", "kit", "legal_moves", "legal_steps", "legal_targets",
    "level_for_xp", "level_thresholds", "new_fight", "parse_steps", "pass_turn", "phase_timer", "plan_turns", "preview_skill",
    "render_text", "xp_for",
]
