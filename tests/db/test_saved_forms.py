"""A store written before today's forms: saved games of every game mid-play (files written by earlier
code), a tactics fight that ended before its typed result was kept, and a tactics fight that kept its
English log lines. The bot opens it, the store migrates once, every game plays on through the real bot,
the ended fight holds its typed result, and the saved fights keep events only."""
from __future__ import annotations

import json
from pathlib import Path

from support.world import running

import engine.bowls as bowls
import engine.tactics as tx
from bot.core.kinds import Context
from bot.discord import create_bot
from bot.games.summon.session import SummonGame
from bot.games.tactics.actions import WhatHappened
from bot.games.tactics.kind import Tactics
from bot.settings import Settings
from db import games as game_store
from db.saved_forms import fight_in_todays_form, fight_result
from db.store import MIGRATIONS
from engine.tactics.model import events as ev
from engine.tactics.words.log_text import log_of
from tools.drive.replies import private_text
from tools.drive.summon_play import a_placement, choose_placement, private_message

TESTS = Path(__file__).resolve().parents[1]
TACTICS = Tactics()
BEFORE_RESULTS = 9   # a store whose ended tactics fights have no typed result yet (migration 10 fills it)


def running_of(bot, user_id: int, kind: str) -> game_store.GameRecord:
    return next(g for g in game_store.running_games_of(bot.db, user_id) if g.kind == kind)


def saved_as(bot, game: game_store.GameRecord, state: str) -> None:
    bot.db.execute("update games set state = ? where id = ?", [state, game.id])


LOG_KEPT = 80   # the log lines a saved fight kept, newest last, when it kept them


def saved_with_log(seed: int) -> tuple[dict, dict]:
    """A fight played to its end by today's engine, saved as fights were before the typed result: its
    log's lines (worded from its events as the engine wrote them then) and no outcome."""
    events: list = []
    ended = tx.autoplay("c01", seed, events=events)
    saved = json.loads(ended.model_dump_json())
    kept = saved.pop("outcome")
    saved["log"] = log_of(events, ended)[-LOG_KEPT:]
    assert ended.result is not None and kept is not None
    return saved, kept


def ended_fight_saved_without_its_result() -> tuple[str, dict]:
    saved, kept = saved_with_log(3)
    return json.dumps(saved), kept


def test_an_ended_fight_reads_its_typed_result_from_its_log_as_the_engine_kept_it():
    for seed in range(1, 7):
        saved, kept = saved_with_log(seed)
        assert fight_result(saved) == kept, seed
        assert fight_in_todays_form(saved) and saved["outcome"] == kept and "log" not in saved
        assert tx.FightState.model_validate(saved).outcome == tx.FightEnded(**{k: v for k, v in kept.items()
                                                                               if k != "kind"})
    going = json.loads(tx.new_fight("c01", 1).model_dump_json())
    assert fight_result(going) is None, "a fight still going has no result to read"


