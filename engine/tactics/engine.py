"""The public rules API: start a fight, apply a turn all or nothing, preview a skill, list legal steps."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..errors import RuleError
from ..rng import seed_from
from .model.board import cut_board, tile_name, vary_strays
from .model.content import EncounterDef, companions, encounter, fighter, heroes, kit
from .model.events import Event, FightEnded, FightStarted, PhaseOpened
from .model.progress import MAX_LEVEL
from .model.state import FighterState, FightState
from .model.steps import (
    EndStep,
    StaleStateError,
    UnknownNameError,
)
from .rules.fight import Fight
from .rules.figures import xy
from .rules.phases import end_duo_phase, strays_phase
from .rules.previews import SkillPreview
from .rules.turn import DUO_IDS, check_actor, run_steps, skill_preview

STRAY_HP_PER_LEVEL = 5  # percent of a stray's HP added per encounter level above 1 (tune: the planner's look ahead)


def stray_hp(base: int, encounter_level: int) -> int:
    """Strays grow tougher with the encounter's level, so the campaign grows harder."""
    return base * (100 + STRAY_HP_PER_LEVEL * (max(1, encounter_level) - 1)) // 100


DEFAULT_HERO, DEFAULT_COMPANION = "Tidecaller", "Mossle"


def new_fight(encounter_id: str, seed: int, hero: str = DEFAULT_HERO, companion: str = DEFAULT_COMPANION,
              level: int = 1, vary_start: bool = False) -> FightState:
    """open_fight's fight, without the events that opened it."""
    return open_fight(encounter_id, seed, hero, companion, level, vary_start).state


def open_fight(encounter_id: str, seed: int, hero: str = DEFAULT_HERO, companion: str = DEFAULT_COMPANION,
               level: int = 1, vary_start: bool = False) -> TurnResult:
    """A fresh fight at the start of round 1's duo phase (the strays have walked in and telegraphed),
    with the events that opened it.

    `level` is the duo's: the player's own tactics level (progress.level_for_xp), never the encounter's.
    The strays' strength comes with the encounter, whose `level` is the one it recommends. The seed
    gives the fight's luck; with `vary_start` it also draws the strays' start tiles (board.vary_strays),
    so that different seeds of one encounter are different fights (for evaluations)."""
    enc: EncounterDef = encounter(encounter_id)
    if hero not in heroes():
        raise UnknownNameError(f"{hero!r} is not a hero (heroes: {', '.join(heroes())})", "no_such_hero")
    if companion not in companions():
        raise UnknownNameError(f"{companion!r} is not a companion (companions: {', '.join(companions())})",
                               "no_such_companion")
    if not isinstance(level, int) or not 1 <= level <= MAX_LEVEL:
        raise RuleError(f"the duo's level is 1 to {MAX_LEVEL}, not {level!r}", "bad_level")
    lvl = level
    layout = cut_board(enc.region_seed, len(enc.pack), exits=enc.goal == "break_out")
    if vary_start:
        tiles = vary_strays(layout, seed_from("tactics-start", enc.id, seed), need_exits=enc.goal == "break_out")
        layout = layout.model_copy(update={"strays": tiles})
    fighters: list[FighterState] = []
    for fid, name, p in (("hero", hero, layout.duo[0]), ("companion", companion, layout.duo[1])):
        d = fighter(name)
        fighters.append(FighterState(id=fid, name=name, side="duo", letter=fid[0].upper(), pos=tile_name(*p),
                                     hp=d.hp, max_hp=d.hp, move=d.move, level=lvl))
    for i, (name, p) in enumerate(zip(enc.pack, layout.strays)):
        d = fighter(name)
        hp = stray_hp(d.hp, enc.level)
        fighters.append(FighterState(id=f"s{i + 1}", name=name, side="strays", letter="abcde"[i],
                                     pos=tile_name(*p), hp=hp, max_hp=hp, move=d.move, level=enc.level))
    state = FightState(
        encounter=enc.id, encounter_name=enc.name, goal=enc.goal, hold_round=enc.hold_round,
        exit_round=enc.exit_round, board=layout.board, fighters=fighters,
        start_hp={"duo": sum(f.hp for f in fighters if f.side == "duo"),
                  "strays": sum(f.hp for f in fighters if f.side == "strays")},
        rng=seed_from("tactics", enc.id, seed),
    )
    fight = Fight(state)
    fight.emit(FightStarted(encounter=enc.id, goal=enc.goal))
    strays_phase(fight)
    after = fight.save()
    return TurnResult(after, tuple(fight.events), tuple(after.last_phase))


