"""Formation's hints in Japanese are worded from the engine's facts (which rule, which creature where, how
many formations win), so rewording the engine's English changes nothing a Japanese player reads."""
from __future__ import annotations

from datetime import date

from support.reading import english_in

import engine.formation as fm
from bot.games.formation import text as said
from bot.words import reading

PUZZLES = (*fm.shipped_puzzles(), *fm.daily_flight(date(2026, 3, 1)))


def test_every_hint_reads_japanese_and_does_not_hang_on_the_engines_english():
    for p in PUZZLES:
        reworded = p.model_copy(update={"hints": tuple(f"Reworded hint {n}" for n in range(len(p.hints)))})
        with reading("ja"):
            for n in range(1, fm.hint_count(p) + 1):
                shown = said.hint(p, n)
                assert english_in(shown, ()) == [], (p.id, n, shown)
                assert said.hint(reworded, n) == shown, (p.id, n)


def test_a_hint_says_the_facts_the_engine_found():
    p = fm.daily_flight(date(2026, 3, 1))[0]
    position = fm.hint_fact(p, 2)
    assert position.kind == "position" and position.won <= position.legal
    with reading("ja"):
        shown = said.hint(p, 2)
    assert said_creature(position.creature) in shown and str(position.legal) in shown
    assert fm.hint(p, 2).startswith(f"Try {position.creature} at ")


def said_creature(name: str) -> str:
    with reading("ja"):
        return said.creature(name)