async def test_a_store_with_games_in_old_forms_migrates_once_and_every_game_plays_on(tmp_path):
    settings = Settings(database_path=tmp_path / "gamehall.db", shard_count=1, _env_file=None)
    bot = create_bot(settings)
    async with running(bot, "alice") as (env, guild, channel, alice):
        for command, options in [("tactics campaign", {"companion": "Cindle"}), ("summon ai", {}),
                                 ("bowls endless", {}), ("formation tutorial", {})]:
            await alice.slash(channel, command, **options)
            await env.settle()
        threads = {running_of(bot, alice.id, k).kind: running_of(bot, alice.id, k) for k in
                   ("tactics", "summon", "bowls", "formation")}

        # The saved files of earlier code, in these games' rows, as yesterday's store held them.
        fight = json.loads((TESTS / "bot" / "games" / "tactics" / "saved" / "tactics_midfight.json").read_text("utf-8"))
        saved_as(bot, threads["tactics"], json.dumps({**fight, "player": alice.id}))
        old = SummonGame.model_validate_json((TESTS / "bot" / "games" / "summon" / "fixtures" /
                                              "summon_game_before_typed_actions.json").read_text())
        seats = [old.seats[0].model_copy(update={"user_id": alice.id}), old.seats[1]]
        saved_as(bot, threads["summon"], old.model_copy(update={"seats": seats}).model_dump_json())
        endless = (TESTS / "engine" / "bowls" / "saved" / "endless_midgame.json").read_text("utf-8")
        saved_as(bot, threads["bowls"], json.dumps({"game": json.loads(endless), "selected": None}))
        puzzles = json.loads((TESTS / "engine" / "formation" / "saved" / "puzzles.json").read_text("utf-8"))
        saved_as(bot, threads["formation"], json.dumps({"track": "campaign", "puzzles": puzzles}))
        ended_text, kept = ended_fight_saved_without_its_result()
        ended = game_store.create_game(bot.db, kind="tactics", guild_id=guild.id, channel_id=channel.id,
                                       players=[7], state=json.dumps({**json.loads(threads["tactics"].state),
                                                                      "player": 7, "fight": json.loads(ended_text)}),
                                       now=bot.sessions.clock())
        game_store.save_game(bot.db, ended, now=bot.sessions.clock(), status=game_store.FINISHED)
        bot.db.set_schema_version(BEFORE_RESULTS)

        bot = create_bot(settings)
        await env.restart_bot(bot)
        await env.settle()
        assert bot.db.schema_version() == len(MIGRATIONS)
        migrated = json.loads(game_store.get_game(bot.db, ended.id).state)["fight"]
        assert migrated["outcome"] == kept, "the ended fight holds its typed result"
        assert TACTICS.load(game_store.get_game(bot.db, ended.id).state).fight.outcome is not None

        handles = {t.id: t for t in channel.threads}
        thread_of = {k: handles[g.thread_id] for k, g in threads.items()}
        # tactics: the hero ends its part of round 2, mid-fight as it was saved
        before = TACTICS.load(game_store.get_game(bot.db, threads["tactics"].id).state).fight
        assert before.round == 2
        said = private_text(await alice.slash(thread_of["tactics"], "tactics end"))
        assert "out of date" not in said
        after = TACTICS.load(game_store.get_game(bot.db, threads["tactics"].id).state).fight
        assert after.get("hero").done or after.round > before.round
        played = json.loads(game_store.get_game(bot.db, threads["tactics"].id).state)
        assert fight["strays"] and "strays" not in played, "its saved English lines of the strays' phase are gone"
        # summon: a placement from the hand, on the game saved before typed actions
        state = SummonGame.model_validate_json(game_store.get_game(bot.db, threads["summon"].id).state)
        hand = await alice.click(thread_of["summon"].last_message, label="Your hand")
        placement = a_placement(state, 0)
        await choose_placement(alice, private_message(hand), placement)
        await env.settle()
        now = SummonGame.model_validate_json(game_store.get_game(bot.db, threads["summon"].id).state)
        assert placement.piece in {b.uid for b in now.game.players[0].board}
        # bowls: the saved endless attempt sows on
        game = bowls.BowlsGame.model_validate_json(endless)
        await alice.slash(thread_of["bowls"], "bowls sow", bowl=bowls.legal_bowls(game)[0])
        sown = json.loads(game_store.get_game(bot.db, threads["bowls"].id).state)["game"]
        assert sown["moves_used"] == game.moves_used + 1
        # formation: a session saved with its puzzles whole takes a creature
        puzzle = puzzles[0]
        free = next(s for s in ("front_left", "front_right", "back_left", "back_middle", "back_right")
                    if s not in (puzzle.get("fixed") or {}))
        creature = puzzle["pool"][0] if isinstance(puzzle["pool"][0], str) else puzzle["pool"][0]["name"]
        await alice.slash(thread_of["formation"], "formation place", slot=free, creature=creature)
        placed = json.loads(game_store.get_game(bot.db, threads["formation"].id).state)
        assert placed["formation"].get(free) == creature