@dataclass(frozen=True)
class TurnResult:
    """What one call did: the new state and the events it played, in order. `strays_phase` is the part
    the strays' phase played when the turn closed the duo phase (also kept as `state.last_phase`);
    `outcome` is set when this call ended the fight."""

    state: FightState
    events: tuple[Event, ...] = ()
    strays_phase: tuple[Event, ...] = ()
    outcome: FightEnded | None = None


def play_turn(state: FightState, fighter_id: str, steps: Sequence | Iterable, seq: int | None = None) -> TurnResult:
    """apply_turn, with the events the turn (and the strays' phase it may close into) played."""
    check_actor(state, fighter_id)
    if seq is not None and seq != state.seq:
        raise StaleStateError(None, f"the fight has moved on (state {state.seq}, you sent {seq})", seq=state.seq,
                              sent=seq)
    fight, _ = run_steps(state, fighter_id, steps)
    fight.state.seq += 1
    mark = len(fight.events)
    if not fight.state.result and all(d.done or not d.standing for d in fight.state.side("duo")):
        end_duo_phase(fight)
    after = fight.save()
    strays = tuple(fight.events[mark:])
    first = next((i for i, e in enumerate(strays) if isinstance(e, PhaseOpened) and e.phase == "strays"), len(strays))
    return TurnResult(after, tuple(fight.events), strays[first:], after.outcome if after.result else None)


def apply_turn(state: FightState, fighter_id: str, steps: Sequence | Iterable, seq: int | None = None) -> FightState:
    """Apply a duo member's steps all or nothing and return the new state (the given one is untouched).

    One illegal step raises a TacticsError naming the step index and why, and nothing happens. A turn
    that ends with `end` closes the fighter's phase; when every standing duo member has ended, the
    strays' phase of the next round runs and the new duo phase begins. If the fighter goes down or the
    fight ends mid-turn (an opportunity attack), the rest of the steps are skipped. `play_turn` also
    returns the events.
    """
    return play_turn(state, fighter_id, steps, seq).state


def pass_turn(state: FightState, fighter_id: str) -> FightState:
    """The timer ran out (or the pilot gave up): the fighter ends its phase with what it did so far."""
    return apply_turn(state, fighter_id, [EndStep()])


def play_pass(state: FightState, fighter_id: str) -> TurnResult:
    """pass_turn, with the events it played (the strays' phase, when it closed the duo phase)."""
    return play_turn(state, fighter_id, [EndStep()])


def due_now(state: FightState) -> list[str]:
    """The duo members still due in the current duo phase (hero first); nobody outside one."""
    if state.result or state.phase != "duo":
        return []
    return [fid for fid in DUO_IDS if state.get(fid).standing and not state.get(fid).done]


def play_timeout(state: FightState) -> TurnResult:
    """The duo phase's time ran out: exactly the fighters still due in it pass (hero first), then the
    strays' phase runs. Nothing reaches the duo phase that opens after it; a fight not in a duo phase,
    or with nobody due, comes back unchanged."""
    events: list = []
    strays: tuple = ()
    outcome = None
    ran_out = (state.round, state.phase)
    for fid in due_now(state):
        if (state.round, state.phase) != ran_out or state.result:
            break   # the phase closed with the last pass: the next one is not this time-out's
        step = play_pass(state, fid)
        state, strays, outcome = step.state, step.strays_phase or strays, step.outcome or outcome
        events.extend(step.events)
    return TurnResult(state, tuple(events), strays, outcome)


def fight_outcome(state: FightState) -> FightEnded | None:
    """The result with its typed reason (None while the fight goes on)."""
    return state.outcome if state.result is not None else None


def check_turn(state: FightState, fighter_id: str, steps: Sequence) -> None:
    """Raise the error apply_turn would raise, without returning a state."""
    apply_turn(state, fighter_id, steps)


def preview_skill(state: FightState, fighter_id: str, skill: str, at: str, toward: str | None = None) -> SkillPreview:
    """Damage per target before luck, where pushes land, statuses and surfaces left; raises if illegal now.
    `at` is a tile or a fighter (id or name). The preview is the real resolution played on a copy."""
    return skill_preview(state, fighter_id, skill, at, toward)


