"""The companion's prompts: a golden snapshot of the templates, StrictUndefined, and the size a model reads."""
from __future__ import annotations

import itertools
import json
import os
from pathlib import Path

import pytest
from jinja2 import UndefinedError

from bot.companion.offer import build_offer, system_prompt
from bot.companion.tools import MAX_TURNS, tool_specs
from bot.games.tactics.actions import TELL_MOST
from engine.tactics import apply_turn, campaign, expected_level, new_fight, pass_turn, plan_turns
from engine.tactics.model.content import companions
from engine.tactics.model.progress import MAX_LEVEL
from engine.tactics.plan.forecast import Forecast
from prompts import render

GOLDEN = Path(__file__).parent / "golden"


def test_the_rendered_templates_match_the_golden_file():
    variables = json.loads((GOLDEN / "prompt_vars.json").read_text())
    rendered = "\n\n=====\n\n".join(render(f"companion/{name}", **variables[name])
                                    for name in ("system", "user", "retry"))
    golden = GOLDEN / "prompt.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(rendered + "\n")
    assert rendered + "\n" == golden.read_text(), "prompt changed: rerun with UPDATE_GOLDEN=1 and review the diff"


@pytest.mark.parametrize("name", ["system", "user", "retry"])
def test_a_missing_variable_is_an_error_not_an_empty_string(name):
    variables = json.loads((GOLDEN / "prompt_vars.json").read_text())[name]
    variables.pop(sorted(variables)[0])
    with pytest.raises(UndefinedError):
        render(f"companion/{name}", **variables)


def test_the_prompt_lists_the_view_and_every_offered_turn(fight):
    offer = build_offer(fight, "companion", custom=False, seconds=10)
    system, user = (m["content"] for m in offer.messages)
    assert [m["role"] for m in offer.messages] == ["system", "user"]
    assert "You are Cindle, the companion" in system and "choose_turn(number, say)" in system
    assert "Puddles on the Path | round 1/10 | goal rout" in user          # the engine's text view, brief:
    assert " H Tidecaller at " in user and "(hero)" not in user             # roles and phase are said above
    assert "C is you, H your ally the Tidecaller" in user
    for i, turn in enumerate(offer.turns, 1):
        assert f"\n{i}. {turn.label}. " in user
    assert ". Then: you " in user and "If you pass, then: " in user and "The pack breaks below " in user
    assert f"\n{len(offer.turns) + 1}. " not in user


def _estimated_tokens(messages, *, custom: bool) -> float:
    """The whole request a model reads, messages and tool schemas, at about four characters a token."""
    tools = json.dumps(tool_specs(strict=True, custom=custom))
    return (sum(len(m["content"]) for m in messages) + len(tools)) / 4


def _longest_forecasts(state, count: int) -> dict[int, Forecast]:
    """A forecast for every turn and the pass, each the longest a forecast can read in this fight: a draw
    in round 10 with both duo fighters at full HP (a win or loss reads no longer)."""
    duo = state.side("duo")
    longest = Forecast(turn=0, result="draw", round=10, hp=tuple((f.id, f.max_hp) for f in duo), downed=(),
                       duo_start_hp=state.start_hp["duo"])
    return dict.fromkeys(range(count + 1), longest)


# The longest call a player may send (`/tactics tell`), in a player's words.
LONGEST_CALL = ("Please keep me out of the Thornhorn's cone, root the Skreel before it dives, heal me when I drop "
                "under half and stay near the rocks for cover; if the pack splits, take the weak side first. "
                "Thanks, friend!")[:TELL_MOST]


def _companion_phases(state):
    """Each position of a planner-played fight at which the companion is to act (the hero acts first)."""
    while not state.result:
        for fid in ("hero", "companion"):
            if state.result or state.phase != "duo" or not state.get(fid).standing or state.get(fid).done:
                continue
            if fid == "companion":
                yield state
            turns = plan_turns(state, fid, limit=1)
            state = apply_turn(state, fid, turns[0].steps) if turns else pass_turn(state, fid)


