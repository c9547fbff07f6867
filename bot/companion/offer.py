"""What the model is offered each phase: the planner's ready-made turns and the two chat messages.

Everything here comes from the engine's state and content (fighter and skill names, the text view,
the planner's summaries); nothing a player wrote can reach a prompt. Pure and synchronous: the pilot
runs it on a worker thread.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from babel import Locale

from bot.words import SOURCE, language_of
from engine.tactics import EndStep, FightState, PlannedTurn, budget, fighters, kit, plan_turns, render_text
from engine.tactics.plan.consequences import Consequences
from engine.tactics.plan.forecast import Forecast
from engine.tactics.plan.planner import consequences
from engine.tactics.rules.figures import BREAK_SHARE, SUPER_LEVEL
from prompts import render

from .tools import MAX_TURNS


@dataclass(frozen=True)
class Offer:
    """The turns offered and the messages that list them; `forecasts`: how many of the turns carry one."""
    turns: list[PlannedTurn]
    messages: list[dict]
    forecasts: int = 0

    @property
    def labels(self) -> list[str]:
        return [t.label for t in self.turns]


FIZZLE_WORDS = {  # why a telegraph does not come, as the prompt says it
    "rooted": "rooted", "out_of_reach": "out of reach", "moved_out_of_area": "out of area",
    "pushed_away": "pushed away", "attacker_down": "downed first", "target_down": "its target is down",
}
RESULT_WORDS = {"won": "WINS the fight", "lost": "LOSES the fight", "draw": "draws the fight"}
FORECAST_WORDS = {"won": "wins", "lost": "loses", "draw": "draws"}

Forecasts = Mapping[int, Forecast]   # by offered turn number, 0 for the pass; a turn left out has none


def _names(state: FightState) -> dict[str, str]:
    """How the prompt names each stray: its name and its letter on the board."""
    return {f.id: f"{f.name} {f.letter}" for f in state.side("strays")}


def _after(state: FightState, me: str, c: Consequences) -> str:
    """Both duo members' HP after the strays' phase, yours first (their maximum is in the view)."""
    ally = "hero" if me == "companion" else "companion"
    bits = []
    for who, word in ((me, "you"), (ally, "ally")):
        f = c.after(who)
        bits.append(f"{word} DOWNED" if f.downed or f.hp_after <= 0 else f"{word} {f.hp_after}")
    last = max((i for i, bit in enumerate(bits) if not bit.endswith("DOWNED")), default=None)
    if last is not None:   # "you 14, ally 3 HP", "you 14 HP, ally DOWNED"
        bits[last] += " HP"
    text = ", ".join(bits)
    if c.lethal:
        text = "LETHAL: " + text
    if c.result is not None:
        text += f"; {RESULT_WORDS[c.result.result]}"
    return text


def forecast_words(state: FightState, me: str, fc: Forecast | None) -> str:
    """A turn played on to the end, in a player's words: "wins in round 9, you 8, ally 0 HP" (0: downed);
    "" when the turn has no forecast."""
    if fc is None:
        return ""
    if fc.result is None:
        return "no end by round 10"
    ally = "hero" if me == "companion" else "companion"
    return f"{FORECAST_WORDS[fc.result]} in round {fc.round}, you {fc.hp_of(me)}, ally {fc.hp_of(ally)} HP"


def _goal_progress(state: FightState, c: Consequences) -> str:
    """How far the turn moves the goal: the pack's HP against the break line the goal names, or (once the
    exits open next round or sooner) the tiles to the nearest exit."""
    if c.goal == "rout":
        return "The pack breaks" if c.routs else f"Pack {c.pack_hp}/{c.pack_start} HP"
    opening = c.exits_open or (state.exit_round is not None and state.round + 1 >= state.exit_round)
    if c.goal == "break_out" and c.exit_distance and opening:
        return "Exit: " + ", ".join(f"{'you' if who == c.fighter else 'ally'} {d}" for who, d in
                                    sorted(c.exit_distance, key=lambda wd: wd[0] != c.fighter)) + " tiles"
    return ""


def _defused(state: FightState, c: Consequences) -> str:
    """The telegraphs the turn defuses, by their strays' letters, grouped by how: "b, c (out of area)";
    a stray the turn downs goes unsaid here (the turn says it downs it, and a downed stray never attacks)."""
    letters = {f.id: f.letter for f in state.side("strays")}
    by_how: dict[str, list[str]] = {}
    for t in c.telegraphs:
        if t.defused and not (t.reason == "attacker_down" and t.stray in c.kills):
            by_how.setdefault(FIZZLE_WORDS.get(str(t.reason), "fizzles"), []).append(letters.get(t.stray, t.stray))
    return "; ".join(f"{', '.join(which)} ({how})" for how, which in by_how.items())


def turn_facts(state: FightState, me: str, turn: PlannedTurn, fc: Forecast | None = None) -> dict:
    """One offered turn as the prompt lists it: what it does, what the engine found it leads to through
    the strays' phase, and (when worked out in time) its forecast to the end of the fight."""
    c = turn.consequences
    base = {"label": turn.label, "forecast": forecast_words(state, me, fc)}
    if c is None:  # a turn planned without looking ahead: what it does only
        return {**base, "damage": 0, "kills": "", "after": "not looked ahead", "defuses": "", "progress": ""}
    names = _names(state)
    return {**base, "damage": _damage_unsaid(turn.label, c.damage_dealt),
            "kills": ", ".join(names.get(k, k) for k in c.kills),
            "after": _after(state, me, c), "defuses": _defused(state, c), "progress": _goal_progress(state, c)}