def said_of_each_hit(fight: tx.FightState, text: str) -> list[tuple[str, int]]:
    """The strays' hits of the fight's last phase that the text does not say (the skill or the blow,
    with the HP it cost, on one line)."""
    unsaid = []
    for e in fight.last_phase:
        if not isinstance(e, ev.Hit):
            continue
        if e.cause == "telegraph" and e.src:
            said = f"{e.skill} at {fight.get(e.target).name}"
        else:
            said = {"swept": "against deep water", "splat": "splat"}.get(e.cause, f"on {fight.get(e.target).name}")
        if not any(said in line and str(e.lost) in line for line in text.split("\n")):
            unsaid.append((said, e.lost))
    return unsaid


async def test_a_fight_saved_with_log_lines_keeps_only_its_events_and_what_happened_still_says_it(tmp_path):
    """tactics_midfight_logged.json: a campaign fight in round 2's duo phase, as the store of the code
    before this migration saved it (its English log lines beside its events and moments)."""
    settings = Settings(database_path=tmp_path / "gamehall.db", shard_count=1, _env_file=None)
    bot = create_bot(settings)
    saved = json.loads((TESTS / "bot" / "games" / "tactics" / "saved" / "tactics_midfight_logged.json")
                       .read_text("utf-8"))
    assert saved["fight"]["log"] and saved["fight"]["last_phase"], "the fixture is a fight with its log lines"
    async with running(bot, "alice") as (env, guild, channel, alice):
        await alice.slash(channel, "tactics campaign", pilot="auto", companion="Cindle")
        await env.settle()
        game = running_of(bot, alice.id, "tactics")
        saved_as(bot, game, json.dumps({**saved, "player": alice.id}))
        bot.db.set_schema_version(len(MIGRATIONS) - 1)

        bot = create_bot(settings)
        await env.restart_bot(bot)
        await env.settle()
        assert bot.db.schema_version() == len(MIGRATIONS)
        row = game_store.get_game(bot.db, game.id)
        kept = json.loads(row.state)
        assert "log" not in kept["fight"], "no English is kept in the saved fight"
        fight = {k: v for k, v in saved["fight"].items() if k != "log"}
        assert kept == {**saved, "player": alice.id, "fight": fight}, "nothing else of the session or the fight changed"

        # What happened says the strays' last phase as it said it before: every hit, and every telegraph locked.
        state = TACTICS.load(row.state)
        ctx = Context(bot.db, bot.sessions.clock(), alice.id, row, None, seat=alice.id)
        told = TACTICS.look(state, WhatHappened(), ctx).text
        assert "have not acted yet" not in told and not said_of_each_hit(state.fight, told), told
        locked = {e.skill for e in state.fight.last_phase if isinstance(e, ev.TelegraphLocked)}
        assert locked and all(skill in told for skill in locked), told

        # And it plays on: the hero ends, auto plays the companion, the strays' phase of round 3 runs.
        thread = next(t for t in channel.threads if t.id == row.thread_id)
        said = private_text(await alice.slash(thread, "tactics end"))
        assert "out of date" not in said
        await env.settle()
        after = TACTICS.load(game_store.get_game(bot.db, game.id).state).fight
        assert after.round == 3 or after.result, "the fight moved on to the next round"
        assert "log" not in json.loads(game_store.get_game(bot.db, game.id).state)["fight"]
        if after.result is None:
            ctx = Context(bot.db, bot.sessions.clock(), alice.id, game_store.get_game(bot.db, game.id), None,
                          seat=alice.id)
            now = TACTICS.look(TACTICS.load(game_store.get_game(bot.db, game.id).state), WhatHappened(), ctx).text
            assert not said_of_each_hit(after, now), now
