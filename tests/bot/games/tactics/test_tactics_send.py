"""Send on a ready-made turn's preview, on the kind with a real store: the turn is checked against the
fight as it is when sent. It plays when its steps still work after the companion acted; it is refused
naming the step that no longer works otherwise; a second press is told it was already sent."""
from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from support.world import open_game, running

import engine.tactics as tx
from bot.companion import CompanionDecision
from bot.core.errors import AlreadyDone
from bot.core.kinds import Context, GameError
from bot.games.tactics import fights
from bot.games.tactics.actions import PilotTurn, SendTurn, ShowTurn, TypedTurn
from bot.games.tactics.kind import Choices, Tactics
from bot.games.tactics.note_words import lines_of
from db.games import create_game
from db.saved_forms import tactics_in_todays_form
from db.store import open_store
from engine.tactics.model.steps import EndStep, MoveStep
from tools.drive.replies import private_text
from tools.drive.tactics_play import labels, last_private, session

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
KIND = Tactics()


@pytest.fixture
def fight(tmp_path):
    """A c01 fight whose companion is a model pilot (it acts while the hero's preview is open)."""
    db = open_store(tmp_path / "g.db")
    state, _ = fights.new_campaign(db, 1, None, Choices(companion="Cindle", pilot="model", model_configured=True,
                                                        now=NOW))
    game = create_game(db, kind="tactics", guild_id=None, channel_id=None, players=[1], state=KIND.dump(state),
                       now=NOW)
    return state, Context(db, NOW, 1, game, None, seat=1), Context(db, NOW, None, game, None, seat="model")


def companion_plays(state, ctx, steps):
    decision = CompanionDecision(decision="turn", code="chosen", number=1, say="", reason="chosen",
                                 steps=[s.model_dump(exclude_none=True) for s in steps], offered=["a turn"])
    wire = json.dumps({"decision": decision.model_dump(mode="json"), "seq": state.fight.seq})
    return KIND.act(state, PilotTurn(wire), ctx).state


def works(fight, turn) -> bool:
    """Whether a hero's ready-made turn still plays on `fight`."""
    try:
        tx.apply_turn(fight, "hero", turn.steps)
    except tx.TacticsError:
        return False
    return True


def send_of(preview) -> SendTurn:
    send = next(b.action for b in preview.buttons if b.label == "Send")
    assert isinstance(send, SendTurn)
    return send


def test_a_turn_previewed_before_the_companion_acted_plays_as_shown(fight) -> None:
    state, hero, model = fight
    moved = companion_plays(state, model, tx.plan_turns(state.fight, "companion")[0].steps)
    assert moved.fight.seq != state.fight.seq and moved.fight.round == 1, "the board moved on in the same phase"
    number, shown = next((i, t) for i, t in enumerate(tx.plan_turns(state.fight, "hero"), 1) if works(moved.fight, t))
    send = send_of(KIND.look(state, ShowTurn("h", number), hero))
    assert send == SendTurn("h", number, state.fight.seq)
    outcome = KIND.act(moved, send, hero)
    assert outcome.state.fight == tx.apply_turn(moved.fight, "hero", shown.steps), "the turn it showed was played"
    said = lines_of(outcome.state.closed_by + outcome.state.notes, outcome.state)
    assert any(line.startswith(f"Tidecaller: {shown.label}") for line in said), "the board keeps what Send said"
    with pytest.raises(AlreadyDone, match=f"Turn {number} was already sent"):
        KIND.act(outcome.state, send, hero)


def test_a_turn_the_companion_made_illegal_is_refused_naming_its_step(fight) -> None:
    state, hero, model = fight
    reachable = set(tx.legal_moves(state.fight, "companion"))
    turns = tx.plan_turns(state.fight, "hero")
    number, tile = next((i, t.steps[0].to) for i, t in enumerate(turns, 1)
                        if isinstance(t.steps[0], MoveStep) and t.steps[0].to in reachable)
    send = send_of(KIND.look(state, ShowTurn("h", number), hero))
    moved = companion_plays(state, model, [MoveStep(to=tile), EndStep()])
    with pytest.raises(GameError) as refused:
        KIND.act(moved, send, hero)
    said = str(refused.value)
    assert said.startswith(f"Turn {number} no longer works since the board moved on: step 1 (move to {tile})")
    assert "Nothing was played" in said and "The turns now (on the board): 1. " in said


def test_a_turn_from_a_phase_that_is_over_is_refused(fight) -> None:
    state, hero, model = fight
    send = send_of(KIND.look(state, ShowTurn("h", 1), hero))
    passed = KIND.act(state, SendTurn("h", 2, state.fight.seq), hero).state
    assert passed.fight.round == 1, "the companion is still due"
    ended = companion_plays(passed, model, [EndStep()])
    assert ended.fight.round == 2
    with pytest.raises(GameError, match="Turn 1 was planned for an earlier phase, which is over"):
        KIND.act(ended, send, hero)


