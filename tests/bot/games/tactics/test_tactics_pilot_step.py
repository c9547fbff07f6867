"""The companion pilot's step, on the kind directly with a real store: a turn the hero's move made illegal
becomes a pass that says why; an illegal turn on the board it was planned on is refused (the core then
applies the fallback, a pass)."""
from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

import engine.tactics as tx
from bot.companion import CompanionDecision
from bot.core.kinds import Context, GameError
from bot.games.tactics import fights
from bot.games.tactics.actions import PilotTurn
from bot.games.tactics.kind import Choices, Tactics
from bot.games.tactics.note_words import lines_of
from db.games import create_game
from db.store import open_store
from engine.tactics.model.steps import MoveStep

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def _blocked_turn(fight):
    """A ready-made companion turn whose first move the hero can take first (so it no longer fits)."""
    hero_moves = set(tx.legal_moves(fight, "hero"))
    for turn in tx.plan_turns(fight, "companion"):
        first = turn.steps[0]
        if isinstance(first, MoveStep) and first.to in hero_moves:
            return turn, first.to
    return None, None


def test_a_turn_the_hero_made_illegal_is_a_pass_that_says_why(tmp_path):
    db = open_store(tmp_path / "g.db")
    kind = Tactics()
    state, _ = fights.new_campaign(db, 1, None, Choices(companion="Cindle", pilot="model", model_configured=True,
                                                      now=NOW))
    turn, tile = _blocked_turn(state.fight)
    assert turn is not None, "c01 offers a companion turn through a tile the hero can reach"
    decision = CompanionDecision(decision="turn", code="chosen", number=1, say="Here I go!", reason="chosen",
                                 steps=[s.model_dump(exclude_none=True) for s in turn.steps], offered=[turn.label])
    value = json.dumps({"decision": decision.model_dump(mode="json"), "seq": state.fight.seq})
    moved = state.model_copy(update={"fight": tx.apply_turn(state.fight, "hero", [MoveStep(to=tile)])})
    game = create_game(db, kind="tactics", guild_id=None, channel_id=None, players=[1], state=kind.dump(moved), now=NOW)
    ctx = Context(db, NOW, None, game, None, seat="model")
    outcome = kind.act(moved, PilotTurn(value), ctx)
    said = lines_of(outcome.state.closed_by + outcome.state.notes, outcome.state)
    assert said[-1].startswith("Cindle passes: the hero's move made its chosen turn illegal"), said[-1]
    assert "no turn with the same aim is left" in said[-1], "a decision that names no aim is not replaced"
    companion = outcome.state.fight.get("companion")
    assert companion.done and companion.pos == state.fight.get("companion").pos
    with pytest.raises(GameError, match="only the companion's pilot|Only the companion's pilot"):
        kind.act(moved, PilotTurn(value), Context(db, NOW, 1, game, None, seat=1))
    same_board = json.dumps({"decision": decision.model_dump(mode="json"), "seq": moved.fight.seq})
    with pytest.raises(GameError, match="Cindle's turn: "):
        kind.act(moved, PilotTurn(same_board), ctx)
