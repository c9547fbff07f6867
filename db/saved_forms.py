"""Saved games in forms the code no longer reads, brought to today's once, by a store migration.

A migration keeps its own copy of what it needs to read an old form, so the game's code carries no
branch for it: here, a tactics fight that ended before its typed result was kept holds the result
only as its log's closing line ("r7 strays: fight won: every stray is down"); and a tactics fight
kept English log lines beside its events, which no view showed (the bot words the events it keeps:
the strays' last phase, the moments, each round's mark), so they go once the result is read from them.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

# The engine's closing words for each typed reason, as fights of that time wrote them.
_END_WORDS = {"the pack broke and ran": "rout", "every stray is down": "all_strays_down",
              "the duo is down": "duo_down", "the duo broke out": "broke_out"}
_SHARE = {"won": "share_win", "lost": "share_loss", "draw": "share_draw"}


def fight_result(fight: dict[str, Any]) -> dict[str, Any] | None:
    """The typed result (the engine's FightEnded, as saved) of an ended fight saved without one, read from
    its log; None when the fight goes on, already has one, or its log says nothing of how it ended."""
    result = fight.get("result")
    if result is None or fight.get("outcome") is not None:
        return None
    for line in reversed(fight.get("log", [])):
        _, _, rest = line.partition(": fight ")
        if not rest.startswith(f"{result}: "):
            continue
        why = rest[len(result) + 2:]
        reason = _END_WORDS.get(why) or ("held" if why.startswith("the duo held") else _SHARE[result])
        standing = [f for f in fight.get("fighters", []) if not f.get("down") and not f.get("fled")]
        start = fight.get("start_hp", {})
        return {"kind": "fight_ended", "result": result, "reason": reason, "round": fight.get("round", 1),
                "duo_hp": sum(f.get("hp", 0) for f in standing if f.get("side") == "duo"),
                "duo_start": start.get("duo", 0),
                "strays_hp": sum(f.get("hp", 0) for f in standing if f.get("side") == "strays"),
                "strays_start": start.get("strays", 0), "hold_round": fight.get("hold_round")}
    return None


def fight_in_todays_form(fight: dict[str, Any]) -> bool:
    """Bring one saved fight (as JSON) to today's form in place: its typed result read from its log if
    it ended without one, then the log's lines dropped. Whether anything changed."""
    changed = False
    outcome = fight_result(fight)
    if outcome is not None:
        fight["outcome"] = outcome
        changed = True
    if "log" in fight:
        del fight["log"]
        changed = True
    return changed


def _session_upgraded(text: str, form: Callable[[dict[str, Any]], bool]) -> str | None:
    try:
        saved = json.loads(text)
    except ValueError:
        return None  # a state that does not load is marked broken when it is next read, as before
    fight = saved.get("fight") if isinstance(saved, dict) else None
    if not isinstance(fight, dict) or not form(fight):
        return None
    return json.dumps(saved, separators=(",", ":"))


def _with_result(fight: dict[str, Any]) -> bool:
    outcome = fight_result(fight)
    if outcome is not None:
        fight["outcome"] = outcome
    return outcome is not None


def tactics_result_filled(text: str) -> str | None:
    """A saved tactics session with its fight's typed result filled in; None when it needs nothing."""
    return _session_upgraded(text, _with_result)


def tactics_in_todays_form(text: str) -> str | None:
    """A saved tactics session with its fight in today's form (fight_in_todays_form); None when it needs nothing."""
    return _session_upgraded(text, fight_in_todays_form)


__all__ = ["fight_in_todays_form", "fight_result", "tactics_in_todays_form", "tactics_result_filled"]
