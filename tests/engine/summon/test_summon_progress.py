"""A player's summon record: results against members and the AI kept apart, XP per result, and the deck
edits the bot's deck commands make (a 60-piece limit, unknown pieces and missing copies refused)."""
import pytest

from engine.summon import DeckError, SummonProgress, record_result
from engine.summon.progress import XP_DRAW, XP_LOSS, XP_WIN, add_piece, find_piece, remove_piece


def test_results_against_members_and_the_ai_are_kept_apart():
    p = SummonProgress()
    p, xp = record_result(p, "win", against_ai=True)
    assert xp == XP_WIN and p.ai.wins == 1 and p.members.played == 0
    p, xp = record_result(p, "loss", against_ai=False)
    p, xp2 = record_result(p, "draw", against_ai=False)
    assert (p.members.losses, p.members.draws, xp, xp2) == (1, 1, XP_LOSS, XP_DRAW)
    assert p.xp == XP_WIN + XP_LOSS + XP_DRAW
    assert SummonProgress.model_validate(p.model_dump(mode="json")) == p


def test_deck_edits_find_pieces_by_name_or_id_and_refuse_what_cannot_be():
    assert find_piece("fire hound") == find_piece("R02") == "r02"
    deck = add_piece([], "Fire Hound")
    assert deck == ["r02"]
    with pytest.raises(DeckError) as e:
        add_piece(["n02"] * 60, "n02")
    assert e.value.code == "deck_size"
    with pytest.raises(DeckError) as e:
        remove_piece(deck, "Colossus")
    assert e.value.code == "not_in_deck"
    with pytest.raises(DeckError) as e:
        add_piece(deck, "nothing like it")
    assert e.value.code == "unknown_piece"
    assert remove_piece(["r02", "r02"], "r02") == ["r02"]
