"""The pilots the companion's model is measured against, each deciding one duo phase from the fight.

`random`, `pass` and `auto` are the floor and the engine's own choice; `expert` tries every offered
turn to the end of the fight with auto and keeps the best (what a player who tests each turn would
find); `first` takes the prompt's turn 1 (the list is best forecast first); `reader` reads only the
prompt's text, never the engine, and picks by the consequences each turn states, so its score tells
whether the prompt carries what a model needs. All are synchronous and deterministic for a given fight
and seed.
"""
from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass

from bot.companion.coordination import aim_of
from bot.companion.decision import CompanionDecision
from bot.companion.forecasts import inline
from bot.companion.offer import offer_of
from bot.companion.tools import MAX_TURNS
from engine.tactics import FightState, PlannedTurn, plan_turns
from engine.tactics.plan.forecast import best_forecast, forecast_offer

Baseline = Callable[[FightState, str, random.Random], CompanionDecision]


def _turn(fight: FightState, turns: list[PlannedTurn], index: int, code: str, reason: str) -> CompanionDecision:
    aim = aim_of(turns[index])
    return CompanionDecision(decision="turn", code="auto" if code == "auto" else "chosen", number=index + 1,
                             round=fight.round, offered=[t.label for t in turns],
                             steps=[s.model_dump(exclude_none=True) for s in turns[index].steps], reason=reason,
                             aim_foes=sorted(aim.foes), aim_support=aim.support)


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


def expert_pilot(fight: FightState, fighter_id: str, rng: random.Random) -> CompanionDecision:
    """Every offered turn (and a pass) played to the end of the fight with auto (the engine's forecast);
    the best is kept."""
    turns = plan_turns(fight, fighter_id, limit=MAX_TURNS)
    best = best_forecast(forecast_offer(fight, fighter_id, [t.steps for t in turns]))
    if best is None or best.turn == 0:
        return _pass(fight, turns, "passing plays out best")
    return _turn(fight, turns, best.turn - 1, "expert", "the best turn played to the end")


# --- the reader: the prompt's words only -----------------------------------------------------------------

TURN_LINE = re.compile(r"^(?P<n>[1-9])\. (?P<text>.+)$", re.MULTILINE)
HP_AFTER = re.compile(r"(?P<who>you|ally) (?:(?P<hp>\d+)\b|(?P<down>DOWNED))")
FORECAST = re.compile(r"Forecast: (?P<how>wins|draws|loses|no end)[^,.]*(?:, you (?P<you>\d+), ally (?P<ally>\d+) HP)?")
FORECAST_RANK = {"wins": 2, "draws": 1}   # a loss, or no end by round 10, ranks 0


@dataclass(frozen=True)
class ReadTurn:
    """What one offered turn says it leads to, as a reader of the prompt finds it."""
    number: int
    lethal: bool
    result: int          # +1 the turn wins the fight, -1 it loses it, 0 neither
    hp_after: int        # the duo's HP after the strays, as stated (a downed fighter counts 0)
    kills: int
    defused: int
    damage: int
    goal: int            # higher is closer to the goal: the pack broken or lower, the exit nearer
    forecast: int | None = None   # the stated forecast: 2 wins, 1 draws, 0 loses; None when none is given
    forecast_hp: int = 0          # the duo's HP at the forecast's end

    def score(self) -> tuple:
        """A stated winning forecast first, then the forecast's HP (a turn with no forecast ranks below a
        stated win or draw, above a stated loss); then standing, the fight's result this phase, and the
        engine's stated rank (it ranked by the finer facts). Measured: reading HP, goal progress or kills
        ahead of the rank wins fewer fights (README, the companion's eval)."""
        told = (self.forecast, self.forecast_hp) if self.forecast is not None else (0.5, -1)
        return *told, not self.lethal, self.result, -self.number

    def outlook(self) -> tuple:
        """What the forecast alone says (a pass is taken only when its forecast is strictly better)."""
        return (self.forecast, self.forecast_hp) if self.forecast is not None else (0.5, -1)


def _after_part(text: str) -> str:
    found = re.search(r"Then: (.*?)(?:\. Defuses|\. Fires|\. Pack|\. The pack|\. Exit|\. Forecast|\.$)", text)
    return found.group(1) if found else ""


