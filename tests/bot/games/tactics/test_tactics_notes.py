"""The session keeps what each change did, not what it said: its saved notes hold kinds, fighters and the
engine's events, and the board words them for whoever reads it now. So a board written while the server
read English reads Japanese once the server does, and a session saved when the notes were lines of words
still loads, shows them and plays on."""
from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from support.languages import japanese_server
from support.reading import english_in
from support.world import open_game, running

import engine.tactics as tx
from bot.companion import CompanionDecision
from bot.core.kinds import Context
from bot.games.tactics import fights
from bot.games.tactics.actions import Accept, Decline, End, PilotTurn, SendTurn, Tell
from bot.games.tactics.kind import Choices, Tactics
from bot.games.tactics.note_words import lines_of
from bot.words import read_in
from db.games import create_game
from db.saved_forms import tactics_in_todays_form
from db.store import open_store
from tools.drive.replies import private_text
from tools.drive.tactics_play import send_turn, session

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
KIND = Tactics()
SAVED = Path(__file__).parent / "saved"


def fight_of(tmp_path, **choices):
    """A c01 fight with Cindle beside the hero, and the contexts of its player, its pilot and a friend (2)."""
    db = open_store(tmp_path / "g.db")
    state, _ = fights.new_campaign(db, 1, None, Choices(companion="Cindle", now=NOW, **choices))
    game = create_game(db, kind="tactics", guild_id=None, channel_id=None, players=[1], state=KIND.dump(state),
                       now=NOW)
    seat = "model" if state.pilot == "model" else "auto"
    return state, Context(db, NOW, 1, game, None, seat=1), Context(db, NOW, None, game, None, seat=seat), \
        Context(db, NOW, 2, game, None, seat=2)


def companion_turn(state, pilot):
    """The companion's pilot sends the planner's first turn (a pass when it plans none)."""
    turns = tx.plan_turns(state.fight, "companion", limit=1)
    decision = CompanionDecision(decision="turn" if turns else "pass", code="auto", reason="the planner's first turn",
                                 number=1 if turns else None, say="Stay close!",
                                 steps=[s.model_dump(exclude_none=True) for s in turns[0].steps] if turns else [],
                                 offered=[t.label for t in turns])
    wire = json.dumps({"decision": decision.model_dump(mode="json"), "seq": state.fight.seq})
    return KIND.act(state, PilotTurn(wire), pilot).state


def played_out(state, hero, pilot):
    """The fight played to its result: the hero sends ready-made turn 1, the companion the planner's first."""
    while not state.over:
        if tx.due_now(state.fight) and "companion" in tx.due_now(state.fight):
            state = companion_turn(state, pilot)
        elif not state.over:
            state = KIND.act(state, SendTurn("h", 1, state.fight.seq), hero).state
    return state


def saved_notes(state) -> list[dict]:
    saved = json.loads(KIND.dump(state))
    return [*saved["notes"], *saved["closed_by"], *saved["closing"]]


def assert_no_words_kept(state) -> None:
    """The saved session holds its notes as kinds and facts, none of the lines its board shows."""
    text = KIND.dump(state)
    notes = saved_notes(state)
    assert notes and all(isinstance(n, dict) and n["kind"] != "written" for n in notes), notes
    for line in lines_of([*state.notes, *state.closed_by, *state.closing], state):
        assert json.dumps(line)[1:-1] not in text, f"a worded line is saved: {line!r}"