def test_a_whole_request_stays_under_1600_tokens():
    """Every companion phase of whole fights (planner-played) over the campaign, for every companion, at the
    first level and the top one (supers add a rule and a skill), as the bot sends it with custom turns off
    (the default) and on (their tool and the skills added), each turn and the pass with the longest
    forecast it could carry, and the player's longest call."""
    assert len(LONGEST_CALL) == TELL_MOST
    sizes: dict[bool, list[float]] = {False: [], True: []}
    for companion in companions():
        for encounter, level in itertools.product([e.id for e in campaign()], (1, MAX_LEVEL)):
            for state in _companion_phases(new_fight(encounter, 1, "Tidecaller", companion, level=level)):
                count = len(plan_turns(state, "companion", limit=MAX_TURNS))
                offer = build_offer(state, "companion", custom=True, seconds=10, call=LONGEST_CALL,
                                    forecasts=_longest_forecasts(state, count))
                assert offer.forecasts == count and LONGEST_CALL in offer.messages[1]["content"]
                sizes[True].append(_estimated_tokens(offer.messages, custom=True))
                plain = [{"role": "system", "content": system_prompt(state, "companion", custom=False, seconds=10)},
                         offer.messages[1]]
                sizes[False].append(_estimated_tokens(plain, custom=False))
    assert len(sizes[False]) >= 80
    for custom, found in sizes.items():
        assert 400 <= min(found) and max(found) <= 1600, (custom, min(found), max(found))


def test_the_compact_request_stays_under_500_tokens_and_opens_with_the_same_system_message():
    """Every companion phase of planner-played fights over the campaign (Mossle, at the level a player
    reaches each fight): the compact pair and the one forced tool, each turn and the pass with the longest
    forecast, the player's longest call; the system message is the same everywhere (the prefix cache)."""
    sizes, systems = [], set()
    forced = [t for t in tool_specs(strict=True, custom=False) if t["function"]["name"] == "choose_turn"]
    for encounter in [e.id for e in campaign()]:
        for state in _companion_phases(new_fight(encounter, 1, "Tidecaller", "Mossle",
                                                 level=expected_level(encounter))):
            count = len(plan_turns(state, "companion", limit=MAX_TURNS))
            offer = build_offer(state, "companion", custom=False, seconds=10, call=LONGEST_CALL, compact=True,
                                can_pass=False, forecasts=_longest_forecasts(state, count))
            systems.add(offer.messages[0]["content"])
            sizes.append((sum(len(m["content"]) for m in offer.messages) + len(json.dumps(forced))) / 4)
    assert len(sizes) >= 20 and len(systems) == 1
    assert max(sizes) <= 500, max(sizes)


@pytest.mark.parametrize("compact", [False, True])
def test_say_is_asked_for_in_the_threads_language_and_the_rest_stays_english(fight, compact):
    english = build_offer(fight, "companion", custom=False, seconds=10, compact=compact, call="右を狙って")
    japanese = build_offer(fight, "companion", custom=False, seconds=10, compact=compact, call="右を狙って",
                           language="ja")
    assert japanese.messages[0] == english.messages[0], "the system message is the same (the server caches it)"
    assert build_offer(fight, "companion", custom=False, seconds=10, compact=compact, call="右を狙って",
                       language="en").messages == english.messages, "English asks for nothing more"
    user_en, user_ja = english.messages[1]["content"], japanese.messages[1]["content"]
    assert "Japanese" not in user_en and "右を狙って" in user_en and "右を狙って" in user_ja
    asked = "a short sentence to your ally in Japanese" if compact else "write `say`, and a pass's reason, in Japanese"
    assert asked in user_ja
    assert (user_ja.replace(" (its reason in Japanese)", "").replace(" in Japanese", "") == user_en if compact else
            user_ja.replace("Your player reads Japanese: write `say`, and a pass's reason, in Japanese.\n", "")
            == user_en)
