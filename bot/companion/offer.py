"""What the model is offered each phase: the planner's ready-made turns and the two chat messages.

Everything here comes from the engine's state and content (fighter and skill names, the text view,
the planner's summaries); nothing a player wrote can reach a prompt. Pure and synchronous: the pilot
runs it on a worker thread.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.tactics import FightState, PlannedTurn, budget, fighters, kit, plan_turns, render_text
from prompts import render

from .tools import MAX_TURNS


@dataclass(frozen=True)
class Offer:
    turns: list[PlannedTurn]
    messages: list[dict]

    @property
    def labels(self) -> list[str]:
        return [t.label for t in self.turns]


def _damage(turn: PlannedTurn) -> int:
    return sum(t.damage for pv in turn.preview.skills for t in pv.targets if t.fighter not in ("hero", "companion"))


def _ally_state(state: FightState, ally_id: str) -> str:
    ally = state.get(ally_id)
    if ally.down:
        return "down"
    bits = [f"HP {ally.hp}/{ally.max_hp} at {ally.pos}", f"Spirit {ally.spirit}"]
    bits += [s.name for s in ally.statuses]
    bits.append("has ended this phase" if ally.done else "still to act this phase (may act before or after you)")
    return ", ".join(bits)


def system_prompt(state: FightState, fighter_id: str, *, custom: bool, seconds: float) -> str:
    me = state.get(fighter_id)
    ally = state.get("hero" if fighter_id == "companion" else "companion")
    skills = [{"name": s.name, "slot": s.slot, "text": s.text} for s in kit(me.name).values()]
    return render("companion/system", companion={"name": me.name, "role": fighters()[me.name].role.rstrip(".")},
                  hero=ally.name, max_turns=MAX_TURNS, custom=custom, skills=skills, seconds=f"{seconds:g}")


def user_prompt(state: FightState, fighter_id: str, turns: list[PlannedTurn]) -> str:
    me = state.get(fighter_id)
    ally_id = "hero" if fighter_id == "companion" else "companion"
    ally = state.get(ally_id)
    listed = [{"summary": t.summary.rstrip("."), "end_at": t.preview.end_at, "damage": _damage(t)}
              for t in turns]
    return render("companion/user", round=state.round, letter=me.letter, hero_letter=ally.letter, hero=ally.name,
                  view=render_text(state, viewer=fighter_id), me=me, budget=budget(state, fighter_id),
                  hero_state=_ally_state(state, ally_id), turns=listed)


def build_offer(state: FightState, fighter_id: str, *, custom: bool, seconds: float) -> Offer:
    """The planner's turns for `fighter_id` and the system and user messages that list them."""
    turns = plan_turns(state, fighter_id, limit=MAX_TURNS)
    messages = [{"role": "system", "content": system_prompt(state, fighter_id, custom=custom, seconds=seconds)},
                {"role": "user", "content": user_prompt(state, fighter_id, turns)}]
    return Offer(turns=turns, messages=messages)


def retry_prompt(problem: str, *, count: int, custom: bool, tools: bool = True) -> str:
    """The correction after an unusable answer: by tool call, or in words to a server that takes no tools."""
    return render("companion/retry", problem=problem, count=count, custom=custom, tools=tools)
