"""The XP a fight earned and the level it leaves, said as sentences a player reads: what each number is
(the fight, the first win's climb from this fight's recommended level to the next fight's), and the
duo's level beside the level the next campaign fight recommends: below it, at it, above it, at the top."""
from __future__ import annotations

import pytest

import engine.tactics as tx
from bot.games.tactics.text import level_words, xp_words

CAMPAIGN = [e.id for e in tx.campaign()]


def earned(encounter: str, result: str, before: tx.TacticsProgress, counted: bool = True) -> tuple[str, str]:
    after, reward = tx.record_fight(before, tx.encounter(encounter), result, counted=counted)
    return xp_words(reward), level_words(reward, after)


def test_a_first_win_that_climbs_a_level_says_from_which_level_to_which_and_why():
    xp, level = earned("c01", "won", tx.TacticsProgress())
    assert xp == ("+305 XP: 5 for finishing the fight and 300 for its first win: the climb from level 1, this "
                  "fight's recommended level, to level 2, the level Hold the Ford (fight 2) recommends.")
    assert level == "Tactics level 2 (305 XP) — the level Hold the Ford (fight 2) recommends."


def test_a_first_win_before_a_fight_of_the_same_level_pays_the_floor_and_says_so():
    xp, level = earned("c02", "won", tx.TacticsProgress(xp=305, won=["c01"]))
    assert xp == ("+55 XP: 5 for finishing the fight and 50 for its first win, the least a first win pays, as "
                  "Mushroom Ring (fight 3) recommends level 2 like this fight.")
    assert level == "Tactics level 2 (360 XP) — the level Mushroom Ring (fight 3) recommends."


def test_below_the_next_fights_level_says_by_how_many_levels():
    # A player who skipped nothing but earned little: c03 won from 0 XP leaves level 2 before c04's 3.
    xp, level = earned("c03", "won", tx.TacticsProgress(won=["c01", "c02"]))
    assert xp == ("+305 XP: 5 for finishing the fight and 300 for its first win: the climb from level 2, this "
                  "fight's recommended level, to level 3, the level Out of the Hollow (fight 4) recommends.")
    assert level == "Tactics level 2 (305 XP) — Out of the Hollow (fight 4) recommends level 3, 1 level above yours."
    _, lower = earned("c03", "lost", tx.TacticsProgress(won=["c01", "c02", "c03"]))
    assert lower == "Tactics level 1 (5 XP) — Out of the Hollow (fight 4) recommends level 3, 2 levels above yours."


def test_above_the_next_fights_level_says_by_how_many_levels():
    _, level = earned("c02", "won", tx.TacticsProgress(xp=1200, won=["c01"]))
    assert level == "Tactics level 5 (1255 XP) — Mushroom Ring (fight 3) recommends level 2; you are 3 levels above it."
    _, one = earned("c01", "won", tx.TacticsProgress(xp=600, won=["c01"]))
    assert one == "Tactics level 3 (610 XP) — Hold the Ford (fight 2) recommends level 2; you are 1 level above it."


def test_the_top_level_says_it_is_the_top():
    xp, level = earned("c13", "won", tx.TacticsProgress(xp=5000, won=CAMPAIGN[:-1]))
    assert xp == ("+305 XP: 5 for finishing the fight and 300 for its first win, a whole level for the "
                  "campaign's last fight.")
    assert level == "Tactics level 10 (5305 XP), the top level — the level The Last Gate (fight 13) recommends."
    _, above = earned("c02", "lost", tx.TacticsProgress(xp=5000, won=["c01"]))
    assert above == ("Tactics level 10 (5005 XP), the top level — Hold the Ford (fight 2) recommends level 2; "
                     "you are 8 levels above it.")


@pytest.mark.parametrize(("encounter", "result", "before", "counted", "said"), [
    ("c01", "won", tx.TacticsProgress(xp=305, won=["c01"]), True,
     "+10 XP: 5 for finishing the fight and 5 for winning it again (a first win pays more)."),
    ("c01", "lost", tx.TacticsProgress(), True, "+5 XP for finishing the fight (a win adds more)."),
    ("daily-2026-12-01", "won", tx.TacticsProgress(), True,
     "+155 XP: 5 for finishing the fight and 150 for a counted daily win, paid like a first win."),
])
def test_replays_losses_and_dailies_say_what_their_xp_is_for(encounter, result, before, counted, said):
    assert earned(encounter, result, before, counted)[0] == said


def test_a_practice_daily_win_says_it_is_practice():
    _, reward = tx.record_fight(tx.TacticsProgress(), tx.encounter("daily-2026-12-01"), "won", counted=False)
    assert xp_words(reward, practice=True) == ("+10 XP: 5 for finishing the fight and 5 for a practice win (the "
                                               "day's counted win pays more).")
