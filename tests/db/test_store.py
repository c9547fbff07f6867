"""Every db module on both stores: the same calls, the same answers, SQLite file or PostgreSQL."""
from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta

import pytest

from bot.core.results import StoreUnavailable
from bot.core.sessions import Sessions
from db import companion, daily, games, guilds, players
from db.store import PostgresStore, SQLiteStore
from tools.drive.tally.kind import Tally

NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)
BIG = 1_234_567_890_123_456_789  # a Discord snowflake: 64 bits


def test_open_store_picks_the_store_by_its_target(store, store_target):
    expected = PostgresStore if store_target.startswith("postgresql://") else SQLiteStore
    assert isinstance(store, expected)


def test_game_records_round_trip_with_snowflakes(store):
    game = games.create_game(store, kind="tally", guild_id=BIG, channel_id=BIG + 1, players=[BIG + 2, 5],
                             state='{"count": 0}', now=NOW, deadline=NOW + timedelta(minutes=5))
    assert (game.guild_id, game.channel_id, game.players, game.version) == (BIG, BIG + 1, (BIG + 2, 5), 1)
    assert game.deadline == NOW + timedelta(minutes=5) and game.running
    located = games.set_location(store, game.id, thread_id=BIG + 3, board_message_id=BIG + 4)
    assert (located.thread_id, located.board_message_id, located.version) == (BIG + 3, BIG + 4, 1), \
        "a board move is not a change to the game"
    assert games.running_game_in_thread(store, BIG + 3).id == game.id
    assert [g.id for g in games.running_games_of(store, 5, guild_id=BIG, kind="tally")] == [game.id]
    assert games.running_games_of(store, 5, kind="bowls") == []


def test_one_running_game_per_player_kind_and_server(store):
    first = games.create_game(store, kind="tally", guild_id=1, channel_id=2, players=[7], state="{}", now=NOW)
    with pytest.raises(games.AlreadyRunning) as taken:
        games.create_game(store, kind="tally", guild_id=1, channel_id=2, players=[7], state="{}", now=NOW)
    assert taken.value.game_id == first.id
    assert games.create_game(store, kind="tally", guild_id=3, channel_id=2, players=[7], state="{}", now=NOW)
    games.save_game(store, first, now=NOW, status=games.FINISHED)
    again = games.create_game(store, kind="tally", guild_id=1, channel_id=2, players=[7], state="{}", now=NOW)
    assert again.id > first.id
    games.delete_game(store, again.id)
    assert games.get_game(store, again.id) is None
    assert games.create_game(store, kind="tally", guild_id=1, channel_id=2, players=[7], state="{}", now=NOW)


def test_a_players_finished_games_come_last_ended_first_in_their_server_only(store):
    ended = []
    for minute, kind in enumerate(["tally", "bowls", "summon"]):
        game = games.create_game(store, kind=kind, guild_id=BIG, channel_id=2, players=[7, 8], state="{}", now=NOW)
        ended.append(games.save_game(store, game, now=NOW + timedelta(minutes=5 - minute), status=games.FINISHED))
    games.create_game(store, kind="tally", guild_id=BIG, channel_id=2, players=[7], state="{}", now=NOW)  # running
    other = games.create_game(store, kind="bowls", guild_id=3, channel_id=2, players=[7], state="{}", now=NOW)
    games.save_game(store, other, now=NOW + timedelta(hours=1), status=games.FINISHED)
    found = games.finished_games_of(store, 7, BIG, limit=2)
    assert [g.id for g in found] == [ended[0].id, ended[1].id], "the last to end first, two asked for"
    assert games.finished_games_of(store, 9, BIG, limit=10) == []


def test_deadlines_come_soonest_first_and_broken_rows_are_set_aside(store):
    late = games.create_game(store, kind="tally", guild_id=1, channel_id=2, players=[1], state="{}", now=NOW,
                             deadline=NOW + timedelta(hours=2))
    soon = games.create_game(store, kind="tally", guild_id=1, channel_id=2, players=[2], state="{}", now=NOW,
                             deadline=NOW + timedelta(hours=1))
    bad = games.create_game(store, kind="tally", guild_id=1, channel_id=2, players=[3], state="{}", now=NOW,
                            deadline=NOW + timedelta(minutes=1))
    store.execute("update games set deadline = 'not a time' where id = ?", [bad.id])
    assert [g.id for g in games.games_with_deadlines(store)] == [soon.id, late.id]
    broken = games.get_game(store, bad.id)
    assert broken.status == games.BROKEN and "unreadable game row" in broken.broken_reason
    # its player's slot is free again
    assert games.create_game(store, kind="tally", guild_id=1, channel_id=2, players=[3], state="{}", now=NOW)
    games.mark_broken(store, soon.id, "does not load", NOW)
    assert games.get_game(store, soon.id).broken_reason == "does not load"


