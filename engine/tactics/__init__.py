"""Tactics (seed 001): the duo against the strays on a 13x9 board. Pure rules, planner and content.

Rooms by job: model/ (board, content, steps, events and moments, the saved state, progress), rules/
(`Fight` put together from base, hits, areas, movement, pushes, skill checks and skills; phases, the
strays, a duo member's turn), plan/ (the planner's search and scores, consequences, forecasts, autoplay),
words/ (labels, summaries, log lines, the text board, turns parsed from text). engine.py and this file
are the public face.

A state goes in and a new state comes out; the state given is never changed. Every refusal is a
`RuleError` (TacticsError and its subclasses) with a short stable `.code`.

Public API for the bot layer:
    new_fight(encounter_id, seed, hero=..., companion=..., level=1) -> FightState   (level: the player's)
    open_fight(same arguments) -> TurnResult   (the new fight with the events that opened it)
    apply_turn(state, fighter_id, steps, seq=None) -> FightState      (all or nothing; raises TacticsError)
    apply_planned(state, fighter_id, index, seq=None) -> FightState   (the planner's turn number index)
    pass_turn(state, fighter_id) -> FightState
    play_turn / play_planned / play_pass (same arguments) -> TurnResult(state, events, strays_phase, outcome)
    play_timeout(state) -> TurnResult   (the duo phase ran out: exactly the fighters still due pass)
    due_now(state) -> list[str]   (the duo members still due in the current duo phase, hero first)
    fight_outcome(state) -> FightEnded | None   (the result's typed reason; model/events.py holds every event type)
    ENGINE: the five verbs every game shares (engine/api.py), an action a Turn(fighter, steps)
    parse_turn_text(state, fighter_id, "move C5; Tide Lash F5; end") -> steps
    preview_skill(state, fighter_id, skill, at, toward=None) -> SkillPreview   (at: a tile or a fighter)
    legal_steps(state, fighter_id) -> {"move": [...], "skills": {name: [tiles]}, "hold": [...], "end": bool}
    legal_moves(state, fighter_id) / legal_targets(state, fighter_id, skill) -> list[str]
    target_options(state, fighter_id, skill) -> [{"at", "fighter", "text"}]
    plan_turns(state, fighter_id, limit=6) -> list[PlannedTurn]   (steps, summary, preview, label, consequences)
    consequences(state, fighter_id, steps, ally=True) -> Consequences   (through the strays' next phase)
    plan.forecast.forecast_offer(state, fighter_id, [steps, ...]) -> [Forecast | None]   (each played to the end)
    render_text(state, viewer=None, recent=6, brief=False) -> str   (viewer: "hero", "companion" or "duo" see
        the duo's reactions; brief: without what the companion's prompt says elsewhere)
    phase_timer(state, model_connected) -> seconds
    xp_for(result, encounter, first_win) / level_for_xp(xp) / expected_level(encounter_id)
    xp_reason(result, encounter, first_win, hero_fought) -> XpReason
        (also FightReward.why: climb, floor, daily, repeat, alone)
    deciding_moments(state, limit=3) -> list[Moment]; state.history -> list[RoundMark]   (model/recap.py)
    ending_moment(state) -> Moment | None   (what ended the fight: the last blow, the pack broken, the exit)
    new_fight(..., vary_start=True): the seed also draws the strays' start tiles (for evaluations)
    campaign() / daily_encounter(date) / encounter(id)
    tutorial_steps() / tutorial_step(n) -> (TutorialStep, FightState) / tutorial_duo()   (tutorial.json)
    achieved(step, events, ready_made) -> bool   (a played phase showed what the step teaches)
"""
from .engine import (
                     TurnResult,
                     apply_turn,
                     budget,
                     check_turn,
                     due_now,
                     fight_outcome,
                     legal_moves,
                     legal_steps,
                     legal_targets,
                     new_fight,
                     open_fight,
                     pass_turn,
                     phase_timer,
                     play_pass,
                     play_timeout,
                     play_turn,
                     preview_skill,
                     target_options,
)
from .model.board import Board, BoardCutError
from .model.content import EncounterDef, FighterDef, SkillDef, campaign, daily_encounter, encounter, fighters, kit
from .model.events import Event, FightEnded
from .model.progress import (
                     FightReward,
                     TacticsProgress,
                     XpReason,
                     expected_level,
                     level_for_xp,
                     level_thresholds,
                     record_fight,
                     xp_for,
                     xp_reason,
)
from .model.recap import Moment, RoundMark, deciding_moments, ending_moment
from .model.state import FighterState, FightState, Telegraph
from .model.steps import (
                     STEPS,
                     EndStep,
                     FightOverError,
                     HoldStep,
                     IllegalStepError,
                     InvalidStepError,
                     MoveStep,
                     NotYourPhaseError,
                     SkillStep,
                     StaleStateError,
                     Step,
                     TacticsError,
                     UnknownNameError,
                     parse_steps,
)
from .plan.autoplay import autoplay, autoplay_state
from .plan.consequences import Consequences, FighterAfter, TelegraphFate
from .plan.planner import apply_planned, consequences, plan_turns, play_planned
from .plan.turns import PlannedTurn, TurnPreview
from .rules.previews import SkillPreview, TargetPreview
from .shared_api import ENGINE, Turn
from .tutorial import TutorialStep, achieved, tutorial_duo, tutorial_step, tutorial_steps
from .words.render import PHASE_NAMES, render_text
from .words.turn_text import parse_turn_text

__all__ = [
    "Board", "BoardCutError", "EncounterDef", "EndStep", "FightOverError", "FightState", "FighterDef",
    "FighterState", "HoldStep", "IllegalStepError", "InvalidStepError", "MoveStep", "NotYourPhaseError",
    "PHASE_NAMES", "PlannedTurn", "STEPS", "SkillDef", "SkillPreview", "SkillStep", "StaleStateError", "Step",
    "TacticsError",
    "TargetPreview", "Telegraph", "TurnPreview", "UnknownNameError", "apply_planned", "apply_turn", "autoplay",
    "autoplay_state", "budget", "campaign", "check_turn", "daily_encounter", "encounter", "expected_level",
    "FightReward", "TacticsProgress", "record_fight",
    "fighters", "kit", "legal_moves", "legal_steps", "legal_targets", "level_for_xp", "level_thresholds",
    "new_fight", "parse_steps", "parse_turn_text", "pass_turn", "phase_timer", "plan_turns", "preview_skill",
    "render_text", "target_options", "xp_for",
    "ENGINE", "Turn",
    "Event", "FightEnded", "TurnResult", "fight_outcome", "play_pass", "play_planned", "play_timeout", "play_turn",
    "due_now", "open_fight",
    "Consequences", "FighterAfter", "TelegraphFate", "consequences",
    "Moment", "RoundMark", "XpReason", "deciding_moments", "ending_moment", "xp_reason",
    "TutorialStep", "achieved", "tutorial_duo", "tutorial_step", "tutorial_steps",
]