def test_a_fight_saved_before_typed_actions_loads_and_plays_on(tmp_path) -> None:
    # As the store's migrations leave it (its fight's log lines dropped).
    saved = tactics_in_todays_form((Path(__file__).parent / "saved" / "tactics_midfight.json").read_text("utf-8"))
    assert saved is not None
    state = KIND.load(saved)
    assert (state.fight.round, state.offered, state.call) == (2, {}, None)
    db = open_store(tmp_path / "g.db")
    game = create_game(db, kind="tactics", guild_id=None, channel_id=None, players=[state.player], state=saved, now=NOW)
    board = KIND.board(state, game)
    assert "round 2/10" in board.text and any(b.label == "Pass (Tidecaller)" for b in board.buttons)
    hero = Context(db, NOW, state.player, game, None, seat=state.player)
    send = send_of(KIND.look(state, ShowTurn("h", 1), hero))
    played = KIND.act(state, send, hero).state
    assert played.fight == tx.apply_planned(state.fight, "hero", 0)


async def test_an_open_preview_survives_the_friend_acting_and_a_second_send_is_told(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "alice", "bob") as (env, guild, channel, alice, bob):
        thread = await open_game(alice, channel, "tactics campaign", pilot="friend", friend=bob, companion="Cindle")
        await bob.click(thread.last_message, label="Accept")
        board, before = thread.last_message, session(bot).fight
        to = tx.legal_moves(before, "companion")[0]
        moved = tx.apply_turn(tx.apply_turn(before, "companion", [MoveStep(to=to)]), "companion", [EndStep()])
        number, turn = next((i, t) for i, t in enumerate(tx.plan_turns(before, "hero"), 1)
                            if works(moved, t))
        label = next(b for b in labels(board) if b and b.startswith(f"{number}. "))
        preview = last_private(await alice.click(board, label=label))
        twin = last_private(await alice.click(board, label=label))  # the same turn's preview, opened twice
        await bob.slash(thread, "tactics move", to=to)
        await bob.slash(thread, "tactics end")
        assert session(bot).fight == moved, "the board moved on while the preview was open"
        sent = await alice.click(preview, label="Send")
        assert f"Sent turn {number}: " in private_text(sent) and "out of date" not in private_text(sent)
        assert session(bot).fight == tx.apply_turn(moved, "hero", turn.steps), "the turn it showed was played"
        again = await alice.click(twin, label="Send")
        assert f"Turn {number} was already sent: Tidecaller played it." in private_text(again), "two Sends"
        assert session(bot).fight == tx.apply_turn(moved, "hero", turn.steps), "and played once"


async def test_a_second_send_while_the_ally_is_still_due_is_told_it_was_already_sent(make_real_bot):
    """The hero has acted and the friend's companion is still to act: the seat check alone would answer
    "not your turn" to the twin press, which reads as if nothing had happened."""
    bot = make_real_bot()
    async with running(bot, "alice", "bob") as (env, guild, channel, alice, bob):
        thread = await open_game(alice, channel, "tactics campaign", pilot="friend", friend=bob, companion="Cindle")
        await bob.click(thread.last_message, label="Accept")
        board = thread.last_message
        label = next(b for b in labels(board) if b and b.startswith("1. "))
        preview = last_private(await alice.click(board, label=label))
        twin = last_private(await alice.click(board, label=label))
        sent = await alice.click(preview, label="Send")
        assert "Sent turn 1: " in private_text(sent)
        assert session(bot).fight.get("companion").done is False, "the friend is still to act"
        again = await alice.click(twin, label="Send")
        assert "Turn 1 was already sent: Tidecaller played it." in private_text(again)
        assert "not your turn" not in private_text(again).lower()


def test_a_companion_turn_the_hero_made_illegal_plays_the_best_turn_with_the_same_aim(fight) -> None:
    """Playing together: the pilot decided when the phase opened; the hero moved onto its tile first."""
    from bot.companion.auto import auto_decision

    state, hero, model = fight
    decision = auto_decision(state.fight, "companion")
    taken = next(s["to"] for s in decision.steps if s["kind"] == "move")
    assert decision.aim_foes, "the chosen turn's aim travels with the decision"
    moved = KIND.act(state, TypedTurn(f"move {taken}; end"), hero).state
    assert moved.fight.get("hero").pos == taken and moved.fight.seq != state.fight.seq
    wire = json.dumps({"decision": decision.model_dump(mode="json"), "seq": state.fight.seq})
    played = KIND.act(moved, PilotTurn(wire), model).state
    said = "\n".join(lines_of(played.closed_by + played.notes, played))
    assert "which has the same aim" in said and f"{taken} is taken by Tidecaller" in said, said
    assert "passes" not in said
    # With no aim left to keep, it passes and says why.
    aimless = decision.model_copy(update={"aim_foes": [], "aim_support": False})
    wire = json.dumps({"decision": aimless.model_dump(mode="json"), "seq": state.fight.seq})
    passed = KIND.act(moved, PilotTurn(wire), model).state
    said = "\n".join(lines_of(passed.closed_by + passed.notes, passed))
    assert "passes: the hero's move made its chosen turn illegal" in said, said