def test_a_daily_post_is_claimed_once_and_a_lapsed_claim_is_taken_over(store):
    day = date(2026, 3, 1)
    assert daily.claim_post(store, BIG, day, 5, NOW) is True
    assert daily.claim_post(store, BIG, day, 5, NOW) is False, "being posted"
    assert daily.claim_post(store, BIG, day, 5, NOW + daily.CLAIM_LAPSES + timedelta(seconds=1)) is True, \
        "the claimer died: the claim lapsed"
    daily.release_post(store, BIG, day)
    assert daily.claim_post(store, BIG, day, 6, NOW) is True
    assert not daily.was_posted(store, BIG, day)
    daily.record_post(store, BIG, day, 6, 99, NOW)
    assert daily.was_posted(store, BIG, day)
    assert daily.claim_post(store, BIG, day, 6, NOW + timedelta(days=1)) is False, "posted: never again"


def test_daily_results_keep_the_best_counted_score(store):
    day = date(2026, 3, 1)
    assert daily.record_result(store, 7, "bowls", day, 10, False, NOW) is True
    assert daily.record_result(store, 7, "bowls", day, 8, False, NOW) is False
    assert daily.record_result(store, 7, "bowls", day, 50, True, NOW) is False, "practice never counts"
    assert daily.record_result(store, 7, "bowls", day, 12, False, NOW) is True
    assert daily.best_result(store, 7, "bowls", day) == 12
    assert daily.best_result(store, 7, "formation", day) is None


def test_guild_settings_update_only_what_is_given(store):
    assert guilds.get_settings(store, BIG) == guilds.GuildSettings(BIG)
    guilds.update_settings(store, BIG, daily_channel_id=BIG + 1)
    guilds.update_settings(store, BIG, timer_seconds=45)
    assert guilds.get_settings(store, BIG) == guilds.GuildSettings(BIG, BIG + 1, 45, "auto")
    guilds.update_settings(store, 3, timer_seconds=60)
    assert [g.guild_id for g in guilds.guilds_with_daily_channel(store)] == [BIG]


def test_xp_adds_up_and_progress_is_a_document_per_game(store):
    assert players.get_xp(store, BIG) == 0
    players.add_xp(store, BIG, 30, NOW)
    assert players.add_xp(store, BIG, 12, NOW) == 42
    players.save_progress(store, BIG, "bowls", {"solved": [1, 2]}, NOW)
    players.save_progress(store, BIG, "bowls", {"solved": [1, 2, 3]}, NOW)
    players.save_progress(store, BIG, "formation", {"chapter": 2}, NOW)
    store.execute("insert into progress (user_id, kind, data, updated_at) values (?, 'summon', '{broken', 'x')", [BIG])
    assert players.all_progress(store, BIG) == {"bowls": {"solved": [1, 2, 3]}, "formation": {"chapter": 2},
                                                "summon": {}}
    kinds = [row["kind"] for row in store.rows("select kind from progress where user_id = ?", [BIG])]
    assert any(k.startswith("summon#broken#") for k in kinds), "the unreadable record is kept aside"


def test_companion_decisions_are_stored_and_counted_per_day(store):
    decision = {"round": 2, "model": "m", "latency_s": 0.25, "tokens_in": 10, "tokens_out": 3, "calls": 2,
                "decision": "turn", "number": 1, "code": "chosen", "reason": "100% sure", "say": "go",
                "offered": [{"n": 1}], "steps": ["a"]}
    first = companion.record(store, decision, fight=7, guild_id=BIG, fighter="companion", now=NOW)
    second = companion.record(store, {**decision, "round": 3, "code": "budget", "calls": 0}, fight=7,
                              guild_id=BIG, fighter="companion", now=NOW + timedelta(minutes=1))
    assert second > first
    last = companion.last_decision(store, 7)
    assert (last["round"], last["offered"], last["steps"], last["latency_s"]) == (3, [{"n": 1}], ["a"], 0.25)
    assert [d["round"] for d in companion.decisions(store, "7")] == [2, 3]
    # Calls are counted when they are reserved, before they are sent: the limit is never passed.
    assert [companion.reserve_call(store, BIG, NOW, 2) for _ in range(3)] == [True, True, False]
    assert companion.calls_today(store, BIG, NOW + timedelta(hours=1)) == 2
    assert companion.calls_today(store, BIG, NOW + timedelta(days=1)) == 0
    assert companion.reserve_call(store, BIG, NOW + timedelta(days=1), 2) is True
    assert companion.budget_noticed_today(store, BIG, NOW) is True
    assert companion.budget_noticed_today(store, 1, NOW) is False


