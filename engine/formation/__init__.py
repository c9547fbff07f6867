"""Formation: the creature line-up puzzles (seed 000, roster.v2) — pure rules, content and progress.

API for the bot layer (everything here is pure and deterministic; pass the UTC date in):

Data and puzzles
    SLOTS                      ordered slot names: front_left front_right back_left back_middle back_right
    CREATURES                  name -> Creature (name, animal, guild, hp, attack, speed, ability{name, kind,
                               amount, rounds, text}); Creature.card() is a one-line text card
    Puzzle                     frozen pydantic model: id, title, brief, mode, chapter, number, boss, lesson,
                               opponent, ground, max_rounds, pool, fixed, forbidden_pairs, max_guild_pairs,
                               mastery (goals), hints; .rounds_limit
    tutorial()                 the 4 lessons + transfer puzzle; campaign(chapter) -> 18 puzzles (18th = boss)
    daily_flight(day)          3 puzzles for a UTC date, gentlest first (solves each: up to a few seconds;
                               run it off the event loop)
    puzzle_by_id(id)           any shipped or daily ('daily-YYYY-MM-DD-n') puzzle; UnknownPuzzleError (code
                               unknown_puzzle, also a KeyError) otherwise
    brief_text(puzzle)         the pre-battle brief as text (opponent, ability timing, ground, goals, limits, pairs)
    formation_lines(p, formation)  the player's (partial) line-up as text lines (screen readers, companion)
    hint(puzzle, n)            hint step n = 1..hint_count(puzzle) (the transfer puzzle has 2)
    hint_fact(puzzle, n)       what step n says as facts (HintFact: its kind, creature, slot, counts), to word

Forming a team
    starting_formation(p)      the fixed creatures already placed (dict slot -> name)
    allowed_creatures(p, formation, slot)   names that may go into slot now (autocomplete)
    check_limits(p, formation, complete=True)  raises FormationError (InvalidFormationError / LimitError) whose
                               .code (older name .limit) names the breach: unknown_slot, unknown_creature,
                               duplicate, incomplete, pool, fixed, forbidden_pair, guild_pairs

Battle
    battle(p, formation) -> BattleResult    checks limits, player is side "a"
    simulate(a, b, ground, max_rounds)      any two line-ups
    BattleResult: winner "a"|"b"|"draw", rounds, end "knockout"|"time", hp/max_hp {side: {slot: n}},
                  log (RoundLog: groups of Actions, who acted on whom for how much, HP after each group),
                  goals (GoalResult goal/met), .won, .mastered, .standing
    summary_lines(result), describe_round(result, n), outcome_line(result), text_board(result)

Solver
    solve(p, workers=None, stats=False) -> Solution(formations, winning, mastering, example, mastery_example)

Progress
    FormationProgress (pydantic; .level, .badges(name), .illustrations(name), .locked_reason(p), .boss_open(ch),
    .chapter_open(ch)), record_result(progress, p, result, day) -> (FormationProgress, Rewards); Rewards.lines()
    record_result raises LockedError for a puzzle that is not open: ask progress.locked_reason(p) first.

Errors: every refusal is a FormationError, an engine.errors.RuleError with a short stable .code.

Command line: python -m engine.formation simulate|puzzles|solve|check (JSON on stdin/stdout, see cli.py).
Content is data (data/*.json); engine/formation/design.py is the offline tool that searched and wrote it.
data/words.<language>.json holds the content's words in another language (names, abilities, guilds, puzzle
titles, briefs, lessons, hand-written hints, mechanic reminders) for the bot to read; the engine never does.
"""
from .battle import (
    Action,
    BattleResult,
    GoalResult,
    Group,
    RoundLog,
    battle,
    describe_round,
    outcome_line,
    simulate,
    summary_lines,
    text_board,
)
from .content import (
    BOSS_UNLOCK,
    CHAPTER_SIZE,
    CHAPTERS,
    brief_text,
    campaign,
    daily_flight,
    formation_lines,
    hint,
    hint_count,
    hint_fact,
    puzzle_by_id,
    shipped_puzzles,
    tutorial,
)
from .game import ENGINE, FormationGame
from .model import (
    CREATURES,
    GROUND_LABELS,
    GROUND_RULES,
    GROUNDS,
    GUILDS,
    NAMES,
    SLOT_LABELS,
    SLOTS,
    Creature,
    FormationError,
    HintFact,
    InvalidFormationError,
    KeepAlive,
    LimitError,
    LockedError,
    MinStanding,
    Puzzle,
    UnknownPuzzleError,
    WinByRound,
    allowed_creatures,
    check_limits,
    guild_pairs,
    starting_formation,
)
from .progress import DailyBest, FormationProgress, Rewards, record_result
from .solver import Solution, solve

__all__ = [
    "ENGINE", "FormationGame",
    "SLOTS", "SLOT_LABELS", "CREATURES", "NAMES", "GUILDS", "GROUNDS", "GROUND_LABELS", "GROUND_RULES",
    "Creature", "Puzzle", "WinByRound", "KeepAlive", "MinStanding",
    "FormationError", "InvalidFormationError", "LimitError", "LockedError", "UnknownPuzzleError",
    "check_limits", "allowed_creatures", "starting_formation", "guild_pairs",
    "tutorial", "campaign", "daily_flight", "puzzle_by_id", "shipped_puzzles", "brief_text", "formation_lines", "hint",
    "hint_count", "hint_fact", "HintFact", "CHAPTERS", "CHAPTER_SIZE", "BOSS_UNLOCK",
    "battle", "simulate", "BattleResult", "RoundLog", "Group", "Action", "GoalResult",
    "summary_lines", "describe_round", "outcome_line", "text_board",
    "solve", "Solution",
    "FormationProgress", "Rewards", "DailyBest", "record_result",
]
