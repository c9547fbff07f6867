"""Tactics' names in the reader's language: fighters, skills, terrain, statuses, reactions and the
campaign's encounters. The names in another language are data, `engine/tactics/words/words.<language>.json`,
keyed by the English names the content uses; a name the data lacks reads as it is in the content."""
from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any

import engine.tactics as tx
from bot.words import current, words

DAILY = re.compile(r"^daily-(\d{4}-\d{2}-\d{2})$")
TUTORIAL = re.compile(r"^Tutorial (\d+) of (\d+)$")


@cache
def _data(language: str) -> dict[str, Any]:
    """The language's tactics names (empty for English, the content's own language)."""
    try:
        path = resources.files("engine.tactics.words") / f"words.{language}.json"
        return json.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, ModuleNotFoundError):
        return {}


def _local(part: str) -> dict[str, Any]:
    return _data(current()).get(part, {})


def fighter(name: str) -> str:
    """A fighter of the content ("Tidecaller") by its name in the reader's language."""
    return _local("fighters").get(name, {}).get("name", name)


def skill(name: str | None) -> str:
    return _local("skills").get(name, name) if name else ""


def terrain(name: str) -> str:
    return _local("terrain").get(name, name)


def status(name: str) -> str:
    return _local("statuses").get(name, name)


def reaction(name: str) -> str:
    return _local("reactions").get(name, name.replace("_", " "))


def encounter(encounter_id: str, english: str) -> str:
    """An encounter's name: a campaign fight's from the data, the daily's and the tutorial's in words."""
    if (day := DAILY.match(encounter_id)) is not None:
        return words("Daily stray hunt, {day}", day=day.group(1))
    if encounter_id == "tutorial" and (step := TUTORIAL.match(english)) is not None:
        return words("Tutorial {step} of {steps}", step=step.group(1), steps=step.group(2))
    return _local("encounters").get(encounter_id, {}).get("name", english)


def encounter_text(encounter_id: str, english: str) -> str:
    return _local("encounters").get(encounter_id, {}).get("text", english)


def fight_name(fight: tx.FightState) -> str:
    """The fight's encounter as its reader names it."""
    return encounter(fight.encounter, fight.encounter_name)


def names_of(language: str) -> dict[str, Any]:
    """Every name the language's data holds (the catalog test checks it keeps up with the content)."""
    return _data(language)