def _goal(text: str) -> int:
    if "The pack breaks" in text:
        return 10_000
    pack = re.search(r"Pack (\d+)/", text)
    if pack:
        return -int(pack.group(1))
    found = re.search(r"Exit: ([^.]+) tiles", text)
    exits = [int(d) for d in re.findall(r"\d+", found.group(1))] if found else []
    return -sum(exits) if exits else 0


def read_turn(number: int, text: str) -> ReadTurn:
    """The consequences one turn's line states, read from its words alone."""
    after = _after_part(text)
    hp = sum(int(m["hp"]) for m in HP_AFTER.finditer(after) if m["hp"])
    damage = re.search(r"Deals (\d+)", text)
    kills = re.search(r"[Dd]owns ([^.]+?)\. Then", text)
    defuses = re.search(r"Defuses ([^.]+)\.", text)
    result = 1 if "WINS the fight" in after else -1 if "LOSES the fight" in after else 0
    told = FORECAST.search(text)
    return ReadTurn(number=number, lethal="LETHAL" in after, result=result, hp_after=hp,
                    kills=len(kills.group(1).split(", ")) if kills else 0,
                    defused=len(re.split(r", |; ", defuses.group(1))) if defuses else 0,
                    damage=int(damage.group(1)) if damage else 0, goal=_goal(text),
                    forecast=FORECAST_RANK.get(told["how"], 0) if told else None,
                    forecast_hp=int(told["you"] or 0) + int(told["ally"] or 0) if told else 0)


def read_prompt(messages: list[dict]) -> list[ReadTurn]:
    """Every numbered turn of the user message, as the reader understands it."""
    user = next(m["content"] for m in reversed(messages) if m["role"] == "user")
    section = user.split("Turns, best first:", 1)[-1]
    return [read_turn(int(m["n"]), m["text"]) for m in TURN_LINE.finditer(section)]


def read_pass(messages: list[dict]) -> ReadTurn | None:
    """What the prompt says a pass leads to (None when it does not say)."""
    user = next(m["content"] for m in reversed(messages) if m["role"] == "user")
    found = re.search(r"^If you pass, then: (.+)$", user, re.MULTILINE)
    return read_turn(0, f"Then: {found.group(1)}") if found else None


def reader_pilot(fight: FightState, fighter_id: str, rng: random.Random) -> CompanionDecision:
    """Picks by the stated consequences and forecasts of the prompt it would be sent; the engine is used
    only to build that prompt (forecasts included, as the eval's model gets it) and to send the turn."""
    turns = plan_turns(fight, fighter_id, limit=MAX_TURNS)
    offer = offer_of(fight, fighter_id, turns, custom=False, seconds=10, forecasts=inline(fight, fighter_id, turns))
    read = read_prompt(offer.messages)
    if not read or not offer.turns:
        return _pass(fight, offer.turns, "the prompt offered no turn")
    best = max(read, key=ReadTurn.score)
    passing = read_pass(offer.messages)
    if passing is not None and passing.forecast is not None and passing.outlook() > best.outlook():
        return _pass(fight, offer.turns, "the prompt's forecast for a pass is the best")
    if passing is not None and passing.forecast is None and best.lethal and not passing.lethal:
        return _pass(fight, offer.turns, "the prompt says every turn is lethal and a pass is not")
    if best.number > len(offer.turns):
        return _pass(fight, offer.turns, "the prompt named a turn that was not offered")
    return _turn(fight, offer.turns, best.number - 1, "reader", "read from the prompt")


def first_pilot(fight: FightState, fighter_id: str, rng: random.Random) -> CompanionDecision:
    """Turn 1 of the prompt it would be sent, every forecast in (as the eval's model gets it): what a
    model that trusts the list's order plays."""
    turns = plan_turns(fight, fighter_id, limit=MAX_TURNS)
    if not turns:
        return _pass(fight, turns, "no turn to offer", "no_turns")
    offer = offer_of(fight, fighter_id, turns, custom=False, seconds=10, forecasts=inline(fight, fighter_id, turns))
    return _turn(fight, offer.turns, 0, "first", "the prompt's turn 1")


BASELINES: dict[str, Baseline] = {"random": random_pilot, "pass": pass_pilot, "auto": auto_pilot,
                                  "expert": expert_pilot, "reader": reader_pilot, "first": first_pilot}