def test_a_transaction_that_fails_changes_nothing(store):
    game = games.create_game(store, kind="tally", guild_id=1, channel_id=2, players=[7], state="{}", now=NOW)
    with pytest.raises(RuntimeError):
        with store.atomic():
            players.add_xp(store, 7, 5, NOW)  # a nested transaction (a savepoint) inside
            games.save_game(store, game, now=NOW, state='{"count": 3}')
            raise RuntimeError("the move failed after its writes")
    assert players.get_xp(store, 7) == 0 and games.get_game(store, game.id).version == game.version


def _hold_write_lock(target: str):
    """A second connection that takes the store's write lock (as another process mid-transaction)."""
    if target.startswith("postgresql://"):
        import psycopg

        other = psycopg.connect(target, autocommit=True)
        other.execute("begin")
        other.execute("lock table games in exclusive mode")
        return lambda: (other.execute("rollback"), other.close())
    import sqlite3

    other = sqlite3.connect(target, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    return lambda: (other.execute("ROLLBACK"), other.close())


async def test_a_locked_store_is_unavailable_to_the_bot_and_changes_nothing(store, store_target):
    """The session core answers a lock it cannot outwait with StoreUnavailable, on either store."""
    sessions = Sessions(store, {"tally": Tally()}, lambda: NOW)
    game = await sessions.call(games.create_game, store, kind="tally", guild_id=1, channel_id=2, players=[7],
                               state="{}", now=NOW)
    quick = "set lock_timeout = 50" if isinstance(store, PostgresStore) else "PRAGMA busy_timeout = 50"
    store.execute(quick)
    release = _hold_write_lock(store_target)
    try:
        with pytest.raises(StoreUnavailable):
            await sessions.call(games.save_game, store, game, now=NOW, state='{"count": 1}')
    finally:
        release()
    saved = await sessions.call(games.save_game, store, game, now=NOW, state='{"count": 1}')
    assert json.loads(saved.state) == {"count": 1} and saved.version == game.version + 1
    sessions.close()


def test_a_store_whose_server_went_away_reconnects(store, store_target):
    if not isinstance(store, PostgresStore):
        pytest.skip("only a server store has a link to lose")
    import psycopg

    pid = store.execute("select pg_backend_pid()").fetchone()[0]
    with psycopg.connect(store_target, autocommit=True) as admin:
        admin.execute("select pg_terminate_backend(%s)", [pid])
    with pytest.raises(psycopg.OperationalError):
        store.execute("select 1")
    assert guilds.get_settings(store, 1) == guilds.GuildSettings(1), "the next call opens a new link"


def test_a_literal_percent_and_question_mark_in_sql_are_left_alone(store):
    players.save_progress(store, 1, "a%b?", {"x": 1}, NOW)
    rows = store.rows("select kind from progress where kind like '%\\%%' escape '\\' and kind <> '?'")
    assert [r["kind"] for r in rows] == ["a%b?"]


def test_start_up_and_games_read_only_their_own_rows_on_sqlite(tmp_path, monkeypatch):
    """Re-arming at start-up reads the partial index of timed running games, and `/games` starts from the
    player's own rows: neither walks every running game, so both stay flat as the store grows
    (bench_growth measures it). SQLite, without statistics, would pick the status index for both."""
    from db.store import open_store

    db = open_store(tmp_path / "plans.db")
    plans: list[str] = []
    rows = db.rows

    def explained(sql: str, params=()):
        plans.extend(r["detail"] for r in rows("explain query plan " + sql, params))
        return rows(sql, params)

    monkeypatch.setattr(db, "rows", explained)
    games.games_with_deadlines(db)
    assert any("idx_games_timed" in p for p in plans), plans
    assert not any("idx_games_status" in p for p in plans), f"every running game walked: {plans}"
    plans.clear()
    games.running_games_of(db, 5, guild_id=1)
    assert any("idx_game_players_user_id" in p for p in plans), plans
    assert not any(p.endswith("(status=?)") for p in plans), f"every running game walked: {plans}"
    db.close()