def _damage_unsaid(label: str, damage: int) -> int:
    """The damage a turn deals, or 0 when its label already says just that ("Ember Bolt Driplet F4 for 8")."""
    return 0 if label.count(" for ") == 1 and re.search(rf" for {damage}\b", label) else damage


def _ally_state(state: FightState, ally_id: str) -> str:
    """What the view's fighters leave unsaid of the ally: that it is still to act, before or after you
    ("" when it is down or done, which the view says)."""
    ally = state.get(ally_id)
    return "" if ally.down or ally.done else "is still to act (before or after you)"


def system_prompt(state: FightState, fighter_id: str, *, custom: bool, seconds: float) -> str:
    """Who the companion is, the strays' rules, how the turns were ranked and forecast, and its tools."""
    me = state.get(fighter_id)
    ally = state.get("hero" if fighter_id == "companion" else "companion")
    supers = me.level >= SUPER_LEVEL   # below it a super cannot be used: neither its rule nor its skill is said
    skills = [{"name": s.name, "slot": s.slot, "text": s.text.removeprefix("Super: ")} for s in kit(me.name).values()
              if supers or s.slot != "super"]
    return render("companion/system", companion={"name": me.name, "role": fighters()[me.name].role.rstrip(".")},
                  hero=ally.name, max_turns=MAX_TURNS, custom=custom, skills=skills, seconds=f"{seconds:g}",
                  supers=supers)


def user_prompt(state: FightState, fighter_id: str, turns: list[PlannedTurn], *, call: str | None = None,
                forecasts: Forecasts | None = None, language: str | None = None) -> str:
    """The board, the ally, what a pass leads to, the player's call, the language `say` is asked for in,
    and the turns with their facts."""
    me = state.get(fighter_id)
    ally_id = "hero" if fighter_id == "companion" else "companion"
    ally = state.get(ally_id)
    known = forecasts or {}
    listed = [turn_facts(state, fighter_id, t, known.get(i)) for i, t in enumerate(turns, 1)]
    view = render_text(state, viewer=fighter_id, recent=0, brief=True)   # the prompt says who is who and the phase
    return render("companion/user", round=state.round, letter=me.letter, hero_letter=ally.letter, hero=ally.name,
                  view=view, me=me, budget=budget(state, fighter_id),
                  hero_state=_ally_state(state, ally_id), turns=listed, goal=goal_text(state),
                  if_pass=if_pass(state, fighter_id), pass_forecast=forecast_words(state, fighter_id, known.get(0)),
                  call=_fenced(call), say_in=say_language(language))


def compact_prompts(state: FightState, fighter_id: str, turns: list[PlannedTurn], *, call: str | None = None,
                    forecasts: Forecasts | None = None, can_pass: bool = True,
                    language: str | None = None) -> tuple[str, str]:
    """The compact pair for small models that read slowly: a system message that is the same for every
    fight (the server's prefix cache keeps it and the tools after it), then who is who, the HP, each turn
    with its forecast (or, without one, the HP after the strays' phase), and what to answer, last."""
    me = state.get(fighter_id)
    ally = state.get("hero" if fighter_id == "companion" else "companion")
    known = forecasts or {}
    listed = [turn_facts(state, fighter_id, t, known.get(i)) for i, t in enumerate(turns, 1)]
    system = render("companion/compact_system")
    user = render("companion/compact_user", companion=me.name, round=state.round, my_hp=me.hp, ally_hp=ally.hp,
                  hero=ally.name, call=_fenced(call), turns=listed, can_pass=can_pass,
                  say_in=say_language(language))
    return system, user


