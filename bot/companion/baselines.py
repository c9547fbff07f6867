"""The pilots the companion's model is measured against, each deciding one duo phase from the fight.

`random`, `pass` and `auto` are the floor and the engine's own choice; `expert` tries every offered
turn to the end of the fight with auto and keeps the best (what a player who tests each turn would
find); `reader` reads only the prompt's text, never the engine, and picks by the consequences each
turn states, so its score tells whether the prompt carries what a model needs. All are synchronous
and deterministic for a given fight and seed.
"""
from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass

from engine.tactics import FightState, PlannedTurn, apply_turn, autoplay_state, pass_turn, plan_turns

from .decision import CompanionDecision
from .offer import build_offer
from .tools import MAX_TURNS

Baseline = Callable[[FightState, str, random.Random], CompanionDecision]


def _turn(fight: FightState, turns: list[PlannedTurn], index: int, code: str, reason: str) -> CompanionDecision:
    return CompanionDecision(decision="turn", code="auto" if code == "auto" else "chosen", number=index + 1,
                             round=fight.round, offered=[t.label for t in turns],
                             steps=[s.model_dump(exclude_none=True) for s in turns[index].steps], reason=reason)


def _pass(fight: FightState, turns: list[PlannedTurn], reason: str, code: str = "model_pass") -> CompanionDecision:
    return CompanionDecision(decision="pass", code=code, round=fight.round,  # type: ignore[arg-type]
                             offered=[t.label for t in turns], reason=reason)


def pass_pilot(fight: FightState, fighter_id: str, rng: random.Random) -> CompanionDecision:
    """Never acts: the floor every other pilot must clear."""
    return _pass(fight, [], "the pass baseline always passes")


def random_pilot(fight: FightState, fighter_id: str, rng: random.Random) -> CompanionDecision:
    """One of the offered turns, or a pass, uniformly at random."""
    turns = plan_turns(fight, fighter_id, limit=MAX_TURNS)
    pick = rng.randrange(len(turns) + 1)
    if pick == len(turns):
        return _pass(fight, turns, "the random baseline drew a pass")
    return _turn(fight, turns, pick, "random", "drawn at random")


def auto_pilot(fight: FightState, fighter_id: str, rng: random.Random) -> CompanionDecision:
    """The engine's first turn, as the bot's `auto` pilot plays."""
    turns = plan_turns(fight, fighter_id, limit=MAX_TURNS)
    if not turns:
        return _pass(fight, turns, "no turn to offer", "no_turns")
    return _turn(fight, turns, 0, "auto", "the planner's first turn")


def outcome_score(state: FightState) -> tuple[int, float]:
    """How good an ended (or stopped) fight is for the duo: the result first, then the duo's HP left."""
    rank = {"won": 2, "draw": 1}.get(state.result or "", 0)
    left = sum(f.hp for f in state.side("duo") if f.standing)
    return rank, left / max(1, state.start_hp["duo"])


def expert_pilot(fight: FightState, fighter_id: str, rng: random.Random) -> CompanionDecision:
    """Every offered turn (and a pass) played to the end of the fight with auto; the best is kept."""
    turns = plan_turns(fight, fighter_id, limit=MAX_TURNS)
    best: tuple[tuple[int, float], int] | None = None
    for index in [*range(len(turns)), -1]:
        try:
            after = pass_turn(fight, fighter_id) if index < 0 else apply_turn(fight, fighter_id, turns[index].steps)
        except ValueError:
            continue
        score = outcome_score(autoplay_state(after))
        if best is None or score > best[0]:
            best = (score, index)
    if best is None or best[1] < 0:
        return _pass(fight, turns, "passing plays out best")
    return _turn(fight, turns, best[1], "expert", "the best turn played to the end")


# --- the reader: the prompt's words only -----------------------------------------------------------------

TURN_LINE = re.compile(r"^(?P<n>[1-9])\. (?P<text>.+)$", re.MULTILINE)
NUMBER = r"(\d+)"


@dataclass(frozen=True)
class ReadTurn:
    """What one offered turn says it does, as a reader of the prompt finds it."""
    number: int
    kills: int
    damage: int
    lethal: bool
    my_hp_after: int | None
    ally_hp_after: int | None
    defused: int
    goal: int  # the stated progress toward the goal (rounds held, steps to the exit saved, a rout)

    def score(self) -> tuple:
        """Standing first, then the goal and kills, then HP kept and damage dealt."""
        alive = not self.lethal
        hp = (self.my_hp_after or 0) + (self.ally_hp_after or 0)
        return alive, self.goal, self.kills, self.defused, hp, self.damage, -self.number


def _count(pattern: str, text: str) -> int:
    found = re.search(pattern, text, re.IGNORECASE)
    return int(found.group(1)) if found else 0


def _hp(label: str, text: str) -> int | None:
    found = re.search(label + r"[^0-9]{0,20}" + NUMBER + r" HP", text, re.IGNORECASE)
    return int(found.group(1)) if found else None


def read_turn(number: int, text: str) -> ReadTurn:
    """The consequences a turn's line states, read from its words."""
    kills = _count(r"kills? " + NUMBER, text) or len(re.findall(r"\bdowns? \w", text, re.IGNORECASE))
    return ReadTurn(
        number=number, kills=kills, damage=_count(NUMBER + r" damage", text),
        lethal=bool(re.search(r"\blethal\b|would be downed", text, re.IGNORECASE)),
        my_hp_after=_hp(r"\byou\b", text), ally_hp_after=_hp(r"\bally\b|\bhero\b", text),
        defused=_count(r"defuses? " + NUMBER, text), goal=_count(r"goal[^0-9]{0,30}\+" + NUMBER, text))


def read_prompt(messages: list[dict]) -> list[ReadTurn]:
    """Every numbered turn of the user message, as the reader understands it."""
    user = next(m["content"] for m in reversed(messages) if m["role"] == "user")
    section = user.split("Ready-made turns:", 1)[-1]
    return [read_turn(int(m["n"]), m["text"]) for m in TURN_LINE.finditer(section)]


def reader_pilot(fight: FightState, fighter_id: str, rng: random.Random) -> CompanionDecision:
    """Picks by the stated consequences of the prompt it would be sent; the engine is used only to build
    that prompt, exactly as the model's pilot builds it, and to send the chosen turn."""
    offer = build_offer(fight, fighter_id, custom=False, seconds=10)
    read = read_prompt(offer.messages)
    if not read or not offer.turns:
        return _pass(fight, offer.turns, "the prompt offered no turn")
    best = max(read, key=ReadTurn.score)
    if best.number > len(offer.turns):
        return _pass(fight, offer.turns, "the prompt named a turn that was not offered")
    return _turn(fight, offer.turns, best.number - 1, "reader", "read from the prompt")


BASELINES: dict[str, Baseline] = {"random": random_pilot, "pass": pass_pilot, "auto": auto_pilot,
                                  "expert": expert_pilot, "reader": reader_pilot}
