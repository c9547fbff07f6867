"""A push is said before it comes: a telegraph that pushes names the push on the board (how far, which way,
whom, where it lands), the Text map says that a stray may also Shove untelegraphed, and a ready-made turn's
preview names the shoves the strays' next phase would land. Real campaign positions; each time the
strays' phase is then played and does what the board said."""
from __future__ import annotations

import engine.tactics as tx
from bot.games.tactics.previews import turn_preview
from bot.games.tactics.session import TacticsSession
from bot.games.tactics.text import board_text, map_text, strays_report
from engine.tactics.model import events as ev


def session_of(fight: tx.FightState) -> TacticsSession:
    return TacticsSession(fight=fight, mode="campaign", player=1, pilot="auto", key="k")


def duo_phase(encounter: str, seed: int, round_: int, vary_start: bool = False) -> tx.FightState:
    """The fight the planner plays (its first turn each time) up to the duo phase of `round_`."""
    fight = tx.new_fight(encounter, seed, "Tidecaller", "Mossle", level=tx.expected_level(encounter),
                         vary_start=vary_start)
    while (fight.round, fight.phase) != (round_, "duo"):
        fid = next(f for f in ("hero", "companion") if not fight.get(f).done)
        fight = tx.apply_turn(fight, fid, tx.plan_turns(fight, fid, limit=1)[0].steps)
    return fight


def test_a_telegraph_that_pushes_says_whom_which_way_and_where_it_lands_before_it_fires():
    fight = tx.new_fight("c06", 1, "Tidecaller", "Mossle", level=tx.expected_level("c06"))
    gore = next(t for t in fight.telegraphs if t.skill == "Gore")
    assert fight.get("hero").pos in gore.tiles, "c06 seed 1: the Thornhorn's Gore is locked through the hero"
    board = board_text(session_of(fight))
    assert (" a Thornhorn: Gore (dash) on C3,B4,A5 for ~10, pushing 1 away; Tidecaller south-west, splat on the "
            "edge (+3)") in board
    # Both pass: the Gore fires and pushes the hero just as the board said.
    played = tx.play_turn(tx.pass_turn(fight, "companion"), "hero", [tx.EndStep()])
    push = next(e for e in played.strays_phase if isinstance(e, ev.Pushed) and e.skill == "Gore")
    assert (push.who, push.heading, push.how, push.blocker, push.damage) == ("hero", "SW", "splat", "edge", 3)


def test_the_text_map_says_a_stray_may_shove_untelegraphed_and_the_preview_names_the_skreels_shove():
    fight = duo_phase("c06", 7, 2, vary_start=True)
    skreel = next(f for f in fight.side("strays") if f.name == "Skreel")
    assert not any(t.stray == skreel.id and t.skill == "Shove" for t in fight.telegraphs), \
        "a Shove is a bonus action, never locked as a telegraph"
    board = map_text(session_of(fight))
    assert ("Not telegraphed: a stray that moves beside you may Shove you 1 tile (a splat: 3); Thornhorn may Stamp "
            "(2 and a push of 1).") in board
    turn = tx.plan_turns(fight, "hero")[0]
    preview = turn_preview(session_of(fight), "hero", 1, turn)
    assert "Skreel shoves Tidecaller west into the shallows at A2 (soaked, prone)" in preview.split("Pushes: ")[1]
    # The turn is played, and the ally as the preview assumed: the Skreel shoves the hero as said.
    assert turn.consequences is not None
    after = tx.play_turn(tx.apply_turn(fight, "hero", turn.steps), "companion", turn.consequences.ally_turn)
    shove = next(e for e in after.strays_phase if isinstance(e, ev.Pushed) and e.by == skreel.id)
    assert (shove.who, shove.skill, shove.heading, shove.to, shove.how) == ("hero", "Shove", "W", "A2", "shallows")
    # And the strays' report (What happened, which the next board folds to fit a phone) says what it did.
    assert any("Skreel shoves Tidecaller west into the shallows at A2" in line
               for line in strays_report(session_of(after.state))[1])


def test_a_crowded_board_keeps_its_few_lines_and_the_text_map_keeps_every_telegraph_and_the_shove_note():
    fight = duo_phase("c06", 7, 2, vary_start=True)
    note = "Tidecaller Tide Lash on Driplet: 7; Mossle heals itself: 9. " * 2
    for shown in (1, 4):
        state = session_of(fight).model_copy(update={"notes": [note] * shown})
        board, whole = board_text(state), map_text(state)
        assert "Not telegraphed" not in board and len(board.split("\n")) <= 8
        assert "Not telegraphed" in whole and len(whole) <= 1900
        for tg in fight.telegraphs:
            assert f"{fight.get(tg.stray).name}: {tg.skill} " in board, "every telegraph is named on the board"
            assert f"{fight.get(tg.stray).name}: {tg.skill} " in whole, "and said in full on the Text map"
        assert max(len(line) for line in whole.split("```")[1].strip("\n").split("\n")) <= 40, \
            "the Text map's grid fits a phone"