def legal_moves(state: FightState, fighter_id: str) -> list[str]:
    """Tiles the fighter can walk to now with the movement it has left."""
    f = state.get(fighter_id)
    if state.phase != "duo" or not f.standing or f.done or f.has("rooted"):
        return []
    fight = Fight(state)
    reach = fight.paths(f, f.move - f.moved)
    here = xy(f.pos)
    return sorted((tile_name(*p) for p in fight.stoppable(f, reach) if p != here), key=lambda n: (n[0], int(n[1:])))


def legal_targets(state: FightState, fighter_id: str, skill: str) -> list[str]:
    """Tiles this skill may be aimed at now (empty when it cannot be used)."""
    from .model.board import H, W
    f = state.get(fighter_id)
    skills = kit(f.name)
    if state.phase != "duo" or not f.standing or f.done or skill not in skills:
        return []
    fight = Fight(state)
    if f.has("rooted") and skills[skill].shape in ("move", "leap"):
        return []
    return [tile_name(x, y) for x in range(W) for y in range(H)
            if fight.skill_problem(f, skills[skill], (x, y), None) is None]


def budget(state: FightState, fighter_id: str) -> dict:
    f = state.get(fighter_id)
    return {"movement_left": max(0, f.move - f.moved), "action": not f.action_used, "bonus": not f.bonus_used,
            "reaction": f.held, "spirit": f.spirit, "super_ready": f.level >= 8 and f.spirit >= 60}


PHASE_SECONDS = 30            # seed: each side's phase lasts at most 30 seconds
ABSENT_MODEL_SECONDS = 10     # seed: only the companion left and its model not connected


def phase_timer(state: FightState, model_connected: bool, phase_seconds: int = PHASE_SECONDS) -> int:
    """Seconds the current duo phase may last (the bot runs the clock; the engine has none). When only
    the companion is left to act and its model is not connected, the phase closes after 10 seconds."""
    if state.phase != "duo" or state.result:
        return 0
    waiting = [f for f in state.side("duo") if f.standing and not f.done]
    if [f.id for f in waiting] == ["companion"] and not model_connected:
        return min(phase_seconds, ABSENT_MODEL_SECONDS)
    return phase_seconds


def legal_steps(state: FightState, fighter_id: str) -> dict:
    """Everything the fighter may do next, for buttons and selects: tiles to move to, each usable
    skill's target tiles, the reactions it may hold, and whether it may end."""
    if state.result or state.phase != "duo" or fighter_id not in DUO_IDS:
        return {"move": [], "skills": {}, "hold": [], "end": False}
    f = state.get(fighter_id)
    if not f.standing or f.done:
        return {"move": [], "skills": {}, "hold": [], "end": False}
    skills = {name: t for name in kit(f.name) if (t := legal_targets(state, fighter_id, name))}
    hold = [] if f.held else list(fighter(f.name).reactions)
    return {"move": legal_moves(state, fighter_id), "skills": skills, "hold": hold, "end": True}


def target_options(state: FightState, fighter_id: str, skill: str) -> list[dict]:
    """The legal targets of one skill, for a picker: each tile with the fighter on it, if any
    (`{"at": "F5", "fighter": "s1", "text": "Driplet a at F5"}`), fighters first: the duo first for a
    heal or a shield, the strays first for anything else."""
    user = state.get(fighter_id)
    spec = kit(user.name).get(skill)
    helps = spec is not None and bool(spec.heal or spec.shield) and not spec.damage
    by_tile = {f.pos: f for f in state.fighters if f.standing}
    out = []
    for tile in legal_targets(state, fighter_id, skill):
        who = by_tile.get(tile)
        name = (who.name if who.side == "duo" else f"{who.name} {who.letter}") if who else tile
        out.append({"at": tile, "fighter": who.id if who else None, "side": who.side if who else None,
                    "text": f"{name} at {tile}" if who else tile})
    def first(o: dict) -> tuple:
        ally = o["side"] == user.side
        return o["fighter"] is None, ally != helps, o["fighter"] or "", o["at"]
    return [{k: v for k, v in o.items() if k != "side"} for o in sorted(out, key=first)]
