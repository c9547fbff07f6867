"""What the model is offered each phase: the planner's ready-made turns and the two chat messages.

Everything here comes from the engine's state and content (fighter and skill names, the text view,
the planner's summaries); nothing a player wrote can reach a prompt. Pure and synchronous: the pilot
runs it on a worker thread.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.tactics import EndStep, FightState, PlannedTurn, budget, fighters, kit, plan_turns, render_text
from engine.tactics.consequences import Consequences
from engine.tactics.planner import consequences
from prompts import render

from .tools import MAX_TURNS


@dataclass(frozen=True)
class Offer:
    turns: list[PlannedTurn]
    messages: list[dict]

    @property
    def labels(self) -> list[str]:
        return [t.label for t in self.turns]


FIZZLE_WORDS = {  # why a telegraph does not come, as the prompt says it
    "rooted": "rooted", "out_of_reach": "out of reach", "moved_out_of_area": "moved out of its area",
    "pushed_away": "pushed away", "attacker_down": "downed first", "target_down": "its target is down",
}
RESULT_WORDS = {"won": "WINS the fight", "lost": "LOSES the fight", "draw": "draws the fight"}


def _names(state: FightState) -> dict[str, str]:
    """How the prompt names each stray: its name and its letter on the board."""
    return {f.id: f"{f.name} {f.letter}" for f in state.side("strays")}


def _after(state: FightState, me: str, c: Consequences) -> str:
    ally = "hero" if me == "companion" else "companion"
    bits = []
    for who, word in ((me, "you"), (ally, f"the {state.get(ally).name}")):
        f = c.after(who)
        if f.downed or f.hp_after <= 0:
            bits.append(f"{word} DOWNED")
        else:
            bits.append(f"{word} {f.hp_after}/{f.max_hp} HP")
    text = ", ".join(bits)
    if c.lethal:
        text = "LETHAL: " + text
    if c.result is not None:
        text += f"; {RESULT_WORDS[c.result.result]}"
    return text


def _goal_progress(state: FightState, c: Consequences) -> str:
    if c.goal == "rout":
        if c.routs:
            return "Goal: the pack breaks"
        return f"Goal: pack HP {c.pack_hp}/{c.pack_start}, it breaks below {c.break_hp}"
    if c.goal == "break_out" and c.exit_distance:
        return "Goal: exit " + ", ".join(f"{d} tiles from {'you' if who == c.fighter else 'the ally'}"
                                         for who, d in c.exit_distance)
    return ""


def turn_facts(state: FightState, me: str, turn: PlannedTurn) -> dict:
    """One offered turn as the prompt lists it: what it does, and what the engine found it leads to."""
    c = turn.consequences
    base = {"label": turn.label}
    if c is None:  # a turn planned without looking ahead: what it does only
        return {**base, "damage": 0, "kills": "", "after": "not looked ahead", "defuses": "", "fires": "",
                "progress": ""}
    names = _names(state)
    defuses = [f"{names.get(t.stray, t.stray)}'s {t.skill} ({FIZZLE_WORDS.get(str(t.reason), 'fizzles')})"
               for t in c.telegraphs if t.defused]
    fires = [f"{names.get(t.stray, t.stray)}'s {t.skill} for {t.damage}" for t in c.telegraphs
             if t.fate == "fires" and t.damage]
    return {**base, "damage": c.damage_dealt, "kills": ", ".join(names.get(k, k) for k in c.kills),
            "after": _after(state, me, c), "defuses": "; ".join(defuses), "fires": "; ".join(fires),
            "progress": _goal_progress(state, c)}


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


def user_prompt(state: FightState, fighter_id: str, turns: list[PlannedTurn], *, call: str | None = None) -> str:
    me = state.get(fighter_id)
    ally_id = "hero" if fighter_id == "companion" else "companion"
    ally = state.get(ally_id)
    listed = [turn_facts(state, fighter_id, t) for t in turns]
    return render("companion/user", round=state.round, letter=me.letter, hero_letter=ally.letter, hero=ally.name,
                  view=render_text(state, viewer=fighter_id, recent=0), me=me, budget=budget(state, fighter_id),
                  hero_state=_ally_state(state, ally_id), turns=listed, goal=goal_text(state),
                  if_pass=if_pass(state, fighter_id), call=_fenced(call))


def _fenced(call: str | None) -> str:
    """The player's words as plain text that cannot close its own block."""
    if not call:
        return ""
    return " ".join(call.replace("<<<", "").replace(">>>", "").split())[:200]


def goal_text(state: FightState) -> str:
    """The fight's goal in the words the turns' progress uses."""
    if state.goal == "hold" and state.hold_round:
        return f"hold: stay standing to the end of round {state.hold_round}"
    if state.goal == "break_out":
        opens = "the exits are open" if state.exits_open else "the exits open later"
        return f"break out: both of you on exit tiles at the end of a duo phase ({opens})"
    return "rout: down every stray, or break the pack (it runs below 30 % of its HP)"


def if_pass(state: FightState, fighter_id: str) -> str:
    """What the engine finds a pass leads to, so a turn's gain can be read against doing nothing."""
    try:
        c = consequences(state, fighter_id, [EndStep()])
    except ValueError:
        return "unknown"
    return _after(state, fighter_id, c)


def build_offer(state: FightState, fighter_id: str, *, custom: bool, seconds: float,
                call: str | None = None) -> Offer:
    """The planner's turns for `fighter_id` and the system and user messages that list them; `call` is
    the player's own word to the companion, delimited and labelled as theirs (the only player text that
    reaches a prompt, and only the fight's leader's)."""
    turns = plan_turns(state, fighter_id, limit=MAX_TURNS)
    messages = [{"role": "system", "content": system_prompt(state, fighter_id, custom=custom, seconds=seconds)},
                {"role": "user", "content": user_prompt(state, fighter_id, turns, call=call)}]
    return Offer(turns=turns, messages=messages)


def retry_prompt(problem: str, *, count: int, custom: bool, tools: bool = True) -> str:
    """The correction after an unusable answer: by tool call, or in words to a server that takes no tools."""
    return render("companion/retry", problem=problem, count=count, custom=custom, tools=tools)
