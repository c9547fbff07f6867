"""The formation board's words fit one Discord message (2,000 characters) and a phone's few lines in every
state a player meets; the whole brief is one press away (More)."""
from __future__ import annotations

from datetime import date

import engine.formation as fm
from bot.games.formation.board import LESSON_SHOWN, board_text, brief_view
from bot.games.formation.session import LastBattle, new_session

ROOM = 2000 - 120  # the announcement above the board (a hint line, an outcome line) takes the rest


def every_puzzle():
    return [*fm.tutorial(), *fm.campaign(1), *fm.campaign(2), *fm.daily_flight(date(2026, 11, 29))]


def test_the_brief_with_every_hint_asked_fits():
    for puzzle in every_puzzle():
        for hints in range(fm.hint_count(puzzle) + 1):
            text = board_text(new_session("single", [puzzle]).model_copy(update={"hints": hints}))
            assert len(text) <= ROOM, (puzzle.id, hints, len(text))
            assert len(text.split("\n")) <= 10, (puzzle.id, hints, text)
            lesson = text.split("\n")[1] if puzzle.lesson else ""
            assert len(lesson) <= LESSON_SHOWN + len(" (**More** has the rest.)"), "a lesson's start: 6 phone lines"
            assert all(name in text for name in puzzle.opponent.values()), "the board names every opponent"
            # When each enemy ability fires, and every hint asked, are one press away.
            whole = brief_view(new_session("single", [puzzle]).model_copy(update={"hints": hints}))
            for slot, name in puzzle.opponent.items():
                assert f"{name} ({fm.SLOT_LABELS[slot]})" in whole
            assert all(f"Hint {n}: " in whole for n in range(1, hints + 1))
            if puzzle.lesson:
                assert puzzle.lesson in whole


def test_a_battle_result_with_rewards_fits_and_keeps_the_rewards():
    for puzzle in every_puzzle():
        formation = puzzle.solution or fm.solve(puzzle, workers=1).example
        result = fm.battle(puzzle, formation)
        last = LastBattle(won=result.won, lines=list(fm.summary_lines(result)),
                          rewards=["+30 XP", "Mastery: " + ", ".join(f"{n} +10" for n in formation.values()),
                                   "First win on this puzzle.", "Puzzle mastered!"])
        state = new_session("single", [puzzle]).model_copy(
            update={"formation": formation, "last": last, "hints": fm.hint_count(puzzle)})
        text = board_text(state)
        assert len(text) <= ROOM, (puzzle.id, len(text))
        assert text.endswith("Puzzle mastered!")


def test_a_campaign_session_saves_puzzle_ids_and_old_whole_saves_still_load():
    import engine.formation as fm
    from bot.games.formation.kind import FormationSession, new_session

    chapter = list(fm.campaign(1))
    session = new_session("campaign", chapter, 3)
    saved = session.model_dump_json()
    assert len(saved) < 2_000, f"a chapter's session is small ({len(saved)} bytes), not 18 puzzles whole"
    assert FormationSession.model_validate_json(saved) == session
    whole = session.model_dump(mode="json")
    whole["puzzles"] = [p.model_dump(mode="json") for p in chapter]  # as sessions were saved before
    assert FormationSession.model_validate(whole) == session
    daily = new_session("daily", list(fm.daily_flight(__import__("datetime").date(2026, 1, 1))))
    again = FormationSession.model_validate_json(daily.model_dump_json())
    assert again.puzzles == daily.puzzles, "a daily puzzle is saved whole"
