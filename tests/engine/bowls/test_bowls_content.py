"""Solved puzzles kept by content: stable keys, the old set's ids converted, records migrated on load."""
import json
from pathlib import Path

from engine.bowls import Goal, all_puzzles, new_puzzle, sow
from engine.bowls.content import content_key, convert_old_won, game_key, id_of, key_of, old_keys
from engine.bowls.generate import old_set
from engine.bowls.models import Puzzle
from engine.bowls.progress import PlayerRecord, record_move
from engine.bowls.solver import solve

PACKAGE = Path(__file__).parents[3] / "engine" / "bowls"


def win(number: int):
    g = new_puzzle(number)
    start = g
    for bowl in solve(g):
        before, (g, _) = g, sow(g, bowl)
    return start, before, g


def test_a_content_key_depends_on_the_puzzle_not_on_its_number_or_notes():
    p = all_puzzles()[40]
    same = p.model_copy(update={"id": 7, "feature": "x", "intro": "hello", "difficulty": 9.0})
    assert content_key(same) == content_key(p)
    for change in ({"moves": p.moves + 1}, {"goal": Goal(kind="clear_board")},
                   {"bowls": ["R"] + list(p.bowls[1:]) if p.bowls[0] != "R" else [""] + list(p.bowls[1:])}):
        assert content_key(p.model_copy(update=change)) != content_key(p)
    assert len({content_key(q) for q in all_puzzles()}) == 100


def test_the_committed_old_mapping_is_the_old_sets_content():
    old = old_set()
    assert [p.id for p in old] == list(range(1, 101))
    assert old_keys() == {p.id: content_key(p) for p in old}
    raw = json.loads((PACKAGE / "old_puzzle_keys.json").read_text())
    assert len(raw) == 100 and len(set(raw.values())) == 100


def test_old_won_ids_convert_by_content_and_vanished_puzzles_drop_out():
    old = old_set()
    kept = [(p.id, id_of(content_key(p))) for p in old if id_of(content_key(p)) is not None]
    gone = [p.id for p in old if id_of(content_key(p)) is None]
    assert kept and gone  # the rework keeps some old puzzles and drops others
    assert any(o != n for o, n in kept)  # and kept ones moved to new numbers
    old_ids = [kept[0][0], gone[0], kept[-1][0], 999]
    assert convert_old_won(old_ids) == [kept[0][1], kept[-1][1]]
    for o, n in kept:
        assert all_puzzles()[n - 1].goal == old[o - 1].goal and all_puzzles()[n - 1].bowls == old[o - 1].bowls


def test_an_old_saved_record_is_migrated_on_load_and_keeps_everything_else():
    old = old_set()
    kept = next(p for p in old if id_of(content_key(p)) is not None)
    gone = next(p for p in old if id_of(content_key(p)) is None)
    saved = {"record": {"puzzles_won": 2, "best_combo": 3}, "won": [gone.id, kept.id], "theme": "Garden"}
    rec = PlayerRecord.model_validate(saved)
    assert rec.won_keys == [content_key(gone), content_key(kept)]
    assert rec.won == [id_of(content_key(kept))]
    assert rec.theme == "Garden" and rec.record.puzzles_won == 2 and rec.record.best_combo == 3
    # saved again and reloaded, the keys are what counts: no second conversion of `won`
    again = PlayerRecord.model_validate_json(rec.model_dump_json())
    assert again == rec and again.won == rec.won
    assert PlayerRecord.model_validate({}).won == [] and PlayerRecord.model_validate({}).won_keys == []


def test_a_win_is_recorded_by_content_and_shows_as_its_current_number():
    start, before, after = win(12)
    earned = record_move(PlayerRecord(), before, after)
    assert earned.player.won_keys == [key_of(12)] and earned.player.won == [12]
    assert earned.xp > 0 and earned.player.record.puzzles_won == 1
    again = record_move(earned.player, before, after)  # a second win of the same puzzle adds nothing
    assert again.player.won_keys == [key_of(12)] and again.xp == 0
    assert game_key(start) == game_key(after) == key_of(12)


def test_an_attempt_begun_on_an_old_puzzle_is_credited_to_that_puzzle_not_its_old_number():
    # A running game saved before the rework: its puzzle_id is an old number, its board the old puzzle.
    gone = next(p for p in old_set() if id_of(content_key(p)) is None)
    g = new_puzzle(1).model_copy(update={
        "puzzle_id": gone.id, "bowls": list(gone.bowls), "frozen": gone.frozen, "reverse": gone.reverse,
        "volcano": gone.volcano, "goal": gone.goal, "move_limit": gone.moves})
    before = g
    for bowl in solve(Puzzle(**{**gone.model_dump(), "id": gone.id})):
        before, (g, _) = g, sow(g, bowl)
    assert g.won
    earned = record_move(PlayerRecord(), before, g)
    assert earned.player.won_keys == [content_key(gone)]
    assert earned.player.won == []  # not puzzle `gone.id` of the new set, which is another puzzle