def say_language(language: str | None) -> str:
    """The language the thread reads, named in English for the prompt ("Japanese"), so the model writes
    `say` in it; "" for English, the prompt's own language, which asks for nothing more."""
    chosen = language_of(language)
    return "" if chosen == SOURCE else Locale.parse(chosen).get_display_name("en") or chosen


def _fenced(call: str | None) -> str:
    """The player's words as plain text that cannot close its own block."""
    if not call:
        return ""
    return " ".join(call.replace("<<<", "").replace(">>>", "").split())[:200]


def goal_text(state: FightState) -> str:
    """What the view's goal line leaves out: the HP under which the pack breaks, in a rout."""
    if state.goal != "rout":
        return ""
    start = state.start_hp["strays"]
    return f"The pack breaks below {-(-start * BREAK_SHARE[0] // BREAK_SHARE[1])} HP"


def if_pass(state: FightState, fighter_id: str) -> str:
    """What the engine finds a pass leads to, so a turn's gain can be read against doing nothing."""
    try:
        c = consequences(state, fighter_id, [EndStep()])
    except ValueError:
        return "unknown"
    return _after(state, fighter_id, c)


def build_offer(state: FightState, fighter_id: str, *, custom: bool, seconds: float,
                call: str | None = None, forecasts: Forecasts | None = None, compact: bool = False,
                can_pass: bool = True, language: str | None = None) -> Offer:
    """The planner's turns for `fighter_id` and the system and user messages that list them; `call` is
    the player's own word to the companion, delimited and labelled as theirs, in the words they wrote it
    (the only player text that reaches a prompt, and only the fight's leader's); `forecasts`, those worked
    out (forecasts.py); `language`, the thread's (the server's), which `say` is asked for in. The prompt
    itself stays English."""
    turns = plan_turns(state, fighter_id, limit=MAX_TURNS)
    return offer_of(state, fighter_id, turns, custom=custom, seconds=seconds, call=call, forecasts=forecasts,
                    compact=compact, can_pass=can_pass, language=language)


UNKNOWN_OUTLOOK = (0.5, -1.0)   # a turn whose forecast is not back: below a stated win or draw, above a loss


def by_forecast(turns: list[PlannedTurn], forecasts: Forecasts | None) -> tuple[list[PlannedTurn], dict[int, Forecast]]:
    """The turns best forecast first (the forecast's result, then the duo's HP left; equals keep the
    engine's rank), renumbered, with their forecasts under the new numbers (the pass's stays 0). Turn 1 is
    then the expert's choice whenever the forecasts are in, so a model that takes turn 1 plays as it does."""
    known = dict(forecasts or {})
    if not known:
        return turns, {}
    order = sorted(range(1, len(turns) + 1), reverse=True,   # reverse keeps equals in the engine's order
                   key=lambda n: known[n].score if n in known else UNKNOWN_OUTLOOK)
    renumbered = {new: known[old] for new, old in enumerate(order, 1) if old in known}
    if 0 in known:
        renumbered[0] = known[0]
    return [turns[old - 1] for old in order], renumbered


def offer_of(state: FightState, fighter_id: str, turns: list[PlannedTurn], *, custom: bool, seconds: float,
             call: str | None = None, forecasts: Forecasts | None = None, compact: bool = False,
             can_pass: bool = True, language: str | None = None) -> Offer:
    """The messages for turns already planned (`forecasts` by the turns' numbers as given): the pilot
    writes them again once the forecasts are back, the turns then listed best forecast first. `compact`:
    the short pair for small models (no custom turns, no board); `can_pass`: pass_turn is offered."""
    turns, known = by_forecast(turns, forecasts)
    if compact:
        system, user = compact_prompts(state, fighter_id, turns, call=call, forecasts=known, can_pass=can_pass,
                                       language=language)
    else:
        system = system_prompt(state, fighter_id, custom=custom, seconds=seconds)
        user = user_prompt(state, fighter_id, turns, call=call, forecasts=known, language=language)
    messages = [{"role": "system", "content": system}, {"role": "user", "content": user}]
    return Offer(turns=turns, messages=messages,
                 forecasts=sum(number in known for number in range(1, len(turns) + 1)))


def retry_prompt(problem: str, *, count: int, custom: bool, tools: bool = True) -> str:
    """The correction after an unusable answer: by tool call, or in words to a server that takes no tools."""
    return render("companion/retry", problem=problem, count=count, custom=custom, tools=tools)
