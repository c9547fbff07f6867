"""The formation board's words fit one Discord message (2,000 characters) in every state a player meets."""
from __future__ import annotations

from datetime import date

import engine.formation as fm
from bot.games.formation.kind import LastBattle, board_text, new_session

ROOM = 2000 - 120  # the announcement above the board (a hint line, an outcome line) takes the rest


def every_puzzle():
    return [*fm.tutorial(), *fm.campaign(1), *fm.campaign(2), *fm.daily_flight(date(2026, 11, 29))]


def test_the_brief_with_every_hint_asked_fits():
    for puzzle in every_puzzle():
        for hints in range(fm.hint_count(puzzle) + 1):
            text = board_text(new_session("single", [puzzle]).model_copy(update={"hints": hints}))
            assert len(text) <= ROOM, (puzzle.id, hints, len(text))
            # When each enemy ability fires is always on the board, compact or not.
            for slot, name in puzzle.opponent.items():
                assert f"{name} ({fm.SLOT_LABELS[slot]})" in text


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