def test_a_turn_a_call_and_a_result_are_saved_as_facts_and_the_board_words_them(tmp_path):
    state, hero, pilot, _ = fight_of(tmp_path, pilot="model", model_configured=True)
    told = KIND.act(state, Tell("Burn the Skreel first"), hero).state
    assert [n["kind"] for n in saved_notes(told)] == ["call"]
    assert_no_words_kept(told)
    assert 'To Cindle: "Burn the Skreel first"' in KIND.board(told, hero.game).text
    sent = companion_turn(told, pilot)
    turn = saved_notes(sent)[-1]
    assert turn["kind"] == "turn" and turn["said"]["kind"] == "decided" and turn["events"], turn
    assert turn["cast"]["companion"] == "Cindle"
    assert_no_words_kept(sent)
    assert 'Cindle: "Stay close!" (' in KIND.board(sent, hero.game).text, "the companion's line, with its hits"
    ended = played_out(sent, hero, pilot)
    closing = saved_notes(ended)[-1]
    assert closing["kind"] == "result" and closing["reward"]["xp"] > 0 and closing["next_fight"].startswith("c0")
    assert_no_words_kept(ended)
    board = KIND.board(ended, hero.game).text
    assert f"**{ended.fight.result.capitalize()}** — " in board and "XP" in board and "Next fight: " in board


@pytest.mark.parametrize(("press", "answer", "said"), [
    (Accept(), "accepted", "<@2> pilots Cindle. The fight begins!"),
    (Decline(), "declined", "<@2> declined: Cindle is played by auto.")])
def test_the_invitations_answer_is_saved_as_who_answered_and_how(tmp_path, press, answer, said):
    state, host, _, friend = fight_of(tmp_path, pilot="friend", friend=2)
    assert state.invite
    answered = KIND.act(state, press, friend).state
    assert saved_notes(answered) == [{"kind": "answer", "answer": answer, "friend": 2, "minutes": None}]
    assert_no_words_kept(answered)
    assert said in KIND.board(answered, host.game).text


async def test_a_board_written_in_english_reads_japanese_once_the_server_does(make_real_bot, monkeypatch):
    bot = make_real_bot()
    async with running(bot, "alice") as (env, guild, channel, alice):
        thread = await open_game(alice, channel, "tactics campaign", pilot="auto", companion="Cindle")
        await send_turn(alice, thread.last_message, 1)
        state = session(bot)
        english = thread.last_message.content
        assert "Tidecaller: " in english and "Cindle: " in english, english
        await japanese_server(monkeypatch, env, guild, channel, alice)
        shown = private_text(await alice.slash(thread, "tactics view"))
        japanese = read_in("ja", lines_of, [*state.closed_by, *state.notes], state)
        assert japanese and all(line.split("\n")[0] in shown for line in japanese), (japanese, shown)
        assert "Tidecaller" not in shown and "Cindle" not in shown, shown
        assert all(english_in(line, ("alice",)) == [] for line in japanese), japanese


def test_a_session_saved_with_lines_of_words_loads_shows_them_and_plays_on(tmp_path):
    text = (SAVED / "tactics_midfight_logged.json").read_text("utf-8")
    old = json.loads(text)
    assert old["notes"] and isinstance(old["notes"][0], str), "the fixture holds lines of words"
    state = KIND.load(tactics_in_todays_form(text) or text)
    _, hero, _, _ = fight_of(tmp_path, pilot="auto")
    board = KIND.board(state, hero.game).text
    assert "Tidecaller ends the turn." in board and old["notes"][0].split("\n")[0] in board
    played = KIND.act(state.model_copy(update={"player": 1}), End(), hero).state
    assert played.fight.get("hero").done or played.fight.round > state.fight.round
    assert "Tidecaller ends the turn." in KIND.board(played, hero.game).text
    assert KIND.load(KIND.dump(played)) == played, "the old lines save as Written notes and load again"


def test_an_old_result_board_still_shows_its_result(tmp_path):
    state, hero, pilot, _ = fight_of(tmp_path, pilot="auto")
    ended = played_out(state, hero, pilot)
    lines = lines_of(ended.closing, ended)
    old = {**json.loads(KIND.dump(ended)), "closing": lines}   # as a save of the earlier code held it
    loaded = KIND.load(json.dumps(old))
    assert [n.kind for n in loaded.closing] == ["written"] * len(lines)
    assert KIND.board(loaded, hero.game).text == KIND.board(ended, hero.game).text
